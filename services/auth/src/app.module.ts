import { Module, type DynamicModule } from '@nestjs/common';
import { databaseModule, EventsModule, HealthModule, JwtAuthModule, NATS_READINESS_CHECKS } from '@zunft/nest-common';
import { AuthModule } from './auth/auth.module.js';
import { CompaniesModule } from './companies/companies.module.js';
import { AuthConfigModule } from './config/auth-config.module.js';
import type { AuthConfig } from './config/auth.config.js';
import { authDataSourceOptions } from './database/data-source.js';
import { RetentionModule } from './retention/index.js';
import { SessionsModule } from './sessions/sessions.module.js';
import { SubscriptionsModule } from './subscriptions/subscriptions.module.js';
import { UserStatusModule } from './users/user-status.module.js';
import { UsersModule } from './users/users.module.js';
import { DataExportModule } from './data-export/index.js';

/** The auth service. Config is loaded (and validated) by the caller: main.ts, the CLIs or a test. */
@Module({})
export class AppModule {
  static forRoot(config: AuthConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        AuthConfigModule.forRoot(config),
        databaseModule(authDataSourceOptions(config.databaseUrl)),
        EventsModule.forRoot({ serviceName: 'auth', natsUrl: config.natsUrl, streamName: config.natsStream }),
        JwtAuthModule.forRoot({ publicKey: config.jwtPublicKey }),
        HealthModule.forRoot({ checks: NATS_READINESS_CHECKS }),
        SessionsModule,
        AuthModule,
        CompaniesModule,
        UsersModule,
        UserStatusModule,
        SubscriptionsModule,
        RetentionModule,
        DataExportModule,
      ],
    };
  }
}
