import { Module } from '@nestjs/common';
import { ChartsController } from './charts.controller.js';
import { ChartsRepository } from './charts.repository.js';
import { ChartsService } from './charts.service.js';

/** The dashboard's charts of billing (issue 28): invoiced vs paid per month, receivables by age. */
@Module({ controllers: [ChartsController], providers: [ChartsRepository, ChartsService] })
export class ChartsModule {}
