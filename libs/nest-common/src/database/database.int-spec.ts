import { afterAll, describe, expect, it } from '@jest/globals';
import { Test } from '@nestjs/testing';
import { randomBytes } from 'node:crypto';
import { DataSource, type DataSourceOptions, type MigrationInterface, type QueryRunner } from 'typeorm';
import { EVENT_MIGRATIONS } from '../events/event-tables.js';
import { STORAGE_MIGRATIONS } from '../storage/create-stored-files.migration.js';
import { createTestDatabase, dropTestDatabase } from '../testing/test-database.js';
import { databaseModule } from './database.module.js';
import { migrateDatabase } from './migrate-database.js';

/** A migration that takes its time, so two unlocked migrators would surely overlap inside it. */
class SlowTable1799000000000 implements MigrationInterface {
  name = 'SlowTable1799000000000';
  async up(q: QueryRunner): Promise<void> {
    await q.query('SELECT pg_sleep(0.4)');
    await q.query('CREATE TABLE "slow_things" ("id" integer PRIMARY KEY)');
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE "slow_things"');
  }
}
const MIGRATIONS = [...EVENT_MIGRATIONS, SlowTable1799000000000, ...STORAGE_MIGRATIONS];

const created: string[] = [];
/** The URL of a database that does not exist yet (the migrators create it). */
function freshDatabaseUrl(): string {
  const name = `nest_common_migrate_${randomBytes(5).toString('hex')}`;
  created.push(name);
  const url = new URL(process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${name}`;
  return url.toString();
}
const options = (url: string): DataSourceOptions => ({
  type: 'postgres',
  url,
  migrations: MIGRATIONS,
  migrationsRun: false,
  migrationsTransactionMode: 'each',
});

async function withDataSource<T>(url: string, fn: (ds: DataSource) => Promise<T>, extra?: object): Promise<T> {
  const ds = new DataSource({ type: 'postgres', url, ...extra });
  await ds.initialize();
  try {
    return await fn(ds);
  } finally {
    await ds.destroy();
  }
}
const ranMigrations = (url: string) =>
  withDataSource(url, (ds) => ds.query('SELECT name FROM migrations ORDER BY id') as Promise<{ name: string }[]>);

afterAll(async () => {
  for (const name of created) await dropTestDatabase(name);
});

describe('migrations under the advisory lock', () => {
  it('two migrate.js runs at once on a database that does not exist yet both succeed, each migration runs once', async () => {
    const url = freshDatabaseUrl();
    const log = captureLog();
    await expect(
      Promise.all([migrateDatabase(url, options(url)), migrateDatabase(url, options(url))]),
    ).resolves.toEqual([undefined, undefined]);
    log.restore();
    expect((await ranMigrations(url)).map((r) => r.name).sort()).toEqual(MIGRATIONS.map((m) => new m().name).sort());
    expect(log.lines).toContain('No pending migrations');
  });

  it('two services booting at once (databaseModule, migrationsRun) both start on a fresh empty database', async () => {
    const url = freshDatabaseUrl();
    const log = captureLog();
    await migrateDatabase(url, { ...options(url), migrations: [] }); // creates the empty database only
    log.restore();
    const boot = async () => {
      const ref = await Test.createTestingModule({
        imports: [databaseModule({ ...options(url), migrationsRun: true }, {})],
      }).compile();
      await ref.init();
      return ref;
    };
    const apps = await Promise.all([boot(), boot()]);
    for (const app of apps)
      expect(await app.get(DataSource).query('SELECT count(*)::int AS n FROM slow_things')).toEqual([{ n: 0 }]);
    await Promise.all(apps.map((app) => app.close()));
    expect(await ranMigrations(url)).toHaveLength(MIGRATIONS.length);
  });
});

describe('pool by configuration', () => {
  it('cancels a statement after DB_STATEMENT_TIMEOUT_MS and waits DB_CONNECT_TIMEOUT_MS for a connection of a full pool', async () => {
    const db = await createTestDatabase('nest_common_pool');
    created.push(db.name);
    const ref = await Test.createTestingModule({
      imports: [
        databaseModule(
          { ...options(db.url), migrationsRun: true },
          { DB_POOL_MAX: '1', DB_STATEMENT_TIMEOUT_MS: '300', DB_CONNECT_TIMEOUT_MS: '400' },
        ),
      ],
    }).compile();
    await ref.init();
    const ds = ref.get(DataSource);
    try {
      // The migrations ran without that timeout (the slow one sleeps 400 ms), the pool has it.
      expect(await ds.query('SELECT count(*)::int AS n FROM slow_things')).toEqual([{ n: 0 }]);
      await expect(ds.query('SELECT pg_sleep(2)')).rejects.toMatchObject({
        driverError: expect.objectContaining({ code: '57014' }),
      });
      const holder = ds.createQueryRunner();
      await holder.connect(); // the only connection of the pool
      const started = Date.now();
      await expect(ds.query('SELECT 1')).rejects.toThrow(/timeout/i);
      const waited = Date.now() - started;
      expect(waited).toBeGreaterThanOrEqual(350);
      expect(waited).toBeLessThan(3000);
      await holder.release();
      expect(await ds.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await ref.close();
    }
  });
});

/** Collects console.log lines of migrateDatabase (and keeps the test output quiet). */
function captureLog() {
  const lines: string[] = [];
  const original = console.log;
  console.log = (...args: unknown[]) => void lines.push(args.join(' '));
  return { lines, restore: () => void (console.log = original) };
}
