/**
 * The directory's door (billing's copies of auth and operations data): its module, the services
 * other rooms call, and the shapes they answer with. The repositories stay private to the folder.
 */
export { DirectoryModule } from './directory.module.js';
export { DirectoryService } from './directory.service.js';
export { CompanyLogoService } from './company-logo.service.js';
export { billingParties, type BillingParties, type BillingPartyErrors } from './billing-parties.js';
export { customerMailLimited } from './company-mail-status.repository.js';
export type { CompanyInfo, CustomerInfo, ProjectInfo } from './directory.repository.js';
