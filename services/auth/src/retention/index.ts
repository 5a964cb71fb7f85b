/** The retention room's door (issue 26): the module and the daily removal of closed companies. */
export { RetentionModule } from './retention.module.js';
export { ClosedCompanyRetention, type AuthRetentionResult } from './closed-company-retention.js';
