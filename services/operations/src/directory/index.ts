/**
 * The directory's door (local copies of auth data): its module, the service other rooms read
 * through, and the shapes it answers with. The repositories stay private to the folder.
 */
export { DirectoryModule } from './directory.module.js';
export { DirectoryService } from './directory.service.js';
export type { CompanySettings, StaffMember } from './directory.repository.js';
export type { CompanyWorkingTime, EmploymentPeriodRow } from './working-time-directory.repository.js';
