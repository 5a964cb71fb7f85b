import type { DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { DataSourceOptions } from 'typeorm';
import { runMigrationsLocked } from './migration-lock.js';
import { databasePoolOptions } from './pool-options.js';

/**
 * The service's TypeORM connection: the pool sized by `DB_POOL_MAX`, `DB_CONNECT_TIMEOUT_MS`,
 * `DB_STATEMENT_TIMEOUT_MS` (see pool-options.ts), and — when `options.migrationsRun` — the
 * pending migrations run first under the advisory lock (migration-lock.ts) instead of TypeORM's
 * unlocked run at connect. Use instead of `TypeOrmModule.forRoot(options)`.
 */
export function databaseModule(
  options: DataSourceOptions,
  env: Record<string, string | undefined> = process.env,
): DynamicModule {
  const pool = databasePoolOptions(env);
  const base = options as Extract<DataSourceOptions, { type: 'postgres' }>;
  return TypeOrmModule.forRootAsync({
    useFactory: async () => {
      if (options.migrationsRun) await runMigrationsLocked(options);
      return {
        ...base,
        migrationsRun: false,
        poolSize: pool.poolSize,
        extra: { ...(base.extra as Record<string, unknown> | undefined), ...pool.extra },
      };
    },
  });
}
