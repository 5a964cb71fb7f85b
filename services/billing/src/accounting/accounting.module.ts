import { Module } from '@nestjs/common';
import { AccountantExportLog } from './accountant-export-log.js';
import { AccountingController, OpenItemsController } from './accounting.controller.js';
import { AccountingRepository } from './accounting.repository.js';
import { AccountingService } from './accounting.service.js';
import { OpenItemsPdf } from './open-items-pdf.js';

/** The accounting hand-off (issue 26): reads the invoice ledger, writes only its own tables. */
@Module({
  controllers: [OpenItemsController, AccountingController],
  providers: [AccountingRepository, AccountingService, OpenItemsPdf, AccountantExportLog],
  exports: [AccountingService],
})
export class AccountingModule {}
