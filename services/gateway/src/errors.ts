// Every answer the gateway produces itself is `{ error, requestId }`: the German text of the server
// message catalogue (libs/contracts/src/messages), sent in the Accept-Language's de/fr/it.
import type { FastifyReply } from 'fastify';
import {
  parseAcceptLanguage,
  translateGermanMessage,
  translateServerMessage as text,
  type ErrorBody,
} from '@zunft/contracts';

/** The German texts (the catalogue's); sendError translates them. */
export const MESSAGES = {
  unknownApiPath: text('gateway.unknown_api_path'),
  notFound: text('not_found'),
  fileNotFound: text('gateway.file_not_found'),
  bodyTooLarge: text('http.payload_too_large'),
  tooManyRequests: text('gateway.too_many_requests'),
  upstreamUnavailable: text('gateway.upstream_unavailable'),
  upstreamTimeout: text('gateway.upstream_timeout'),
  shellMissing: text('gateway.shell_missing'),
  badRequest: text('http.bad_request'),
  internal: text('gateway.internal'),
} as const;

/** `error` is German; it is answered in the request's Accept-Language (de/fr/it) when the catalogue has it. */
export function sendError(reply: FastifyReply, status: number, error: string): FastifyReply {
  const language = parseAcceptLanguage(reply.request.headers['accept-language']) ?? 'de';
  const body: ErrorBody = { error: translateGermanMessage(error, language), requestId: reply.request.id };
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('content-language', language)
    .type('application/json; charset=utf-8')
    .send(body);
}
