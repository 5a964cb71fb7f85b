import { EVENT_ENTITIES, EVENT_MIGRATIONS, QUOTA_MIGRATIONS } from '@zunft/nest-common';
import type { DataSourceOptions } from 'typeorm';
import { InitOperations1763800000000 } from '../migrations/1763800000000-init-operations.js';
import { Materials1763900000000 } from '../migrations/1763900000000-materials.js';
import { Expenses1764000000000 } from '../migrations/1764000000000-expenses.js';
import { Scheduling1764000000001 } from '../migrations/1764000000001-scheduling.js';
import { ProjectSourceQuote1764000000002 } from '../migrations/1764000000002-project-source-quote.js';
import { TimeEntryOrigin1764000000010 } from '../migrations/1764000000010-time-entry-origin.js';
import { ReportedRecords1764200000000 } from '../migrations/1764200000000-reported-records.js';
import { ListKeysetIndexes1764300000000 } from '../migrations/1764300000000-list-keyset-indexes.js';
import { CompanyGps1764500000000 } from '../migrations/1764500000000-company-gps.js';
import { WorkingTime1795877946674 } from '../migrations/1795877946674-working-time.js';
import { StaffSessionsValidAfter1795877909627 } from '../migrations/1795877909627-staff-sessions-valid-after.js';
import { CustomerCountry1795878238176 } from '../migrations/1795878238176-customer-country.js';
import { WorkingTimeNotices1795888760953 } from '../migrations/1795888760953-working-time-notices.js';
import { MaterialCatalogue1795888431811 } from '../migrations/1795888431811-material-catalogue.js';
import { MetalQuotations1795889496608 } from '../migrations/1795889496608-metal-quotations.js';
import { ExpenseVatIncluded1795889616446 } from '../migrations/1795889616446-expense-vat-included.js';
import { StructuredActivities1795890075620 } from '../migrations/1795890075620-structured-activities.js';
import { CustomerPoBox1795890293010 } from '../migrations/1795890293010-customer-po-box.js';
import { AccountantRole1795890994226 } from '../migrations/1795890994226-accountant-role.js';
import { CustomerRecords1795891412800 } from '../migrations/1795891412800-customer-records.js';
import { MaterialsNameOrder1795891700000 } from '../migrations/1795891700000-materials-name-order.js';
import { ClosedCompanies1795900458339 } from '../migrations/1795900458339-closed-companies.js';

/** Migrations (the shared outbox tables, then ours). Add new ones at the end; never edit one that has landed. */
export const OPERATIONS_MIGRATIONS = [
  ...EVENT_MIGRATIONS,
  InitOperations1763800000000,
  Materials1763900000000,
  Expenses1764000000000,
  Scheduling1764000000001,
  ProjectSourceQuote1764000000002,
  TimeEntryOrigin1764000000010,
  ReportedRecords1764200000000,
  ListKeysetIndexes1764300000000,
  CompanyGps1764500000000,
  StaffSessionsValidAfter1795877909627,
  WorkingTime1795877946674,
  CustomerCountry1795878238176,
  MaterialCatalogue1795888431811,
  WorkingTimeNotices1795888760953,
  MetalQuotations1795889496608,
  ExpenseVatIncluded1795889616446,
  StructuredActivities1795890075620,
  CustomerPoBox1795890293010,
  AccountantRole1795890994226,
  CustomerRecords1795891412800,
  MaterialsNameOrder1795891700000,
  ClosedCompanies1795900458339,
  // daily quotas' counters (issue 25): the ArGV 1 record PDF counts as a render
  ...QUOTA_MIGRATIONS,
];

/**
 * The one DataSource definition (app with migrations at boot, migrate.js). The operations tables
 * are read and written with SQL in the repositories; only the shared outbox tables are entities.
 */
export function operationsDataSourceOptions(url: string, options: { migrationsRun?: boolean } = {}): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: [...EVENT_ENTITIES],
    migrations: OPERATIONS_MIGRATIONS,
    migrationsRun: options.migrationsRun ?? true,
    migrationsTransactionMode: 'each',
    synchronize: false,
    uuidExtension: 'pgcrypto',
    applicationName: 'zunft-operations',
  };
}
