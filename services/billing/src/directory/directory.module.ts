import { Global, Module } from '@nestjs/common';
import { USER_STATUS_CHECK } from '@zunft/nest-common';
import { AuthEventsConsumer } from './auth-events.consumer.js';
import { CompanyLogoService } from './company-logo.service.js';
import { DirectoryRepository } from './directory.repository.js';
import { DirectoryService } from './directory.service.js';
import { OperationsEventsConsumer } from './operations-events.consumer.js';
import { StaffStatusService } from './staff-status.service.js';

@Global()
@Module({
  providers: [
    DirectoryRepository,
    DirectoryService,
    CompanyLogoService,
    AuthEventsConsumer,
    OperationsEventsConsumer,
    StaffStatusService,
    // Picked up by the global JWT guard: deactivated/deleted staff are refused with 401.
    { provide: USER_STATUS_CHECK, useExisting: StaffStatusService },
  ],
  exports: [DirectoryRepository, DirectoryService, CompanyLogoService, USER_STATUS_CHECK],
})
export class DirectoryModule {}
