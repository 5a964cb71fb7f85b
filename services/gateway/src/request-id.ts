import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

const SANE_REQUEST_ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * Keeps a caller's request id when it is harmless (it ends up in logs, events and jobs), else
 * starts a new one. Used as Fastify's genReqId, so `request.id` is the id everywhere.
 */
export function requestIdFor(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  if (typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming)) return incoming;
  return randomUUID();
}
