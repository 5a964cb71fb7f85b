import { Module } from '@nestjs/common';
import { ActivitiesRepository } from '../common/activities.repository.js';
import { ProjectsModule } from '../projects/index.js';
import { SchedulingController } from './scheduling.controller.js';
import { SchedulingRepository } from './scheduling.repository.js';
import { SchedulingService } from './scheduling.service.js';

@Module({
  imports: [ProjectsModule],
  controllers: [SchedulingController],
  providers: [SchedulingRepository, SchedulingService, ActivitiesRepository],
})
export class SchedulingModule {}
