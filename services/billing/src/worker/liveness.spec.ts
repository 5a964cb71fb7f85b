import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { livenessProblem, touchAliveFile } from './liveness.js';

describe('worker liveness file', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'zunft-alive-'));
  const file = path.join(dir, 'alive');

  it('is alive right after a heartbeat and not once the heartbeat is older than the limit', () => {
    expect(livenessProblem(file, 60_000)).toBe(`no heartbeat file ${file}`);
    const at = new Date('2026-11-28T10:00:00Z');
    touchAliveFile(file, at);
    expect(livenessProblem(file, 60_000, at.getTime() + 59_000)).toBeNull();
    expect(livenessProblem(file, 60_000, at.getTime() + 61_000)).toBe('last heartbeat 61 s ago');
    touchAliveFile(file); // touching again renews it
    expect(livenessProblem(file, 60_000)).toBeNull();
    rmSync(dir, { recursive: true, force: true });
  });
});
