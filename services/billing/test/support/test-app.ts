import { randomBytes } from 'node:crypto';
import type { Role } from '@zunft/contracts';
import { createServiceTestApp, generateKeyPairPem, type ServiceTestApp } from '@zunft/nest-common/testing';
import { AppModule } from '../../src/app.module.js';
import { billingDataSourceOptions } from '../../src/database/data-source.js';
import { useBillingBodyParser } from '../../src/common/body-parser.js';
import { DocumentQueues } from '../../src/queues/index.js';
import type { BillingConfig } from '../../src/config/billing.config.js';

export type TestApp = ServiceTestApp<BillingConfig>;

/** The real service (all modules, throw-away PostgreSQL database and queue prefix, own NATS stream per run). */
export function createTestApp(overrides: Partial<BillingConfig> = {}): Promise<TestApp> {
  return createServiceTestApp<BillingConfig>({
    service: 'billing',
    config: (base) => ({
      ...base,
      redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      queuePrefix: `zunft-test-billing-${randomBytes(4).toString('hex')}`,
      publicUrl: 'http://zunft.test',
      authUrl: 'http://127.0.0.1:9',
      pdfTimeoutMs: 30_000,
      ...overrides,
    }),
    module: (config) => AppModule.forRoot(config),
    // A clone of the run's migrated template database (nest-common createTestDatabase).
    migrations: (url) => billingDataSourceOptions(url),
    beforeConfigure: (app) => useBillingBodyParser(app),
    beforeClose: async (app) => {
      const queues = app.get(DocumentQueues).queues;
      await Promise.allSettled([queues.pdf.obliterate({ force: true }), queues.mail.obliterate({ force: true })]);
    },
  });
}

export { generateKeyPairPem };
export type { Role };
