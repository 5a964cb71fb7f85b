import { Module } from '@nestjs/common';
import { InvoicesModule } from '../invoices/index.js';
import { LedgerModule } from '../ledger/index.js';
import { CamtImportService } from './camt-import.service.js';
import { CamtUploadInterceptor } from './camt-upload.interceptor.js';
import { InvoicePaymentsController } from './invoice-payments.controller.js';
import { PaymentsController } from './payments.controller.js';
import { UnmatchedCreditsRepository } from './unmatched-credits.repository.js';
import { UnmatchedCreditsService } from './unmatched-credits.service.js';

/** Customer payments: entered by hand, from camt.054 bank files, and the unmatched credits to assign. */
@Module({
  imports: [InvoicesModule, LedgerModule],
  controllers: [InvoicePaymentsController, PaymentsController],
  providers: [CamtImportService, CamtUploadInterceptor, UnmatchedCreditsRepository, UnmatchedCreditsService],
})
export class PaymentsModule {}
