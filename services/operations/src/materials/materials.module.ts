import { Module } from '@nestjs/common';
import { ActivitiesModule } from '../activities/index.js';
import { ProjectsModule } from '../projects/projects.module.js';
import { MaterialsController } from './materials.controller.js';
import { MaterialsRepository } from './materials.repository.js';
import { MaterialsService } from './materials.service.js';
import { MaterialsOwnedResponder } from './materials-owned.responder.js';

@Module({
  imports: [ActivitiesModule, ProjectsModule],
  controllers: [MaterialsController],
  providers: [MaterialsRepository, MaterialsService, MaterialsOwnedResponder],
})
export class MaterialsModule {}
