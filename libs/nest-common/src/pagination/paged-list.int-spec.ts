// The list kit's server half (issue 28) against a real PostgreSQL: the whole list or one page as the
// routes answer it, a cursor walk over ties, the total from the page or counted once per WHERE
// (cached until a write of the list in that company, also after a commit), and a bad cursor as the
// German 400.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { INVALID_CURSOR_MESSAGE, type PaginatedResponse } from '@zunft/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntitySubscriberInterface } from 'typeorm';
import { sqlWhere } from '../database/sql-filter.js';
import { createTestDatabase, dropTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { ListTotals } from './list-totals.js';
import { pagedList, pageQueryOf } from './paged-list.js';

let db: TestDatabase;
let ds: DataSource;
const counts: string[] = [];
const watch: EntitySubscriberInterface = {
  beforeQuery: (event) => {
    if (/^SELECT count\(\*\) AS n FROM things t /.test(event.query)) counts.push(event.query);
  },
};

const A = randomUUID();
const B = randomUUID();
const totals = new ListTotals();
/** Newest day first, then name; 7 rows of company A on 3 days (ties on the day), 2 of B. */
const THINGS = pagedList(
  'things',
  'desc',
  [
    { sql: 't.day', type: 'date' },
    { sql: 't.id', type: 'uuid' },
  ],
  {
    columns: `t.id, t.name, to_char(t.day, 'YYYY-MM-DD') AS day, o.label`,
    from: 'things t JOIN owners o ON o.id = t.owner_id',
    table: 'things t',
  },
  totals,
);
const where = (companyId: string, name?: string) =>
  sqlWhere('t.company_id = $1', [companyId]).when(name && `%${name}%`, (p) => `t.name ILIKE ${p}`);
const scopeA = { companyId: A };
type Row = { id: string; name: string; day: string; label: string };
const names = (found: Row[]) => found.map((r) => r.name);

beforeAll(async () => {
  db = await createTestDatabase('zunft_paged_list_test');
  ds = new DataSource({ type: 'postgres', url: db.url });
  await ds.initialize();
  await ds.query(`CREATE TABLE owners (id int PRIMARY KEY, label text NOT NULL)`);
  await ds.query(
    `CREATE TABLE things (id uuid PRIMARY KEY, company_id uuid NOT NULL, owner_id int NOT NULL REFERENCES owners, name text NOT NULL, day date NOT NULL)`,
  );
  await ds.query(`INSERT INTO owners VALUES (1, 'Büro')`);
  const rows: Array<[string, string, string]> = [
    [A, 'a1', '2026-03-03'],
    [A, 'a2', '2026-03-03'],
    [A, 'a3', '2026-03-02'],
    [A, 'a4', '2026-03-02'],
    [A, 'a5', '2026-03-02'],
    [A, 'a6', '2026-03-01'],
    [A, 'a7', '2026-03-01'],
    [B, 'b1', '2026-03-05'],
    [B, 'b2', '2026-03-04'],
  ];
  for (const [company, name, day] of rows)
    await ds.query(`INSERT INTO things VALUES ($1, $2, 1, $3, $4)`, [randomUUID(), company, name, day]);
  ds.subscribers.push(watch);
}, 30_000);
afterAll(async () => {
  await ds?.destroy();
  if (db) await dropTestDatabase(db);
});

/** Company A's names in list order (day DESC, id DESC), straight from SQL. */
const expected = async (name?: string) =>
  (
    (await ds.query(
      `SELECT name FROM things WHERE company_id = $1 AND ($2::text IS NULL OR name ILIKE '%' || $2 || '%') ORDER BY day DESC, id DESC`,
      [A, name ?? null],
    )) as Array<{ name: string }>
  ).map((r) => r.name);

describe('pagedList', () => {
  it('without page parameters: the whole list as an array, in order, mapped', async () => {
    const all = await THINGS.answer(ds.manager, scopeA, where(A), {}, (found: Row[]) => names(found));
    expect(all).toEqual(await expected());
    expect(pageQueryOf({})).toBeNull();
    expect(pageQueryOf({ cursor: '' })).toBeNull();
    expect(pageQueryOf({ pageSize: 3 })).toEqual({ page: 1, pageSize: 3, cursor: null });
  });

  it('with page parameters: the page as the routes answer it; a cursor walk gives every row once across the ties', async () => {
    const want = await expected();
    const first = await THINGS.answer(ds.manager, scopeA, where(A), { pageSize: 3 }, names);
    expect(first).toEqual({ items: want.slice(0, 3), total: 7, page: 1, pageSize: 3, nextCursor: expect.any(String) });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: PaginatedResponse<string> = await THINGS.paged(
        ds.manager,
        scopeA,
        where(A),
        { page: 1, pageSize: 3, cursor },
        names,
      );
      seen.push(...page.items);
      cursor = page.nextCursor ?? null;
    } while (cursor);
    expect(seen).toEqual(want);
    // the joined column is there; the cursor columns are not
    const one = await THINGS.paged(ds.manager, scopeA, where(A), { page: 1, pageSize: 1 }, (found: Row[]) => found);
    expect(Object.keys(one.items[0]!).sort()).toEqual(['day', 'id', 'label', 'name']);
    expect(one.items[0]!.label).toBe('Büro');
  });

  it('the total: from the last page itself, else counted once per WHERE until a write of the list', async () => {
    totals.clear(); // the walk above cached the total already
    counts.length = 0;
    // page 3 of 3 by number tells the total: no count
    const last = await THINGS.paged(ds.manager, scopeA, where(A), { page: 3, pageSize: 3 }, names);
    expect(last).toMatchObject({ items: (await expected()).slice(6), total: 7, nextCursor: null });
    expect(counts).toHaveLength(0);
    // page 1 does not: one count, then the cached total for the same WHERE; another filter counts anew
    expect((await THINGS.paged(ds.manager, scopeA, where(A), { page: 1, pageSize: 2 }, names)).total).toBe(7);
    expect((await THINGS.paged(ds.manager, scopeA, where(A), { page: 2, pageSize: 2 }, names)).total).toBe(7);
    expect(counts).toHaveLength(1);
    expect((await THINGS.paged(ds.manager, scopeA, where(A, 'a'), { page: 1, pageSize: 2 }, names)).total).toBe(7);
    expect(counts).toHaveLength(2);
    // a row added in a transaction: the total follows once the list is invalidated in it
    await ds.transaction(async (m) => {
      await m.query(`INSERT INTO things VALUES ($1, $2, 1, 'a8', '2026-02-28')`, [randomUUID(), A]);
      THINGS.invalidate(m, A);
    });
    expect((await THINGS.paged(ds.manager, scopeA, where(A), { page: 1, pageSize: 2 }, names)).total).toBe(8);
    expect(counts).toHaveLength(3);
    // another company's write leaves A's cached total alone
    THINGS.invalidate(ds.manager, B);
    expect((await THINGS.paged(ds.manager, scopeA, where(A), { page: 1, pageSize: 2 }, names)).total).toBe(8);
    expect(counts).toHaveLength(3);
  });

  it('a cursor of another company yields only the caller’s rows; a bad cursor is the German 400', async () => {
    const b = await THINGS.paged(ds.manager, { companyId: B }, where(B), { page: 1, pageSize: 1 }, names);
    expect(b.items).toEqual(['b1']);
    const mine = await THINGS.paged(
      ds.manager,
      scopeA,
      where(A),
      { page: 1, pageSize: 50, cursor: b.nextCursor },
      names,
    );
    // b1's position (2026-03-05) is before every row of A: all of A's rows, none of B's
    expect(mine.items).toEqual(await expected());
    await expect(
      THINGS.paged(ds.manager, scopeA, where(A), { page: 1, pageSize: 5, cursor: 'kein Cursor' }, names),
    ).rejects.toMatchObject({ status: 400, code: 'invalid_cursor', message: INVALID_CURSOR_MESSAGE });
  });
});
