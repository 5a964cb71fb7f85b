import type { IncomingMessage, ServerResponse } from 'node:http';
import { httpRequestDuration, httpThrottled, loginFailures } from './registry.js';

type Next = (error?: unknown) => void;
type RoutedRequest = IncomingMessage & { route?: { path?: unknown }; baseUrl?: string };

const LOGIN_ROUTE = '/api/auth/login';

/**
 * The route template Express matched (`/api/invoices/:id`); `unmatched` for a 404 without a route
 * of ours (Nest answers those from its catch-all `/api*path`): the label never carries an id, a
 * token or a raw path.
 */
export function routeTemplate(req: RoutedRequest, status: number): string {
  const path = req.route?.path;
  if (typeof path !== 'string' || (status === 404 && path.includes('*'))) return 'unmatched';
  return `${req.baseUrl ?? ''}${path}`;
}

/**
 * Observes every answered request into `zunft_http_request_duration_seconds` (one `finish`
 * listener and one histogram update per request), counts 429s and failed logins.
 */
export function httpMetricsMiddleware(req: RoutedRequest, res: ServerResponse, next: Next): void {
  const started = process.hrtime.bigint();
  res.once('finish', () => {
    const status = res.statusCode;
    const route = routeTemplate(req, status);
    httpRequestDuration.observe(
      { method: req.method ?? 'GET', route, status: String(status) },
      Number(process.hrtime.bigint() - started) / 1e9,
    );
    if (status === 429) httpThrottled.inc({ route });
    else if (status === 401 && route === LOGIN_ROUTE) loginFailures.inc();
  });
  next();
}
