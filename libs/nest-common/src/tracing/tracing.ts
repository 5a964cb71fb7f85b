import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api';
import type { Instrumentation } from '@opentelemetry/instrumentation';
import type { SpanExporter } from '@opentelemetry/sdk-trace';
import { currentRequest } from '../http/request-context.js';

/*
 * OpenTelemetry traces (issue 27): one W3C `traceparent` from the browser's API client through the
 * gateway, the service, the outbox and NATS message headers, the consuming service and BullMQ job
 * data to the worker's PDF render and mail spans.
 *
 * Off unless an OTLP endpoint is configured (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT or
 * OTEL_EXPORTER_OTLP_ENDPOINT; OTEL_SDK_DISABLED=true turns it off whatever is set). Off costs
 * nothing: the SDK is not even loaded (dynamic imports below), no provider or context manager is
 * registered, every helper here returns at its first line, and the `@opentelemetry/api` calls are
 * its no-ops. A `traceparent` that arrives (browser header, NATS header, job data) is still passed
 * on unchanged where this code forwards it, so a traced process behind an untraced one stays in
 * the caller's trace. The hops are our own spans (HTTP SERVER spans: `httpTracingMiddleware`, the
 * gateway's `startServerSpan`); inside them the SDK's instrumentations (`registerLibraryTracing`)
 * add pg queries, Redis commands (ioredis, under BullMQ) and outgoing HTTP (node:http, undici/fetch).
 */

/** The W3C Trace Context header (https://www.w3.org/TR/trace-context/). */
export const TRACEPARENT_HEADER = 'traceparent';
const TRACER_NAME = '@zunft/nest-common';

export interface TracingOptions {
  /** `service.name` of every span of this process. */
  service: string;
  /** Defaults to process.env. */
  env?: Record<string, string | undefined>;
  /**
   * Tests: export every span at once to this exporter (the SDK's `InMemorySpanExporter`), whatever
   * the environment says.
   */
  exporter?: SpanExporter;
}

export interface Tracing {
  readonly enabled: boolean;
  /** Where spans go (`in-memory` for tests), or null when off. */
  readonly endpoint: string | null;
  /** Sends the spans still buffered. */
  flush(): Promise<void>;
  /** Flushes and unregisters the provider (tests start it again afterwards). */
  shutdown(): Promise<void>;
}

const OFF: Tracing = { enabled: false, endpoint: null, flush: async () => undefined, shutdown: async () => undefined };

let enabled = false;
let libraryInstrumentations: Instrumentation[] = [];

/** True while a tracer provider of ours is registered in this process. */
export function tracingEnabled(): boolean {
  return enabled;
}

/** The OTLP/HTTP traces URL from the environment, or null (tracing off). */
export function otlpTracesUrl(env: Record<string, string | undefined> = process.env): string | null {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return null;
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (traces) return traces;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  return base ? `${base.replace(/\/+$/, '')}/v1/traces` : null;
}

/**
 * Starts tracing for this process when configured (see above); call once at the top of main.ts
 * before the app is created. Loads the SDK only when tracing is on.
 */
export async function startTracing(options: TracingOptions): Promise<Tracing> {
  const url = options.exporter ? 'in-memory' : otlpTracesUrl(options.env ?? process.env);
  if (!url) return OFF;
  const [sdk, hooks, core, resources] = await Promise.all([
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/core'),
    import('@opentelemetry/resources'),
  ]);
  let processor;
  if (options.exporter) {
    processor = new sdk.SimpleSpanProcessor({ exporter: options.exporter });
  } else {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    processor = new sdk.BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url }) });
  }
  const provider = new sdk.TracerProvider({
    resource: resources.resourceFromAttributes({ 'service.name': options.service }),
    spanProcessors: [processor],
  });
  const contextManager = new hooks.AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new core.W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  const unregister = await registerLibraryTracing();
  enabled = true;
  return {
    enabled: true,
    endpoint: url,
    flush: () => provider.forceFlush(),
    shutdown: async () => {
      enabled = false;
      unregister();
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}

/**
 * The SDK's library instrumentations, loaded only when tracing is on. They hook `require`/`import`
 * (require-in-the-middle, import-in-the-middle), so they patch pg, ioredis and undici when those are
 * loaded after this runs (pg: when TypeORM connects; ESM imports before it only with Node's
 * `--import @opentelemetry/instrumentation/hook.mjs`). Only spans inside a trace of ours
 * (`requireParentSpan`): the outbox relay's polling and BullMQ's blocking reads make no traces of
 * their own. No values in spans: pg records the SQL text with its `$n` placeholders (not the
 * parameters), Redis only the command name (job data may hold e-mail addresses). Incoming HTTP
 * stays with our own SERVER spans (named by route template), so node:http traces outgoing calls.
 */
export async function registerLibraryTracing(): Promise<() => void> {
  const [instrumentation, http, undici, pg, ioredis] = await Promise.all([
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-undici'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-ioredis'),
  ]);
  libraryInstrumentations = [
    new http.HttpInstrumentation({ disableIncomingRequestInstrumentation: true, requireParentforOutgoingSpans: true }),
    new undici.UndiciInstrumentation({ requireParentforSpans: true }),
    new pg.PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
    new ioredis.IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
  ];
  const unregister = instrumentation.registerInstrumentations({ instrumentations: libraryInstrumentations });
  return () => {
    unregister();
    libraryInstrumentations = [];
  };
}

