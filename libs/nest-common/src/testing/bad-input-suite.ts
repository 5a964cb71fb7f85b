import type { INestApplication } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import fc from 'fast-check';
import type request from 'supertest';
import { matchGermanMessage } from '@zunft/contracts';
import { LazyBodyPipe, ZodValidationPipe } from '../validation/zod-validation.pipe.js';

/*
 * The bad-input guard: for every route of a service, read from the Nest router metadata at runtime
 * (so routes added later are covered without a hand list), send invalid bodies, queries and path ids
 * derived from the route's zod schemas, and report any 5xx and any 4xx without a German `error`.
 * fast-check generates the inputs from a fixed seed, so a failure reproduces exactly.
 */

// Nest's metadata keys and enums (@nestjs/common constants, RouteParamtypes, RequestMethod).
const PATH_METADATA = 'path';
const METHOD_METADATA = 'method';
const ROUTE_ARGS_METADATA = '__routeArguments__';
const PARAM_TYPE = { body: 3, query: 4, param: 5 } as const;
const METHODS: Record<number, HttpMethod> = { 0: 'get', 1: 'post', 2: 'put', 3: 'delete', 4: 'patch' };

type HttpMethod = 'get' | 'post' | 'put' | 'delete' | 'patch';
type Schema = { _zod?: { def?: Record<string, unknown> } } & Record<string, unknown>;

export interface DiscoveredRoute {
  method: HttpMethod;
  /** Express-style path with the global prefix, e.g. `/api/customers/:id`. */
  path: string;
  params: string[];
  body?: Schema;
  query?: Schema;
}

/** Every HTTP route of the app's controllers, with the zod schemas of its body and query pipes. */
export function discoverRoutes(
  app: INestApplication,
  globalPrefix = 'api',
  excluded = ['health', 'ready'],
): DiscoveredRoute[] {
  const routes: DiscoveredRoute[] = [];
  const seen = new Set<string>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller?.prototype) continue;
      const controllerPaths = asArray(Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined);
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        if (name === 'constructor') continue;
        const handler = Object.getOwnPropertyDescriptor(controller.prototype, name)?.value as unknown;
        if (typeof handler !== 'function') continue;
        const methodCode = Reflect.getMetadata(METHOD_METADATA, handler) as number | undefined;
        const methodPaths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (methodCode === undefined || methodPaths === undefined) continue;
        const method = METHODS[methodCode];
        if (!method) continue;
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<
          string,
          { pipes?: unknown[] }
        >;
        const schemaOf = (type: number): Schema | undefined => {
          for (const [key, arg] of Object.entries(args)) {
            if (Number(key.split(':')[0]) !== type) continue;
            const pipe = arg.pipes?.find((p) => p instanceof ZodValidationPipe || p instanceof LazyBodyPipe) as
              { schema?: Schema } | undefined;
            if (pipe?.schema) return pipe.schema;
          }
          return undefined;
        };
        for (const cp of controllerPaths) {
          for (const mp of asArray(methodPaths)) {
            const joined = [cp, mp]
              .map((p) => p.replace(/^\/+|\/+$/g, ''))
              .filter(Boolean)
              .join('/');
            const prefix = excluded.includes(joined.split('/')[0] ?? '') ? '' : `/${globalPrefix}`;
            const path = `${prefix}/${joined}`;
            const key = `${method} ${path}`;
            if (seen.has(key)) continue;
            seen.add(key);
            routes.push({
              method,
              path,
              params: [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!),
              body: schemaOf(PARAM_TYPE.body),
              query: schemaOf(PARAM_TYPE.query),
            });
          }
        }
      }
    }
  }
  return routes.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

const asArray = (v: string | string[] | undefined): string[] => (v === undefined ? [''] : Array.isArray(v) ? v : [v]);

// ---------------------------------------------------------------------------------------------
// Input generation
// ---------------------------------------------------------------------------------------------

const MEGABYTE = 'x'.repeat(1024 * 1024);
const SOME_UUID = '6f1e2d3c-4b5a-4978-8877-665544332211';

