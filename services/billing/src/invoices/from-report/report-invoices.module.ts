import { Module } from '@nestjs/common';
import { ReportsModule } from '../../reports/index.js';
import { InvoicesModule } from '../invoices.module.js';
import { ReportInvoicesController } from './report-invoices.controller.js';
import { ReportInvoicesService } from './report-invoices.service.js';
import { ReportSignedInvoiceConsumer } from './report-signed.consumer.js';

/** Invoices from signed reports (the billing.report.signed consumer and POST /reports/{id}/create-invoice). */
@Module({
  imports: [InvoicesModule, ReportsModule],
  controllers: [ReportInvoicesController],
  providers: [ReportInvoicesService, ReportSignedInvoiceConsumer],
})
export class ReportInvoicesModule {}
