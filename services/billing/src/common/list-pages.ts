import { OPERATIONS_LIMITS, wantsPage, type PaginatedResponse } from '@zunft/contracts';
import { one, type Keyset, type PageQuery, type SqlWhere } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { listTotals, type BillingList } from './list-totals.js';

/**
 * Keyset pagination of billing's lists (nest-common `keyset`): the ids of a page are picked on the
 * (company_id, created_at DESC, id DESC) index, `nextCursor` continues after the page's last row,
 * a cursor of another list or malformed is a German 400, one taken from another company's list
 * yields only the caller's rows (the WHERE keeps the company). page/pageSize keep working.
 */

/** The page a list call asked for, or null for the whole list as an array (quotes and reports without page parameters). */
export function pageQueryOf(q: { page?: number; pageSize?: number; cursor?: string | null }): PageQuery | null {
  if (!wantsPage(q)) return null;
  return { page: q.page ?? 1, pageSize: q.pageSize ?? OPERATIONS_LIMITS.defaultPageSize, cursor: q.cursor ?? null };
}

/**
 * One page of rows with the list's total: known from the page itself on the last page, else the
 * company's cached total of `totals.list` for `totals.filter` (ListTotals), counted with `where`
 * (without the cursor) over `sql.table` only on a miss. `filter` holds the list's filter values
 * only (not page, pageSize or cursor): one total per filter, whatever page is asked for. Deep
 * pages by number start after the keyset's nearest page anchor (kept per filter, dropped with the
 * totals on every write of the list in the company).
 */
export async function fetchPage<Row extends object>(
  manager: EntityManager,
  order: Keyset,
  sql: { columns: string; from: string; table: string },
  where: SqlWhere,
  query: PageQuery,
  totals: { list: BillingList; companyId: string; filter: Record<string, unknown> },
): Promise<{ rows: Row[]; total: number; nextCursor: string | null }> {
  // The anchors of deep pages by number live with the keyset and are dropped with its list's
  // totals: the totals' list must be the keyset's.
  if (totals.list !== order.list) throw new Error(`fetchPage: totals of ${totals.list} for the ${order.list} keyset`);
  const page = await order.fetch<Row>(manager, sql, where, query, { totals: listTotals, companyId: totals.companyId });
  const total =
    page.total ??
    (await listTotals.get(totals.companyId, totals.list, totals.filter, async () =>
      Number(
        (await one<{ n: string }>(manager, `SELECT count(*) AS n FROM ${sql.table} WHERE ${where.sql}`, where.params))
          ?.n ?? 0,
      ),
    ));
  return { rows: page.rows, total, nextCursor: page.nextCursor };
}

export function pageResponse<T>(
  query: PageQuery,
  page: { items: T[]; total: number; nextCursor: string | null },
): PaginatedResponse<T> {
  return {
    items: page.items,
    total: page.total,
    page: query.page,
    pageSize: query.pageSize,
    nextCursor: page.nextCursor,
  };
}
