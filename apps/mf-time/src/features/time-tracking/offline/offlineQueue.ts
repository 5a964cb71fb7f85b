// Time entries made without reception wait in IndexedDB until the connection returns. Each carries
// the id the client chose, which the server accepts on POST /time-entries (manual entries): a
// replay of an entry the server already has answers that entry and creates nothing. Entries are
// replayed in the order they were made; an entry the server refuses (e.g. the project was deleted
// meanwhile) stays in the queue as a conflict with the server's message until the user discards it.
import type { CreateTimeEntryRequest, TimeEntryDto } from '@zunft/contracts';
import {
  idbQueueStore,
  memoryQueueStore as memoryStore,
  queuedOf,
  replayQueuedItems,
  seqCounter,
  type QueueStore as ItemStore,
  type QueuedItem,
  type ReplayResult,
} from '../../../shared/offline/idbQueue';

export { isConnectionFailure, type ReplayResult } from '../../../shared/offline/idbQueue';

export interface QueuedEntry extends QueuedItem<CreateTimeEntryRequest & { id: string }> {
  /** For the list while it waits. */
  projectTitle: string;
}

/** Where the queue lives: IndexedDB in the browser, memory in tests. */
export type QueueStore = ItemStore<QueuedEntry>;

const DB_NAME = 'zunft-offline';
const STORE = 'time-entries';

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
  return idbQueueStore<QueuedEntry>(open, STORE);
}

export function memoryQueueStore(initial: QueuedEntry[] = []): QueueStore {
  return memoryStore(initial);
}

/** Strictly increasing order numbers within this page. */
export const nextSeq = seqCounter();

/** The user's queue in the order the entries were made. */
export function queuedEntries(store: QueueStore, userId: string): Promise<QueuedEntry[]> {
  return queuedOf(store, userId);
}

/**
 * Sends the pending entries of `userId` in order. A sent entry leaves the queue; a refused one
 * (4xx) becomes a conflict and the replay goes on with the next; a connection failure stops the
 * replay (the rest keeps its order for the next attempt). Conflicts are not sent again.
 */
export function replayQueue(
  store: QueueStore,
  userId: string,
  send: (body: CreateTimeEntryRequest) => Promise<TimeEntryDto>,
): Promise<ReplayResult> {
  return replayQueuedItems(store, userId, send);
}
