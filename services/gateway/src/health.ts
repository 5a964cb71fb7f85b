// GET /livez: the gateway process answers (for liveness/readiness probes, never depends on others).
// GET /healthz: the gateway plus each configured service's GET /health (for monitoring; 503 when
// a service is unreachable).
import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from './config.js';
import type { UpstreamPools } from './proxy.js';
import type { ServiceName } from './routes.js';

export interface UpstreamHealth {
  status: 'ok' | 'down';
  httpStatus?: number;
  latencyMs: number;
  error?: string;
}

export interface HealthBody {
  status: 'ok' | 'degraded';
  gateway: 'ok';
  upstreams: Partial<Record<ServiceName, UpstreamHealth>>;
}

export function registerHealth(app: FastifyInstance, config: GatewayConfig, pools: UpstreamPools): void {
  async function check(name: ServiceName): Promise<UpstreamHealth> {
    const pool = pools.get(name)!;
    const started = performance.now();
    try {
      const response = await pool.request({
        method: 'GET',
        path: '/health',
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(config.healthTimeoutMs),
      });
      await response.body.dump();
      const latencyMs = Math.round(performance.now() - started);
      const ok = response.statusCode >= 200 && response.statusCode < 300;
      return { status: ok ? 'ok' : 'down', httpStatus: response.statusCode, latencyMs };
    } catch (error) {
      const latencyMs = Math.round(performance.now() - started);
      const message = error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'unreachable';
      return { status: 'down', latencyMs, error: message };
    }
  }

  app.get('/livez', { logLevel: 'warn' }, (_request, reply) => {
    reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });

  app.get('/healthz', { logLevel: 'warn' }, async (_request, reply) => {
    const results = await Promise.all(
      config.services.map(async (service) => [service.name, await check(service.name)] as const),
    );
    const upstreams = Object.fromEntries(results) as HealthBody['upstreams'];
    const healthy = results.every(([, result]) => result.status === 'ok');
    const body: HealthBody = { status: healthy ? 'ok' : 'degraded', gateway: 'ok', upstreams };
    return reply
      .code(healthy ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(body);
  });
}
