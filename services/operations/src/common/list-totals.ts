/**
 * Operations' lists by name: the key of their totals and the `l` of their cursors. Paging, totals
 * and their invalidation are nest-common's list kit (`pagedList`, `listTotals`: one per process);
 * the repositories define their lists with these names, and every write that adds, removes or
 * re-filters rows of a list calls `listTotals.invalidate(manager, companyId, LISTS.<list>)`.
 */
export { listTotals } from '@zunft/nest-common';

export const LISTS = {
  timeEntries: 'time-entries',
  materialUsage: 'material-usage',
  expenses: 'expenses',
  customers: 'customers',
  projects: 'projects',
  materials: 'materials',
} as const;
