// Body size limits, enforced before a byte reaches a service: by Content-Length up front, and by
// counting for chunked bodies (which the proxy streams through without buffering).
import { Transform, type TransformCallback } from 'node:stream';
import { EXPENSE_MESSAGES, INVOICE_MESSAGES, LOGO_ERRORS } from '@zunft/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from './config.js';
import { MESSAGES, sendError } from './errors.js';
import { BODY_LIMIT_RULES, createBodyLimitResolver } from './routes.js';

const tooLarge = new WeakSet<FastifyRequest>();

/** True when the streamed body of this request was cut off for exceeding its limit. */
export function exceededBodyLimit(request: FastifyRequest): boolean {
  return tooLarge.has(request);
}

/** The spec's text for an upload over its limit (logo 5 MB, receipts and bank files 10 MB), else the general one. */
export function tooLargeMessage(url: string): string {
  const path = url.split('?')[0] ?? '';
  if (path === '/api/companies/logo') return LOGO_ERRORS.tooLarge;
  if (/^\/api\/expenses(\/[^/]+)?$/.test(path)) return EXPENSE_MESSAGES.receiptTooLarge;
  if (path === '/api/invoices/payments/import') return INVOICE_MESSAGES.importTooLarge;
  return MESSAGES.bodyTooLarge;
}

/** 413 with the route's German text. `keepAlive`: the body was read to its end (else close). */
export function sendBodyTooLarge(reply: FastifyReply, { keepAlive = false } = {}): FastifyReply {
  // A body not read to its end: close the connection after the answer.
  if (!keepAlive) reply.header('connection', 'close');
  return sendError(reply, 413, tooLargeMessage(reply.request.url));
}

/**
 * Reads and discards a body announced by Content-Length, so the client (a browser uploading a too
 * large file) has sent everything and can read the 413 instead of a reset connection. True when
 * the body ended; false when the client went away first.
 */
function discardBody(request: FastifyRequest): Promise<boolean> {
  const raw = request.raw;
  if (raw.complete) return Promise.resolve(true);
  return new Promise((resolve) => {
    raw.once('end', () => resolve(true));
    raw.once('close', () => resolve(raw.complete));
    raw.once('error', () => resolve(false));
    raw.resume();
  });
}

class BodyTooLargeError extends Error {
  readonly statusCode = 413;
  constructor(limit: number) {
    super(`request body exceeds ${limit} bytes`);
  }
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (length !== undefined) return length !== '0';
  return request.headers['transfer-encoding'] !== undefined;
}

export function registerBodyLimits(app: FastifyInstance, config: GatewayConfig): void {
  const limitFor = createBodyLimitResolver(BODY_LIMIT_RULES, config.bodyLimitBytes);

  app.addHook('onRequest', async (request, reply) => {
    const length = request.headers['content-length'];
    const limit = limitFor(request.url);
    if (length === undefined || !(Number(length) > limit)) return;
    // Up to twice the limit the body is read and dropped, so the browser gets the German answer
    // (a 6 MB logo, an 11 MB receipt); above that the answer comes at once and the connection closes.
    if (Number(length) <= 2 * limit && (await discardBody(request)))
      return sendBodyTooLarge(reply, { keepAlive: true });
    return sendBodyTooLarge(reply);
  });

  // An answer before the whole body arrived (a service refusing the token of an upload answers at
  // once): read the rest of an announced body up to twice the route's limit before answering, so
  // the client reads the answer instead of a reset connection (EPIPE); beyond that, close.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!hasBody(request) || request.raw.complete || exceededBodyLimit(request)) return payload;
    const length = Number(request.headers['content-length']);
    if (Number.isFinite(length) && length <= 2 * limitFor(request.url)) {
      request.raw.unpipe();
      if (await discardBody(request)) return payload;
    }
    reply.header('connection', 'close');
    return payload;
  });

  // Proxied routes stream the body; count the bytes on the way through. Fastify's own routes
  // (health, config) parse bodies with the global bodyLimit.
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (!request.routeOptions.config.upstream || !hasBody(request)) return payload;
    const limit = limitFor(request.url);
    let received = 0;
    const guard = new Transform({
      transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
        received += chunk.length;
        if (received > limit) {
          tooLarge.add(request);
          callback(new BodyTooLargeError(limit));
          return;
        }
        callback(null, chunk);
      },
    });
    payload.on('error', (error) => guard.destroy(error));
    // pipe() (not pipeline) so a guard error does not destroy the client's socket before the 413.
    return payload.pipe(guard);
  });
}
