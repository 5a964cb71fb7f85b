import { describe, expect, it, jest } from '@jest/globals';
import type { CreateTimeEntryRequest, TimeEntryDto } from '@zunft/contracts';
import { ApiError } from '@zunft/web-common';
import { TIME_QUEUE_SYNC_TAG, syncRequest, syncSucceeded } from '@zunft/web-common/pwa';
import { answerSyncRequests, requestBackgroundSync, type SyncContainer } from './backgroundSync';
import { memoryQueueStore, type ReplayResult } from './offlineQueue';
import { createOfflineTime } from './offlineTime';

const USER = 'user-1';
const PROJECT = '6f1c2a7e-0b4d-4c55-9a0e-3f2b1c4d5e6f';

/** navigator.serviceWorker with a registration that records its sync tags. */
function fakeContainer(withSync = true) {
  const tags: string[] = [];
  let listener: ((event: MessageEvent) => void) | null = null;
  const container: SyncContainer = {
    getRegistration: async () => (withSync ? { sync: { register: async (tag: string) => void tags.push(tag) } } : {}),
    addEventListener: (_type, l) => {
      listener = l;
    },
    removeEventListener: (_type, l) => {
      if (listener === l) listener = null;
    },
  };
  /** The service worker's `sync` relay: a message with a port; resolves with the page's answer. */
  const relay = (data: unknown) =>
    new Promise<unknown>((resolve, reject) => {
      if (!listener) return reject(new Error('niemand hört zu'));
      const port = { postMessage: resolve } as unknown as MessagePort;
      listener({ data, ports: [port] } as unknown as MessageEvent);
      setTimeout(() => resolve('keine Antwort'), 200);
    });
  return { container, tags, relay, listening: () => listener !== null };
}

const body = (id: string) => ({
  id,
  projectId: PROJECT,
  startTime: '2026-11-24T07:00:00.000Z',
  endTime: '2026-11-24T16:00:00.000Z',
  breakMinutes: 0,
});

describe('Background Sync registration', () => {
  it('registers the queue tag where the browser has SyncManager', async () => {
    const fake = fakeContainer();
    await expect(requestBackgroundSync(TIME_QUEUE_SYNC_TAG, fake.container, () => true)).resolves.toBe(true);
    expect(fake.tags).toEqual(['zunft-time-queue']);
  });

  it('registers nothing without SyncManager or without a service worker (online/app start replay)', async () => {
    const fake = fakeContainer();
    await expect(requestBackgroundSync(TIME_QUEUE_SYNC_TAG, fake.container, () => false)).resolves.toBe(false);
    await expect(requestBackgroundSync(TIME_QUEUE_SYNC_TAG, fakeContainer(false).container, () => true)).resolves.toBe(
      false,
    );
    await expect(requestBackgroundSync(TIME_QUEUE_SYNC_TAG, undefined, () => true)).resolves.toBe(false);
    expect(fake.tags).toEqual([]);
  });

  it('asks for a sync after every queued entry (manual entry and stopped offline timer)', async () => {
    const requestSync = jest.fn();
    const offline = createOfflineTime(
      memoryQueueStore(),
      async (b) => ({ id: b.id }) as TimeEntryDto,
      () => undefined,
      requestSync,
    );
    await offline.enqueue(USER, body('a'), 'Küche Müller');
    expect(requestSync).toHaveBeenCalledTimes(1);
    await offline.stopTimer(
      {
        id: 'b',
        userId: USER,
        projectId: PROJECT,
        projectTitle: 'Küche Müller',
        projectNumber: 'P-2026-001',
        description: null,
        startTime: '2026-11-24T07:00:00.000Z',
      },
      new Date('2026-11-24T08:00:00.000Z'),
      0,
    );
    expect(requestSync).toHaveBeenCalledTimes(2);
  });
});

describe("answering the service worker's sync event", () => {
  it('replays on request and answers ok when the queue reached the server', async () => {
    const fake = fakeContainer();
    const sent: string[] = [];
    const store = memoryQueueStore();
    const offline = createOfflineTime(
      store,
      async (b: CreateTimeEntryRequest) => {
        sent.push(String(b.id));
        return { id: b.id } as TimeEntryDto;
      },
      () => undefined,
      () => undefined,
    );
    await offline.enqueue(USER, body('a'), 'Küche Müller');
    await offline.enqueue(USER, body('b'), 'Küche Müller');
    answerSyncRequests(TIME_QUEUE_SYNC_TAG, () => offline.sync(USER), fake.container);

    const reply = await fake.relay(syncRequest(TIME_QUEUE_SYNC_TAG));
    expect(reply).toEqual({ ok: true });
    // What the worker (the shell's replayThroughWindows) reads as a replay that reached the server.
    expect(syncSucceeded(reply)).toBe(true);
    expect(sent).toEqual(['a', 'b']);
    expect(await store.all()).toEqual([]);
  });

  it('answers ok: false when the replay stopped for lack of connection (the browser retries)', async () => {
    const fake = fakeContainer();
    const store = memoryQueueStore();
    const offline = createOfflineTime(
      store,
      async () => {
        throw new ApiError(0, 'Keine Verbindung zum Server', null, 'network');
      },
      () => undefined,
      () => undefined,
    );
    await offline.enqueue(USER, body('a'), 'Küche Müller');
    answerSyncRequests(TIME_QUEUE_SYNC_TAG, () => offline.sync(USER), fake.container);
    const reply = await fake.relay(syncRequest(TIME_QUEUE_SYNC_TAG));
    expect(reply).toEqual({ ok: false });
    expect(syncSucceeded(reply)).toBe(false);
    expect(await store.all()).toHaveLength(1);
  });

  it('ignores other tags and messages, and stops answering when the screen closes', async () => {
    const fake = fakeContainer();
    const replay = jest.fn(async (): Promise<ReplayResult> => ({ synced: 0, conflicts: 0, interrupted: false }));
    const stop = answerSyncRequests(TIME_QUEUE_SYNC_TAG, replay, fake.container);
    await expect(fake.relay(syncRequest('other'))).resolves.toBe('keine Antwort');
    await expect(fake.relay({ type: 'SKIP_WAITING' })).resolves.toBe('keine Antwort');
    expect(replay).not.toHaveBeenCalled();
    stop();
    expect(fake.listening()).toBe(false);
  });
});