/** The instrumentations registered while tracing is on (tests patch the modules Jest loaded). */
export function registeredLibraryInstrumentations(): readonly Instrumentation[] {
  return libraryInstrumentations;
}

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  /** The caller's context (a `traceparent` from a header or job); defaults to the active one. */
  parent?: Context;
}

/**
 * Runs `fn` inside a new active span (ended when `fn` settles; a thrown error marks it failed).
 * Off: just runs `fn`.
 */
export async function withSpan<T>(name: string, options: SpanOptions, fn: (span?: Span) => Promise<T>): Promise<T> {
  if (!enabled) return fn();
  const tracer = trace.getTracer(TRACER_NAME);
  const parent = options.parent ?? context.active();
  return tracer.startActiveSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes },
    parent,
    async (span) => {
      try {
        return await fn(span);
      } catch (error) {
        failSpan(span, error);
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** Marks a span failed with the error's message. */
export function failSpan(span: Span, error: unknown): void {
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
  if (error instanceof Error) span.recordException(error);
}

/** The context a `traceparent` (header, NATS header, job data) names; the root context without one. */
export function contextFromTraceparent(traceparent: string | null | undefined): Context {
  if (!enabled || !traceparent) return ROOT_CONTEXT;
  return propagation.extract(ROOT_CONTEXT, { [TRACEPARENT_HEADER]: traceparent });
}

/** The `traceparent` of the active span (to store with an outbox row or a job), or null. */
export function currentTraceparent(ctx: Context = context.active()): string | null {
  if (!enabled) return null;
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  return carrier[TRACEPARENT_HEADER] ?? null;
}

/** `{ traceId, spanId }` of the active span for log lines, or null (off, or outside a span). */
export function currentTraceIds(): { traceId: string; spanId: string } | null {
  if (!enabled) return null;
  const span = trace.getActiveSpan();
  if (!span) return null;
  const { traceId, spanId } = span.spanContext();
  return { traceId, spanId };
}

const TRACEPARENT_FORMAT = /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/;

/**
 * The trace ids for a log line: the active span's when tracing is on; when it is off, the trace id
 * of the `traceparent` the HTTP request being handled arrived with (the browser's API client sends
 * one), so a line can still be found by the browser's trace id. Costs a header read and one regex
 * per line inside a request; null outside a request or without a valid header (W3C Trace Context
 * §3.2: an all-zero trace id is invalid).
 */
export function logTraceIds(): { traceId: string; spanId?: string } | null {
  if (enabled) return currentTraceIds();
  const headers = (currentRequest() as { headers?: Record<string, string | string[] | undefined> } | null)?.headers;
  const header = headers?.[TRACEPARENT_HEADER];
  const traceId = typeof header === 'string' ? TRACEPARENT_FORMAT.exec(header.trim())?.[1] : undefined;
  return traceId && !/^0+$/.test(traceId) ? { traceId } : null;
}

export interface ServerSpan {
  /** The `traceparent` naming this span, for the request forwarded upstream. */
  readonly traceparent: string | null;
  /** Names the span by its route template, records the status and ends it. */
  end(route: string, status: number): void;
}

/**
 * A SERVER span for a proxy or a plain HTTP server (the gateway): child of the incoming
 * `traceparent`; null when tracing is off.
 */
export function startServerSpan(
  method: string,
  headers: Record<string, string | string[] | undefined>,
): ServerSpan | null {
  if (!enabled) return null;
  const parent = propagation.extract(ROOT_CONTEXT, headers);
  const span = trace
    .getTracer(TRACER_NAME)
    .startSpan(method, { kind: SpanKind.SERVER, attributes: { 'http.request.method': method } }, parent);
  return {
    traceparent: currentTraceparent(trace.setSpan(parent, span)),
    end(route, status) {
      span.updateName(`${method} ${route}`);
      span.setAttribute('http.route', route);
      span.setAttribute('http.response.status_code', status);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
  };
}

export { SpanKind };
