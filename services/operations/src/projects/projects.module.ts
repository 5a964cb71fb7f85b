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
  // ProjectsRepository stays exported only for materials/, the last room that still reaches in
  // (DOOR_LEGACY_FILES in eslint.config.js); every other room calls ProjectsService.
  exports: [ProjectsService, ProjectsRepository],
})
export class ProjectsModule {}
