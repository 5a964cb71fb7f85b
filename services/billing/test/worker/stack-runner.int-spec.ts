// Issue 13, "a fresh machine": without Chromium nothing may look like a success. `npm start` stops
// before starting anything with one clear line, and the stack runner restarts a worker that dies
// (loudly) and, when it keeps dying, stops the stack and says why.
import { afterAll, describe, expect, it } from '@jest/globals';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { createTestDatabase, dropTestDatabase, type TestDatabase } from '@zunft/nest-common/testing';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '../../../..');
const MISSING_CHROMIUM = '/nonexistent/zunft-test/chromium';

interface StackHandle {
  stop: () => Promise<void>;
  failed: Promise<string>;
}
interface StackModule {
  startStack: (
    definition: Array<{ name: string; cwd: string; entry: string; env: Record<string, string> }>,
    options: { quiet: boolean; logFile: Writable; restart: Record<string, number> },
  ) => Promise<StackHandle>;
}

function run(args: string[], env: Record<string, string>, timeoutMs: number) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`still running after ${timeoutMs} ms:\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const STREAM = `ZUNFT_TEST_STACK_${randomBytes(3).toString('hex').toUpperCase()}`;

describe('a machine without Chromium', () => {
  let db: TestDatabase | undefined;
  afterAll(async () => {
    if (db) await dropTestDatabase(db);
    // The worker made its stream on the machine's NATS before it died.
    const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
    await (await jetstreamManager(nc)).streams.delete(STREAM).catch(() => undefined);
    await nc.close();
  });

  it('npm start stops before starting anything, with one line naming Chromium and the fix', async () => {
    const res = await run(
      ['scripts/start.mjs', '--no-build'],
      // Another port and database prefix: should anything start, it would not touch `npm start`'s.
      { CHROMIUM_PATH: MISSING_CHROMIUM, PORT: '18979', DB_PREFIX: `zunft_h7_${randomBytes(3).toString('hex')}` },
      60_000,
    );
    expect(res.code).toBe(1);
    const lines = res.stderr.split('\n').filter((l) => l.startsWith('✖'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`Chromium (${MISSING_CHROMIUM})`);
    expect(lines[0]).toContain('CHROMIUM_PATH');
    expect(res.stdout).not.toMatch(/Migrationen|Zunft läuft|Build/);
  });

  it('the stack runner restarts the dying worker loudly, then stops the stack with the reason', async () => {
    const workerEntry = path.join(root, 'services/billing/dist/worker.js');
    expect(existsSync(workerEntry)).toBe(true); // `npm test` builds before the tests
    db = await createTestDatabase('zunft_billing_stack');
    const { startStack } = (await import(pathToFileURL(path.join(root, 'scripts/lib/stack.mjs')).href)) as StackModule;
    let log = '';
    const logFile = new Writable({
      write(chunk: Buffer, _enc, done) {
        log += chunk.toString();
        done();
      },
    });
    const stack = await startStack(
      [
        {
          name: 'billing-worker',
          cwd: 'services/billing',
          entry: 'dist/worker.js',
          env: {
            CHROMIUM_PATH: MISSING_CHROMIUM,
            DATABASE_URL: db.url,
            QUEUE_PREFIX: `zunft-test-stack-${randomBytes(3).toString('hex')}`,
            NATS_STREAM: STREAM,
            LOG_LEVEL: 'warn',
          },
        },
      ],
      { quiet: true, logFile, restart: { maxRestarts: 1, baseDelayMs: 100 } },
    );
    try {
      const reason = await stack.failed;
      expect(reason).toContain('billing-worker');
      expect(reason).toContain(MISSING_CHROMIUM);
      // One loud restart line, then the stop line.
      expect(log).toMatch(/⚠ billing-worker unerwartet beendet \(exit 1\).*Neustart 1\/1/);
      expect(log).toMatch(/✖ billing-worker .*Der ganze Stack wird gestoppt/);
    } finally {
      await stack.stop();
    }
  }, 150_000);
});
