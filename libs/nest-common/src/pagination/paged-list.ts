import { OPERATIONS_LIMITS, wantsPage, type PaginatedResponse } from '@zunft/contracts';
import type { EntityManager } from 'typeorm';
import { one, rows } from '../database/sql.js';
import type { SqlWhere } from '../database/sql-filter.js';
import { keyset, type KeyColumn, type Keyset, type PageQuery } from './keyset.js';
import { ListTotals } from './list-totals.js';

/*
 * The server half of the list kit (issue 28): one object per list owns its order (Keyset), where
 * its rows come from, its total (ListTotals) and the invalidation of that total. A repository
 * defines the list once and answers a list call with one line:
 *
 *   const CUSTOMERS = pagedList(LISTS.customers, 'asc',
 *     [{ sql: 'c.name', type: 'text' }, { sql: 'c.id', type: 'uuid' }],   // index order, id last
 *     { columns: 'c.id, c.name, …', from: 'customers c', table: 'customers c' });
 *
 *   list(manager, scope, filter, query) {                // query: { page?, pageSize?, cursor? }
 *     const where = sqlWhere('c.company_id = $1', [scope.companyId]).eq(…);
 *     return CUSTOMERS.answer(manager, scope, where, query, (found: CustomerRow[]) => found.map(toDto));
 *   }
 *   // every write that adds, removes or re-filters rows of the list:
 *   CUSTOMERS.invalidate(manager, scope.companyId);     // or listTotals.invalidate(manager, id, LISTS.customers)
 *
 * `answer` gives the whole list as an array when the call names no `page`, `pageSize` or `cursor`
 * (the web apps' calls of customers, projects, expenses, quotes, reports), else one page as
 * `PaginatedResponse` ({ items, total, page, pageSize, nextCursor }); `paged` always a page (time
 * entries, invoices). The total is the page's own when the page tells it (the last page by number),
 * else the company's cached total of the list for exactly this WHERE (without the cursor), counted
 * with `SELECT count(*) AS n FROM <table> WHERE …` only on a miss.
 */

/** The totals of this process's lists: one per process, like the lists themselves. */
export const listTotals = new ListTotals();

/** Where a list's rows come from (trusted SQL of the repository). */
export interface ListSource {
  /** The select list of one row. */
  columns: string;
  /** FROM with the joins the columns need. */
  from: string;
  /**
   * The table (with only the joins the WHERE needs) that a page's ids are picked from on the index
   * and the total is counted over; `from` when not given.
   */
  table?: string;
}

/** A list call's page parameters as the query schema parsed them (all optional). */
export interface ListParams {
  page?: number | null;
  pageSize?: number | null;
  cursor?: string | null;
}

/** The page a list call asked for, or null for the whole list as an array (no page parameter given). */
export function pageQueryOf(q: ListParams): PageQuery | null {
  if (!wantsPage(q)) return null;
  return { page: q.page ?? 1, pageSize: q.pageSize ?? OPERATIONS_LIMITS.defaultPageSize, cursor: q.cursor ?? null };
}

export class PagedList {
  readonly order: Keyset;

  constructor(
    readonly name: string,
    direction: 'asc' | 'desc',
    keys: readonly KeyColumn[],
    readonly source: ListSource,
    private readonly totals: ListTotals = listTotals,
  ) {
    this.order = keyset(name, direction, keys);
  }

  /** `ORDER BY` body of the list. */
  get orderBy(): string {
    return this.order.orderBy;
  }

  private get table(): string {
    return this.source.table ?? this.source.from;
  }

  /** Every row of the list in its order. */
  all<Row>(manager: EntityManager, where: SqlWhere): Promise<Row[]> {
    return rows<Row>(
      manager,
      `SELECT ${this.source.columns} FROM ${this.source.from} WHERE ${where.sql} ORDER BY ${this.orderBy}`,
      where.params,
    );
  }

  /**
   * One page (after `query.cursor`, else by page number from the nearest deep-page anchor) with the
   * list's total for `where` and the cursor after the page (null: no more rows). A bad cursor is
   * the German 400 `invalid_cursor`.
   */
  async page<Row extends object>(
    manager: EntityManager,
    scope: { companyId: string },
    where: SqlWhere,
    query: PageQuery,
  ): Promise<{ rows: Row[]; total: number; nextCursor: string | null }> {
    const { companyId } = scope;
    const found = await this.order.fetch<Row>(
      manager,
      { columns: this.source.columns, from: this.source.from, table: this.table },
      where,
      query,
      { totals: this.totals, companyId },
    );
    const total =
      found.total ??
      (await this.totals.get(companyId, this.name, [where.sql, where.params], async () =>
        Number(
          (
            await one<{ n: string }>(
              manager,
              `SELECT count(*) AS n FROM ${this.table} WHERE ${where.sql}`,
              where.params,
            )
          )?.n ?? 0,
        ),
      ));
    return { rows: found.rows, total, nextCursor: found.nextCursor };
  }

  /** One page as the routes answer it, its rows mapped by `map` (which may read more, e.g. a quote's items). */
  async paged<Row extends object, T>(
    manager: EntityManager,
    scope: { companyId: string },
    where: SqlWhere,
    query: PageQuery,
    map: (found: Row[]) => T[] | Promise<T[]>,
  ): Promise<PaginatedResponse<T>> {
    const found = await this.page<Row>(manager, scope, where, query);
    return {
      items: await map(found.rows),
      total: found.total,
      page: query.page,
      pageSize: query.pageSize,
      nextCursor: found.nextCursor,
    };
  }

  /** The whole list as an array when `params` names no page, else that page (see `paged`). */
  async answer<Row extends object, T>(
    manager: EntityManager,
    scope: { companyId: string },
    where: SqlWhere,
    params: ListParams,
    map: (found: Row[]) => T[] | Promise<T[]>,
  ): Promise<T[] | PaginatedResponse<T>> {
    const query = pageQueryOf(params);
    if (!query) return map(await this.all<Row>(manager, where));
    return this.paged(manager, scope, where, query, map);
  }

  /** Drops the company's totals (and deep-page anchors) of this list: now, and after the transaction's commit. */
  invalidate(manager: EntityManager, companyId: string): void {
    this.totals.invalidate(manager, companyId, this.name);
  }
}

/** A list: its name (the totals' key and the cursors' `l`), its order (index order, the unique id last) and its rows' source. */
export function pagedList(
  name: string,
  direction: 'asc' | 'desc',
  keys: readonly KeyColumn[],
  source: ListSource,
  totals?: ListTotals,
): PagedList {
  return new PagedList(name, direction, keys, source, totals);
}
