import { describe, expect, it } from '@jest/globals';
import { aMaterial } from '../../../test/materials';
import {
  MAX_REMEMBERED_ARTICLES,
  REFRESH_AFTER_MS,
  memoryArticleStore,
  offlineArticleByEan,
  refreshOfflineArticles,
  rememberArticle,
  type CataloguePage,
  type OfflineArticle,
} from './offlineArticles';

const article = (i: number, ean: string | null = null): OfflineArticle => ({
  id: `a${i}`,
  name: `Artikel ${i}`,
  unit: 'Stk',
  unit_price: 1.25,
  ean,
  supplier_article_number: String(100000 + i),
  is_active: true,
});

/** A catalogue of `n` articles served by cursor (the cursor is the index of the next row). */
function catalogue(n: number, eanOf: (i: number) => string | null = () => null) {
  const calls: Array<[string | null, number]> = [];
  const fetchPage: CataloguePage = async (cursor, pageSize) => {
    calls.push([cursor, pageSize]);
    const start = cursor ? Number(cursor) : 0;
    const items = Array.from({ length: Math.max(0, Math.min(pageSize, n - start)) }, (_, k) =>
      article(start + k, eanOf(start + k)),
    );
    return { items, nextCursor: start + pageSize < n ? String(start + pageSize) : null };
  };
  return { fetchPage, calls };
}

describe('the phone copy of the articles (issue 29, offline scan)', () => {
  it('walks the catalogue by cursor, 200 a call, and stops at the bound', async () => {
    const store = memoryArticleStore();
    const { fetchPage, calls } = catalogue(1000);
    expect(await refreshOfflineArticles(store, 'u1', fetchPage, { now: 1, max: 450 })).toBe(450);
    // 200 + 200 + the 50 left to the bound
    expect(calls).toEqual([
      [null, 200],
      ['200', 200],
      ['400', 50],
    ]);
    expect((await store.articles('u1')).length).toBe(450);
    expect(await store.articles('u2')).toEqual([]);
  });

  it('walks again only after a day (or when forced); a failed walk keeps the old copy', async () => {
    const store = memoryArticleStore();
    const { fetchPage, calls } = catalogue(3);
    expect(await refreshOfflineArticles(store, 'u1', fetchPage, { now: 1000 })).toBe(3);
    expect(await refreshOfflineArticles(store, 'u1', fetchPage, { now: 1000 + REFRESH_AFTER_MS - 1 })).toBeNull();
    expect(calls).toHaveLength(1);
    const offline: CataloguePage = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(refreshOfflineArticles(store, 'u1', offline, { now: 1000 + REFRESH_AFTER_MS })).rejects.toThrow();
    expect((await store.articles('u1')).map((a) => a.id).sort()).toEqual(['a0', 'a1', 'a2']);
    expect(await refreshOfflineArticles(store, 'u1', fetchPage, { now: 1001, force: true })).toBe(3);
  });

  it('finds an article by its EAN (a UPC-A by its EAN-13 form), only for its user, never an inactive one', async () => {
    const store = memoryArticleStore();
    const eans: Record<number, string> = { 0: '7612345000015', 1: '0036000291452' };
    await refreshOfflineArticles(store, 'u1', catalogue(2, (i) => eans[i] ?? null).fetchPage, { now: 1 });
    expect((await offlineArticleByEan(store, 'u1', '7612345000015'))?.name).toBe('Artikel 0');
    expect((await offlineArticleByEan(store, 'u1', '036000291452'))?.name).toBe('Artikel 1');
    expect(await offlineArticleByEan(store, 'u2', '7612345000015')).toBeNull();
    expect(await offlineArticleByEan(store, 'u1', '4006381333931')).toBeNull();
    await rememberArticle(store, 'u1', { ...article(0, '7612345000015'), is_active: false });
    expect(await offlineArticleByEan(store, 'u1', '7612345000015')).toBeNull();
  });

  it('keeps articles picked online beyond the bound and through the next walk, the latest 500', async () => {
    const store = memoryArticleStore();
    const kabel = aMaterial({ id: 'k', name: 'NYM-J 3x1,5', ean: '7612345000015', unit_price: 0.56 });
    await rememberArticle(store, 'u1', kabel, 1);
    await refreshOfflineArticles(store, 'u1', catalogue(2).fetchPage, { now: 2 });
    expect(await offlineArticleByEan(store, 'u1', '7612345000015')).toEqual({
      id: 'k',
      name: 'NYM-J 3x1,5',
      unit: kabel.unit,
      unit_price: 0.56,
      ean: '7612345000015',
      supplier_article_number: kabel.supplier_article_number,
      is_active: true,
    });
    for (let i = 1; i <= MAX_REMEMBERED_ARTICLES; i++) await rememberArticle(store, 'u1', article(1000 + i), 10 + i);
    const used = (await store.articles('u1')).filter((a) => a.source === 'used');
    expect(used).toHaveLength(MAX_REMEMBERED_ARTICLES);
    // the oldest (the cable, picked at 1) went
    expect(used.some((a) => a.id === 'k')).toBe(false);
  });
});
