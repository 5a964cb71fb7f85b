// Issue 29: the barcode scan works offline against the articles kept on the phone. The catalogue
// may hold 100,000 articles, so the screen never loads it whole; instead the phone keeps a bounded
// copy in IndexedDB of what a scan needs (id, name, unit, price, EAN, supplier article number):
//  - the catalogue walked by cursor (GET /materials?pageSize=200&cursor=…, in name order), at most
//    MAX_OFFLINE_ARTICLES articles, refreshed when the materials screen opens online and the copy is
//    older than REFRESH_AFTER_MS (a company with up to 5,000 articles — most — has all of them);
//  - plus every article picked or scanned online on this phone (so the articles a fitter really uses
//    stay, even in a catalogue larger than the bound), at most MAX_REMEMBERED_ARTICLES of them.
// The copy is per user (a shared phone never shows another company's articles) and is only a
// fallback: online the scan asks the server.
import type { MaterialDto } from '@zunft/contracts';
import { gtinForms } from '../components/barcode';

/** What a scan needs of an article. */
export type OfflineArticle = Pick<
  MaterialDto,
  'id' | 'name' | 'unit' | 'unit_price' | 'ean' | 'supplier_article_number' | 'is_active'
>;

export const MAX_OFFLINE_ARTICLES = 5000;
export const MAX_REMEMBERED_ARTICLES = 500;
export const OFFLINE_PAGE_SIZE = 200;
export const REFRESH_AFTER_MS = 24 * 3600_000;

export interface StoredArticle extends OfflineArticle {
  userId: string;
  /** 'catalogue': from the walk (replaced by the next one); 'used': picked or scanned online. */
  source: 'catalogue' | 'used';
  /** When a used article was last picked (the oldest go first beyond the bound). */
  usedAt: number;
}

/** Where the copy lives: IndexedDB in the browser, memory in tests. */
export interface ArticleStore {
  articles(userId: string): Promise<StoredArticle[]>;
  /** Replaces the user's catalogue copy (used articles stay). */
  replaceCatalogue(userId: string, articles: OfflineArticle[], refreshedAt: number): Promise<void>;
  put(article: StoredArticle): Promise<void>;
  remove(userId: string, id: string): Promise<void>;
  refreshedAt(userId: string): Promise<number | null>;
}

export function toOfflineArticle(m: OfflineArticle): OfflineArticle {
  return {
    id: m.id,
    name: m.name,
    unit: m.unit,
    unit_price: m.unit_price,
    ean: m.ean,
    supplier_article_number: m.supplier_article_number,
    is_active: m.is_active,
  };
}

/** The article with this EAN/GTIN in the phone's copy (a used article wins: it is the newer). */
export async function offlineArticleByEan(
  store: ArticleStore,
  userId: string,
  code: string,
): Promise<OfflineArticle | null> {
  const forms = gtinForms(code);
  const found = (await store.articles(userId))
    .filter((a) => a.is_active && a.ean !== null && forms.has(a.ean))
    .sort((a, b) => (a.source === b.source ? 0 : a.source === 'used' ? -1 : 1));
  return found[0] ? toOfflineArticle(found[0]) : null;
}

/** Keeps an article picked or scanned online; beyond the bound the longest unused one goes. */
export async function rememberArticle(
  store: ArticleStore,
  userId: string,
  article: OfflineArticle,
  now = Date.now(),
): Promise<void> {
  await store.put({ ...toOfflineArticle(article), userId, source: 'used', usedAt: now });
  const used = (await store.articles(userId)).filter((a) => a.source === 'used').sort((a, b) => b.usedAt - a.usedAt);
  for (const old of used.slice(MAX_REMEMBERED_ARTICLES)) await store.remove(userId, old.id);
}

/** Fetches the rows after a cursor (GET /materials?pageSize&cursor). */
export type CataloguePage = (
  cursor: string | null,
  pageSize: number,
) => Promise<{ items: OfflineArticle[]; nextCursor?: string | null }>;

/**
 * Walks the catalogue into the copy when it is older than REFRESH_AFTER_MS (or `force`), at most
 * MAX_OFFLINE_ARTICLES articles. Resolves with the number kept, or null when the copy was fresh.
 * A failed walk (no connection) leaves the previous copy as it was.
 */
