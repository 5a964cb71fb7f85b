import { DataSource, type DataSourceOptions, type Migration } from 'typeorm';

/**
 * The advisory lock key every migrator of a database takes (advisory locks are per database, so
 * one constant serves all services). Two pods starting at once, or the migration Job next to a pod,
 * run one after the other; the second finds nothing pending.
 */
export const MIGRATION_LOCK_KEY = 'zunft:migrations';

type PostgresOptions = Extract<DataSourceOptions, { type: 'postgres' }>;

function urlOf(options: DataSourceOptions): string {
  const url = (options as PostgresOptions).url;
  if (options.type !== 'postgres' || !url) throw new Error('runMigrationsLocked needs postgres options with a url');
  return url;
}

/**
 * Runs the pending migrations of `options` while holding a PostgreSQL session advisory lock on a
 * connection of its own (not one of the pool: a pool of one would wait for itself). The migrations
 * run on a short-lived DataSource of at most two connections without statement timeout, so a
 * migration over a large table is not cut by the runtime's `DB_STATEMENT_TIMEOUT_MS`.
 */
export async function runMigrationsLocked(
  options: DataSourceOptions,
  log: (line: string) => void = () => undefined,
): Promise<Migration[]> {
  const url = urlOf(options);
  const lock = new DataSource({ type: 'postgres', url, poolSize: 1, applicationName: 'zunft-migration-lock' });
  await lock.initialize();
  // One connection held for the whole run (a pooled idle connection could be closed, and the lock with it).
  const runner = lock.createQueryRunner();
  await runner.connect();
  try {
    const started = Date.now();
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK_KEY]);
    const waited = Date.now() - started;
    if (waited > 1000) log(`Waited ${waited} ms for the migration lock`);
    const base = options as PostgresOptions;
    const dataSource = new DataSource({
      ...base,
      migrationsRun: false,
      poolSize: 2,
      extra: { ...(base.extra as Record<string, unknown> | undefined), max: 2, statement_timeout: 0 },
    } as PostgresOptions);
    await dataSource.initialize();
    try {
      return await dataSource.runMigrations({ transaction: base.migrationsTransactionMode ?? 'each' });
    } finally {
      await dataSource.destroy();
    }
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await runner.release().catch(() => undefined);
    await lock.destroy().catch(() => undefined);
  }
}
