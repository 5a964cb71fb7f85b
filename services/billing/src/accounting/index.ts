/** The accounting hand-off's door (issue 26): its module and service. */
export { AccountingModule } from './accounting.module.js';
export { AccountingService } from './accounting.service.js';
