import { Module } from '@nestjs/common';
import { LedgerModule } from '../ledger/index.js';
import { QuotesModule } from '../quotes/quotes.module.js';
import { InvoiceDocumentBuilder } from './invoice-document.builder.js';
import { InvoicesController } from './invoices.controller.js';
import { InvoicesRepository } from './invoices.repository.js';
import { InvoicesService } from './invoices.service.js';

/** Invoices (Rechnungen): create, read, issue, documents; their money is the ledger's. */
@Module({
  imports: [QuotesModule, LedgerModule],
  controllers: [InvoicesController],
  providers: [InvoicesRepository, InvoicesService, InvoiceDocumentBuilder],
  exports: [InvoicesService, InvoiceDocumentBuilder],
})
export class InvoicesModule {}
