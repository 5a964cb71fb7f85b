import { ListTotals } from '@zunft/nest-common';

/**
 * The totals of billing's paginated lists (see ListTotals: counted once per company and filter,
 * kept 10 s, dropped when the list's table is written in that company). One per process; every
 * repository write that adds, removes or re-filters quotes, reports or invoices calls
 * `listTotals.invalidate(manager, companyId, LISTS.<list>)`.
 */
export const listTotals = new ListTotals();

/** List names: the cache keys of the totals and the `l` of their cursors (the keysets' names). */
export const LISTS = {
  quotes: 'quotes',
  reports: 'reports',
  invoices: 'invoices',
} as const;

export type BillingList = (typeof LISTS)[keyof typeof LISTS];
