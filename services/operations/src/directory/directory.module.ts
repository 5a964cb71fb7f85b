import { Global, Module } from '@nestjs/common';
import { AuthEventsConsumer } from './auth-events.consumer.js';
import { DirectoryRepository } from './directory.repository.js';
import { DirectoryService } from './directory.service.js';

@Global()
@Module({
  providers: [DirectoryRepository, DirectoryService, AuthEventsConsumer],
  exports: [DirectoryRepository, DirectoryService],
})
export class DirectoryModule {}
