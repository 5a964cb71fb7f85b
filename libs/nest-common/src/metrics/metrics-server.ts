import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import { ConfigError } from '../config/load-config.js';
import { metricsRegistry } from './registry.js';

export interface MetricsServerOptions {
  port: number;
  /** 127.0.0.1 unless told (the cluster sets METRICS_HOST=0.0.0.0 for the scraper). */
  host?: string;
  registry?: Registry;
}

export interface MetricsServer {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * `GET /metrics` in the Prometheus text format on its own port: never behind the gateway, which
 * only routes `/api/*` prefixes to the services' main ports.
 */
export async function startMetricsServer(options: MetricsServerOptions): Promise<MetricsServer> {
  const registry = options.registry ?? metricsRegistry;
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => res.writeHead(500).end(String((error as Error).message ?? error)),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
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

export interface MetricsEndpoint {
  port: number;
  host: string;
}

/**
 * `METRICS_PORT` (`off` = no endpoint; unset = `defaultPort`) and `METRICS_HOST` (default
 * 127.0.0.1). A bad value is a start error like every other setting.
 */
export function metricsEndpointFromEnv(
  defaultPort: number,
  env: Record<string, string | undefined> = process.env,
): MetricsEndpoint | null {
  const raw = env.METRICS_PORT?.trim();
  if (raw === 'off') return null;
  const port = raw ? Number(raw) : defaultPort;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`METRICS_PORT must be a port number or "off", got "${raw}"`);
  }
  return { port, host: env.METRICS_HOST?.trim() || '127.0.0.1' };
}
