import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { bearer, createCompany, createCustomer, createProject, type Company } from '../../test/support/factories.js';
import { createTestApp, type TestApp } from '../../test/support/test-app.js';

/**
 * Keyset pagination of the five operations lists against the real PostgreSQL: a cursor walk gives
 * every row once, in the list's order, across pages with ties on the sort columns; a cursor taken
 * from another company's list yields nothing of theirs; a bad cursor is a German 400; page/pageSize
 * keep working; the (cached) total follows inserts and deletes.
 */
let t: TestApp;
let a: Company;
let b: Company;

const ROWS = 23; // 5 pages of 5 (the last one short), with ties every few rows

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
    name: 'time entries',
    path: '/api/time-entries',
    expected: (c) => ids(`SELECT id FROM time_entries WHERE company_id = $1 ORDER BY start_time DESC, id DESC`, c),
  },
  {
    name: 'material usage',
    path: '/api/materials/usage/list',
    expected: (c) =>
      ids(`SELECT id FROM material_usages WHERE company_id = $1 ORDER BY used_at DESC, created_at DESC, id DESC`, c),
  },
  {
    name: 'expenses',
    path: '/api/expenses',
    expected: (c) =>
      ids(`SELECT id FROM expenses WHERE company_id = $1 ORDER BY expense_date DESC, created_at DESC, id DESC`, c),
  },
  {
    name: 'customers',
    path: '/api/customers',
    expected: (c) => ids(`SELECT id FROM customers WHERE company_id = $1 ORDER BY name, id`, c),
  },
  {
    name: 'projects',
    path: '/api/projects',
    expected: (c) => ids(`SELECT id FROM projects WHERE company_id = $1 ORDER BY created_at DESC, id DESC`, c),
  },
];

