// The offline state of time tracking for the signed-in user, shared by the screen and the timer
// actions: the queue (IndexedDB) and a timer started without reception. Replays on app start, on
// the browser's `online` event and when the service worker relays a Background Sync event
// (backgroundSync.ts); one replay at a time.
import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CreateTimeEntryRequest, TimeEntryDto } from '@zunft/contracts';
import { useSession } from '@zunft/web-common';
import { TIME_QUEUE_SYNC_TAG } from '@zunft/web-common/pwa';
import { timeEntriesApi } from '../api/timeEntries.api';
import { timeKeys } from '../api/useTimeEntries';
import type { Position } from '../components/geolocation';
import { answerSyncRequests, requestBackgroundSync } from './backgroundSync';
import {
  indexedDbQueueStore,
  nextSeq,
  queuedEntries,
  replayQueue,
  type QueueStore,
  type ReplayResult,
  type QueuedEntry,
} from './offlineQueue';
import { clearOfflineTimer, loadOfflineTimer, saveOfflineTimer, type OfflineTimer } from './offlineTimer';

export interface OfflineState {
  queue: QueuedEntry[];
  timer: OfflineTimer | null;
}

const EMPTY: OfflineState = { queue: [], timer: null };

export interface OfflineTime {
  getState(): OfflineState;
  subscribe(listener: () => void): () => void;
  /** Reads queue and timer of `userId` (on sign-in and after every change). */
  load(userId: string): Promise<void>;
  startTimer(timer: OfflineTimer): void;
  /**
   * Queues the finished offline timer; `endTime` is the tap on "Stop", `endPosition` where it was.
   * The entry keeps the timer's start position and this end position (when there are any).
   */
  stopTimer(timer: OfflineTimer, endTime: Date, breakMinutes: number, endPosition?: Position | null): Promise<void>;
  enqueue(userId: string, body: CreateTimeEntryRequest & { id: string }, projectTitle: string): Promise<void>;
  discard(entry: QueuedEntry): Promise<void>;
  /** Sends the pending entries; resolves with the number that reached the server. */
  replay(userId: string): Promise<number>;
  /** The same replay (shares one that runs), answering whether it was cut off (Background Sync). */
  sync(userId: string): Promise<ReplayResult>;
}

/**
 * `requestSync` runs after an entry was queued: it registers the Background Sync tag where the
 * browser has it (backgroundSync.ts).
 */
export function createOfflineTime(
  store: QueueStore,
  send: (body: CreateTimeEntryRequest) => Promise<TimeEntryDto>,
  storage: () => Storage | undefined = () => (typeof localStorage === 'undefined' ? undefined : localStorage),
  requestSync: () => void = () => void requestBackgroundSync(TIME_QUEUE_SYNC_TAG),
): OfflineTime {
  let state = EMPTY;
  let replaying: Promise<ReplayResult> | null = null;
  const listeners = new Set<() => void>();
  const set = (next: OfflineState) => {
    state = next;
    for (const listener of [...listeners]) listener();
  };
  const load = async (userId: string) => {
    const local = storage();
    set({ queue: await queuedEntries(store, userId), timer: local ? loadOfflineTimer(userId, local) : null });
  };
  const sync = (userId: string) => {
    replaying ??= (async () => {
      try {
        return await replayQueue(store, userId, send);
      } finally {
        await load(userId);
      }
    })().finally(() => {
      replaying = null;
    });
    return replaying;
  };
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load,
    startTimer(timer) {
      const local = storage();
      if (local) saveOfflineTimer(timer, local);
      set({ ...state, timer });
    },
    async stopTimer(timer, endTime, breakMinutes, endPosition = null) {
      const start = new Date(timer.startTime);
      // The server wants the end after the start; a tap within the same millisecond is one later.
      const end = endTime.getTime() > start.getTime() ? endTime : new Date(start.getTime() + 1000);
      await store.put({
        id: timer.id,
        seq: nextSeq(),
        userId: timer.userId,
        projectTitle: timer.projectTitle,
        status: 'pending',
        body: {
          id: timer.id,
          projectId: timer.projectId,
          startTime: timer.startTime,
          endTime: end.toISOString(),
          breakMinutes,
          description: timer.description,
          ...(timer.startPosition ? { startPosition: timer.startPosition } : {}),
          ...(endPosition ? { endPosition } : {}),
        },
      });
      const local = storage();
      if (local) clearOfflineTimer(timer.userId, local);
      requestSync();
      await load(timer.userId);
    },
    async enqueue(userId, body, projectTitle) {
      await store.put({ id: body.id, seq: nextSeq(), userId, projectTitle, status: 'pending', body });
      requestSync();
      await load(userId);
    },
    async discard(entry) {
      await store.remove(entry.id);
      await load(entry.userId);
    },
    replay: async (userId) => (await sync(userId)).synced,
    sync,
  };
}

let shared: OfflineTime | null = null;

/** The page's one instance (IndexedDB; `null` where IndexedDB is missing, e.g. some private modes). */
export function offlineTime(): OfflineTime | null {
  if (shared) return shared;
  if (typeof indexedDB === 'undefined') return null;
  shared = createOfflineTime(indexedDbQueueStore(), (body) => timeEntriesApi.create(body));
  return shared;
}

/** Tests only: use this instance instead of the IndexedDB one. */
export function setOfflineTimeForTests(instance: OfflineTime | null): void {
  shared = instance;
}

const noop = () => () => undefined;

/**
 * Offline queue and timer of the signed-in user; replays on mount (app start), whenever the
 * browser reports the connection back and when the service worker relays a Background Sync event.
 * After a replay that sent something the lists are loaded again.
 */
export function useOfflineTime(): OfflineState & { instance: OfflineTime | null } {
  const instance = offlineTime();
  const { user } = useSession();
  const client = useQueryClient();
  const state = useSyncExternalStore(
    instance ? instance.subscribe : noop,
    instance ? instance.getState : () => EMPTY,
    () => EMPTY,
  );
  const userId = user?.id ?? null;
  useEffect(() => {
    if (!instance || !userId) return;
    const replay = async () => {
      const result = await instance.sync(userId);
      if (result.synced > 0) void client.invalidateQueries({ queryKey: timeKeys.all });
      return result;
    };
    const sync = () => {
      replay().catch((error: unknown) => console.warn('[time] Offline-Einträge nicht synchronisiert', error));
    };
    void instance.load(userId).then(sync);
    window.addEventListener('online', sync);
    const stopAnswering = answerSyncRequests(TIME_QUEUE_SYNC_TAG, replay);
    return () => {
      window.removeEventListener('online', sync);
      stopAnswering();
    };
  }, [instance, userId, client]);
  return { ...state, instance };
}
