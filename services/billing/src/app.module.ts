import { Module, type DynamicModule } from '@nestjs/common';
import { HealthModule, JwtAuthModule, NATS_READINESS_CHECKS, SupportAuditModule } from '@zunft/nest-common';
import { BILLING_DOMAIN_MODULES, billingInfrastructure } from './billing-modules.js';
import type { BillingConfig } from './config/billing.config.js';
import { DocumentQueues } from './queues/index.js';

/** The billing API. Config is loaded (and validated) by the caller: main.ts or a test. */
@Module({})
export class AppModule {
  static forRoot(config: BillingConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...billingInfrastructure(config, 'api'),
        JwtAuthModule.forRoot({ publicKey: config.jwtPublicKey }),
        HealthModule.forRoot({
          checks: NATS_READINESS_CHECKS,
          // /health says `degraded` (still 200) while no worker wrote its heartbeat lately.
          healthChecks: {
            inject: [DocumentQueues],
            useFactory: (queues: DocumentQueues) => [
              { name: 'worker', check: async () => ({ lastSeen: (await queues.workerHeartbeat()).at }) },
            ],
          },
        }),
        // writes in a support (super-admin) session → billing.support.action-performed → auth's audit trail
        SupportAuditModule.forService('billing'),
        ...BILLING_DOMAIN_MODULES,
      ],
    };
  }
}
