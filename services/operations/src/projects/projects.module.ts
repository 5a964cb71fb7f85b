import { Module } from '@nestjs/common';
import { ActivitiesModule } from '../activities/index.js';
import { CustomersModule } from '../customers/index.js';
import { ProjectsController } from './projects.controller.js';
import { ProjectsRepository } from './projects.repository.js';
import { ProjectsService } from './projects.service.js';

@Module({
  imports: [ActivitiesModule, CustomersModule],
  controllers: [ProjectsController],
  providers: [ProjectsRepository, ProjectsService],
  exports: [ProjectsService],
})
export class ProjectsModule {}
