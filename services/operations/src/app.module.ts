import { Module, type DynamicModule } from '@nestjs/common';
import {
  databaseModule,
  EventsModule,
  HealthModule,
  JwtAuthModule,
  NATS_READINESS_CHECKS,
  SupportAuditModule,
} from '@zunft/nest-common';
import { BillingActivityModule } from './billing-activity/billing-activity.module.js';
import { OperationsConfigModule } from './config/operations-config.module.js';
import type { OperationsConfig } from './config/operations.config.js';
import { CustomersModule } from './customers/customers.module.js';
import { DashboardModule } from './dashboard/dashboard.module.js';
import { operationsDataSourceOptions } from './database/data-source.js';
import { DirectoryRecordsModule } from './directory-records/directory-records.module.js';
import { DirectoryModule } from './directory/directory.module.js';
import { ExpensesModule } from './expenses/expenses.module.js';
import { MaterialsModule } from './materials/materials.module.js';
import { MaterialsImportModule } from './materials-import/index.js';
import { ProjectsModule } from './projects/projects.module.js';
import { QuoteProjectsModule } from './quote-projects/quote-projects.module.js';
import { ReportDataModule } from './report-data/report-data.module.js';
import { RetentionModule } from './retention/index.js';
import { ReportedModule } from './reported/reported.module.js';
import { SchedulingModule } from './scheduling/scheduling.module.js';
import { TimeEntriesModule } from './time-entries/time-entries.module.js';
import { UserDependenciesModule } from './user-dependencies/user-dependencies.module.js';
import { DataExportModule } from './data-export/index.js';
import { WorkingTimeModule } from './working-time/index.js';

/** The operations service. Config is loaded (and validated) by the caller: main.ts or a test. */
@Module({})
export class AppModule {
  static forRoot(config: OperationsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        OperationsConfigModule.forRoot(config),
        databaseModule(operationsDataSourceOptions(config.databaseUrl)),
        EventsModule.forRoot({ serviceName: 'operations', natsUrl: config.natsUrl, streamName: config.natsStream }),
        JwtAuthModule.forRoot({ publicKey: config.jwtPublicKey }),
        HealthModule.forRoot({ checks: NATS_READINESS_CHECKS }),
        // writes in a support (super-admin) session → operations.support.action-performed → auth's audit trail
        SupportAuditModule.forService('operations'),
        DirectoryModule,
        CustomersModule,
        ProjectsModule,
        TimeEntriesModule,
        WorkingTimeModule,
        MaterialsImportModule, // before MaterialsModule: its literal routes come before materials/:id
        MaterialsModule,
        ExpensesModule,
        SchedulingModule,
        DashboardModule,
        ReportDataModule,
        DirectoryRecordsModule,
        ReportedModule,
        UserDependenciesModule,
        DataExportModule,
        QuoteProjectsModule,
        BillingActivityModule,
        RetentionModule,
      ],
    };
  }
}
