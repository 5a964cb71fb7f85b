import { Module } from '@nestjs/common';
import { ActivitiesRepository } from '../common/activities.repository.js';
import { ProjectsModule } from '../projects/projects.module.js';
import { MaterialsController } from './materials.controller.js';
import { MaterialsRepository } from './materials.repository.js';
import { MaterialsService } from './materials.service.js';
import { MaterialsOwnedResponder } from './materials-owned.responder.js';

@Module({
  imports: [ProjectsModule],
  controllers: [MaterialsController],
  providers: [MaterialsRepository, MaterialsService, ActivitiesRepository, MaterialsOwnedResponder],
})
export class MaterialsModule {}
