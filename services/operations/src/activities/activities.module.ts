import { Module } from '@nestjs/common';
import { ActivitiesRepository } from './activities.repository.js';
import { ActivitiesService } from './activities.service.js';

/** The recent-activity feed: imported by every module that appends a line and by the dashboard. */
@Module({
  providers: [ActivitiesRepository, ActivitiesService],
  exports: [ActivitiesService],
})
export class ActivitiesModule {}
