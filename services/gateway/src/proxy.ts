// /api/* routing: one keep-alive undici pool per service, one @fastify/http-proxy registration per
// prefix. Paths are forwarded unchanged; bodies and answers are streamed, never buffered.
import type { IncomingHttpHeaders } from 'node:http';
import httpProxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Pool } from 'undici';
import { exceededBodyLimit, sendBodyTooLarge } from './body-limit.js';
import type { GatewayConfig } from './config.js';
import { MESSAGES, sendError } from './errors.js';
import { REQUEST_ID_HEADER } from './request-id.js';
import type { ServiceName } from './routes.js';
import { traceparentFor } from './tracing.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on proxied routes: the service that answers them. */
    upstream?: ServiceName;
  }
}

export type UpstreamPools = Map<ServiceName, Pool>;

/** reply-from's timeout errors (undici headers timeout is mapped to FST_REPLY_FROM_GATEWAY_TIMEOUT). */
const TIMEOUT_CODES = new Set([
  'FST_REPLY_FROM_GATEWAY_TIMEOUT',
  'FST_REPLY_FROM_TIMEOUT',
  'FST_REPLY_FROM_HTTP_REQUEST_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

function errorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string')
    return error.code;
  return undefined;
}

/** Connection errors while the request body was still being sent (the service closed first). */
const CLOSED_WHILE_SENDING = new Set(['EPIPE', 'ECONNRESET', 'UND_ERR_SOCKET']);

/**
 * A service that refuses an upload (JWT guard: wrong or missing token) may answer 401/403 and close
 * the connection before it has read the body; undici then reports the broken write, not the
 * answer. Ask again with the same headers and no body: the guard gives its answer, which goes to
 * the client. Only for multipart uploads (an empty multipart body is refused by every route, a
 * valid token reaches the route with no file and changes nothing), and only 401 and 403 are passed on.
 */
async function refusalOf(
  pool: Pool | undefined,
  request: FastifyRequest,
): Promise<{ status: number; body: Buffer; type: string } | null> {
  // Only uploads: an empty multipart body is refused by every route, so asking again changes nothing.
  if (!pool || !String(request.headers['content-type'] ?? '').startsWith('multipart/form-data')) return null;
  const headers: Record<string, string> = { 'content-length': '0', [REQUEST_ID_HEADER]: request.id };
  for (const name of ['authorization', 'cookie', 'accept-language']) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  try {
    const res = await pool.request({ method: request.method as 'POST', path: request.url, headers, body: '' });
    const body = Buffer.from(await res.body.arrayBuffer());
    if (res.statusCode !== 401 && res.statusCode !== 403) return null;
    const type = res.headers['content-type'];
    return { status: res.statusCode, body, type: typeof type === 'string' ? type : 'application/json; charset=utf-8' };
  } catch {
    return null;
  }
}

async function onUpstreamError(reply: FastifyReply, { error }: { error: Error }, pools: UpstreamPools): Promise<void> {
  const request = reply.request;
  if (exceededBodyLimit(request)) {
    sendBodyTooLarge(reply);
    return;
  }
  const code = errorCode(error);
  const cause = error.cause;
  const upstream = request.routeOptions.config.upstream;
  if (CLOSED_WHILE_SENDING.has(code ?? '') || CLOSED_WHILE_SENDING.has(errorCode(cause) ?? '')) {
    const refusal = await refusalOf(upstream ? pools.get(upstream) : undefined, request);
    if (refusal) {
      reply
        .code(refusal.status)
        .header('content-type', refusal.type)
        .header('cache-control', 'no-store')
        .send(refusal.body);
      return;
    }
  }
  const timedOut = TIMEOUT_CODES.has(code ?? '') || TIMEOUT_CODES.has(errorCode(cause) ?? '');
  request.log.warn(
    { upstream, code, cause: cause instanceof Error ? cause.message : undefined },
    timedOut ? 'upstream timed out' : 'upstream unreachable',
  );
  sendError(reply, timedOut ? 504 : 502, timedOut ? MESSAGES.upstreamTimeout : MESSAGES.upstreamUnavailable);
}

function forwardedHeaders(trustProxy: boolean) {
  return (request: FastifyRequest, headers: IncomingHttpHeaders): IncomingHttpHeaders => {
    const peer = request.socket.remoteAddress ?? '';
    const incoming = request.headers['x-forwarded-for'];
    // Only extend a client-supplied chain when a trusted proxy sits in front of the gateway.
    const chain = trustProxy && typeof incoming === 'string' && incoming.trim() !== '' ? `${incoming}, ${peer}` : peer;
    return {
      ...headers,
      [REQUEST_ID_HEADER]: request.id,
      'x-forwarded-for': chain,
      'x-forwarded-proto': request.protocol,
      'x-forwarded-host': request.host,
      ...traceparentFor(request),
    };
  };
}

/** Hop-by-hop headers describe the gateway<->service connection, not the client's one. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer'];

/** Framework banners of the services say nothing the client needs. */
const STRIPPED_RESPONSE_HEADERS = [...HOP_BY_HOP, 'x-powered-by'];

function responseHeaders(headers: IncomingHttpHeaders, request?: FastifyRequest): IncomingHttpHeaders {
  for (const name of STRIPPED_RESPONSE_HEADERS) delete headers[name];
  // API answers are per user (or per secret link: public quote and signature JSON, PDFs): no
  // browser or proxy keeps them, unless the service chose a policy itself (e.g. the public logo).
  if (headers['cache-control'] === undefined) headers['cache-control'] = 'no-store';
  if (request) headers[REQUEST_ID_HEADER] = request.id;
  return headers;
}

export async function registerProxies(app: FastifyInstance, config: GatewayConfig): Promise<UpstreamPools> {
  const pools: UpstreamPools = new Map();
  const rewriteRequestHeaders = forwardedHeaders(config.trustProxy !== false);
  // reply-from types its hooks for HTTP/1 and HTTP/2 servers alike; the gateway is HTTP/1 only.
  const replyOptions: NonNullable<FastifyHttpProxyOptions['replyOptions']> = {
    rewriteRequestHeaders: (request, headers) =>
      rewriteRequestHeaders(request as FastifyRequest, headers as IncomingHttpHeaders),
    rewriteHeaders: (headers, request) =>
      responseHeaders(headers as IncomingHttpHeaders, request as FastifyRequest | undefined),
    onError: (reply, error) => void onUpstreamError(reply as FastifyReply, error, pools),
    // Never replay a request: an upstream 503 goes to the client as it is.
    retryDelay: () => null,
  };

  for (const service of config.services) {
    const pool = new Pool(service.url, {
      connections: config.upstreamConnections,
      pipelining: 1,
      headersTimeout: config.upstreamTimeoutMs,
      bodyTimeout: config.upstreamTimeoutMs,
      connectTimeout: Math.min(config.upstreamTimeoutMs, 10_000),
    });
    pools.set(service.name, pool);

    for (const prefix of service.prefixes) {
      const options: FastifyHttpProxyOptions = {
        upstream: service.url,
        prefix,
        rewritePrefix: prefix,
        undici: pool,
        disableRequestLogging: true,
        config: { upstream: service.name },
        replyOptions,
      };
      await app.register(httpProxy, options);
    }
  }

  app.addHook('onClose', async () => {
    await Promise.all([...pools.values()].map((pool) => pool.destroy()));
  });
  return pools;
}
