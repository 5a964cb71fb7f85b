// On-the-fly compression of answers that were not compressed at build time: the services' JSON
// (streamed through the proxy), /config/remotes.json and the gateway's own JSON errors. Static
// assets come precompressed from the builds (.br/.gz siblings, see static.ts) and are left alone.
// Brotli at a moderate quality (the per-request CPU matters more than the last percent), gzip when
// the client accepts only gzip, nothing below COMPRESS_MIN_BYTES.
import { pipeline, Readable } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Below this size the compression headers and CPU cost more than they save. */
export const COMPRESS_MIN_BYTES = 1024;

/** Content types worth compressing (SSE is streamed event by event and must not be buffered). */
const COMPRESSIBLE_TYPE =
  /^(?:application\/(?:json|[\w.+-]+\+json|javascript|xml|manifest\+json)|text\/(?!event-stream)[\w.+-]+|image\/svg\+xml)\b/i;

/** Status codes whose body must stay as it is (no body, partial content, not modified). */
const UNTOUCHED_STATUS = new Set([204, 206, 304]);

export type Encoding = 'br' | 'gzip';

/**
 * The best encoding the `Accept-Encoding` header allows: br before gzip; q=0 refuses; `*` stands for
 * every coding not named. Returns undefined for identity.
 */
export function chooseEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.trim().split(';');
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key?.trim().toLowerCase() === 'q') {
        const parsed = Number(value);
        weight = Number.isFinite(parsed) ? parsed : 0;
      }
    }
    q.set(name, weight);
  }
  const weightOf = (coding: Encoding) => q.get(coding) ?? q.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return undefined;
}

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : typeof vary === 'string' ? vary : '';
  if (current === '*' || /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(current)) return;
  reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

function byteLength(payload: unknown): number | undefined {
  if (typeof payload === 'string') return Buffer.byteLength(payload);
  if (Buffer.isBuffer(payload)) return payload.length;
  return undefined;
}

function compressor(encoding: Encoding, sizeHint: number | undefined) {
  if (encoding === 'gzip') return createGzip({ level: 6 });
  return createBrotliCompress({
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      ...(sizeHint ? { [constants.BROTLI_PARAM_SIZE_HINT]: sizeHint } : {}),
    },
  });
}

function compress(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (request.method === 'HEAD' || UNTOUCHED_STATUS.has(reply.statusCode)) return payload;
  if (reply.hasHeader('content-encoding') || reply.hasHeader('content-range')) return payload;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !COMPRESSIBLE_TYPE.test(type)) return payload;
  const declared = Number(reply.getHeader('content-length'));
  const size = byteLength(payload) ?? (Number.isFinite(declared) && declared > 0 ? declared : undefined);
  if (size !== undefined && size < COMPRESS_MIN_BYTES) return payload;
  const isStream = payload instanceof Readable;
  if (!isStream && size === undefined) return payload;

  addVary(reply);
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (!encoding) return payload;

  const etag = reply.getHeader('etag');
  // The compressed bytes differ from the identity ones: a strong validator would be a lie.
  if (typeof etag === 'string' && !etag.startsWith('W/')) reply.header('etag', `W/${etag}`);
  reply.removeHeader('content-length');
  reply.header('content-encoding', encoding);
  const source = isStream
    ? payload
    : Readable.from([Buffer.isBuffer(payload) ? payload : Buffer.from(String(payload))]);
  return pipeline(source, compressor(encoding, size), (error) => {
    if (error) request.log.warn({ err: error }, 'compression aborted');
  });
}

export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => compress(request, reply, payload));
}
