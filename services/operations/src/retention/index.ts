/** The retention room's door (issue 26): a closed company's data removed once kept long enough. */
export { RetentionModule } from './retention.module.js';
export { ClosedCompanyRetentionTask } from './closed-company-retention.task.js';
export { RetentionService, type OperationsRetentionResult } from './retention.service.js';
