import { Module } from '@nestjs/common';
import { ActivitiesRepository } from '../common/activities.repository.js';
import { CustomersRepository } from '../customers/customers.repository.js';
import { ProjectsController } from './projects.controller.js';
import { ProjectsRepository } from './projects.repository.js';
import { ProjectsService } from './projects.service.js';

@Module({
  controllers: [ProjectsController],
  providers: [ProjectsRepository, ProjectsService, CustomersRepository, ActivitiesRepository],
  exports: [ProjectsRepository],
})
export class ProjectsModule {}
