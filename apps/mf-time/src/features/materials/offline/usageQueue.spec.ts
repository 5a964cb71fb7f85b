import { describe, expect, it } from '@jest/globals';
import type { CreateMaterialUsageRequest, MaterialUsageResponse } from '@zunft/contracts';
import { ApiError, NETWORK_MESSAGE } from '@zunft/web-common';
import { aUsage } from '../../../test/materials';
import { memoryUsageQueue, nextUsageSeq, queuedUsage, replayUsageQueue, type QueuedUsage } from './usageQueue';

const entry = (id: string, userId = 'u1'): QueuedUsage => ({
  id,
  seq: nextUsageSeq(),
  userId,
  body: { id, projectId: 'p', materialId: 'm', materialName: 'Kabel', quantity: 2, unit: 'm', usageDate: '2026-11-28' },
  label: `2 m Kabel ${id}`,
  status: 'pending',
});

describe('the offline usage queue (issue 29)', () => {
  it('replays in order, keeps a refused entry as a conflict with the message and goes on', async () => {
    const store = memoryUsageQueue([entry('a'), entry('b'), entry('c'), entry('x', 'u2')]);
    const sent: string[] = [];
    const send = async (body: CreateMaterialUsageRequest): Promise<MaterialUsageResponse> => {
      sent.push(String(body.id));
      if (body.id === 'b') throw new ApiError(400, 'Projekt ist abgeschlossen', null, 'project_closed');
      return aUsage({ id: String(body.id) });
    };
    expect(await replayUsageQueue(store, 'u1', send)).toEqual({ synced: 2, conflicts: 1, interrupted: false });
    expect(sent).toEqual(['a', 'b', 'c']);
    const left = await queuedUsage(store, 'u1');
    expect(left.map((e) => [e.id, e.status, e.error])).toEqual([['b', 'conflict', 'Projekt ist abgeschlossen']]);
    // a conflict is not sent again; the other user's entry waits for them
    expect(await replayUsageQueue(store, 'u1', send)).toEqual({ synced: 0, conflicts: 0, interrupted: false });
    expect((await queuedUsage(store, 'u2')).map((e) => e.id)).toEqual(['x']);
  });

  it('stops when the connection fails again; the rest keeps its order', async () => {
    const store = memoryUsageQueue([entry('a'), entry('b')]);
    let calls = 0;
    const send = async (body: CreateMaterialUsageRequest): Promise<MaterialUsageResponse> => {
      calls += 1;
      if (calls === 1) throw new ApiError(0, NETWORK_MESSAGE, null, 'network');
      return aUsage({ id: String(body.id) });
    };
    expect(await replayUsageQueue(store, 'u1', send)).toEqual({ synced: 0, conflicts: 0, interrupted: true });
    expect((await queuedUsage(store, 'u1')).map((e) => e.id)).toEqual(['a', 'b']);
    expect(await replayUsageQueue(store, 'u1', send)).toEqual({ synced: 2, conflicts: 0, interrupted: false });
    expect(await queuedUsage(store, 'u1')).toEqual([]);
  });
});
