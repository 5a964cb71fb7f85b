// Issue 29: a material usage recorded without reception (a scan in a cellar) waits in IndexedDB
// until the connection returns. Each entry carries the id the form chose, which POST
// /materials/usage accepts: a replay of an entry the server already has answers that entry and
// creates nothing. Entries are replayed in the order they were made; one the server refuses (e.g.
// the project was closed meanwhile) stays as a conflict with the server's message until discarded.
import type { CreateMaterialUsageRequest, MaterialUsageResponse } from '@zunft/contracts';
import { ApiError } from '@zunft/web-common';
import {
  idbQueueStore,
  memoryQueueStore,
  queuedOf,
  replayQueuedItems,
  seqCounter,
  type QueueStore,
  type QueuedItem,
  type ReplayResult,
} from '../../../shared/offline/idbQueue';
import { USAGE_QUEUE_STORE, openMaterialsDb } from './offlineArticles';

export interface QueuedUsage extends QueuedItem<CreateMaterialUsageRequest & { id: string }> {
  /** For the list while it waits: «25 m NYM-J 3x1,5 · Neubau Seestrasse». */
  label: string;
}

export type UsageQueueStore = QueueStore<QueuedUsage>;

export function indexedDbUsageQueue(open: () => Promise<IDBDatabase> = openMaterialsDb): UsageQueueStore {
  return idbQueueStore<QueuedUsage>(open, USAGE_QUEUE_STORE);
}

export function memoryUsageQueue(initial: QueuedUsage[] = []): UsageQueueStore {
  return memoryQueueStore(initial);
}

export const nextUsageSeq = seqCounter();

/** No answer at all (no reception, server unreachable): the entry waits on the phone. */
export function isNoConnection(error: unknown): boolean {
  return error instanceof ApiError ? error.status === 0 : error instanceof TypeError;
}

export function queuedUsage(store: UsageQueueStore, userId: string): Promise<QueuedUsage[]> {
  return queuedOf(store, userId);
}

export type UsageReplayResult = ReplayResult;

/**
 * Sends the pending entries of `userId` in order: a sent one leaves the queue; a refused one (4xx)
 * becomes a conflict and the replay goes on; no connection again (or a 5xx, 408) stops the replay
 * and the rest keeps its order. Conflicts are not sent again.
 */
export function replayUsageQueue(
  store: UsageQueueStore,
  userId: string,
  send: (body: CreateMaterialUsageRequest) => Promise<MaterialUsageResponse>,
): Promise<UsageReplayResult> {
  return replayQueuedItems(store, userId, send);
}
