import { Module } from '@nestjs/common';
import { CamtImportService } from '../payments/camt-import.service.js';
import { CamtUploadInterceptor } from '../payments/camt-upload.interceptor.js';
import { PaymentsController } from '../payments/payments.controller.js';
import { UnmatchedCreditsRepository } from '../payments/unmatched-credits.repository.js';
import { UnmatchedCreditsService } from '../payments/unmatched-credits.service.js';
import { QuotesModule } from '../quotes/quotes.module.js';
import { InvoiceDocumentBuilder } from './invoice-document.builder.js';
import { InvoicesController } from './invoices.controller.js';
import { InvoicesRepository } from './invoices.repository.js';
import { InvoicesService } from './invoices.service.js';

/** Invoices (Rechnungen), customer payments, the camt.054 bank-file import and its unmatched credits. */
@Module({
  imports: [QuotesModule],
  controllers: [InvoicesController, PaymentsController],
  providers: [
    InvoicesRepository,
    InvoicesService,
    InvoiceDocumentBuilder,
    CamtImportService,
    CamtUploadInterceptor,
    UnmatchedCreditsRepository,
    UnmatchedCreditsService,
  ],
  exports: [InvoicesRepository, InvoicesService, InvoiceDocumentBuilder],
})
export class InvoicesModule {}
