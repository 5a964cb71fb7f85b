import { Gauge } from 'prom-client';
import type { DataSource } from 'typeorm';
import { metricsRegistry } from './registry.js';

interface PgPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

const sources = new Map<string, DataSource>();

function poolOf(dataSource: DataSource): PgPool | null {
  const pool = (dataSource.driver as unknown as { master?: Partial<PgPool> }).master;
  return pool && typeof pool.totalCount === 'number' ? (pool as PgPool) : null;
}

new Gauge({
  name: 'zunft_db_pool_connections_in_use',
  help: 'PostgreSQL pool connections checked out, by service',
  labelNames: ['service'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const [service, ds] of sources) {
      const pool = poolOf(ds);
      if (pool) this.set({ service }, pool.totalCount - pool.idleCount);
    }
  },
});

new Gauge({
  name: 'zunft_db_pool_waiting',
  help: 'Queries waiting for a PostgreSQL pool connection, by service',
  labelNames: ['service'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const [service, ds] of sources) {
      const pool = poolOf(ds);
      if (pool) this.set({ service }, pool.waitingCount);
    }
  },
});

interface OutboxState {
  backlog: number;
  lag: number;
}

/** One query per scrape, shared by both outbox gauges (the partial index on unpublished rows answers it). */
async function outboxStates(): Promise<Map<string, OutboxState>> {
  const states = new Map<string, OutboxState>();
  await Promise.all(
    [...sources].map(async ([service, ds]) => {
      if (!ds.isInitialized) return;
      try {
        const rows: { backlog: number; lag: number }[] = await ds.query(
          `SELECT count(*)::int AS backlog,
                  COALESCE(EXTRACT(EPOCH FROM now() - min(occurred_at)), 0)::float8 AS lag
             FROM outbox_events WHERE published_at IS NULL`,
        );
        states.set(service, { backlog: Number(rows[0]?.backlog ?? 0), lag: Math.max(0, Number(rows[0]?.lag ?? 0)) });
      } catch {
        // no outbox table (yet) or the database is away: the gauge leaves the service out
      }
    }),
  );
  return states;
}

let pending: Promise<Map<string, OutboxState>> | null = null;
function outboxOnce(): Promise<Map<string, OutboxState>> {
  pending ??= outboxStates().finally(() => setTimeout(() => (pending = null), 0));
  return pending;
}

new Gauge({
  name: 'zunft_outbox_backlog',
  help: 'Outbox events not yet published to NATS, by service',
  labelNames: ['service'] as const,
  registers: [metricsRegistry],
  async collect() {
    const states = await outboxOnce();
    this.reset();
    for (const [service, s] of states) this.set({ service }, s.backlog);
  },
});

new Gauge({
  name: 'zunft_outbox_lag_seconds',
  help: 'Age of the oldest unpublished outbox event (0 when none waits), by service',
  labelNames: ['service'] as const,
  registers: [metricsRegistry],
  async collect() {
    const states = await outboxOnce();
    this.reset();
    for (const [service, s] of states) this.set({ service }, s.lag);
  },
});

/** Pool and outbox gauges read this DataSource at scrape time (one per service and process). */
export function registerDataSourceMetrics(service: string, dataSource: DataSource): void {
  sources.set(service, dataSource);
}

export function unregisterDataSourceMetrics(service: string): void {
  sources.delete(service);
}
