import { Module } from '@nestjs/common';
import { ActivitiesRepository } from '../common/activities.repository.js';
import { CustomersModule } from '../customers/index.js';
import { ProjectsModule } from '../projects/index.js';
import { QuoteProjectsConsumer } from './quote-projects.consumer.js';
import { QuoteProjectsService } from './quote-projects.service.js';

/** Creates projects from accepted quotes (`billing.quote.project-requested`). */
@Module({
  imports: [ProjectsModule, CustomersModule],
  providers: [QuoteProjectsService, QuoteProjectsConsumer, ActivitiesRepository],
})
export class QuoteProjectsModule {}
