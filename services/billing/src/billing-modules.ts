import type { DynamicModule, Type } from '@nestjs/common';
import { databaseModule, EventsModule } from '@zunft/nest-common';
import { AccountingModule } from './accounting/index.js';
import { ChartsModule } from './dashboard/index.js';
import { DataExportModule } from './data-export/index.js';
import { BillingConfigModule } from './config/billing-config.module.js';
import type { BillingConfig } from './config/billing.config.js';
import { billingDataSourceOptions } from './database/data-source.js';
import { DirectoryModule } from './directory/directory.module.js';
import { ReportInvoicesModule } from './invoices/from-report/report-invoices.module.js';
import { InvoicesModule } from './invoices/invoices.module.js';
import { PaymentsModule } from './payments/index.js';
import { QueuesModule } from './queues/index.js';
import { QuotesModule } from './quotes/quotes.module.js';
import { RemindersModule } from './reminders/reminders.module.js';
import { ReportsModule } from './reports/reports.module.js';
import { RetentionModule } from './retention/index.js';

/**
 * The domain modules of billing, loaded by BOTH processes: the API (AppModule: their controllers
 * and event consumers run) and the worker (WorkerModule: their `@JobHandler`s and `@DailyTask`s
 * run). A new domain module is one line here.
 */
export const BILLING_DOMAIN_MODULES: Type[] = [
  // First: its literal GET /invoices/open-items must come before the invoices' `:id` routes.
  AccountingModule,
  // Before InvoicesModule too: GET /invoices/charts.
  ChartsModule,
  DirectoryModule,
  QuotesModule,
  InvoicesModule,
  PaymentsModule,
  ReportsModule,
  RemindersModule,
  ReportInvoicesModule,
  RetentionModule,
  DataExportModule,
];

/**
 * What the domain modules need around them in either process: config, the database (migrations
 * run by the API only), events (the worker publishes through the outbox but runs no consumers) and
 * the producer side of the queues (`DocumentQueues`).
 */
export function billingInfrastructure(config: BillingConfig, process: 'api' | 'worker'): DynamicModule[] {
  return [
    BillingConfigModule.forRoot(config),
    databaseModule(billingDataSourceOptions(config.databaseUrl, { migrationsRun: process === 'api' })),
    EventsModule.forRoot({
      serviceName: process === 'api' ? 'billing' : 'billing-worker',
      natsUrl: config.natsUrl,
      streamName: config.natsStream,
      runConsumers: process === 'api',
    }),
    QueuesModule.forRoot({ redisUrl: config.redisUrl, prefix: config.queuePrefix, pdfTimeoutMs: config.pdfTimeoutMs }),
  ];
}
