// The gateway: one entry point in front of the services and the built frontends. It routes,
// limits and adds headers; it holds no business logic.
import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import { registerBodyLimits, sendBodyTooLarge } from './body-limit.js';
import { clientErrorHandler } from './client-error.js';
import { registerCompression } from './compress.js';
import type { GatewayConfig } from './config.js';
import { MESSAGES, sendError } from './errors.js';
import { registerHealth } from './health.js';
import { registerOpenApi } from './openapi.js';
import { registerMetrics } from './metrics.js';
import { registerProxies } from './proxy.js';
import { registerRateLimits } from './rate-limit.js';
import { REQUEST_ID_HEADER, requestIdFor } from './request-id.js';
import { pathOf } from './routes.js';
import { registerSecurityHeaders } from './security-headers.js';
import { registerStatic } from './static.js';
import { registerTracing, traceIdOf } from './tracing.js';

/** Public token links carry their secret in the path: keep it out of the logs. */
export function pathForLog(url: string): string {
  return pathOf(url)
    .replace(/^(\/(?:api\/)?(?:signature|quote-acceptance))\/[^/]+/i, '$1/:token')
    .replace(/^(\/api\/auth\/invitations)\/(?!accept\/?$)[^/]+/i, '$1/:token');
}

/** TRUST_PROXY=<n>: trust the n closest proxies (hop 0 is the direct peer). */
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

export async function buildGateway(config: GatewayConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      base: { service: 'gateway' },
      timestamp: () => `,"time":"${new Date().toISOString()}"`,
    },
    // One access line per request (onResponse below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    requestIdHeader: false,
    genReqId: requestIdFor,
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    // A request whose headers or body do not arrive in time is answered 408 (clientErrorHandler)
    // and closed; Node checks once a second instead of every 30 s.
    requestTimeout: config.requestTimeoutMs,
    http: { headersTimeout: config.headersTimeoutMs, connectionsCheckingInterval: 1_000 },
    // Requests Node's parser refuses (e.g. 431 for 60 KB of headers) answer in German too.
    clientErrorHandler: clientErrorHandler(config),
    frameworkErrors: (_error, _request, reply) => {
      sendError(reply, 400, MESSAGES.badRequest);
    },
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });

  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        path: pathForLog(request.url),
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
        upstream: request.routeOptions.config.upstream,
        ip: request.ip,
        traceId: traceIdOf(request),
      },
      'request completed',
    );
  });

  registerMetrics(app);
  registerTracing(app);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status === 413) return sendBodyTooLarge(reply);
    if (status >= 400 && status < 500) return sendError(reply, status, MESSAGES.badRequest);
    request.log.error({ err: error }, 'gateway error');
    return sendError(reply, 500, MESSAGES.internal);
  });

  // Order matters: hooks run in registration order (headers first, so every answer has them;
  // rate limits before body limits, so floods of large bodies are counted too).
  await registerSecurityHeaders(app, config);
  registerCompression(app);
  await registerRateLimits(app, config);
  registerBodyLimits(app, config);
  const pools = await registerProxies(app, config);
  registerHealth(app, config, pools);
  registerOpenApi(app, config, pools);
  await registerStatic(app, config);

  return app;
}
