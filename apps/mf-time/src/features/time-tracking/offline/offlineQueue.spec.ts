import { describe, expect, it } from '@jest/globals';
import { createTimeEntryRequestSchema, type CreateTimeEntryRequest, type TimeEntryDto } from '@zunft/contracts';
import { ApiError } from '@zunft/web-common';
import { memoryQueueStore, nextSeq, queuedEntries, replayQueue, type QueuedEntry } from './offlineQueue';
import { createOfflineTime } from './offlineTime';
import { loadOfflineTimer, offlineTimerAsEntry } from './offlineTimer';

const USER = 'user-1';
const PROJECT = '6f1c2a7e-0b4d-4c55-9a0e-3f2b1c4d5e6f';

function queued(id: string, seq: number, start: string): QueuedEntry {
  return {
    id,
    seq,
    userId: USER,
    projectTitle: 'Küche Müller',
    status: 'pending',
    body: { id, projectId: PROJECT, startTime: start, endTime: '2026-11-24T16:00:00.000Z', breakMinutes: 0 },
  };
}

/** A server that, like operations, answers a repeated id with the entry it already has. */
function fakeServer() {
  const entries = new Map<string, CreateTimeEntryRequest>();
  const calls: string[] = [];
  const send = async (body: CreateTimeEntryRequest) => {
    const id = String(body.id);
    calls.push(id);
    if (!entries.has(id)) entries.set(id, body);
    return { id: body.id } as TimeEntryDto;
  };
  return { entries, calls, send };
}

describe('offline time-entry queue', () => {
  it('replays in the order the entries were made and empties the queue', async () => {
    const store = memoryQueueStore([
      queued('b', 2, '2026-11-24T09:00:00.000Z'),
      queued('a', 1, '2026-11-24T07:00:00.000Z'),
      queued('c', 3, '2026-11-24T11:00:00.000Z'),
    ]);
    const server = fakeServer();
    const result = await replayQueue(store, USER, server.send);
    expect(server.calls).toEqual(['a', 'b', 'c']);
    expect(result).toEqual({ synced: 3, conflicts: 0, interrupted: false });
    expect(await store.all()).toEqual([]);
  });

  it('a second replay of the same entries creates nothing new (client-chosen ids)', async () => {
    const server = fakeServer();
    const entries = [queued('a', 1, '2026-11-24T07:00:00.000Z')];
    await replayQueue(memoryQueueStore(entries), USER, server.send);
    await replayQueue(memoryQueueStore(entries), USER, server.send);
    expect(server.calls).toEqual(['a', 'a']);
    expect(server.entries.size).toBe(1);
  });

  it('stops at a connection failure and keeps the rest in order for the next attempt', async () => {
    const store = memoryQueueStore([
      queued('a', 1, '2026-11-24T07:00:00.000Z'),
      queued('b', 2, '2026-11-24T09:00:00.000Z'),
    ]);
    const result = await replayQueue(store, USER, async () => {
      throw new ApiError(0, 'Keine Verbindung zum Server', null, 'network');
    });
    expect(result).toEqual({ synced: 0, conflicts: 0, interrupted: true });
    expect((await queuedEntries(store, USER)).map((e) => [e.id, e.status])).toEqual([
      ['a', 'pending'],
      ['b', 'pending'],
    ]);
  });

  it('keeps a refused entry as a conflict with the server message and goes on with the next', async () => {
    const store = memoryQueueStore([
      queued('a', 1, '2026-11-24T07:00:00.000Z'),
      queued('b', 2, '2026-11-24T09:00:00.000Z'),
    ]);
    const server = fakeServer();
    const result = await replayQueue(store, USER, async (body) => {
      if (body.id === 'a') throw new ApiError(404, 'Projekt nicht gefunden', { error: 'Projekt nicht gefunden' });
      return server.send(body);
    });
    expect(result).toEqual({ synced: 1, conflicts: 1, interrupted: false });
    const left = await queuedEntries(store, USER);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ id: 'a', status: 'conflict', error: 'Projekt nicht gefunden' });
    // A conflict is not sent again by the next replay; it waits for the user.
    await replayQueue(store, USER, server.send);
    expect(server.calls).toEqual(['b']);
  });

  it('only replays the entries of the signed-in user', async () => {
    const other = { ...queued('x', 1, '2026-11-24T07:00:00.000Z'), userId: 'user-2' };
    const store = memoryQueueStore([other, queued('a', 2, '2026-11-24T08:00:00.000Z')]);
    const server = fakeServer();
    await replayQueue(store, USER, server.send);
    expect(server.calls).toEqual(['a']);
    expect((await store.all()).map((e) => e.id)).toEqual(['x']);
  });

  it('hands out strictly increasing order numbers within one millisecond', () => {
    const first = nextSeq(1000);
    expect(nextSeq(1000)).toBeGreaterThan(first);
  });
});

