// Answers the gateway gives before Fastify sees a request (Node's HTTP parser refused it: headers
// over the limit, a request that timed out, garbage): German, JSON, with the security headers,
// like every other answer of the gateway. Replaces Fastify's English default.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { translateServerMessage } from '@zunft/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { GatewayConfig } from './config.js';

/** German from the server message catalogue (no parsed headers here, so no Accept-Language). */
export const CLIENT_ERROR_MESSAGES = {
  headersTooLarge: translateServerMessage('gateway.headers_too_large'),
  timeout: translateServerMessage('gateway.timeout'),
  badRequest: translateServerMessage('http.bad_request'),
} as const;

/** The security headers of an error answer (no content to protect beyond the JSON itself). */
export function securityHeaderLines(config: Pick<GatewayConfig, 'isHttps'>): string[] {
  return [
    "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
    'X-Content-Type-Options: nosniff',
    'X-Frame-Options: DENY',
    'Referrer-Policy: same-origin',
    'Cross-Origin-Opener-Policy: same-origin',
    'Cross-Origin-Resource-Policy: same-origin',
    'Cache-Control: no-store',
    ...(config.isHttps ? ['Strict-Transport-Security: max-age=31536000; includeSubDomains'] : []),
  ];
}

export function clientErrorHandler(config: Pick<GatewayConfig, 'isHttps'>) {
  return function onClientError(
    this: { log: FastifyBaseLogger },
    error: Error & { code?: string },
    socket: Socket,
  ): void {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, message] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, CLIENT_ERROR_MESSAGES.headersTooLarge]
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, CLIENT_ERROR_MESSAGES.timeout]
          : [400, CLIENT_ERROR_MESSAGES.badRequest];
    this.log.debug({ code: error.code, status }, 'client error');
    if (socket.writable) {
      const body = Buffer.from(JSON.stringify({ error: message }), 'utf8');
      const head = [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${body.length}`,
        'Connection: close',
        ...securityHeaderLines(config),
      ].join('\r\n');
      socket.write(`${head}\r\n\r\n`);
      socket.write(body);
    }
    socket.destroy(error);
  };
}
