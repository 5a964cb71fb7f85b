import { Module } from '@nestjs/common';
import { ActivitiesRepository } from '../common/activities.repository.js';
import { ProjectsModule } from '../projects/index.js';
import { ExpensesController } from './expenses.controller.js';
import { ExpensesRepository } from './expenses.repository.js';
import { ExpensesService } from './expenses.service.js';

@Module({
  imports: [ProjectsModule],
  controllers: [ExpensesController],
  providers: [ExpensesRepository, ExpensesService, ActivitiesRepository],
})
export class ExpensesModule {}
