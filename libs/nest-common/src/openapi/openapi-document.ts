import type { INestApplication } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { errorBodySchema, ROLES, translateServerMessage, type Role } from '@zunft/contracts';
import { z } from 'zod';
import { ACCOUNTANT_MAY_WRITE_KEY, IS_PUBLIC_KEY, ROLES_KEY } from '../auth/auth.decorators.js';
import { LazyBodyPipe, ZodValidationPipe } from '../validation/zod-validation.pipe.js';

/*
 * OpenAPI 3.1 per service: the routes and their roles come from the Nest router metadata (as the
 * bad-input suite reads them), request bodies and queries from the routes' zod pipes, answers from
 * the service's registry (`src/openapi.ts`: `METHOD /api/path` → tag, summary, response schema).
 * zod v4's own `z.toJSONSchema` writes the JSON Schemas; nothing is hand-written YAML.
 */

export type HttpMethod = 'get' | 'post' | 'put' | 'delete' | 'patch';

/** One documented operation of a service's registry. */
export interface OperationDoc {
  /** Group on the docs page (German). */
  tag: string;
  /** One line, German. */
  summary: string;
  description?: string;
  /** The JSON body of the success answer; absent: an answer without a described schema. */
  response?: z.ZodType;
  /** Example of the success answer (checked against `response` by the service's openapi spec). */
  example?: unknown;
  /** A non-JSON success answer (`application/pdf`, `text/csv`, `image/png`). */
  produces?: string;
  /** Request body of a route that reads it without a zod pipe (e.g. multipart uploads). */
  body?: z.ZodType;
  /** `multipart/form-data` for uploads. */
  consumes?: string;
  /** Example request body. */
  requestExample?: unknown;
  /** Further error statuses the route answers (besides 400/401/403/404 derived from the route). */
  errors?: number[];
  /** The success status when it is neither Nest's default (POST 201, else 200) nor `@HttpCode`. */
  status?: number;
}

/** `'GET /api/customers/:id'` → its operation. */
export type OpenApiRegistry = Record<string, OperationDoc>;

/**
 * Gives every JSON entry that names no `response` the generated schema of its handler's answer
 * (`src/openapi.responses.ts`, written by `npm run openapi:responses` from the controllers' return
 * types); a hand-written `response` wins. Returns the same registry.
 */
export function withGeneratedResponses(
  registry: OpenApiRegistry,
  generated: Record<string, z.ZodType>,
): OpenApiRegistry {
  for (const [key, doc] of Object.entries(registry)) {
    if (!doc.response && !doc.produces && generated[key]) doc.response = generated[key];
  }
  return registry;
}

/**
 * `METHOD /path status` of every 2xx JSON answer whose schema says nothing (`{}`): a route whose
 * answer the document does not describe. The services' openapi specs expect none.
 */
export function emptyJsonResponses(document: Record<string, unknown>): string[] {
  const empty: string[] = [];
  const paths = (document['paths'] ?? {}) as Record<string, Record<string, { responses?: Record<string, unknown> }>>;
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (!/^2\d\d$/.test(status)) continue;
        const json = (response as { content?: Record<string, { schema?: Record<string, unknown> }> }).content?.[
          'application/json'
        ];
        if (json && (!json.schema || Object.keys(json.schema).length === 0)) {
          empty.push(`${method.toUpperCase()} ${path} ${status}`);
        }
      }
    }
  }
  return empty.sort();
}

export interface DocumentedRoute {
  method: HttpMethod;
  /** Express-style path with the global prefix, e.g. `/api/customers/:id`. */
  path: string;
  params: string[];
  body?: z.ZodType;
  query?: z.ZodType;
  /** `null`: public route (no token). Otherwise the roles of `@Roles(...)`, all roles when none. */
  roles: Role[] | null;
  status: number;
}

const PATH_METADATA = 'path';
const METHOD_METADATA = 'method';
const ROUTE_ARGS_METADATA = '__routeArguments__';
const HTTP_CODE_METADATA = '__httpCode__';
const PARAM_TYPE = { body: 3, query: 4 } as const;
const METHODS: Record<number, HttpMethod> = { 0: 'get', 1: 'post', 2: 'put', 3: 'delete', 4: 'patch' };

const asArray = (v: string | string[] | undefined): string[] => (v === undefined ? [''] : Array.isArray(v) ? v : [v]);

