// The gateway's Prometheus metrics: its own registry, filled by one onResponse hook, served on a
// port of its own (METRICS_PORT, default 9100, on 127.0.0.1) — never on the public port.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ConfigError } from './config.js';

export const gatewayRegistry = new Registry();
collectDefaultMetrics({ register: gatewayRegistry, prefix: 'zunft_' });

const httpDuration = new Histogram({
  name: 'zunft_http_request_duration_seconds',
  help: 'HTTP request duration at the gateway by method, route and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [gatewayRegistry],
});

const throttled = new Counter({
  name: 'zunft_http_throttled_total',
  help: 'Requests answered 429 Too Many Requests (rate limits, login throttle), by route',
  labelNames: ['route'] as const,
  registers: [gatewayRegistry],
});

const loginFailures = new Counter({
  name: 'zunft_login_failures_total',
  help: 'Login attempts answered 401 by the auth service',
  registers: [gatewayRegistry],
});

/**
 * Fastify's route pattern: a proxied prefix (`/api/invoices/*`), a static one (`/remotes/*`), or
 * `unmatched` — never the requested path with its ids or tokens.
 */
export function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

/** One onResponse hook: a histogram update per answer, and the 429 / failed-login counters. */
export function registerMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = routeLabel(request);
    const status = reply.statusCode;
    httpDuration.observe({ method: request.method, route, status: String(status) }, reply.elapsedTime / 1000);
    if (status === 429) throttled.inc({ route });
    else if (status === 401 && request.method === 'POST' && request.url.split('?')[0] === '/api/auth/login') {
      loginFailures.inc();
    }
  });
}

/** `METRICS_PORT` (`off`: none; unset: 9100) and `METRICS_HOST` (127.0.0.1; 0.0.0.0 in the cluster). */
export function metricsEndpoint(env: Record<string, string | undefined>): { port: number; host: string } | null {
  const raw = env.METRICS_PORT?.trim();
  if (raw === 'off') return null;
  const port = raw ? Number(raw) : 9100;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError([`METRICS_PORT must be a port number or "off", got "${raw}"`]);
  }
  return { port, host: env.METRICS_HOST?.trim() || '127.0.0.1' };
}

/** `GET /metrics` of the gateway's registry on its own listener; resolves with the bound port. */
export async function startMetricsServer(endpoint: {
  port: number;
  host: string;
}): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') return void res.writeHead(404).end();
    gatewayRegistry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': gatewayRegistry.contentType }).end(text),
      (error: unknown) => res.writeHead(500).end((error as Error).message),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(endpoint.port, endpoint.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.unref();
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
