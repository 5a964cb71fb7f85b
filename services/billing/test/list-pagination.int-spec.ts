import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { makeQrr } from '../src/invoices/payment-reference.js';
import { addCustomer, bearer, createCompany, type Company } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Keyset pagination of the quotes, reports and invoices lists against the real PostgreSQL (the
 * same checks as operations' lists): a cursor walk gives every row once, in the list's order,
 * across pages with ties on created_at; a cursor taken from another company's list yields nothing
 * of theirs; a bad cursor is a German 400; page/pageSize keep working; quotes and reports without
 * page parameters still answer the whole list as an array.
 */
let t: TestApp;
let a: Company;
let b: Company;

const ROWS = 23; // 5 pages of 5 (the last one short), with ties every 4 rows

interface ListCase {
  name: string;
  path: string;
  /** The list's ids of a company in the expected order, straight from SQL. */
  expected: (companyId: string) => Promise<string[]>;
}

const ids = async (sql: string, companyId: string) =>
  ((await t.dataSource.query(sql, [companyId])) as Array<{ id: string }>).map((r) => r.id);

const LISTS: ListCase[] = [
  {
    name: 'quotes',
    path: '/api/quotes',
    expected: (c) => ids(`SELECT id FROM quotes WHERE company_id = $1 ORDER BY created_at DESC, id DESC`, c),
  },
  {
    name: 'reports',
    path: '/api/reports',
    expected: (c) => ids(`SELECT id FROM reports WHERE company_id = $1 ORDER BY created_at DESC, id DESC`, c),
  },
  {
    name: 'invoices',
    path: '/api/invoices',
    expected: (c) => ids(`SELECT id FROM invoices WHERE company_id = $1 ORDER BY created_at DESC, id DESC`, c),
  },
];

/** Rows with ties: every 4 rows share created_at (microseconds kept). */
async function seed(c: Company, prefix: string): Promise<void> {
  const q = (sql: string, params: unknown[]) => t.dataSource.query(sql, params);
  const customer = (await addCustomer(t, c.id, { name: 'Kunde Seite' })).customerId;
  const at = `timestamptz '2026-02-01 06:00:00.000001+00' + (g / 4) * interval '1 hour'`;
  await q(
    `INSERT INTO quotes (company_id, quote_number, customer_id, customer_name, title, quote_date, valid_until, created_at)
     SELECT $1, $2 || '-A-' || g, $3, 'Kunde Seite', 'Offerte ' || g, date '2026-02-01', date '2026-03-01', ${at}
     FROM generate_series(1, $4) g`,
    [c.id, prefix, customer, ROWS],
  );
  await q(
    `INSERT INTO reports (company_id, report_number, title, project_id, project_title, project_number, customer_id,
       customer, language, period_start, period_end, content, created_at)
     SELECT $1, $2 || '-R-' || g, 'Rapport ' || g, gen_random_uuid(), 'Projekt', 'P-1', $3, '{"name": "Kunde Seite"}',
       'de', date '2026-02-01', date '2026-02-28', '{}', ${at}
     FROM generate_series(1, $4) g`,
    [c.id, prefix, customer, ROWS],
  );
  const refs = Array.from({ length: ROWS }, (_, i) =>
    makeQrr(`${prefix === 'a' ? 71 : 72}${String(i + 1).padStart(9, '0')}`),
  );
  await q(
    `INSERT INTO invoices (company_id, invoice_number, customer_id, customer_name, status, invoice_date, due_date,
       vat_rate, subtotal, vat_amount, total_before_rounding, rounding, total_amount, qrr_reference, scor_reference,
       created_at)
     SELECT $1, $2 || '-RE-' || g, $3, 'Kunde Seite', 'sent', date '2026-02-01', date '2026-03-01',
       0, 100, 0, 100, 0, 100, ($4::text[])[g], 'RF00PAGE' || g, ${at}
     FROM generate_series(1, $5) g`,
    [c.id, prefix, customer, refs, ROWS],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createCompany(t);
  b = await createCompany(t);
  await seed(a, 'a');
  await seed(b, 'b');
}, 120_000);
afterAll(() => t?.close());

async function get(path: string, token: Company['admin'], query: Record<string, string | number>) {
  return t.http().get(path).query(query).set(bearer(token));
}

/** Follows nextCursor from the first page to the end. */
async function walk(path: string, company: Company, pageSize: number): Promise<{ ids: string[]; pages: number }> {
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await get(path, company.admin, cursor ? { pageSize, cursor } : { pageSize });
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeLessThanOrEqual(pageSize);
    seen.push(...res.body.items.map((i: { id: string }) => i.id));
    cursor = res.body.nextCursor;
    pages++;
    if (pages > 50) throw new Error('cursor walk does not end');
  } while (cursor);
  return { ids: seen, pages };
}

