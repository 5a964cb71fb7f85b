import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { runWithRequestContext } from './request-context.js';

export const REQUEST_ID_HEADER = 'x-request-id';
const acceptableId = /^[A-Za-z0-9._:-]{1,128}$/;

type Next = (error?: unknown) => void;
export type RequestWithId = IncomingMessage & { id?: string; originalUrl?: string };

/**
 * Takes the gateway's `x-request-id` (or makes one), echoes it in the answer header and runs the
 * rest of the request inside a context that logs and events read it from.
 */
export function requestIdMiddleware(req: RequestWithId, res: ServerResponse, next: Next): void {
  const incoming = req.headers[REQUEST_ID_HEADER];
  const candidate = Array.isArray(incoming) ? incoming[0] : incoming;
  const requestId = candidate && acceptableId.test(candidate) ? candidate : randomUUID();
  req.id = requestId;
  res.setHeader(REQUEST_ID_HEADER, requestId);
  runWithRequestContext({ requestId, request: req }, () => next());
}

/**
 * Public token links carry their secret in the path (`/api/quote-acceptance/<token>/accept`):
 * the log shows `:token` instead, as the gateway's log does.
 */
export function pathForLog(url: string): string {
  return url.split('?')[0]!.replace(/^(\/(?:api\/)?(?:signature|quote-acceptance))\/[^/]+/i, '$1/:token');
}

/** One structured line per answered request: method, path (token links redacted), status, duration. */
export function accessLogMiddleware(logger: Logger) {
  return (req: RequestWithId, res: ServerResponse, next: Next): void => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const status = res.statusCode;
      const entry = {
        method: req.method,
        path: pathForLog(req.originalUrl ?? req.url ?? ''),
        status,
        durationMs: Math.round(durationMs * 10) / 10,
      };
      if (status >= 500) logger.error(entry, 'request failed');
      else logger.info(entry, 'request');
    });
    next();
  };
}
