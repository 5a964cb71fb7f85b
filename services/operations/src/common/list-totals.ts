import { ListTotals } from '@zunft/nest-common';

/**
 * The totals of operations' paginated lists (see ListTotals: counted once per company and filter,
 * kept 10 s, dropped when the list's table is written in that company). One per process.
 */
export const listTotals = new ListTotals();

/** List names: the cache keys of the totals and the `l` of their cursors. */
export const LISTS = {
  timeEntries: 'time-entries',
  materialUsage: 'material-usage',
  expenses: 'expenses',
  customers: 'customers',
  projects: 'projects',
  materials: 'materials',
} as const;