/** Values no field should accept blindly. */
export const BAD_VALUES: readonly unknown[] = [
  'a\u0000b',
  '\u0000',
  '2026-02-30',
  '2026-04-31',
  '2025-02-29',
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '275760-09-13',
  1e308,
  -1e308,
  -1,
  '-1',
  '1e308',
  9007199254740993,
  0.000001,
  'NaN',
  'Infinity',
  '__proto__',
  'constructor',
  'not-a-uuid',
  '00000000-0000-0000-0000-00000000000g',
  '',
  '   ',
  'x'.repeat(20_000),
  '<script>alert(1)</script>',
  "'; DROP TABLE users; --",
  '25:61',
  true,
  null,
  [],
  {},
  [null],
  { __proto__: null, constructor: 'x' },
];

/** Values that pass many fields, so generated payloads also reach the service and the database. */
const PLAUSIBLE: readonly unknown[] = [
  'Test',
  'Müller & Söhne',
  1,
  2.5,
  0,
  100,
  '2026-05-04',
  '2026-05-04T08:00:00.000Z',
  '08:00',
  SOME_UUID,
  'test@example.ch',
  'https://example.ch',
  true,
  false,
];

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional', 'lazy']);

/** The schema under optional/nullable/default/preprocess wrappers. */
function unwrap(schema: Schema | undefined, depth = 0): Schema | undefined {
  const def = schema?._zod?.def;
  if (!schema || !def || depth > 10) return schema;
  const type = def['type'] as string;
  if (type === 'lazy') return unwrap((def['getter'] as () => Schema)(), depth + 1);
  if (WRAPPERS.has(type)) return unwrap(def['innerType'] as Schema, depth + 1);
  if (type === 'pipe') {
    const input = def['in'] as Schema;
    const inputType = input?._zod?.def?.['type'];
    return unwrap(inputType === 'transform' || inputType === 'any' ? (def['out'] as Schema) : input, depth + 1);
  }
  return schema;
}

function plausibleFor(schema: Schema | undefined): unknown[] {
  const def = schema?._zod?.def;
  if (def?.['type'] === 'enum') return Object.values(def['entries'] as Record<string, unknown>);
  if (def?.['type'] === 'literal') return [...(def['values'] as unknown[])];
  return [...PLAUSIBLE];
}

const anyBad = () => fc.constantFrom(...BAD_VALUES);

/** Values for one field: mostly plausible (to get past the other fields), often bad, nested shapes followed. */
function arbitraryFor(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const s = unwrap(schema);
  const def = s?._zod?.def;
  const type = def?.['type'];
  if (depth < 3 && type === 'object') {
    return fc.oneof({ weight: 1, arbitrary: anyBad() }, { weight: 4, arbitrary: recordFor(s!, depth + 1) });
  }
  if (depth < 3 && type === 'array') {
    const element = arbitraryFor(def!['element'] as Schema, depth + 1);
    return fc.oneof({ weight: 1, arbitrary: anyBad() }, { weight: 3, arbitrary: fc.array(element, { maxLength: 3 }) });
  }
  if (depth < 3 && (type === 'union' || type === 'discriminatedUnion')) {
    const options = (def!['options'] as Schema[]).map((o) => arbitraryFor(o, depth + 1));
    return fc.oneof(...options);
  }
  return fc.oneof({ weight: 2, arbitrary: anyBad() }, { weight: 3, arbitrary: fc.constantFrom(...plausibleFor(s)) });
}

function shapeOf(schema: Schema | undefined): Record<string, Schema> | undefined {
  const s = unwrap(schema);
  const type = s?._zod?.def?.['type'];
  if (type === 'object') return (s as { shape?: Record<string, Schema> }).shape;
  if (type === 'intersection') {
    const def = s!._zod!.def!;
    return { ...shapeOf(def['left'] as Schema), ...shapeOf(def['right'] as Schema) };
  }
  return undefined;
}

function recordFor(schema: Schema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const shape = shapeOf(schema) ?? {};
  const fields = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, arbitraryFor(v, depth)]));
  return fc.record(fields, { requiredKeys: [] }) as fc.Arbitrary<Record<string, unknown>>;
}

const parses = (schema: Schema, value: unknown) =>
  (schema as unknown as { safeParse: (v: unknown) => { success: boolean } }).safeParse(value).success;

/**
 * A value the schema accepts, built field by field from plausible candidates (and the caller's
 * known ids for fields of that name), so that one bad field at a time reaches the service and the
 * database. `undefined` when no candidate fits (the field is then left out).
 */
