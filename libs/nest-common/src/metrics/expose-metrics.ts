import type { INestApplicationContext } from '@nestjs/common';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { registerDataSourceMetrics } from './database-metrics.js';
import { metricsEndpointFromEnv, startMetricsServer, type MetricsServer } from './metrics-server.js';

/** Default metrics ports per process (`METRICS_PORT` overrides; `npm start` sets them per stack). */
export const METRICS_DEFAULT_PORTS = {
  gateway: 9100,
  auth: 9101,
  operations: 9102,
  billing: 9103,
  'billing-worker': 9104,
} as const;

export interface ExposeMetricsOptions {
  service: keyof typeof METRICS_DEFAULT_PORTS;
  logger: Logger;
  env?: Record<string, string | undefined>;
}

/**
 * main.ts / worker.ts: the pool and outbox gauges read the app's DataSource, and `/metrics` is
 * served on METRICS_HOST:METRICS_PORT. A port already taken (a second local stack) is logged, not
 * fatal: the product runs on without its metrics.
 */
export async function exposeMetrics(
  app: INestApplicationContext,
  options: ExposeMetricsOptions,
): Promise<MetricsServer | null> {
  try {
    registerDataSourceMetrics(options.service, app.get(DataSource, { strict: false }));
  } catch {
    // a process without a database has no pool or outbox to show
  }
  const endpoint = metricsEndpointFromEnv(METRICS_DEFAULT_PORTS[options.service], options.env);
  if (!endpoint) return null;
  try {
    const server = await startMetricsServer(endpoint);
    options.logger.info({ metrics: `http://${endpoint.host}:${server.port}/metrics` }, 'metrics endpoint listening');
    return server;
  } catch (error) {
    options.logger.error(
      { err: (error as Error).message, port: endpoint.port },
      'metrics endpoint not started (port taken?)',
    );
    return null;
  }
}
