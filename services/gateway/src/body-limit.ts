// Body size limits, enforced before a byte reaches a service: by Content-Length up front, and by
// counting for chunked bodies (which the proxy streams through without buffering).
import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from './config.js';
import { MESSAGES, sendError } from './errors.js';
import { BODY_LIMIT_RULES, createBodyLimitResolver } from './routes.js';

const tooLarge = new WeakSet<FastifyRequest>();

/** True when the streamed body of this request was cut off for exceeding its limit. */
export function exceededBodyLimit(request: FastifyRequest): boolean {
  return tooLarge.has(request);
}

export function sendBodyTooLarge(reply: FastifyReply): FastifyReply {
  // The rest of the body is not read: close the connection after the answer.
  reply.header('connection', 'close');
  return sendError(reply, 413, MESSAGES.bodyTooLarge);
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
    if (length !== undefined && Number(length) > limitFor(request.url)) return sendBodyTooLarge(reply);
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
