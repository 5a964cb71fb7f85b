import { describe, expect, it } from '@jest/globals';
import { sqlWhere } from '../database/sql-filter.js';
import { DomainError } from '../errors/domain.error.js';
import { INVALID_CURSOR_MESSAGE } from '@zunft/contracts';
import { keyset } from './keyset.js';
import { ListTotals } from './list-totals.js';

const ORDER = keyset('time-entries', 'desc', [
  { sql: 'te.start_time', type: 'timestamptz' },
  { sql: 'te.id', type: 'uuid' },
]);
const ID = '0b7d8a52-3f4c-4d0e-9a55-7e0f2d1c9b11';
const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

const rejects = (cursor: string) => {
  try {
    ORDER.decode(cursor);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_cursor', message: INVALID_CURSOR_MESSAGE });
    return;
  }
  throw new Error(`accepted ${cursor}`);
};

describe('keyset', () => {
  it('orders by the key columns in one direction and selects them as cursor columns', () => {
    expect(ORDER.orderBy).toBe('te.start_time DESC, te.id DESC');
    expect(ORDER.selectKeys).toContain('AS cursor_k0');
    expect(ORDER.selectKeys).toContain('te.id::text AS cursor_k1');
  });

  it('round-trips a cursor and adds "after it" as one array parameter, leaving the base filter unchanged', () => {
    const cursor = ORDER.encode(['2026-03-01T07:00:00.123456Z', ID]);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(ORDER.decode(cursor)).toEqual(['2026-03-01T07:00:00.123456Z', ID]);
    const base = sqlWhere('te.company_id = $1', ['c1']).eq('te.user_id', 'u1');
    const paged = ORDER.where(base, cursor);
    expect(paged.sql).toBe(
      'te.company_id = $1 AND te.user_id = $2 AND (te.start_time, te.id) < (($3::text[])[1]::timestamptz, ($3::text[])[2]::uuid)',
    );
    expect(paged.params).toEqual(['c1', 'u1', ['2026-03-01T07:00:00.123456Z', ID]]);
    expect(base.sql).toBe('te.company_id = $1 AND te.user_id = $2');
    expect(ORDER.where(base, null).params).toEqual(['c1', 'u1']);
    const asc = keyset('customers', 'asc', [
      { sql: 'c.name', type: 'text' },
      { sql: 'c.id', type: 'uuid' },
    ]);
    expect(asc.where(base, asc.encode(['Muster AG', ID])).sql).toContain('(c.name, c.id) > (');
  });

  it('refuses anything that is not a cursor of this list with the German 400', () => {
    for (const bad of [
      '!!',
      'AAAA',
      'A'.repeat(3000),
      enc('text'),
      enc(null),
      enc({ l: 'customers', k: ['2026-03-01T07:00:00.123456Z', ID] }),
      enc({ l: 'time-entries', k: [ID] }),
      enc({ l: 'time-entries', k: ['2026-02-30T07:00:00.000000Z', ID] }),
      enc({ l: 'time-entries', k: ['2026-03-01T24:00:00.000000Z', ID] }),
      enc({ l: 'time-entries', k: ['2026-03-01', ID] }),
      enc({ l: 'time-entries', k: ['2026-03-01T07:00:00.000000Z', 'x'] }),
      enc({ l: 'time-entries', k: [12, ID] }),
    ]) {
      rejects(bad);
    }
  });

  it('pages: one row more than the page means a next cursor; the page tells the total when it is the last', () => {
    const row = (i: number) => ({ id: `r${i}`, cursor_k0: `2026-03-01T07:00:00.00000${i}Z`, cursor_k1: ID });
    const more = ORDER.page([row(1), row(2), row(3)], { page: 1, pageSize: 2 });
    expect(more.rows).toEqual([{ id: 'r1' }, { id: 'r2' }]);
    expect(ORDER.decode(more.nextCursor!)).toEqual(['2026-03-01T07:00:00.000002Z', ID]);
    expect(more.total).toBeNull();
    expect(ORDER.page([row(1)], { page: 3, pageSize: 2 })).toMatchObject({ nextCursor: null, total: 5 });
    expect(ORDER.page([], { page: 3, pageSize: 2 }).total).toBeNull();
    expect(ORDER.page([row(1)], { page: 1, pageSize: 2, cursor: 'x' }).total).toBeNull();
    expect(ORDER.limitOffset({ page: 3, pageSize: 50 })).toBe('LIMIT 51 OFFSET 100');
    expect(ORDER.limitOffset({ page: 3, pageSize: 50, cursor: 'x' })).toBe('LIMIT 51');
  });
});

describe('ListTotals', () => {
  const manager = {} as never;

  it('counts once per company, list and filter until a write of that list', async () => {
    const totals = new ListTotals(60_000);
    let counted = 0;
    const count = async () => ++counted;
    expect(await totals.get('c1', 'te', { u: 1 }, count)).toBe(1);
    expect(await totals.get('c1', 'te', { u: 1 }, count)).toBe(1);
    expect(await totals.get('c1', 'te', { u: 2 }, count)).toBe(2);
    expect(await totals.get('c2', 'te', { u: 1 }, count)).toBe(3);
    totals.invalidate(manager, 'c1', 'other');
    expect(await totals.get('c1', 'te', { u: 1 }, count)).toBe(1);
    totals.invalidate(manager, 'c1', 'te');
    expect(await totals.get('c1', 'te', { u: 1 }, count)).toBe(4);
    expect(await totals.get('c2', 'te', { u: 1 }, count)).toBe(3);
  });

  it('does not keep a count that ran while the list was written, and expires after the TTL', async () => {
    const totals = new ListTotals(1);
    let counted = 0;
    const racing = async () => {
      totals.invalidate(manager, 'c1', 'te');
      return ++counted;
    };
    await totals.get('c1', 'te', null, racing);
    expect(await totals.get('c1', 'te', null, async () => ++counted)).toBe(2);
    await new Promise((r) => setTimeout(r, 5));
    expect(await totals.get('c1', 'te', null, async () => ++counted)).toBe(3);
  });
});

describe('deep page anchors under concurrent calls', () => {
  it('one index walk serves every call that needs the same anchor at the same time', async () => {
    const totals = new ListTotals();
    let walks = 0;
    const anchorRow = { cursor_k0: '2026-01-01T00:00:00.000000Z', cursor_k1: ID };
    const manager = {
      query: async (sql: string) => {
        await new Promise((r) => setTimeout(r, 5));
        if (sql.includes('anchor_rn')) {
          walks += 1;
          return [anchorRow];
        }
        return [];
      },
    } as unknown as Parameters<typeof ORDER.fetch>[0];
    const where = sqlWhere('te.company_id = $1', ['c1']);
    const fetchPage = () =>
      ORDER.fetch(
        manager,
        { columns: 'te.id', from: 'time_entries te', table: 'time_entries te' },
        where,
        { page: 20, pageSize: 50, cursor: null },
        { totals, companyId: 'c1' },
      );
    await Promise.all(Array.from({ length: 10 }, fetchPage));
    expect(walks).toBe(1);
    // Kept: a later call walks no more; after a write of the list it walks again.
    await fetchPage();
    expect(walks).toBe(1);
    totals.invalidate({ queryRunner: undefined } as never, 'c1', 'time-entries');
    await Promise.all([fetchPage(), fetchPage()]);
    expect(walks).toBe(2);
  });
});