export async function refreshOfflineArticles(
  store: ArticleStore,
  userId: string,
  fetchPage: CataloguePage,
  { now = Date.now(), force = false, max = MAX_OFFLINE_ARTICLES } = {},
): Promise<number | null> {
  const last = await store.refreshedAt(userId);
  if (!force && last !== null && now - last < REFRESH_AFTER_MS) return null;
  const articles: OfflineArticle[] = [];
  let cursor: string | null = null;
  do {
    const page = await fetchPage(cursor, Math.min(OFFLINE_PAGE_SIZE, max - articles.length));
    articles.push(...page.items.map(toOfflineArticle));
    cursor = page.nextCursor ?? null;
  } while (cursor && articles.length < max);
  await store.replaceCatalogue(userId, articles.slice(0, max), now);
  return Math.min(articles.length, max);
}

// ---------------------------------------------------------------------------------------------
// IndexedDB

export const MATERIALS_DB = 'zunft-materials';
export const ARTICLES_STORE = 'articles';
export const META_STORE = 'meta';
export const USAGE_QUEUE_STORE = 'usage-queue';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

let database: Promise<IDBDatabase> | null = null;
/** The one database of the materials' offline data (articles, their refresh time, the usage queue). */
export function openMaterialsDb(factory: IDBFactory = indexedDB): Promise<IDBDatabase> {
  database ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = factory.open(MATERIALS_DB, 1);
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains(ARTICLES_STORE)) {
        const articles = db.createObjectStore(ARTICLES_STORE, { keyPath: ['userId', 'id'] });
        articles.createIndex('user', 'userId');
      }
      if (!db.objectStoreNames.contains(META_STORE)) db.createObjectStore(META_STORE, { keyPath: 'userId' });
      if (!db.objectStoreNames.contains(USAGE_QUEUE_STORE)) db.createObjectStore(USAGE_QUEUE_STORE, { keyPath: 'id' });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => {
      database = null;
      reject(req.error);
    };
  });
  return database;
}

export function indexedDbArticleStore(open: () => Promise<IDBDatabase> = openMaterialsDb): ArticleStore {
  const userRange = (userId: string) => IDBKeyRange.only(userId);
  return {
    articles: async (userId) =>
      request(
        (await open()).transaction(ARTICLES_STORE).objectStore(ARTICLES_STORE).index('user').getAll(userRange(userId)),
      ) as Promise<StoredArticle[]>,
    replaceCatalogue: async (userId, articles, refreshedAt) => {
      const tx = (await open()).transaction([ARTICLES_STORE, META_STORE], 'readwrite');
      const store = tx.objectStore(ARTICLES_STORE);
      const old = (await request(store.index('user').getAll(userRange(userId)))) as StoredArticle[];
      const used = new Set(old.filter((a) => a.source === 'used').map((a) => a.id));
      for (const a of old) if (a.source === 'catalogue') store.delete([userId, a.id]);
      for (const a of articles)
        if (!used.has(a.id)) store.put({ ...a, userId, source: 'catalogue', usedAt: 0 } satisfies StoredArticle);
      tx.objectStore(META_STORE).put({ userId, refreshedAt });
      await done(tx);
    },
    put: async (article) => {
      const tx = (await open()).transaction(ARTICLES_STORE, 'readwrite');
      tx.objectStore(ARTICLES_STORE).put(article);
      await done(tx);
    },
    remove: async (userId, id) => {
      const tx = (await open()).transaction(ARTICLES_STORE, 'readwrite');
      tx.objectStore(ARTICLES_STORE).delete([userId, id]);
      await done(tx);
    },
    refreshedAt: async (userId) => {
      const meta = (await request((await open()).transaction(META_STORE).objectStore(META_STORE).get(userId))) as
        { refreshedAt: number } | undefined;
      return meta?.refreshedAt ?? null;
    },
  };
}

export function memoryArticleStore(): ArticleStore {
  const rows = new Map<string, StoredArticle>();
  const meta = new Map<string, number>();
  const key = (userId: string, id: string) => `${userId}\u0000${id}`;
  return {
    articles: async (userId) => [...rows.values()].filter((a) => a.userId === userId).map((a) => ({ ...a })),
    replaceCatalogue: async (userId, articles, refreshedAt) => {
      for (const [k, a] of rows) if (a.userId === userId && a.source === 'catalogue') rows.delete(k);
      for (const a of articles)
        if (rows.get(key(userId, a.id))?.source !== 'used')
          rows.set(key(userId, a.id), { ...a, userId, source: 'catalogue', usedAt: 0 });
      meta.set(userId, refreshedAt);
    },
    put: async (article) => {
      rows.set(key(article.userId, article.id), { ...article });
    },
    remove: async (userId, id) => {
      rows.delete(key(userId, id));
    },
    refreshedAt: async (userId) => meta.get(userId) ?? null,
  };
}