/** Rows with ties: every 4 rows share the sort key (and for usage/expenses the second key, too). */
async function seed(c: Company): Promise<void> {
  const q = (sql: string, params: unknown[]) => t.dataSource.query(sql, params);
  await q(
    `INSERT INTO customers (company_id, name, customer_number, city)
     SELECT $1, 'Kunde ' || (g / 4), 'PG-' || g, 'Bern' FROM generate_series(1, $2) g`,
    [c.id, ROWS - 1],
  );
  const customer = await createCustomer(t, c.admin, { name: 'Kunde 2' }); // one more tie, via the API
  await q(
    `INSERT INTO projects (company_id, customer_id, title, project_number, status, created_at)
     SELECT $1, $2, 'Projekt ' || g, 'PG-P-' || g, 'in_progress', timestamptz '2026-01-05 08:00:00.123456+00' + (g / 4) * interval '1 hour'
     FROM generate_series(1, $3) g`,
    [c.id, customer.id, ROWS - 1],
  );
  const project = await createProject(t, c.admin, { customerId: customer.id });
  const [material] = (await q(
    `INSERT INTO materials (company_id, name, unit, unit_price) VALUES ($1, 'Kabel', 'm', 2.5) RETURNING id`,
    [c.id],
  )) as Array<{ id: string }>;
  await q(
    `INSERT INTO time_entries (company_id, project_id, user_id, user_name, start_time, end_time, break_minutes, total_minutes, status)
     SELECT $1, $2, $3, 'Test Person', timestamptz '2026-02-01 06:00:00.000001+00' + (g / 4) * interval '1 day',
            timestamptz '2026-02-01 07:00:00+00' + (g / 4) * interval '1 day', 0, 60, 'completed'
     FROM generate_series(1, $4) g`,
    [c.id, project.id, c.employee.id, ROWS],
  );
  await q(
    `INSERT INTO material_usages (company_id, project_id, material_id, material_name, user_id, user_name, quantity, unit,
       unit_price, used_at, created_at)
     SELECT $1, $2, $3, 'Kabel', $4, 'Test Person', 1, 'm', 2.5, date '2026-03-01' + (g / 6),
            timestamptz '2026-03-01 10:00:00.5+00' + (g / 3) * interval '1 minute'
     FROM generate_series(1, $5) g`,
    [c.id, project.id, material!.id, c.employee.id, ROWS],
  );
  await q(
    `INSERT INTO expenses (company_id, user_id, first_name, last_name, category, description, amount, expense_date, created_at)
     SELECT $1, $2, 'Test', 'Person', 'transport', 'Zug ' || g, 10, date '2026-03-01' + (g / 6),
            timestamptz '2026-03-01 10:00:00.5+00' + (g / 3) * interval '1 minute'
     FROM generate_series(1, $3) g`,
    [c.id, c.employee.id, ROWS],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createCompany(t);
  b = await createCompany(t);
  await seed(a);
  await seed(b);
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

describe.each(LISTS)('GET $path ($name): keyset pagination', ({ path, expected }) => {
  it('a cursor walk returns every row exactly once, in order, across pages with ties', async () => {
    const want = await expected(a.id);
    expect(want.length).toBeGreaterThanOrEqual(ROWS);
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
    for (const item of res.body.items as Array<{ id: string }>) {
      expect(theirs.has(item.id)).toBe(false);
      expect(mine.has(item.id)).toBe(true);
    }
  });

  it('answers a bad cursor with a German 400, never a 500', async () => {
    const otherList = path === '/api/customers' ? '/api/projects' : '/api/customers';
    const foreign = (await get(otherList, a.admin, { pageSize: 1 })).body.nextCursor as string;
    const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const bad = [
      'kein Cursor!',
      'AAAA',
      enc('x'),
      enc({ l: 'time-entries' }),
      foreign,
      enc({ l: 'x', k: [] }),
      // the right list with malformed values: an impossible date (a too long name), a non-uuid id, a NUL byte / number
      (() => {
        const mine = JSON.parse(Buffer.from(cursorOf[path]!, 'base64url').toString()) as { l: string; k: string[] };
        const broken = (v: string) =>
          path === '/api/customers' ? 'x'.repeat(1001) : v.replace(/^\d{4}-\d{2}-\d{2}/, '2026-02-31');
        return enc({ l: mine.l, k: mine.k.map((v, i) => (i === 0 ? broken(v) : v)) });
      })(),
      (() => {
        const mine = JSON.parse(Buffer.from(cursorOf[path]!, 'base64url').toString()) as { l: string; k: string[] };
        return enc({ l: mine.l, k: mine.k.map((v, i) => (i === mine.k.length - 1 ? 'not-a-uuid' : v)) });
      })(),
      (() => {
        const mine = JSON.parse(Buffer.from(cursorOf[path]!, 'base64url').toString()) as { l: string; k: unknown[] };
        return enc({
          l: mine.l,
          k: mine.k.map((v, i) => (i === 0 ? (path === '/api/customers' ? 'a\u0000' : 42) : v)),
        });
      })(),
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
    expect(last.body.nextCursor ?? null).toEqual(want.length > 25 ? expect.any(String) : null);
    const beyond = await get(path, a.admin, { page: 99, pageSize: 5 });
    expect(beyond.body).toMatchObject({ items: [], total: want.length, nextCursor: null });
  });
});

/** A valid cursor (after the first row) of each list of company a, for the malformed-value cases. */
const cursorOf: Record<string, string> = {};
beforeAll(async () => {
  for (const l of LISTS) cursorOf[l.path] = (await get(l.path, a.admin, { pageSize: 1 })).body.nextCursor;
});

describe('lists without page parameters answer as before', () => {
  it.each(['/api/customers', '/api/projects', '/api/materials/usage/list', '/api/expenses'])(
    '%s: the whole list as an array',
    async (path) => {
      const res = await get(path, a.admin, {});
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
      expect(res.body.length).toBeGreaterThanOrEqual(ROWS);
      expect(Object.keys(res.body[0]).some((k) => k.startsWith('cursor_'))).toBe(false);
    },
  );

  it('time entries keep their page answer, now with nextCursor', async () => {
    const res = await get('/api/time-entries', a.admin, {});
    expect(res.body).toMatchObject({ page: 1, pageSize: 50, total: ROWS, nextCursor: null });
    expect(res.body.items).toHaveLength(ROWS);
  });
});

describe('the total follows writes (cached between them, never stale after one)', () => {
  it('customers: insert and delete change the total of the next call', async () => {
    const total = async () => (await get('/api/customers', a.admin, { pageSize: 2 })).body.total as number;
    const before = await total();
    expect(await total()).toBe(before); // from the cache
    const created = await createCustomer(t, a.admin, { name: `Neu ${randomUUID()}` });
    expect(await total()).toBe(before + 1);
    const del = await t.http().delete(`/api/customers/${created.id}`).set(bearer(a.admin));
    expect(del.status).toBe(200);
    expect(await total()).toBe(before);
  });

  it('time entries: a new entry and its deletion, also through a filter', async () => {
    const project = await createProject(t, a.admin, {}, [a.employee]);
    const totals = async () => ({
      all: (await get('/api/time-entries', a.admin, { pageSize: 2 })).body.total as number,
      own: (await get('/api/time-entries', a.employee, { pageSize: 2 })).body.total as number,
    });
    const before = await totals();
    const res = await t.http().post('/api/time-entries').set(bearer(a.employee)).send({
      projectId: project.id,
      startTime: '2026-04-01T07:00:00.000Z',
      endTime: '2026-04-01T08:00:00.000Z',
    });
    expect(res.status).toBe(201);
    expect(await totals()).toEqual({ all: before.all + 1, own: before.own + 1 });
    const del = await t.http().delete(`/api/time-entries/${res.body.id}`).set(bearer(a.employee));
    expect(del.status).toBe(200);
    expect(await totals()).toEqual(before);
  });

  it('expenses: approving changes the per-status totals', async () => {
    const pending = async () =>
      (await get('/api/expenses', a.admin, { status: 'pending', pageSize: 2 })).body.total as number;
    const before = await pending();
    const [row] = (await t.dataSource.query(
      `SELECT id FROM expenses WHERE company_id = $1 AND status = 'pending' LIMIT 1`,
      [a.id],
    )) as Array<{ id: string }>;
    const res = await t.http().post(`/api/expenses/${row!.id}/approve`).set(bearer(a.admin));
    expect(res.status).toBeLessThan(300);
    expect(await pending()).toBe(before - 1);
  });
});