/** Every HTTP route under the global prefix with its pipes' schemas, roles and success status. */
export function discoverDocumentedRoutes(
  app: INestApplication,
  globalPrefix = 'api',
  excluded = ['health', 'ready'],
): DocumentedRoute[] {
  const routes = new Map<string, DocumentedRoute>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller?.prototype) continue;
      const controllerPaths = asArray(Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined);
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        if (name === 'constructor') continue;
        const handler = Object.getOwnPropertyDescriptor(controller.prototype, name)?.value as unknown;
        if (typeof handler !== 'function') continue;
        const method = METHODS[Reflect.getMetadata(METHOD_METADATA, handler) as number];
        const methodPaths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (!method || methodPaths === undefined) continue;
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<
          string,
          { pipes?: unknown[] }
        >;
        const schemaOf = (type: number): z.ZodType | undefined => {
          for (const [key, arg] of Object.entries(args)) {
            if (Number(key.split(':')[0]) !== type) continue;
            const pipe = arg.pipes?.find((p) => p instanceof ZodValidationPipe || p instanceof LazyBodyPipe) as
              { schema?: z.ZodType } | undefined;
            if (pipe?.schema) return pipe.schema;
          }
          return undefined;
        };
        const isPublic =
          (Reflect.getMetadata(IS_PUBLIC_KEY, handler) as boolean | undefined) ??
          (Reflect.getMetadata(IS_PUBLIC_KEY, controller) as boolean | undefined) ??
          false;
        const roles =
          (Reflect.getMetadata(ROLES_KEY, handler) as Role[] | undefined) ??
          (Reflect.getMetadata(ROLES_KEY, controller) as Role[] | undefined);
        const httpCode = Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined;
        // The accountant writes nothing (RolesGuard): a write route lists them only when it is
        // @AccountantMayWrite (their own session).
        const accountantWrites =
          method === 'get' ||
          ((Reflect.getMetadata(ACCOUNTANT_MAY_WRITE_KEY, handler) as boolean | undefined) ??
            (Reflect.getMetadata(ACCOUNTANT_MAY_WRITE_KEY, controller) as boolean | undefined) ??
            false);
        const allowed = (list: readonly Role[]): Role[] => list.filter((r) => accountantWrites || r !== 'accountant');
        for (const cp of controllerPaths) {
          for (const mp of asArray(methodPaths)) {
            const joined = [cp, mp]
              .map((p) => p.replace(/^\/+|\/+$/g, ''))
              .filter(Boolean)
              .join('/');
            // Probes outside the global prefix (/health, /ready) are not part of the public API.
            if (excluded.includes(joined.split('/')[0] ?? '')) continue;
            const path = `/${globalPrefix}/${joined}`;
            const key = `${method.toUpperCase()} ${path}`;
            if (routes.has(key)) continue;
            routes.set(key, {
              method,
              path,
              params: [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!),
              body: schemaOf(PARAM_TYPE.body),
              query: schemaOf(PARAM_TYPE.query),
              roles: isPublic ? null : allowed(roles && roles.length > 0 ? roles : ROLES),
              status: httpCode ?? (method === 'post' ? 201 : 200),
            });
          }
        }
      }
    }
  }
  return [...routes.values()].sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

type JsonSchema = Record<string, unknown>;

/** JSON Schema (2020-12, as OpenAPI 3.1 uses) of a zod schema; transforms and preprocessing become `{}`. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete json['$schema'];
  return json;
}

const ERROR_EXAMPLES: Record<number, { key: Parameters<typeof translateServerMessage>[0]; code: string }> = {
  400: { key: 'http.bad_request', code: 'validation_failed' },
  401: { key: 'unauthenticated', code: 'unauthenticated' },
  403: { key: 'forbidden', code: 'forbidden' },
  404: { key: 'not_found', code: 'not_found' },
  409: { key: 'http.bad_request', code: 'conflict' },
};

const STATUS_TEXT: Record<number, string> = {
  200: 'Erfolg',
  201: 'Angelegt',
  202: 'Angenommen',
  204: 'Ohne Inhalt',
  400: 'Ungültige Eingabe (deutsche Meldung in `error`)',
  401: 'Nicht angemeldet oder Token abgelaufen',
  403: 'Rolle reicht nicht oder Abonnement bezahlt nicht',
  404: 'Nicht gefunden (auch für Einträge einer anderen Firma)',
  409: 'Konflikt mit dem aktuellen Zustand',
  413: 'Datei oder Anfrage zu gross',
  422: 'Nicht verarbeitbar',
  429: 'Zu viele Anfragen',
  502: 'Dienst eines Dritten nicht erreichbar',
  503: 'Vorübergehend nicht verfügbar',
};

const ROLE_NAMES: Record<Role, string> = {
  admin: 'Inhaber (admin)',
  backoffice: 'Büro (backoffice)',
  employee: 'Mitarbeiter (employee)',
  accountant: 'Treuhänder (accountant, nur lesen)',
};

export interface OpenApiDocumentOptions {
  /** `auth`, `operations`, `billing`. */
  service: string;
  title: string;
  version?: string;
  description?: string;
  registry: OpenApiRegistry;
  routes: DocumentedRoute[];
}

