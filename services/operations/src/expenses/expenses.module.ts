import { Module } from '@nestjs/common';
import { ActivitiesModule } from '../activities/index.js';
import { ProjectsModule } from '../projects/index.js';
import { ExpensesController } from './expenses.controller.js';
import { ExpensesRepository } from './expenses.repository.js';
import { ExpensesService } from './expenses.service.js';

@Module({
  imports: [ActivitiesModule, ProjectsModule],
  controllers: [ExpensesController],
  providers: [ExpensesRepository, ExpensesService],
})
export class ExpensesModule {}
