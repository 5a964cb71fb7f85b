import { Module } from '@nestjs/common';
import { InvoiceLedger } from './invoice-ledger.service.js';
import { LedgerRepository } from './ledger.repository.js';

/** The invoice ledger: the one writer of an invoice's money and status (see InvoiceLedger). */
@Module({
  providers: [LedgerRepository, InvoiceLedger],
  exports: [InvoiceLedger],
})
export class LedgerModule {}
