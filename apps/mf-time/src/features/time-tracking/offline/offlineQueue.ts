// Time entries made without reception wait in IndexedDB until the connection returns. Each carries
// the id the client chose, which the server accepts on POST /time-entries (manual entries): a
// replay of an entry the server already has answers that entry and creates nothing. Entries are
// replayed in the order they were made; an entry the server refuses (e.g. the project was deleted
// meanwhile) stays in the queue as a conflict with the server's message until the user discards it.
import type { CreateTimeEntryRequest, TimeEntryDto } from '@zunft/contracts';
import { ApiError } from '@zunft/web-common';

export interface QueuedEntry {
  /** The client-chosen id of the entry (also the key). */
  id: string;
  /** Order of creation (epoch ms plus a counter, so two entries of one millisecond keep their order). */
  seq: number;
  userId: string;
  body: CreateTimeEntryRequest & { id: string };
  /** For the list while it waits. */
  projectTitle: string;
  status: 'pending' | 'conflict';
  /** The server's German message of a refused replay. */
  error?: string;
}

/** Where the queue lives: IndexedDB in the browser, memory in tests. */
export interface QueueStore {
  all(): Promise<QueuedEntry[]>;
  put(entry: QueuedEntry): Promise<void>;
  remove(id: string): Promise<void>;
}

const DB_NAME = 'zunft-offline';
const STORE = 'time-entries';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

export function indexedDbQueueStore(factory: IDBFactory = indexedDB): QueueStore {
  let db: Promise<IDBDatabase> | null = null;
  const open = () => {
    db ??= new Promise<IDBDatabase>((resolve, reject) => {
      const req = factory.open(DB_NAME, 1);
      req.onupgradeneeded = () => {
        if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE, { keyPath: 'id' });
      };
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    return db;
  };
  const store = async (mode: IDBTransactionMode) => (await open()).transaction(STORE, mode).objectStore(STORE);
  return {
    all: async () => request((await store('readonly')).getAll() as IDBRequest<QueuedEntry[]>),
    put: async (entry) => {
      await request((await store('readwrite')).put(entry));
    },
    remove: async (id) => {
      await request((await store('readwrite')).delete(id));
    },
  };
}

export function memoryQueueStore(initial: QueuedEntry[] = []): QueueStore {
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
/** Strictly increasing order numbers within this page. */
export function nextSeq(now = Date.now()): number {
  lastSeq = Math.max(now, lastSeq + 1);
  return lastSeq;
}

/** The user's queue in the order the entries were made. */
export async function queuedEntries(store: QueueStore, userId: string): Promise<QueuedEntry[]> {
  return (await store.all()).filter((e) => e.userId === userId).sort((a, b) => a.seq - b.seq);
}

/** No answer at all (no reception, server unreachable, timeout): try again later. */
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
export async function replayQueue(
  store: QueueStore,
  userId: string,
  send: (body: CreateTimeEntryRequest) => Promise<TimeEntryDto>,
): Promise<ReplayResult> {
  const result: ReplayResult = { synced: 0, conflicts: 0, interrupted: false };
  for (const entry of await queuedEntries(store, userId)) {
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