describe('offline timer', () => {
  function memoryStorage(): Storage {
    const map = new Map<string, string>();
    return {
      get length() {
        return map.size;
      },
      clear: () => map.clear(),
      getItem: (k) => map.get(k) ?? null,
      key: (i) => [...map.keys()][i] ?? null,
      removeItem: (k) => void map.delete(k),
      setItem: (k, v) => void map.set(k, v),
    };
  }

  it('stopping queues one finished entry with the start and end the user tapped, then syncs it once', async () => {
    const store = memoryQueueStore();
    const server = fakeServer();
    const storage = memoryStorage();
    const offline = createOfflineTime(store, server.send, () => storage);
    await offline.load(USER);
    const timer = {
      id: '0b0f5a52-8a52-4a4e-9d7e-000000000001',
      userId: USER,
      projectId: PROJECT,
      projectTitle: 'Küche Müller',
      projectNumber: 'P-2026-001',
      description: null,
      startTime: '2026-11-24T07:00:00.000Z',
    };
    offline.startTimer(timer);
    expect(offline.getState().timer).toEqual(timer);

    await offline.stopTimer(timer, new Date('2026-11-24T11:30:00.000Z'), 30);
    expect(offline.getState().timer).toBeNull();
    expect(offline.getState().queue).toHaveLength(1);
    expect(offline.getState().queue[0]!.body).toEqual({
      id: timer.id,
      projectId: PROJECT,
      startTime: '2026-11-24T07:00:00.000Z',
      endTime: '2026-11-24T11:30:00.000Z',
      breakMinutes: 30,
      description: null,
    });

    // Three replays at once (app start, `online` and Background Sync): one request.
    const [a, b, c] = await Promise.all([offline.replay(USER), offline.replay(USER), offline.sync(USER)]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    expect(c).toEqual({ synced: 1, conflicts: 0, interrupted: false });
    expect(server.calls).toEqual([timer.id]);
    expect(offline.getState().queue).toEqual([]);
  });
  it('a timer run offline keeps its start and stop positions (with accuracy) in the queued entry', async () => {
    const store = memoryQueueStore();
    const server = fakeServer();
    const storage = memoryStorage();
    const offline = createOfflineTime(store, server.send, () => storage);
    await offline.load(USER);
    const timer = {
      id: '0b0f5a52-8a52-4a4e-9d7e-000000000002',
      userId: USER,
      projectId: PROJECT,
      projectTitle: 'Küche Müller',
      projectNumber: 'P-2026-001',
      description: null,
      startTime: '2026-11-24T07:00:00.000Z',
      startPosition: { latitude: 46.948, longitude: 7.4474, accuracy: 12 },
    };
    offline.startTimer(timer);
    // Kept on the phone across a reload, and shown on the running-timer banner.
    expect(loadOfflineTimer(USER, storage)?.startPosition).toEqual(timer.startPosition);
    expect(offlineTimerAsEntry(timer)).toMatchObject({
      start_latitude: 46.948,
      start_longitude: 7.4474,
      start_accuracy: 12,
    });

    await offline.stopTimer(timer, new Date('2026-11-24T11:30:00.000Z'), 0, {
      latitude: 46.95,
      longitude: 7.45,
      accuracy: 30,
    });
    expect(offline.getState().queue[0]!.body).toMatchObject({
      startPosition: { latitude: 46.948, longitude: 7.4474, accuracy: 12 },
      endPosition: { latitude: 46.95, longitude: 7.45, accuracy: 30 },
    });
    // What the server gets passes the contract's checks.
    expect(createTimeEntryRequestSchema.safeParse(offline.getState().queue[0]!.body).success).toBe(true);
  });
});
