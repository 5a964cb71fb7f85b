import { Module } from '@nestjs/common';
import { CompanyDataExportModule } from '@zunft/nest-common';

/**
 * Operations' part of «Alle Daten exportieren» (issue 26, revDSG art. 28): billing's export job asks
 * over NATS (`rpc.operations.data-export-*`, no HTTP route) for the company's tables (found in the
 * schema: every table with `company_id`), their rows page by page as CSV, and its documents
 * (expense receipts, `bytea` of `expense_receipts`) in 512 KB chunks.
 */
@Module({
  imports: [CompanyDataExportModule.forService('operations')],
})
export class DataExportModule {}
