/** The companies room's door: its module, the services other rooms may call, and types. */
export { CompaniesModule } from './companies.module.js';
export { CompaniesService } from './companies.service.js';
export { CompanyRecords } from './company-records.js';
export { CompanyErrors } from './companies.errors.js';
export { toCompanySettingsDto } from './companies.dto.js';
export type { CompanyEntity } from './company.entity.js';
export type { CompanySettingsEntity } from './company-settings.entity.js';
