import { z } from 'zod';
import { loadConfig } from '../config/load-config.js';

/**
 * Pool sizing of a service's PostgreSQL connections, by configuration. Every replica of every
 * service opens up to `DB_POOL_MAX` connections to the same server: keep
 * `sum(replicas × DB_POOL_MAX) + migrators + admin` below the server's `max_connections`
 * (docs/operations.md has the sum for the manifests).
 */
export const databasePoolEnvSchema = z.object({
  /** Connections per process (pg Pool `max`). */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /** How long a query waits for a connection (to open one, or for a free one of the pool), then fails. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** PostgreSQL cancels a statement running longer (`statement_timeout`; 0 = off). Migrations run without it. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** An idle pooled connection is closed after this long. */
  DB_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
});
export type DatabasePoolConfig = z.output<typeof databasePoolEnvSchema>;

/** The TypeORM/pg options for the pool from the environment (throws ConfigError on bad values). */
export function databasePoolOptions(env: Record<string, string | undefined> = process.env) {
  const c = loadConfig(databasePoolEnvSchema, env);
  return {
    poolSize: c.DB_POOL_MAX,
    extra: {
      max: c.DB_POOL_MAX,
      connectionTimeoutMillis: c.DB_CONNECT_TIMEOUT_MS,
      idleTimeoutMillis: c.DB_IDLE_TIMEOUT_MS,
      // A transaction left open by a crashed request does not hold its locks for ever.
      idle_in_transaction_session_timeout: Math.max(c.DB_STATEMENT_TIMEOUT_MS, 60_000),
      ...(c.DB_STATEMENT_TIMEOUT_MS > 0 ? { statement_timeout: c.DB_STATEMENT_TIMEOUT_MS } : {}),
    },
  };
}