export function validSample(
  schema: Schema | undefined,
  ids: Record<string, string> = {},
  key = '',
  depth = 0,
): unknown {
  if (!schema || depth > 4) return undefined;
  const s = unwrap(schema);
  const type = s?._zod?.def?.['type'];
  let candidate: unknown;
  if (type === 'object' || type === 'intersection') {
    const shape = shapeOf(s) ?? {};
    candidate = Object.fromEntries(
      Object.entries(shape)
        .map(([k, v]) => [k, validSample(v, ids, k, depth + 1)] as const)
        .filter(([, v]) => v !== undefined),
    );
  } else if (type === 'array') {
    const element = validSample(s!._zod!.def!['element'] as Schema, ids, key, depth + 1);
    candidate = element === undefined ? [] : [element];
  } else if (type === 'union' || type === 'discriminatedUnion') {
    for (const option of s!._zod!.def!['options'] as Schema[]) {
      const v = validSample(option, ids, key, depth + 1);
      if (v !== undefined && parses(schema, v)) return v;
    }
    return undefined;
  } else {
    const known = ids[key] ?? (/Id$/.test(key) ? ids['*Id'] : undefined);
    const candidates = [...(known ? [known] : []), ...plausibleFor(s), 'Test Name', 'm', 'Stk', 'h', 'hours'];
    return candidates.find((c) => parses(schema, c));
  }
  if (parses(schema, candidate)) return candidate;
  return candidate;
}

/** Every path to a leaf of a JSON value (array elements and object fields), for one-field mutations. */
function leafPaths(value: unknown, prefix: Array<string | number> = [], depth = 0): Array<Array<string | number>> {
  if (depth > 4 || value === null || typeof value !== 'object') return [prefix];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  const paths: Array<Array<string | number>> = prefix.length > 0 ? [prefix] : [];
  for (const [k, v] of entries) paths.push(...leafPaths(v, [...prefix, k], depth + 1));
  return paths;
}

function withValueAt(base: unknown, path: Array<string | number>, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = (Array.isArray(base) ? [...(base as unknown[])] : { ...(base as Record<string, unknown>) }) as Record<
    string | number,
    unknown
  >;
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  copy[head] = withValueAt(copy[head], rest, value);
  return copy;
}

/**
 * A body for the route: mostly an accepted body with one or two fields replaced by bad values (so
 * the bad value meets the service and the database), sometimes a random record of its fields.
 */
function bodyArbitrary(route: DiscoveredRoute, ids: Record<string, string>): fc.Arbitrary<unknown> {
  if (!route.body)
    return fc.oneof(anyBad(), fc.dictionary(fc.constantFrom('id', 'name', 'date', '__proto__'), anyBad()));
  const s = unwrap(route.body);
  const base = validSample(route.body, ids) ?? {};
  const paths = leafPaths(base);
  const mutated =
    paths.length === 0
      ? anyBad()
      : fc
          .array(fc.tuple(fc.constantFrom(...paths), anyBad()), { minLength: 1, maxLength: 2 })
          .map((changes) => changes.reduce<unknown>((body, [path, value]) => withValueAt(body, path, value), base));
  const type = s?._zod?.def?.['type'];
  const random = type === 'union' || type === 'discriminatedUnion' ? arbitraryFor(s, 0) : recordFor(s!, 0);
  return fc.oneof(
    { weight: 1, arbitrary: anyBad() },
    { weight: 2, arbitrary: random },
    { weight: 6, arbitrary: mutated },
  );
}

/** Query keys many list calls read (also where a handler reads `@Query('x')` without a schema). */
const COMMON_QUERY_KEYS = [
  'search',
  'page',
  'pageSize',
  'status',
  'from',
  'to',
  'date',
  'weekStart',
  'projectId',
  'userId',
  'customerId',
  'cursor',
  'limit',
  'sort',
];

const queryValue = (): fc.Arbitrary<string | string[]> =>
  fc.oneof(
    // Long texts only up to 2000 characters: Node itself answers a longer request line with 431 (the
    // gateway's German 431 is tested there).
    fc.constantFrom(
      ...BAD_VALUES.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
        .map(String)
        .map((v) => v.slice(0, 2000)),
    ),
    fc.constantFrom(...PLAUSIBLE.map(String)),
    fc.constant<string[]>(['1', '2']),
  );

function queryArbitrary(route: DiscoveredRoute): fc.Arbitrary<Record<string, string | string[]>> {
  const keys = new Set([...Object.keys(shapeOf(route.query) ?? {}), ...COMMON_QUERY_KEYS]);
  const fields = Object.fromEntries([...keys].map((k) => [k, queryValue()]));
  return fc.record(fields, { requiredKeys: [] }) as fc.Arbitrary<Record<string, string | string[]>>;
}

