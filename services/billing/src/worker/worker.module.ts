import { Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { QUEUE_MAIL, QUEUE_MAINTENANCE, QUEUE_PDF_RENDER } from '@zunft/contracts';
import { createLogger } from '@zunft/nest-common';
import { BILLING_DOMAIN_MODULES, billingInfrastructure } from '../billing-modules.js';
import type { BillingConfig } from '../config/billing.config.js';
import { DailyMaintenanceModule } from '../jobs/index.js';
import { JobWorkers } from './job-workers.js';
import { MailModule } from './mail.job.js';
import { PdfRenderModule } from './pdf-render.job.js';
import { WORKER_DEFAULTS, type StartWorkerOptions } from './worker-options.js';
import { WORKER_LOGGER, WORKER_OPTIONS } from './worker-tokens.js';

/**
 * The billing worker's Nest application context: the same domain modules as the API (their
 * `@JobHandler`s and `@DailyTask`s), plus what only the worker has (Chromium, SMTP, the daily
 * maintenance run). `JobWorkers` then starts one BullMQ Worker per queue with handlers.
 */
@Module({})
export class WorkerModule {
  static forRoot(options: StartWorkerOptions): DynamicModule {
    const wants = (queue: string) => !options.queues || options.queues.includes(queue);
    const withDomain = Boolean(options.databaseUrl);
    if (options.queues?.includes(QUEUE_MAINTENANCE) && !withDomain) {
      throw new Error('The maintenance queue needs DATABASE_URL');
    }
    // Mails are loaded by id from the billing database (issue 25: the job carries the id only).
    if (options.queues?.includes(QUEUE_MAIL) && !withDomain) throw new Error('The mail queue needs DATABASE_URL');
    const logger = options.logger ?? createLogger({ service: 'billing-worker' });
    return {
      module: WorkerModule,
      imports: [
        DiscoveryModule,
        ...(wants(QUEUE_PDF_RENDER) ? [PdfRenderModule] : []),
        ...(wants(QUEUE_MAIL) && withDomain ? [MailModule] : []),
        ...(withDomain
          ? [
              ...billingInfrastructure(domainConfig(options), 'worker'),
              ...BILLING_DOMAIN_MODULES,
              DailyMaintenanceModule,
            ]
          : []),
      ],
      providers: [
        { provide: WORKER_OPTIONS, useValue: options },
        { provide: WORKER_LOGGER, useValue: logger },
        JobWorkers,
        ...(options.providers ?? []),
      ],
      exports: [WORKER_OPTIONS, WORKER_LOGGER],
      global: true,
    };
  }
}

/** The API's config as far as the domain modules read it in the worker (no port, no token key). */
function domainConfig(options: StartWorkerOptions): BillingConfig {
  return {
    port: 0,
    databaseUrl: options.databaseUrl as string,
    natsUrl: options.natsUrl ?? WORKER_DEFAULTS.natsUrl,
    natsStream: options.natsStream ?? WORKER_DEFAULTS.natsStream,
    logLevel: 'info',
    jwtPublicKey: '',
    redisUrl: options.redisUrl,
    queuePrefix: options.prefix ?? WORKER_DEFAULTS.prefix,
    publicUrl: options.publicUrl ?? WORKER_DEFAULTS.publicUrl,
    authUrl: options.authUrl ?? WORKER_DEFAULTS.authUrl,
    pdfTimeoutMs: 30_000,
  };
}