export interface OpenApiBuild {
  document: JsonSchema;
  /** Routes of the app without an entry in the registry (`METHOD /api/path`). */
  undocumented: string[];
  /** Registry entries no route answers (stale documentation). */
  unknown: string[];
}

const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The OpenAPI 3.1 document of one service. */
export function buildOpenApiDocument(options: OpenApiDocumentOptions): OpenApiBuild {
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();
  const seen = new Set<string>();
  const undocumented: string[] = [];
  for (const route of options.routes) {
    const key = `${route.method.toUpperCase()} ${route.path}`;
    const doc = options.registry[key];
    if (!doc) {
      undocumented.push(key);
      continue;
    }
    seen.add(key);
    tags.add(doc.tag);
    const errors = new Set<number>(doc.errors ?? []);
    if (route.body || route.query || doc.body || route.params.length > 0) errors.add(400);
    if (route.roles) errors.add(401).add(403);
    if (route.params.length > 0) errors.add(404);
    const status = doc.status ?? route.status;
    const success: Record<string, unknown> = { description: STATUS_TEXT[status] ?? 'Erfolg' };
    if (status !== 204) {
      const media = doc.produces ?? 'application/json';
      const schema = doc.produces
        ? { type: 'string', format: 'binary' }
        : doc.response
          ? jsonSchemaOf(doc.response, 'output')
          : {};
      success['content'] = { [media]: { schema, ...(doc.example !== undefined ? { example: doc.example } : {}) } };
    }
    const responses: Record<string, unknown> = { [String(status)]: success };
    for (const code of [...errors].sort()) {
      const example = ERROR_EXAMPLES[code];
      responses[String(code)] = {
        description: STATUS_TEXT[code] ?? 'Fehler',
        content: {
          'application/json': {
            schema: { $ref: '#/components/schemas/Error' },
            example: {
              error: translateServerMessage(example?.key ?? 'internal'),
              code: example?.code ?? 'error',
              requestId: '6f1e2d3c-4b5a-4978-8877-665544332211',
            },
          },
        },
      };
    }
    const parameters: unknown[] = route.params.map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    if (route.query) {
      const query = jsonSchemaOf(route.query, 'input');
      const properties = (query['properties'] ?? {}) as Record<string, unknown>;
      const required = new Set((query['required'] ?? []) as string[]);
      for (const [name, schema] of Object.entries(properties)) {
        parameters.push({ name, in: 'query', required: required.has(name), schema });
      }
    }
    const bodySchema = doc.body ?? route.body;
    const roleText = route.roles ? route.roles.map((r) => ROLE_NAMES[r]).join(', ') : 'öffentlich, ohne Anmeldung';
    const operation: Record<string, unknown> = {
      tags: [doc.tag],
      summary: doc.summary,
      description: [doc.description, `Rollen: ${roleText}.`].filter(Boolean).join('\n\n'),
      operationId: `${options.service}.${route.method}${route.path.replace(/^\/api/, '').replace(/[/:-]+(\w)/g, (_m, c: string) => c.toUpperCase())}`,
      security: route.roles ? [{ bearerAuth: [] }] : [],
      'x-roles': route.roles ?? [],
      'x-service': options.service,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(bodySchema
        ? {
            requestBody: {
              required: true,
              content: {
                [doc.consumes ?? 'application/json']: {
                  schema: jsonSchemaOf(bodySchema, 'input'),
                  ...(doc.requestExample !== undefined ? { example: doc.requestExample } : {}),
                },
              },
            },
          }
        : {}),
      responses,
    };
    (paths[openApiPath(route.path)] ??= {})[route.method] = operation;
  }
  const document: JsonSchema = {
    openapi: '3.1.0',
    info: {
      title: options.title,
      version: options.version ?? '1.0.0',
      description:
        options.description ??
        'Fehler antworten immer mit `{ error, code, requestId }`; `error` ist deutsch (oder in der Sprache von Accept-Language: de, fr, it).',
    },
    servers: [{ url: '/' }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'Zugriffstoken von POST /api/auth/login',
        },
      },
      schemas: { Error: jsonSchemaOf(errorBodySchema.extend({ code: z.string(), requestId: z.string() }), 'output') },
    },
  };
  const unknown = Object.keys(options.registry).filter((key) => !seen.has(key));
  return { document, undocumented, unknown };
}