/** A valid cursor (after the first row) of each list of company a, for the malformed-value cases. */
const cursorOf: Record<string, string> = {};
beforeAll(async () => {
  for (const l of LISTS) cursorOf[l.path] = (await get(l.path, a.admin, { pageSize: 1 })).body.nextCursor;
});

describe.each(LISTS)('GET $path ($name): keyset pagination', ({ path, expected }) => {
  it('a cursor walk returns every row exactly once, in order, across pages with ties', async () => {
    const want = await expected(a.id);
    expect(want).toHaveLength(ROWS);
    const { ids: got, pages } = await walk(path, a, 5);
    expect(new Set(got).size).toBe(got.length);
    expect(got).toEqual(want);
    expect(pages).toBe(Math.ceil(want.length / 5));
  });

  it('a cursor of another company yields only the caller’s own rows', async () => {
    const first = await get(path, a.admin, { pageSize: 5 });
    const cursor = first.body.nextCursor as string;
    expect(cursor).toEqual(expect.any(String));
    const res = await get(path, b.admin, { pageSize: 200, cursor });
    expect(res.status).toBe(200);
    const theirs = new Set(await expected(a.id));
    const mine = new Set(await expected(b.id));
    expect(res.body.items.length).toBeGreaterThan(0);
    for (const item of res.body.items as Array<{ id: string }>) {
      expect(theirs.has(item.id)).toBe(false);
      expect(mine.has(item.id)).toBe(true);
    }
  });

  it('answers a bad cursor with a German 400, never a 500', async () => {
    const otherList = path === '/api/quotes' ? '/api/reports' : '/api/quotes';
    const foreign = cursorOf[otherList]!;
    const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const mine = () => JSON.parse(Buffer.from(cursorOf[path]!, 'base64url').toString()) as { l: string; k: string[] };
    const bad = [
      'kein Cursor!',
      'AAAA',
      enc('x'),
      enc({ l: 'invoices' }),
      foreign,
      enc({ l: 'x', k: [] }),
      // the right list with malformed values: an impossible date, a non-uuid id, a number
      enc({ l: mine().l, k: mine().k.map((v, i) => (i === 0 ? v.replace(/^\d{4}-\d{2}-\d{2}/, '2026-02-31') : v)) }),
      enc({ l: mine().l, k: mine().k.map((v, i) => (i === 1 ? 'not-a-uuid' : v)) }),
      enc({ l: mine().l, k: mine().k.map((v, i) => (i === 0 ? 42 : v)) }),
      'A'.repeat(3000),
    ];
    for (const cursor of bad) {
      const res = await get(path, a.admin, { cursor });
      expect({ cursor, status: res.status }).toEqual({ cursor, status: 400 });
      expect(res.body.error).toMatch(/Ungültiger Cursor/);
    }
  });

  it('page/pageSize still work (same order, the total of the list)', async () => {
    const want = await expected(a.id);
    const res = await get(path, a.admin, { page: 2, pageSize: 5 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 2, pageSize: 5, total: want.length });
    expect(res.body.items.map((i: { id: string }) => i.id)).toEqual(want.slice(5, 10));
    const last = await get(path, a.admin, { page: 5, pageSize: 5 });
    expect(last.body.items.map((i: { id: string }) => i.id)).toEqual(want.slice(20, 25));
    expect(last.body.nextCursor).toBeNull();
    const beyond = await get(path, a.admin, { page: 99, pageSize: 5 });
    expect(beyond.body).toMatchObject({ items: [], total: want.length, nextCursor: null });
    expect(Object.keys(res.body.items[0]).some((k) => k.startsWith('cursor_'))).toBe(false);
  });

  it('filters apply to every page and to the total', async () => {
    const res = await get(path, a.admin, { search: 'Seite', pageSize: 5 });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(ROWS);
    const none = await get(path, a.admin, { search: 'gibt es nicht', pageSize: 5 });
    expect(none.body).toMatchObject({ items: [], total: 0, nextCursor: null });
  });
});

describe('lists without page parameters answer as before', () => {
  it.each(['/api/quotes', '/api/reports'])('%s: the whole list as an array', async (path) => {
    const res = await get(path, a.admin, {});
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toHaveLength(ROWS);
    expect(Object.keys(res.body[0]).some((k) => k.startsWith('cursor_'))).toBe(false);
  });

  it('invoices keep their page answer (page 1 of 50 by default), now with nextCursor', async () => {
    const res = await get('/api/invoices', a.admin, {});
    expect(res.body).toMatchObject({ page: 1, pageSize: 50, total: ROWS, nextCursor: null });
    expect(res.body.items).toHaveLength(ROWS);
  });
});
