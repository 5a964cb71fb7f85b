import { createHash, randomBytes } from 'node:crypto';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { runMigrationsLocked } from '../database/migration-lock.js';

/** Where tests may create databases: the local PostgreSQL unless TEST_DATABASE_ADMIN_URL says otherwise. */
const adminUrl = () => process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  name: string;
  url: string;
}

async function withAdmin<T>(fn: (ds: DataSource) => Promise<T>): Promise<T> {
  const ds = new DataSource({ type: 'postgres', url: adminUrl() });
  await ds.initialize();
  try {
    return await fn(ds);
  } finally {
    await ds.destroy();
  }
}

function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  // Throw-away data needs no durable commits: without waiting for fsync, parallel suites run far faster.
  url.searchParams.set('options', '-c synchronous_commit=off');
  return url.toString();
}

/**
 * Creates a throw-away database `<prefix>_<random>` and returns its URL: empty, or — with
 * `migrations` (the service's DataSource options for a URL, e.g. `(url) => billingDataSourceOptions(url)`)
 * — a clone of a template database that already ran exactly those migrations (see migratedTemplate),
 * so the service booting on it finds nothing pending instead of migrating every spec file anew.
 */
export async function createTestDatabase(
  prefix: string,
  options: { migrations?: (url: string) => DataSourceOptions } = {},
): Promise<TestDatabase> {
  if (!/^[a-z][a-z0-9_]{0,40}$/.test(prefix)) throw new Error(`Invalid test database prefix: ${prefix}`);
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  // ZUNFT_TEST_DB_TEMPLATE=off: empty databases the service migrates at boot (the old way, to compare timings).
  const useTemplate = options.migrations && process.env.ZUNFT_TEST_DB_TEMPLATE !== 'off';
  const template = useTemplate ? await migratedTemplate(prefix, options.migrations!) : null;
  await withAdmin((ds) =>
    ds.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`),
  );
  return { name, url: databaseUrl(name) };
}

/** Templates of other migration lists (an edited migration, an older checkout) are dropped after this long. */
const STALE_TEMPLATE_MS = 6 * 60 * 60 * 1000;

/**
 * The template database `<prefix>_tpl_<hash>` that ran the migrations of `migrations(url)`; made once
 * per PostgreSQL cluster and migration list, then cloned by every spec file (`CREATE DATABASE … TEMPLATE`,
 * a file copy: about a tenth of running 20 migrations). The hash covers each migration's name AND
 * source, so editing a migration that has not landed yet gives a new template, never a stale schema.
 * Made under an advisory lock (parallel jest workers and other checkouts wait for the first maker),
 * migrated under a temporary name and renamed when complete (a killed run leaves no half template),
 * then closed to connections (a connection to a template makes every clone fail).
 */
async function migratedTemplate(prefix: string, migrations: (url: string) => DataSourceOptions): Promise<string> {
  const list = (migrations('postgres://unused').migrations ?? []) as unknown[];
  const hash = createHash('sha256')
    .update(list.map((m) => (typeof m === 'function' ? `${m.name}\n${m.toString()}` : String(m))).join('\n'))
    .digest('hex')
    .slice(0, 12);
  const template = `${prefix}_tpl_${hash}`;
  return withAdmin(async (ds) => {
    const exists = async (name: string) =>
      ((await ds.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])) as unknown[]).length > 0;
    if (await exists(template)) return template;
    const runner = ds.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`zunft:test-template:${prefix}`]);
      if (await exists(template)) return template;
      const building = `${prefix}_tpb_${hash}`;
      await runner.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      await runner.query(`CREATE DATABASE "${building}"`);
      await runMigrationsLocked(migrations(databaseUrl(building)));
      // The migration connections have closed, but their server processes may still be exiting.
      for (let attempt = 0; ; attempt++) {
        try {
          await runner.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
          break;
        } catch (error) {
          if (attempt >= 100) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      await runner.query(`ALTER DATABASE "${template}" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
      await runner.query(`COMMENT ON DATABASE "${template}" IS '${new Date().toISOString()}'`);
      await dropStaleTemplates(runner, prefix, template);
      return template;
    } finally {
      await runner
        .query('SELECT pg_advisory_unlock(hashtext($1))', [`zunft:test-template:${prefix}`])
        .catch(() => undefined);
      await runner.release();
    }
  });
}

/** Drops this prefix's templates of other migration lists made more than STALE_TEMPLATE_MS ago. */
async function dropStaleTemplates(
  runner: { query: (sql: string, params?: unknown[]) => Promise<unknown> },
  prefix: string,
  keep: string,
): Promise<void> {
  const rows = (await runner.query(
    `SELECT datname, shobj_description(oid, 'pg_database') AS made FROM pg_database
      WHERE datname LIKE $1 AND datname <> $2`,
    [`${prefix.replace(/_/g, '\\_')}\\_tpl\\_%`, keep],
  )) as { datname: string; made: string | null }[];
  for (const { datname, made } of rows) {
    const madeAt = made ? Date.parse(made) : NaN;
    if (Number.isNaN(madeAt) || Date.now() - madeAt < STALE_TEMPLATE_MS) continue;
    await runner.query(`ALTER DATABASE "${datname}" WITH IS_TEMPLATE false`);
    await runner.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  }
}

/** Drops a database made by createTestDatabase, closing leftover connections. */
export async function dropTestDatabase(db: TestDatabase | string): Promise<void> {
  const name = typeof db === 'string' ? db : db.name;
  if (!/^[a-z][a-z0-9_]{0,60}$/.test(name)) throw new Error(`Invalid test database name: ${name}`);
  await withAdmin((ds) => ds.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
