/**
 * Billing's lists by name: the key of their totals and the `l` of their cursors. Paging, totals and
 * their invalidation are nest-common's list kit (`pagedList`, `listTotals`: one per process); the
 * repositories define their lists with these names, and every write that adds, removes or
 * re-filters quotes, reports or invoices calls `listTotals.invalidate(manager, companyId, LISTS.<list>)`.
 */
export { listTotals } from '@zunft/nest-common';

export const LISTS = {
  quotes: 'quotes',
  reports: 'reports',
  invoices: 'invoices',
} as const;

export type BillingList = (typeof LISTS)[keyof typeof LISTS];
