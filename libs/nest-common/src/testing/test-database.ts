import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';

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

/** Creates an empty throw-away database `<prefix>_<random>` and returns its URL. */
export async function createTestDatabase(prefix: string): Promise<TestDatabase> {
  if (!/^[a-z][a-z0-9_]{0,40}$/.test(prefix)) throw new Error(`Invalid test database prefix: ${prefix}`);
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await withAdmin((ds) => ds.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  // Throw-away data needs no durable commits: without waiting for fsync, parallel suites run far faster.
  url.searchParams.set('options', '-c synchronous_commit=off');
  return { name, url: url.toString() };
}

/** Drops a database made by createTestDatabase, closing leftover connections. */
export async function dropTestDatabase(db: TestDatabase | string): Promise<void> {
  const name = typeof db === 'string' ? db : db.name;
  if (!/^[a-z][a-z0-9_]{0,60}$/.test(name)) throw new Error(`Invalid test database name: ${name}`);
  await withAdmin((ds) => ds.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
