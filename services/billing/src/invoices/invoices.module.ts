import { Module } from '@nestjs/common';
import { CamtImportService } from '../payments/camt-import.service.js';
import { CamtUploadInterceptor } from '../payments/camt-upload.interceptor.js';
import { QuotesModule } from '../quotes/quotes.module.js';
import { InvoiceDocumentBuilder } from './invoice-document.builder.js';
import { InvoicesController } from './invoices.controller.js';
import { InvoicesRepository } from './invoices.repository.js';
import { InvoicesService } from './invoices.service.js';

/** Invoices (Rechnungen), customer payments and the camt.054 bank-file import. */
@Module({
  imports: [QuotesModule],
  controllers: [InvoicesController],
  providers: [InvoicesRepository, InvoicesService, InvoiceDocumentBuilder, CamtImportService, CamtUploadInterceptor],
  exports: [InvoicesRepository, InvoicesService, InvoiceDocumentBuilder],
})
export class InvoicesModule {}
