// GET /api/openapi.json: the services' OpenAPI 3.1 documents (each built from its routes and zod
// schemas, served on the service's own port at /openapi.json) merged into one. GET /api/docs: a
// page that renders it (src/openapi-docs.ts; its script and styles are files, so the CSP holds).
import { parseAcceptLanguage, translateServerMessage } from '@zunft/contracts';
import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from './config.js';
import { MESSAGES, sendError } from './errors.js';
import { DOCS_CSS, DOCS_JS, DOCS_LABELS, docsHtml } from './openapi-docs.js';
import type { UpstreamPools } from './proxy.js';
import type { ServiceName } from './routes.js';

type Json = Record<string, unknown>;

/** A merged document is kept this long (the services' documents change only with a deploy). */
const CACHE_MS = 60_000;

export interface MergedOpenApi {
  document: Json;
  /** Services whose document could not be read (left out of this answer, not cached). */
  missing: ServiceName[];
}

/** One document from several: paths and tags side by side, shared components (Error, bearerAuth) once. */
export function mergeOpenApi(documents: Array<{ service: ServiceName; document: Json }>, missing: ServiceName[]): Json {
  const paths: Json = {};
  const tags: Json[] = [];
  const schemas: Json = {};
  const securitySchemes: Json = {};
  for (const { service, document } of documents) {
    Object.assign(paths, document['paths'] as Json);
    for (const tag of (document['tags'] ?? []) as Json[]) tags.push({ ...tag, 'x-service': service });
    const components = (document['components'] ?? {}) as Json;
    Object.assign(schemas, components['schemas'] as Json);
    Object.assign(securitySchemes, components['securitySchemes'] as Json);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Zunft API',
      version: '1.0.0',
      description:
        'Alle Anfragen gehen über das Gateway (`/api/...`). Anmelden mit POST /api/auth/login, dann das Zugriffstoken als `Authorization: Bearer <token>` senden. ' +
        'Fehler antworten immer mit `{ error, code, requestId }`; `error` ist deutsch (oder in der Sprache von Accept-Language: de, fr, it).',
    },
    servers: [{ url: '/' }],
    tags,
    paths,
    components: { securitySchemes, schemas },
    ...(missing.length > 0 ? { 'x-missing-services': missing } : {}),
  };
}

export function registerOpenApi(app: FastifyInstance, config: GatewayConfig, pools: UpstreamPools): void {
  let cached: { at: number; body: string } | undefined;

  async function fetchDocument(service: ServiceName): Promise<Json | undefined> {
    const pool = pools.get(service);
    if (!pool) return undefined;
    try {
      const response = await pool.request({
        method: 'GET',
        path: '/openapi.json',
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(config.healthTimeoutMs),
      });
      if (response.statusCode !== 200) {
        await response.body.dump();
        return undefined;
      }
      return (await response.body.json()) as Json;
    } catch {
      return undefined;
    }
  }

  app.get('/api/openapi.json', async (request, reply) => {
    if (!cached || Date.now() - cached.at > CACHE_MS) {
      const results = await Promise.all(
        config.services.map(async (s) => ({ service: s.name, document: await fetchDocument(s.name) })),
      );
      const found = results.filter((r): r is { service: ServiceName; document: Json } => r.document !== undefined);
      const missing = results.filter((r) => r.document === undefined).map((r) => r.service);
      if (found.length === 0) return sendError(reply, 503, MESSAGES.upstreamUnavailable);
      const body = JSON.stringify(mergeOpenApi(found, missing));
      if (missing.length > 0) {
        request.log.warn({ missing }, 'openapi: services without a document');
        return reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(body);
      }
      cached = { at: Date.now(), body };
    }
    return reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(cached.body);
  });

  app.get('/api/docs', (request, reply) => {
    const language = parseAcceptLanguage(request.headers['accept-language']) ?? 'de';
    const labels = Object.fromEntries(
      DOCS_LABELS.map((name) => [name, translateServerMessage(`gateway.docs.${name}`, language)]),
    ) as Record<(typeof DOCS_LABELS)[number], string>;
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Language')
      .header('content-language', language)
      .type('text/html; charset=utf-8')
      .send(docsHtml(language, labels));
  });
  app.get('/api/docs/docs.js', (_request, reply) => {
    reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(DOCS_JS);
  });
  app.get('/api/docs/docs.css', (_request, reply) => {
    reply.header('cache-control', 'no-cache').type('text/css; charset=utf-8').send(DOCS_CSS);
  });
}
