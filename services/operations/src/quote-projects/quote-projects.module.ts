import { Module } from '@nestjs/common';
import { ActivitiesModule } from '../activities/index.js';
import { CustomersModule } from '../customers/index.js';
import { ProjectsModule } from '../projects/index.js';
import { QuoteProjectsConsumer } from './quote-projects.consumer.js';
import { QuoteProjectsService } from './quote-projects.service.js';

/** Creates projects from accepted quotes (`billing.quote.project-requested`). */
@Module({
  imports: [ActivitiesModule, ProjectsModule, CustomersModule],
  providers: [QuoteProjectsService, QuoteProjectsConsumer],
})
export class QuoteProjectsModule {}
