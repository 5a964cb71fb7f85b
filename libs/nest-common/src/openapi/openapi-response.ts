import type { INestApplication } from '@nestjs/common';
import { errorBodySchema } from '@zunft/contracts';
import { z } from 'zod';
import {
  buildOpenApiDocument,
  discoverDocumentedRoutes,
  type OpenApiDocumentOptions,
  type OpenApiRegistry,
  type OperationDoc,
} from './openapi-document.js';

/** The error answer every service documents: `{ error, code, requestId }`. */
const documentedErrorSchema = errorBodySchema.extend({ code: z.string(), requestId: z.string() }).strict();

/** The registry entry of a concrete request (`GET`, `/api/customers/1f…`), literal segments first. */
export function matchOperation(
  registry: OpenApiRegistry,
  method: string,
  url: string,
): { key: string; doc: OperationDoc } | undefined {
  const path = url.split('?')[0]!;
  const candidates = Object.keys(registry)
    .filter((key) => key.startsWith(`${method.toUpperCase()} `))
    .map((key) => ({ key, template: key.slice(key.indexOf(' ') + 1) }))
    .filter(({ template }) => new RegExp(`^${template.replace(/:[A-Za-z0-9_]+/g, '[^/]+')}/?$`).test(path))
    .sort((a, b) => (a.template.match(/:/g)?.length ?? 0) - (b.template.match(/:/g)?.length ?? 0));
  const best = candidates[0];
  return best ? { key: best.key, doc: registry[best.key]! } : undefined;
}

/** Field paths of `actual` the documented schema dropped (fields the document does not name). */
function undocumentedFields(actual: unknown, parsed: unknown, at = ''): string[] {
  if (actual === null || typeof actual !== 'object' || parsed === null || typeof parsed !== 'object') return [];
  if (Array.isArray(actual)) {
    return actual.flatMap((v, i) => undocumentedFields(v, (parsed as unknown[])[i], `${at}[${i}]`));
  }
  const out: string[] = [];
  for (const [k, v] of Object.entries(actual)) {
    if (!(k in parsed)) out.push(`${at}.${k}`);
    else out.push(...undocumentedFields(v, (parsed as Record<string, unknown>)[k], `${at}.${k}`));
  }
  return out;
}

export interface ResponseLike {
  status: number;
  body: unknown;
  /** supertest's `res.req` (Node's ClientRequest: `method`, `path`). */
  req?: unknown;
}

/**
 * Throws unless the answer matches its documented operation: a route in the registry, a success
 * body that its `response` schema accepts without fields it does not name, an error body of the
 * `{ error, code, requestId }` shape. For any int-spec: `expectDocumentedResponse(REGISTRY, res)`.
 */
export function expectDocumentedResponse(registry: OpenApiRegistry, res: ResponseLike): void {
  const { method, path } = (res.req ?? {}) as { method?: string; path?: string };
  if (!method || !path) throw new Error('expectDocumentedResponse needs the request (supertest res.req)');
  const match = matchOperation(registry, method, path);
  if (!match) throw new Error(`${method} ${path}: no documented operation in the OpenAPI registry`);
  const schema = res.status >= 400 ? documentedErrorSchema : match.doc.produces ? undefined : match.doc.response;
  if (!schema) return;
  const result = schema.safeParse(res.body);
  if (!result.success) {
    throw new Error(
      `${method} ${path} → ${res.status} does not match the documented schema of ${match.key}: ${z.prettifyError(result.error)}\n${JSON.stringify(res.body).slice(0, 500)}`,
    );
  }
  const extra = undocumentedFields(res.body, result.data);
  if (extra.length > 0) {
    throw new Error(
      `${method} ${path} → ${res.status}: fields not in the documented schema of ${match.key}: ${extra.slice(0, 10).join(', ')}`,
    );
  }
}

/**
 * The service's document at `GET /openapi.json` on its own port (outside `/api`, so the gateway
 * does not route it: the gateway merges the services' documents at `/api/openapi.json`).
 * Built once, on the first request, from the running app's routes.
 */
export function serveOpenApi(app: INestApplication, options: Omit<OpenApiDocumentOptions, 'routes'>): void {
  let body: string | undefined;
  const adapter = app.getHttpAdapter();
  adapter.get('/openapi.json', (_req: unknown, res: unknown) => {
    body ??= JSON.stringify(buildOpenApiDocument({ ...options, routes: discoverDocumentedRoutes(app) }).document);
    adapter.setHeader(res, 'content-type', 'application/json; charset=utf-8');
    adapter.setHeader(res, 'cache-control', 'no-store');
    adapter.reply(res, body, 200);
  });
}
