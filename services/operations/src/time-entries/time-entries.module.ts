import { Module } from '@nestjs/common';
import { ActivitiesModule } from '../activities/index.js';
import { ProjectsModule } from '../projects/index.js';
import { WorkingTimeModule } from '../working-time/index.js';
import { TimeEntriesController } from './time-entries.controller.js';
import { TimeEntriesRepository } from './time-entries.repository.js';
import { TimeEntriesService } from './time-entries.service.js';

@Module({
  imports: [ActivitiesModule, ProjectsModule, WorkingTimeModule],
  controllers: [TimeEntriesController],
  providers: [TimeEntriesRepository, TimeEntriesService],
})
export class TimeEntriesModule {}
