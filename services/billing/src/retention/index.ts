/** The retention room's door (issue 26): a closed company's data removed once kept long enough. */
export { RetentionModule } from './retention.module.js';
export { RetentionService, type BillingRetentionResult } from './retention.service.js';