/** Path ids: none of them is a row of the company, most are not even UUIDs. */
export const BAD_IDS: readonly string[] = [
  'not-a-uuid',
  '-1',
  '1e308',
  '__proto__',
  'constructor',
  '%00',
  encodeURIComponent('a\u0000b'),
  '2026-02-30',
  'x'.repeat(2000),
  '00000000-0000-0000-0000-000000000000',
  SOME_UUID,
  "1'%20OR%20'1'='1",
];

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

/**
 * True for an error text a German-speaking user can read (not a framework's English default): a
 * German text of the server message catalogue (libs/contracts/src/messages), else German by its words.
 */
export function looksGerman(text: unknown): boolean {
  if (typeof text !== 'string' || text.trim() === '') return false;
  if (matchGermanMessage(text)) return true;
  if (
    /\b(the|expected|received|required|must|cannot|should|invalid input|not found|bad request|internal server)\b/i.test(
      text,
    )
  ) {
    return false;
  }
  return /[äöüÄÖÜß]|\b(ist|sind|nicht|bitte|ungültig\w*|erforderlich|muss|darf|kein\w*|zu|gefunden|berechtigung|anfrage|eingabe|datei|datum|wert|text|eintrag|zahl|liste|erlaubt|melden|falsch\w*|fehlt|höchstens|mindestens|wurde|wird|werden|bereits|oder|und|der|die|das|diese\w*|ein\w*|für|mit|von|nur|noch|schon|kann|können|hat|haben)\b/i.test(
    text,
  );
}

export interface BadInputFailure {
  request: string;
  status: number;
  body: unknown;
}

export interface BadInputRunOptions {
  app: INestApplication;
  http: () => ReturnType<typeof request>;
  /** Headers of the caller (e.g. an admin's bearer token); routes are also called without them. */
  headers: Record<string, string>;
  /** Generated bodies (and queries) per route; keep the run modest on a loaded machine. */
  runsPerRoute?: number;
  seed?: number;
  /** Routes to leave out, as `METHOD /api/path` (each with a reason in the caller). */
  skip?: string[];
  /**
   * Existing rows of the caller's company: body fields of that name (`customerId`, `projectId`…;
   * `*Id` for any other id field) and path ids of the routes under `/api/<resource>` (key
   * `path:<resource>`, e.g. `path:customers`), so that generated input gets past the lookups.
   */
  ids?: Record<string, string>;
  /**
   * Statuses ≥ 500 a route may answer for a reason other than the input (e.g. 502 when the payment
   * provider is unreachable in the test), as `METHOD /api/path` → statuses. The answer must still
   * carry a German `error`.
   */
  upstreamStatuses?: Record<string, number[]>;
  /**
   * Requests of one route in flight at once (default 4, env `BAD_INPUT_CONCURRENCY`): while the
   * database answers one, the app parses the next (about 1.5× faster on two cores); routes still
   * run one after the other.
   */
  concurrency?: number;
}

const describeRequest = (method: string, url: string, body?: unknown) => {
  const shown =
    body === undefined
      ? ''
      : ` ${JSON.stringify(body, (_k, v: unknown) => (typeof v === 'string' && v.length > 80 ? `${v.slice(0, 20)}…(${v.length})` : v))}`;
  return `${method.toUpperCase()} ${url.length > 160 ? `${url.slice(0, 160)}…` : url}${shown}`;
};

/**
 * Sends the generated bad input to every route and returns the answers that break the rule (5xx,
 * or 4xx without a German `error`). Three passes: path ids, query strings, bodies (+ raw bodies:
 * `__proto__` JSON, broken JSON, 1 MB strings, wrong content type).
 */
