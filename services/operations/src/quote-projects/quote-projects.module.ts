import { Module } from '@nestjs/common';
import { ActivitiesRepository } from '../common/activities.repository.js';
import { CustomersRepository } from '../customers/customers.repository.js';
import { ProjectsModule } from '../projects/projects.module.js';
import { QuoteProjectsConsumer } from './quote-projects.consumer.js';
import { QuoteProjectsRepository } from './quote-projects.repository.js';
import { QuoteProjectsService } from './quote-projects.service.js';

/** Creates projects from accepted quotes (`billing.quote.project-requested`). */
@Module({
  imports: [ProjectsModule],
  providers: [
    QuoteProjectsRepository,
    QuoteProjectsService,
    QuoteProjectsConsumer,
    CustomersRepository,
    ActivitiesRepository,
  ],
})
export class QuoteProjectsModule {}
