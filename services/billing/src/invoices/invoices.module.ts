import { Module } from '@nestjs/common';
import { StorageModule } from '@zunft/nest-common';
import { LedgerModule } from '../ledger/index.js';
import { DirectoryModule } from '../directory/directory.module.js';
import { QuotesModule } from '../quotes/quotes.module.js';
import { ReportsModule } from '../reports/index.js';
import { CreditNotesController } from './credit-notes/credit-notes.controller.js';
import { CreditNotesRepository } from './credit-notes/credit-notes.repository.js';
import { CreditNotesService } from './credit-notes/credit-notes.service.js';
import { InvoiceArchive } from './invoice-archive.js';
import { InvoiceDocumentBuilder } from './invoice-document.builder.js';
import { InvoicesController } from './invoices.controller.js';
import { InvoicesRepository } from './invoices.repository.js';
import { InvoicesService } from './invoices.service.js';
import { InvoiceStagesRepository } from './stages/invoice-stages.repository.js';
import { InvoiceStagesService } from './stages/invoice-stages.service.js';

/** Invoices (Rechnungen): create, read, issue, documents; their money is the ledger's. */
@Module({
  imports: [QuotesModule, LedgerModule, DirectoryModule, ReportsModule, StorageModule.forRoot()],
  controllers: [InvoicesController, CreditNotesController],
  providers: [
    InvoicesRepository,
    InvoicesService,
    InvoiceDocumentBuilder,
    InvoiceArchive,
    CreditNotesRepository,
    CreditNotesService,
    InvoiceStagesRepository,
    InvoiceStagesService,
  ],
  exports: [InvoicesService, InvoiceDocumentBuilder, InvoiceArchive, InvoiceStagesService],
})
export class InvoicesModule {}
