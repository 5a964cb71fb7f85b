import { Module } from '@nestjs/common';
import { QuoteAcceptanceController } from './quote-acceptance.controller.js';
import { QuoteAcceptanceService } from './quote-acceptance.service.js';
import { QuoteDocumentBuilder } from './quote-document.builder.js';
import { QuoteTemplatesRepository } from './quote-templates.repository.js';
import { QuoteTemplatesService } from './quote-templates.service.js';
import { QuotesController } from './quotes.controller.js';
import { QuotesRepository } from './quotes.repository.js';
import { QuotesService } from './quotes.service.js';

@Module({
  controllers: [QuotesController, QuoteAcceptanceController],
  providers: [
    QuotesRepository,
    QuotesService,
    QuoteTemplatesRepository,
    QuoteTemplatesService,
    QuoteAcceptanceService,
    QuoteDocumentBuilder,
  ],
  exports: [QuotesRepository, QuoteDocumentBuilder],
})
export class QuotesModule {}
