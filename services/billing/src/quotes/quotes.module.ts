import { Module } from '@nestjs/common';
import { QuoteAcceptanceController } from './acceptance/quote-acceptance.controller.js';
import { QuoteAcceptanceService } from './acceptance/quote-acceptance.service.js';
import { QuoteProjectLinkConsumer } from './consumers/quote-project-link.consumer.js';
import { ExpireQuotesTask } from './jobs/expire-quotes.task.js';
import { MaterialOwnership } from './material-ownership.js';
import { QuoteDocumentBuilder } from './quote-document.builder.js';
import { QuotesController } from './quotes.controller.js';
import { QuotesRepository } from './quotes.repository.js';
import { QuotesService } from './quotes.service.js';
import { QuoteTemplatesRepository } from './templates/quote-templates.repository.js';
import { QuoteTemplatesService } from './templates/quote-templates.service.js';

/**
 * Quotes (Angebote): CRUD, templates, PDF and sending, the customer's acceptance by token link, the
 * link to the project created from a quote (consumers/), and the daily expiry (jobs/). Loaded by the
 * API (controllers and consumers run) and by the worker (job handlers and daily tasks run).
 */
@Module({
  controllers: [QuotesController, QuoteAcceptanceController],
  providers: [
    QuotesRepository,
    QuotesService,
    QuoteTemplatesRepository,
    QuoteTemplatesService,
    QuoteAcceptanceService,
    QuoteDocumentBuilder,
    MaterialOwnership,
    QuoteProjectLinkConsumer,
    ExpireQuotesTask,
  ],
  exports: [QuotesRepository, QuotesService, QuoteDocumentBuilder],
})
export class QuotesModule {}