export async function runBadInputSuite(options: BadInputRunOptions): Promise<{
  routes: DiscoveredRoute[];
  requests: number;
  /** How many answers had each status (to see that the inputs reach past validation). */
  statuses: Record<number, number>;
  failures: BadInputFailure[];
}> {
  const seed = options.seed ?? 20261124;
  const runs = options.runsPerRoute ?? 12;
  const skip = new Set(options.skip ?? []);
  const routes = discoverRoutes(options.app).filter((r) => !skip.has(`${r.method.toUpperCase()} ${r.path}`));
  const failures: BadInputFailure[] = [];
  const statuses: Record<number, number> = {};
  let requests = 0;

  const concurrency = Math.max(1, options.concurrency ?? (Number(process.env.BAD_INPUT_CONCURRENCY) || 4));
  let routePath = '';
  // The checks of the current route, sent `concurrency` at a time by drain() before the next route.
  let pending: Array<() => Promise<void>> = [];
  const drain = async () => {
    const queue = pending;
    pending = [];
    const next = async (): Promise<void> => {
      const job = queue.shift();
      if (!job) return;
      await job();
      return next();
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, next));
  };
  const send = (...args: Parameters<typeof check>) => {
    pending.push(() => check(...args));
  };
  const check = async (
    method: HttpMethod,
    url: string,
    send: (req: ReturnType<ReturnType<typeof request>['get']>) => ReturnType<ReturnType<typeof request>['get']>,
    shownBody?: unknown,
    headers: Record<string, string> = options.headers,
  ) => {
    requests++;
    let req = options.http()[method](url);
    for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
    const res = await send(req);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    const allowed = options.upstreamStatuses?.[`${method.toUpperCase()} ${routePath}`] ?? [];
    const ok =
      (res.status < 500 || allowed.includes(res.status)) &&
      (res.status < 400 || looksGerman((res.body as { error?: unknown })?.error));
    if (!ok) failures.push({ request: describeRequest(method, url, shownBody), status: res.status, body: res.body });
  };

  const ids = options.ids ?? {};
  const fill = (route: DiscoveredRoute, id: string) =>
    route.path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => (name === route.params[0] ? id : SOME_UUID));

  for (const route of routes) {
    routePath = route.path;
    const sampleBody = validSample(route.body, ids);
    // 1. Path ids.
    for (const id of route.params.length > 0 ? BAD_IDS : []) {
      send(
        route.method,
        fill(route, id),
        (r) =>
          route.method === 'get' ? r : r.set('content-type', 'application/json').send(JSON.stringify(sampleBody)),
        undefined,
      );
    }
    // A real row only for updates of `/api/<resource>/:id` (deletes, sends and PDFs stay on a
    // random id, so the row survives the run and no call waits for a worker).
    const resource = /^\/api\/([^/]+)\/:[A-Za-z]+$/.exec(route.path)?.[1];
    const realId =
      (route.method === 'put' || route.method === 'patch') && resource ? ids[`path:${resource}`] : undefined;
    const url = fill(route, realId ?? SOME_UUID);
    // 2. Query strings (every route: handlers may read the query without a schema).
    const queries = fc.sample(queryArbitrary(route), { seed: seed + 1, numRuns: route.method === 'get' ? runs : 2 });
    for (const query of queries) send(route.method, url, (r) => r.query(query), query);
    // 3. Bodies.
    if (route.method !== 'get' && route.method !== 'delete') {
      // The accepted base body itself (shows in `statuses` how far the generated input gets).
      send(
        route.method,
        url,
        (r) => r.set('content-type', 'application/json').send(JSON.stringify(sampleBody ?? {})),
        sampleBody,
      );
      for (const body of fc.sample(bodyArbitrary(route, ids), { seed: seed + 2, numRuns: runs })) {
        send(route.method, url, (r) => r.set('content-type', 'application/json').send(JSON.stringify(body)), body);
      }
      const megabyteBody = Object.fromEntries(
        Object.keys(shapeOf(route.body) ?? { name: 1 }).map((k) => [k, MEGABYTE]),
      );
      const raw: Array<[string, string, unknown]> = [
        [
          'application/json',
          '{"__proto__":{"role":"admin","isAdmin":true},"constructor":{"prototype":{"polluted":1}}}',
          '__proto__',
        ],
        ['application/json', '{"name": "kaputt', 'broken JSON'],
        ['application/json', JSON.stringify(megabyteBody), '1 MB strings'],
        ['text/plain', 'name=\u0000', 'text/plain'],
      ];
      for (const [type, payload, shown] of raw) {
        send(route.method, url, (r) => r.set('content-type', type).send(payload), shown);
      }
    }
    // 4. Without a token (public routes answer, the others 401 in German).
    send(route.method, url, (r) => r, 'no token', {});
    await drain();
  }
  if (
    ({} as Record<string, unknown>)['polluted'] !== undefined ||
    ({} as Record<string, unknown>)['isAdmin'] !== undefined
  ) {
    failures.push({ request: '__proto__ JSON', status: 0, body: 'Object.prototype was polluted' });
  }
  return { routes, requests, statuses, failures };
}
