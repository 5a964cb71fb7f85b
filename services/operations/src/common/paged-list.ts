import { OPERATIONS_LIMITS, wantsPage, type PaginatedResponse } from '@zunft/contracts';
import { one, type PageQuery, type SqlWhere, type TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { listTotals } from './list-totals.js';

/** One page of an operations list (the service adds `page` and `pageSize`). */
export interface ListPage<T> {
  items: T[];
  total: number;
  nextCursor: string | null;
}

/**
 * The total of a list for `filter`: known from the page itself, else cached per company and
 * filter (ListTotals), counted over `table` with `where` (without the cursor) only on a miss.
 */
export async function listTotal(
  manager: EntityManager,
  scope: TenantScope,
  list: string,
  filter: unknown,
  known: number | null,
  table: string,
  where: SqlWhere,
): Promise<number> {
  if (known !== null) return known;
  return listTotals.get(scope.companyId, list, filter, async () => {
    const row = await one<{ total: string }>(
      manager,
      `SELECT count(*) AS total FROM ${table} WHERE ${where.sql}`,
      where.params,
    );
    return Number(row?.total ?? 0);
  });
}

/**
 * The page a list call asked for, or null for the whole list as an array (customers, projects,
 * material usage and expenses answer so without `page`, `pageSize` and `cursor`, as before).
 */
export function pageQueryOf(q: { page?: number; pageSize?: number; cursor?: string | null }): PageQuery | null {
  if (!wantsPage(q)) return null;
  return { page: q.page ?? 1, pageSize: q.pageSize ?? OPERATIONS_LIMITS.defaultPageSize, cursor: q.cursor ?? null };
}

/** The answer of a paged list call. */
export function pageResponse<T>(query: PageQuery, page: ListPage<T>): PaginatedResponse<T> {
  return {
    items: page.items,
    total: page.total,
    page: query.page,
    pageSize: query.pageSize,
    nextCursor: page.nextCursor,
  };
}
