// The offline queues of mf-time (time entries, issue 29's material usages): what one made without
// reception waits in an IndexedDB object store until the connection returns. Each entry carries the
// id the client chose, so a replay of an entry the server already has creates nothing. Entries are
// replayed in the order they were made; one the server refuses stays as a conflict with the
// server's message until the user discards it. Each feature keeps its own entry type and store.
import { ApiError } from '@zunft/web-common';

/** What every queued entry has; the feature adds what its list shows while the entry waits. */
export interface QueuedItem<Body> {
  /** The client-chosen id (also the key). */
  id: string;
  /** Order of creation (epoch ms, strictly increasing within the page). */
  seq: number;
  userId: string;
  body: Body;
  status: 'pending' | 'conflict';
  /** The server's message of a refused replay (in the user's language). */
  error?: string;
}

/** Where a queue lives: an IndexedDB object store in the browser, memory in tests. */
export interface QueueStore<E> {
  all(): Promise<E[]>;
  put(entry: E): Promise<void>;
  remove(id: string): Promise<void>;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** The queue in object store `storeName` (keyPath `id`) of the database `open` gives. */
export function idbQueueStore<E>(open: () => Promise<IDBDatabase>, storeName: string): QueueStore<E> {
  const store = async (mode: IDBTransactionMode) => (await open()).transaction(storeName, mode).objectStore(storeName);
  return {
    all: async () => request((await store('readonly')).getAll() as IDBRequest<E[]>),
    put: async (entry) => {
      await request((await store('readwrite')).put(entry));
    },
    remove: async (id) => {
      await request((await store('readwrite')).delete(id));
    },
  };
}

export function memoryQueueStore<E extends { id: string }>(initial: E[] = []): QueueStore<E> {
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

/** A queue's order numbers: strictly increasing within this page (two entries of one millisecond keep their order). */
export function seqCounter(): (now?: number) => number {
  let lastSeq = 0;
  return (now = Date.now()) => {
    lastSeq = Math.max(now, lastSeq + 1);
    return lastSeq;
  };
}

/** The user's queue in the order the entries were made. */
export async function queuedOf<E extends QueuedItem<unknown>>(store: QueueStore<E>, userId: string): Promise<E[]> {
  return (await store.all()).filter((e) => e.userId === userId).sort((a, b) => a.seq - b.seq);
}

/** No usable answer (no reception, server unreachable, timeout 408, a 5xx): try again later. */
export function isConnectionFailure(error: unknown): boolean {
  return error instanceof ApiError ? error.status === 0 || error.status === 408 || error.status >= 500 : true;
}

export interface ReplayResult {
  synced: number;
  conflicts: number;
  /** True when the replay stopped because the connection failed again. */
  interrupted: boolean;
}

/**
 * Sends the pending entries of `userId` in order. A sent entry leaves the queue; a refused one
 * (4xx) becomes a conflict and the replay goes on with the next; a connection failure stops the
 * replay (the rest keeps its order for the next attempt). Conflicts are not sent again.
 */
export async function replayQueuedItems<B, E extends QueuedItem<B>>(
  store: QueueStore<E>,
  userId: string,
  send: (body: B) => Promise<unknown>,
): Promise<ReplayResult> {
  const result: ReplayResult = { synced: 0, conflicts: 0, interrupted: false };
  for (const entry of await queuedOf(store, userId)) {
    if (entry.status !== 'pending') continue;
    try {
      await send(entry.body);
      await store.remove(entry.id);
      result.synced += 1;
    } catch (error) {
      if (isConnectionFailure(error)) {
        result.interrupted = true;
        break;
      }
      await store.put({ ...entry, status: 'conflict', error: (error as ApiError).message });
      result.conflicts += 1;
    }
  }
  return result;
}
