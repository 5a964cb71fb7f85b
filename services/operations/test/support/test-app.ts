import type { Role } from '@zunft/contracts';
import { createServiceTestApp, generateKeyPairPem, type ServiceTestApp } from '@zunft/nest-common/testing';
import { AppModule } from '../../src/app.module.js';
import { operationsDataSourceOptions } from '../../src/database/data-source.js';
import type { OperationsConfig } from '../../src/config/operations.config.js';

export type TestApp = ServiceTestApp<OperationsConfig>;

/** The real service (all modules, throw-away PostgreSQL database, own NATS stream per run). */
export function createTestApp(overrides: Partial<OperationsConfig> = {}): Promise<TestApp> {
  return createServiceTestApp<OperationsConfig>({
    service: 'operations',
    config: (base) => ({ ...base, ...overrides }),
    module: (config) => AppModule.forRoot(config),
    // A clone of the run's migrated template database (nest-common createTestDatabase).
    migrations: (url) => operationsDataSourceOptions(url),
  });
}

export { generateKeyPairPem };
export type { Role };
