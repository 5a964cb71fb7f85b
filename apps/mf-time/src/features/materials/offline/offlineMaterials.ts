// The materials' offline state for the signed-in user, shared by the screen and the usage form:
// the phone's copy of the articles (offlineArticles.ts) and the usage queue (usageQueue.ts).
// Replays on the screen's start and on the browser's `online` event; one replay at a time.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CreateMaterialUsageRequest, MaterialUsageResponse } from '@zunft/contracts';
import { toast, useSession } from '@zunft/web-common';
import { useTimeT } from '../../../shared/i18n';
import { materialsApi } from '../api/materials.api';
import { materialsKeys } from '../api/useMaterials';
import {
  indexedDbArticleStore,
  memoryArticleStore,
  offlineArticleByEan,
  refreshOfflineArticles,
  rememberArticle,
  type ArticleStore,
  type CataloguePage,
  type OfflineArticle,
} from './offlineArticles';
import {
  indexedDbUsageQueue,
  memoryUsageQueue,
  nextUsageSeq,
  queuedUsage,
  replayUsageQueue,
  type QueuedUsage,
  type UsageQueueStore,
  type UsageReplayResult,
} from './usageQueue';

export interface OfflineMaterials {
  /** The signed-in user's queued usage, in the order it was recorded. */
  getQueue(): QueuedUsage[];
  subscribe(listener: () => void): () => void;
  load(userId: string): Promise<void>;
  enqueue(userId: string, body: CreateMaterialUsageRequest & { id: string }, label: string): Promise<void>;
  discard(entry: QueuedUsage): Promise<void>;
  sync(userId: string): Promise<UsageReplayResult>;
  byEan(userId: string, code: string): Promise<OfflineArticle | null>;
  remember(userId: string, article: OfflineArticle): Promise<void>;
  refresh(userId: string, fetchPage: CataloguePage): Promise<number | null>;
}

const NO_QUEUE: QueuedUsage[] = [];

export function createOfflineMaterials(
  articles: ArticleStore,
  queue: UsageQueueStore,
  send: (body: CreateMaterialUsageRequest) => Promise<MaterialUsageResponse>,
): OfflineMaterials {
  let state = NO_QUEUE;
  let replaying: Promise<UsageReplayResult> | null = null;
  let refreshing: Promise<number | null> | null = null;
  const listeners = new Set<() => void>();
  const load = async (userId: string) => {
    state = await queuedUsage(queue, userId);
    for (const listener of [...listeners]) listener();
  };
  return {
    getQueue: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load,
    enqueue: async (userId, body, label) => {
      await queue.put({ id: body.id, seq: nextUsageSeq(), userId, body, label, status: 'pending' });
      await load(userId);
    },
    discard: async (entry) => {
      await queue.remove(entry.id);
      await load(entry.userId);
    },
    sync: (userId) => {
      replaying ??= (async () => {
        try {
          return await replayUsageQueue(queue, userId, send);
        } finally {
          await load(userId);
        }
      })().finally(() => {
        replaying = null;
      });
      return replaying;
    },
    byEan: (userId, code) => offlineArticleByEan(articles, userId, code),
    remember: (userId, article) => rememberArticle(articles, userId, article),
    refresh: (userId, fetchPage) => {
      refreshing ??= refreshOfflineArticles(articles, userId, fetchPage).finally(() => {
        refreshing = null;
      });
      return refreshing;
    },
  };
}

let shared: OfflineMaterials | null = null;
/** IndexedDB in the browser; memory where there is none (jsdom in the component specs). */
export function offlineMaterials(): OfflineMaterials {
  shared ??=
    typeof indexedDB === 'undefined'
      ? createOfflineMaterials(memoryArticleStore(), memoryUsageQueue(), (body) => materialsApi.createUsage(body))
      : createOfflineMaterials(indexedDbArticleStore(), indexedDbUsageQueue(), (body) =>
          materialsApi.createUsage(body),
        );
  return shared;
}

/** For the specs: a fresh in-memory instance. */
export function resetOfflineMaterials(next: OfflineMaterials | null = null): void {
  shared = next;
}

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * The materials screen's side of the offline state: loads the queue, replays it now and on every
 * `online` event (then refreshes the lists and says how many arrived), and refreshes the phone's
 * copy of the articles while online.
 */
export function useOfflineMaterials() {
  const t = useTimeT();
  // The texts of the moment the replay ends, without restarting the effect when they change.
  const text = useRef(t);
  text.current = t;
  const { user } = useSession();
  const client = useQueryClient();
  const offline = offlineMaterials();
  const queue = useSyncExternalStore(offline.subscribe, offline.getQueue, offline.getQueue);
  const userId = user?.id ?? null;

  useEffect(() => {
    if (!userId) return;
    let active = true;
    const replay = async () => {
      const result = await offline.sync(userId).catch(() => null);
      if (!active || !result) return;
      if (result.synced > 0) {
        toast.success(text.current('materials.offline.synced', { count: result.synced }));
        void client.invalidateQueries({ queryKey: materialsKeys.all });
      }
      if (result.conflicts > 0) toast.error(text.current('materials.offline.conflicts', { count: result.conflicts }));
    };
    const refresh = () =>
      void offline.refresh(userId, (cursor, pageSize) => materialsApi.after(cursor, pageSize)).catch(() => undefined);
    void offline.load(userId).then(() => {
      if (browserOnline()) {
        void replay();
        refresh();
      }
    });
    const onOnline = () => {
      void replay();
      refresh();
    };
    window.addEventListener('online', onOnline);
    return () => {
      active = false;
      window.removeEventListener('online', onOnline);
    };
  }, [userId, offline, client]);

  return { queue: userId ? queue.filter((e) => e.userId === userId) : NO_QUEUE, discard: offline.discard };
}
