import { Module } from '@nestjs/common';
import { CompanyDataExportModule } from '@zunft/nest-common';

/**
 * Auth's part of «Alle Daten exportieren» (issue 26, revDSG art. 28): billing's export job asks over
 * NATS (`rpc.auth.data-export-*`, no HTTP route) for the company's tables (found in the schema:
 * `companies` by its id, every table with `company_id`), their rows page by page as CSV, and its
 * documents (the logos in `stored_files`) in 512 KB chunks. Never exported: password hashes, refresh
 * and super-admin token hashes, the e-mail verification token hash (`SECRET_COLUMN` of nest-common);
 * `refresh_tokens` and `login_throttles` have no `company_id` and are left out anyway.
 */
@Module({
  imports: [CompanyDataExportModule.forService('auth', { rootTables: ['companies'] })],
})
export class DataExportModule {}
