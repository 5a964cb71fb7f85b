import { Module } from '@nestjs/common';
import { ActivitiesRepository } from '../common/activities.repository.js';
import { CustomersModule } from '../customers/index.js';
import { ProjectsController } from './projects.controller.js';
import { ProjectsRepository } from './projects.repository.js';
import { ProjectsService } from './projects.service.js';

@Module({
  imports: [CustomersModule],
  controllers: [ProjectsController],
  providers: [ProjectsRepository, ProjectsService, ActivitiesRepository],
  exports: [ProjectsService],
})
export class ProjectsModule {}
