// Issue 29: a material usage recorded without reception (a scan in a cellar) waits in IndexedDB
// until the connection returns. Each entry carries the id the form chose, which POST
// /materials/usage accepts: a replay of an entry the server already has answers that entry and
// creates nothing. Entries are replayed in the order they were made; one the server refuses (e.g.
// the project was closed meanwhile) stays as a conflict with the server's message until discarded.
import type { CreateMaterialUsageRequest, MaterialUsageResponse } from '@zunft/contracts';
import { ApiError } from '@zunft/web-common';
import { USAGE_QUEUE_STORE, openMaterialsDb } from './offlineArticles';

export interface QueuedUsage {
  /** The client-chosen id of the usage (also the key). */
  id: string;
  /** Order of creation (epoch ms, strictly increasing within the page). */
  seq: number;
  userId: string;
  body: CreateMaterialUsageRequest & { id: string };
  /** For the list while it waits: «25 m NYM-J 3x1,5 · Neubau Seestrasse». */
  label: string;
  status: 'pending' | 'conflict';
  /** The server's message of a refused replay (in the user's language). */
  error?: string;
}

export interface UsageQueueStore {
  all(): Promise<QueuedUsage[]>;
  put(entry: QueuedUsage): Promise<void>;
  remove(id: string): Promise<void>;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

export function indexedDbUsageQueue(open: () => Promise<IDBDatabase> = openMaterialsDb): UsageQueueStore {
  const store = async (mode: IDBTransactionMode) =>
    (await open()).transaction(USAGE_QUEUE_STORE, mode).objectStore(USAGE_QUEUE_STORE);
  return {
    all: async () => request((await store('readonly')).getAll() as IDBRequest<QueuedUsage[]>),
    put: async (entry) => {
      await request((await store('readwrite')).put(entry));
    },
    remove: async (id) => {
      await request((await store('readwrite')).delete(id));
    },
  };
}

export function memoryUsageQueue(initial: QueuedUsage[] = []): UsageQueueStore {
  const entries = new Map(initial.map((e) => [e.id, e]));
  return {
    all: async () => [...entries.values()].map((e) => ({ ...e })),
    put: async (entry) => {
      entries.set(entry.id, { ...entry });
    },
    remove: async (id) => {
      entries.delete(id);
    },
  };
}

let lastSeq = 0;
export function nextUsageSeq(now = Date.now()): number {
  lastSeq = Math.max(now, lastSeq + 1);
  return lastSeq;
}

/** No answer at all (no reception, server unreachable): the entry waits on the phone. */
export function isNoConnection(error: unknown): boolean {
  return error instanceof ApiError ? error.status === 0 : error instanceof TypeError;
}

export async function queuedUsage(store: UsageQueueStore, userId: string): Promise<QueuedUsage[]> {
  return (await store.all()).filter((e) => e.userId === userId).sort((a, b) => a.seq - b.seq);
}

export interface UsageReplayResult {
  synced: number;
  conflicts: number;
  interrupted: boolean;
}

/**
 * Sends the pending entries of `userId` in order: a sent one leaves the queue; a refused one (4xx)
 * becomes a conflict and the replay goes on; no connection again (or a 5xx, 408) stops the replay
 * and the rest keeps its order. Conflicts are not sent again.
 */
export async function replayUsageQueue(
  store: UsageQueueStore,
  userId: string,
  send: (body: CreateMaterialUsageRequest) => Promise<MaterialUsageResponse>,
): Promise<UsageReplayResult> {
  const result: UsageReplayResult = { synced: 0, conflicts: 0, interrupted: false };
  for (const entry of await queuedUsage(store, userId)) {
    if (entry.status !== 'pending') continue;
    try {
      await send(entry.body);
      await store.remove(entry.id);
      result.synced += 1;
    } catch (error) {
      const retryLater =
        !(error instanceof ApiError) || error.status === 0 || error.status === 408 || error.status >= 500;
      if (retryLater) {
        result.interrupted = true;
        break;
      }
      await store.put({ ...entry, status: 'conflict', error: error.message });
      result.conflicts += 1;
    }
  }
  return result;
}
