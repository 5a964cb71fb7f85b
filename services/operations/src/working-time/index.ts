/** The door of working time: what other rooms may use. */
export { WorkingTimeModule } from './working-time.module.js';
export { MonthLock, monthLabel } from './month-lock.service.js';
export { WorkingTimeCalendar } from './working-time-calendar.service.js';
export { WorkingTimeErrors } from './working-time.errors.js';
export { checkWorkingTime, type RuleFinding } from './rules/arg-checks.js';
export { localDate } from './rules/local-time.js';
export { EntryWorkingTime } from './entry-warnings.service.js';
