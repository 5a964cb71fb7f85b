export { CompanyQuotas } from './company-quotas.js';
export { PruneQuotaUsageTask } from './prune-quota-usage.task.js';
