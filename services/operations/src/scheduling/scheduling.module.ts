import { Module } from '@nestjs/common';
import { ActivitiesModule } from '../activities/index.js';
import { ProjectsModule } from '../projects/index.js';
import { SchedulingController } from './scheduling.controller.js';
import { SchedulingRepository } from './scheduling.repository.js';
import { SchedulingService } from './scheduling.service.js';

@Module({
  imports: [ActivitiesModule, ProjectsModule],
  controllers: [SchedulingController],
  providers: [SchedulingRepository, SchedulingService],
})
export class SchedulingModule {}
