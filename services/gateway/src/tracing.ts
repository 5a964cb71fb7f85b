import { startServerSpan, TRACEPARENT_HEADER, type ServerSpan } from '@zunft/nest-common/tracing';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routeLabel } from './metrics.js';

const spans = new WeakMap<FastifyRequest, ServerSpan>();

/**
 * Traces (issue 27): with tracing on (`startTracing` in main.ts), one SERVER span per request,
 * child of the browser's W3C `traceparent`, named by the route pattern when answered; the request
 * forwarded to a service carries this span's `traceparent` (`traceparentFor`). Off: no hook work,
 * and the browser's `traceparent` goes upstream unchanged with the other headers.
 */
export function registerTracing(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const span = startServerSpan(request.method, request.headers);
    if (span) spans.set(request, span);
  });
  app.addHook('onResponse', async (request, reply) => {
    spans.get(request)?.end(routeLabel(request), reply.statusCode);
  });
}

/** The trace id of the request's span for its access log line (tracing on), else undefined. */
export function traceIdOf(request: FastifyRequest): string | undefined {
  return spans.get(request)?.traceparent?.split('-')[1];
}

/** The `traceparent` header for the upstream request: the gateway's span, or the caller's own. */
export function traceparentFor(request: FastifyRequest): Record<string, string> {
  const own = spans.get(request)?.traceparent;
  return own ? { [TRACEPARENT_HEADER]: own } : {};
}
