import { EVENT_ENTITIES, EVENT_MIGRATIONS, QUOTA_MIGRATIONS, STORAGE_MIGRATIONS } from '@zunft/nest-common';
import type { DataSourceOptions } from 'typeorm';
import { InitBilling1764100000000 } from '../migrations/1764100000000-init-billing.js';
import { DailyTaskRuns1764200000000 } from '../migrations/1764200000000-daily-task-runs.js';
import { Reports1764200000100 } from '../migrations/1764200000100-reports.js';
import { ReportStaffRates1764200000200 } from '../migrations/1764200000200-report-staff-rates.js';
import { Invoices1764300000000 } from '../migrations/1764300000000-invoices.js';
import { UnmatchedCredits1764300000100 } from '../migrations/1764300000100-unmatched-credits.js';
import { ListKeysetIndexes1764300000200 } from '../migrations/1764300000200-list-keyset-indexes.js';
import { Mails1795877694532 } from '../migrations/1795877694532-mails.js';
import { CustomerCountry1795877916181 } from '../migrations/1795877916181-customer-country.js';
import { InvoiceLedger1795877131798 } from '../migrations/1795877131798-invoice-ledger.js';
import { StaffSessionsValidAfter1795877909627 } from '../migrations/1795877909627-staff-sessions-valid-after.js';
import { CompanyLogosRefetch1795878372218 } from '../migrations/1795878372218-company-logos-refetch.js';
import { InvoiceArchive1795879305080 } from '../migrations/1795879305080-invoice-archive.js';
import { CreditNotes1795880585568 } from '../migrations/1795880585568-credit-notes.js';
import { CompanyMailLimit1795881442368 } from '../migrations/1795881442368-company-mail-limit.js';
import { InvoiceClosedStatuses1795881594621 } from '../migrations/1795881594621-invoice-closed-statuses.js';
import { CreditNoteArchive1795882075671 } from '../migrations/1795882075671-credit-note-archive.js';
import { InvoiceItemVatRate1795882785436 } from '../migrations/1795882785436-invoice-item-vat-rate.js';
import { Accounting1795888541909 } from '../migrations/1795888541909-accounting.js';
import { MailRetention1795888461643 } from '../migrations/1795888461643-mail-retention.js';
import { InvoiceStages1795888526990 } from '../migrations/1795888526990-invoice-stages.js';
import { InterestFromDueDate1795890192871 } from '../migrations/1795890192871-interest-from-due-date.js';
import { CustomerPoBox1795890293024 } from '../migrations/1795890293024-customer-po-box.js';
import { CustomerArchived1795899396791 } from '../migrations/1795899396791-customer-archived.js';
import { ClosedCompanies1795900145509 } from '../migrations/1795900145509-closed-companies.js';
import { DataExports1795899569243 } from '../migrations/1795899569243-data-exports.js';
import { UnmatchedReversals1795901350966 } from '../migrations/1795901350966-unmatched-reversals.js';

/**
 * Migrations (the shared outbox tables, then ours), run in this order. A new one is a file
 * `src/migrations/<unix-ms>-<what>.ts` (class `<What><unix-ms>`, timestamp from `date +%s%3N`) added
 * at the END of this list; never edit one that has landed.
 */
export const BILLING_MIGRATIONS = [
  ...EVENT_MIGRATIONS,
  InitBilling1764100000000,
  DailyTaskRuns1764200000000,
  ...STORAGE_MIGRATIONS,
  Reports1764200000100,
  ReportStaffRates1764200000200,
  Invoices1764300000000,
  UnmatchedCredits1764300000100,
  ListKeysetIndexes1764300000200,
  Mails1795877694532,
  CustomerCountry1795877916181,
  InvoiceLedger1795877131798,
  StaffSessionsValidAfter1795877909627,
  CompanyLogosRefetch1795878372218,
  InvoiceArchive1795879305080,
  CreditNotes1795880585568,
  CompanyMailLimit1795881442368,
  InvoiceClosedStatuses1795881594621,
  CreditNoteArchive1795882075671,
  InvoiceItemVatRate1795882785436,
  MailRetention1795888461643,
  ...QUOTA_MIGRATIONS,
  InvoiceStages1795888526990,
  Accounting1795888541909,
  InterestFromDueDate1795890192871,
  CustomerPoBox1795890293024,
  CustomerArchived1795899396791,
  DataExports1795899569243,
  ClosedCompanies1795900145509,
  UnmatchedReversals1795901350966,
];

/**
 * The one DataSource definition (app with migrations at boot, migrate.js, the worker). The billing
 * tables are read and written with SQL in the repositories; only the shared outbox tables are entities.
 */
export function billingDataSourceOptions(url: string, options: { migrationsRun?: boolean } = {}): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: [...EVENT_ENTITIES],
    migrations: BILLING_MIGRATIONS,
    migrationsRun: options.migrationsRun ?? true,
    migrationsTransactionMode: 'each',
    synchronize: false,
    uuidExtension: 'pgcrypto',
    applicationName: 'zunft-billing',
  };
}
