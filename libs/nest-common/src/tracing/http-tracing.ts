import type { IncomingMessage, ServerResponse } from 'node:http';
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { routeTemplate } from '../metrics/http-metrics.js';
import { tracingEnabled } from './tracing.js';

type Next = (error?: unknown) => void;
type RoutedRequest = IncomingMessage & { route?: { path?: unknown }; baseUrl?: string };

/**
 * One SERVER span per request, child of the caller's W3C `traceparent` (the gateway's span, or the
 * browser's when a service is called directly); named `METHOD /route/:template` when the answer is
 * sent, so a span name never carries an id or a token. Off: `next()` and nothing else.
 */
export function httpTracingMiddleware(req: RoutedRequest, res: ServerResponse, next: Next): void {
  if (!tracingEnabled()) {
    next();
    return;
  }
  const method = req.method ?? 'GET';
  const parent = propagation.extract(ROOT_CONTEXT, req.headers);
  const span = trace
    .getTracer('@zunft/nest-common')
    .startSpan(method, { kind: SpanKind.SERVER, attributes: { 'http.request.method': method } }, parent);
  res.once('finish', () => {
    const status = res.statusCode;
    const route = routeTemplate(req, status);
    span.updateName(`${method} ${route}`);
    span.setAttribute('http.route', route);
    span.setAttribute('http.response.status_code', status);
    if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
  context.with(trace.setSpan(parent, span), next);
}
