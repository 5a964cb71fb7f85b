import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventsModule, HealthModule, JwtAuthModule, NATS_READINESS_CHECKS } from '@zunft/nest-common';
import { BillingConfigModule } from './config/billing-config.module.js';
import type { BillingConfig } from './config/billing.config.js';
import { billingDataSourceOptions } from './database/data-source.js';
import { DirectoryModule } from './directory/directory.module.js';
import { QueuesModule } from './queues/index.js';
import { QuotesModule } from './quotes/quotes.module.js';

/** The billing API. Config is loaded (and validated) by the caller: main.ts or a test. */
@Module({})
export class AppModule {
  static forRoot(config: BillingConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        BillingConfigModule.forRoot(config),
        TypeOrmModule.forRoot(billingDataSourceOptions(config.databaseUrl)),
        EventsModule.forRoot({ serviceName: 'billing', natsUrl: config.natsUrl, streamName: config.natsStream }),
        JwtAuthModule.forRoot({ publicKey: config.jwtPublicKey }),
        QueuesModule.forRoot({
          redisUrl: config.redisUrl,
          prefix: config.queuePrefix,
          pdfTimeoutMs: config.pdfTimeoutMs,
        }),
        HealthModule.forRoot({ checks: NATS_READINESS_CHECKS }),
        DirectoryModule,
        QuotesModule,
      ],
    };
  }
}
