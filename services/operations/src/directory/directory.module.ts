import { Global, Module } from '@nestjs/common';
import { StaffTableStatusCheck, USER_STATUS_CHECK } from '@zunft/nest-common';
import { AuthEventsConsumer } from './auth-events.consumer.js';
import { DirectoryRepository } from './directory.repository.js';
import { DirectoryService } from './directory.service.js';
import { WorkingTimeDirectoryRepository } from './working-time-directory.repository.js';

@Global()
@Module({
  providers: [
    DirectoryRepository,
    WorkingTimeDirectoryRepository,
    DirectoryService,
    AuthEventsConsumer,
    StaffTableStatusCheck,
    // Picked up by the global JWT guard: deactivated/deleted staff are refused with 401.
    { provide: USER_STATUS_CHECK, useExisting: StaffTableStatusCheck },
  ],
  exports: [DirectoryService, USER_STATUS_CHECK],
})
export class DirectoryModule {}
