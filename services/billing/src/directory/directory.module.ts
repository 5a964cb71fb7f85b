import { Global, Module } from '@nestjs/common';
import { StaffTableStatusCheck, USER_STATUS_CHECK } from '@zunft/nest-common';
import { AuthEventsConsumer } from './auth-events.consumer.js';
import { CompanyLogoService } from './company-logo.service.js';
import { CompanyMailStatusRepository } from './company-mail-status.repository.js';
import { DirectoryRepository } from './directory.repository.js';
import { DirectorySource } from './directory-source.js';
import { DirectoryService } from './directory.service.js';
import { OperationsEventsConsumer } from './operations-events.consumer.js';

@Global()
@Module({
  providers: [
    DirectorySource,
    DirectoryRepository,
    DirectoryService,
    CompanyLogoService,
    CompanyMailStatusRepository,
    AuthEventsConsumer,
    OperationsEventsConsumer,
    StaffTableStatusCheck,
    // Picked up by the global JWT guard: deactivated/deleted staff are refused with 401.
    { provide: USER_STATUS_CHECK, useExisting: StaffTableStatusCheck },
  ],
  exports: [DirectoryService, CompanyLogoService, USER_STATUS_CHECK],
})
export class DirectoryModule {}
