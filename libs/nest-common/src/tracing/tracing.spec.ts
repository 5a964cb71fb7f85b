import { describe, expect, it } from '@jest/globals';
import { runWithRequestContext } from '../http/request-context.js';
import { createLogger } from '../logging/logger.js';
import { JOB_TRACE_KEY, jobTraceOf, runInJobTrace, withJobTrace } from './job-trace.js';
import { startInMemoryTracing } from './testing.js';
import {
  contextFromTraceparent,
  currentTraceparent,
  otlpTracesUrl,
  registeredLibraryInstrumentations,
  startTracing,
  tracingEnabled,
  withSpan,
} from './tracing.js';

const TRACE = '0af7651916cd43dd8448eb211c80319c';
const PARENT = 'b7ad6b7169203331';
const TRACEPARENT = `00-${TRACE}-${PARENT}-01`;

describe('tracing configuration', () => {
  it('is off without an OTLP endpoint: nothing registered, the helpers pass through', async () => {
    const tracing = await startTracing({ service: 'test', env: {} });
    expect(tracing.enabled).toBe(false);
    expect(tracingEnabled()).toBe(false);
    expect(await withSpan('x', {}, async (span) => span)).toBeUndefined();
    expect(currentTraceparent()).toBeNull();
    expect(withJobTrace({ mailId: 'm1' })).toEqual({ mailId: 'm1' });
    expect(registeredLibraryInstrumentations()).toEqual([]);
  });

  it('on: registers the pg, ioredis, http and undici instrumentations; shutdown removes them', async () => {
    const memory = await startInMemoryTracing('test');
    const names = registeredLibraryInstrumentations().map((i) => i.instrumentationName);
    await memory.shutdown();
    expect(names.sort()).toEqual([
      '@opentelemetry/instrumentation-http',
      '@opentelemetry/instrumentation-ioredis',
      '@opentelemetry/instrumentation-pg',
      '@opentelemetry/instrumentation-undici',
    ]);
    expect(registeredLibraryInstrumentations()).toEqual([]);
  });

  it('reads the endpoint like the SDK: traces endpoint as given, base endpoint + /v1/traces, disabled wins', () => {
    expect(otlpTracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })).toBe(
      'http://collector:4318/v1/traces',
    );
    expect(
      otlpTracesUrl({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://other:4318/traces',
      }),
    ).toBe('http://other:4318/traces');
    expect(otlpTracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'true' })).toBeNull();
    expect(otlpTracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: '  ' })).toBeNull();
  });

  it("off: a request's log line carries the trace id of its incoming traceparent, a bad one is ignored", () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger({
      service: 'test',
      destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    const request = (traceparent: string) => ({ headers: { traceparent } });
    runWithRequestContext({ requestId: 'req-2', request: request(TRACEPARENT) }, () => logger.info('browser'));
    runWithRequestContext({ requestId: 'req-3', request: request(`00-${'0'.repeat(32)}-${PARENT}-01`) }, () =>
      logger.info('zero'),
    );
    runWithRequestContext({ requestId: 'req-4', request: request('kaputt') }, () => logger.info('bad'));
    expect(lines[0]).toMatchObject({ msg: 'browser', requestId: 'req-2', traceId: TRACE });
    expect(lines[0]).not.toHaveProperty('spanId');
    expect(lines[1]).not.toHaveProperty('traceId');
    expect(lines[2]).not.toHaveProperty('traceId');
    expect(lines[2]).toMatchObject({ requestId: 'req-4' });
  });
});

describe('tracing on (in-memory exporter)', () => {
  it('log lines inside a span carry traceId, spanId and the request id; jobs continue the trace', async () => {
    const memory = await startInMemoryTracing('test');
    try {
      const lines: Record<string, unknown>[] = [];
      const logger = createLogger({
        service: 'test',
        destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
      });
      let job: Record<string, unknown> = {};
      await runWithRequestContext({ requestId: 'req-1' }, () =>
        withSpan('request', { parent: contextFromTraceparent(TRACEPARENT) }, async (span) => {
          logger.info('inside');
          expect(currentTraceparent()).toBe(`00-${TRACE}-${span!.spanContext().spanId}-01`);
          job = withJobTrace({ invoiceId: 'i1' });
        }),
      );
      logger.info('outside');
      const [request] = memory.trace(TRACE);
      expect(request?.parentSpanContext?.spanId).toBe(PARENT);
      expect(lines[0]).toMatchObject({ msg: 'inside', requestId: 'req-1', traceId: TRACE });
      expect(lines[0]!['spanId']).toBe(request!.spanContext().spanId);
      expect(lines[1]).not.toHaveProperty('traceId');

      // the job data carries the producer's span and request id, and the job's span continues it
      expect(job).toEqual({
        invoiceId: 'i1',
        [JOB_TRACE_KEY]: { traceparent: `00-${TRACE}-${request!.spanContext().spanId}-01`, requestId: 'req-1' },
      });
      await runInJobTrace('pdf-render', 'render-pdf', job, async () => logger.info('in the job'));
      const jobSpan = memory.trace(TRACE).find((s) => s.name === 'pdf-render render-pdf');
      expect(jobSpan?.parentSpanContext?.spanId).toBe(request!.spanContext().spanId);
      expect(lines[2]).toMatchObject({ msg: 'in the job', requestId: 'req-1', traceId: TRACE });
    } finally {
      await memory.shutdown();
    }
    expect(tracingEnabled()).toBe(false);
  });

  it('a failing span is marked failed and the error passes through', async () => {
    const memory = await startInMemoryTracing('test');
    try {
      await expect(
        withSpan('fails', { parent: contextFromTraceparent(TRACEPARENT) }, async () => {
          throw new Error('kaputt');
        }),
      ).rejects.toThrow('kaputt');
      expect(memory.trace(TRACE)[0]?.status).toMatchObject({ code: 2, message: 'kaputt' });
    } finally {
      await memory.shutdown();
    }
  });

  it('reads only a sane request id and a string traceparent from job data', () => {
    expect(jobTraceOf({ [JOB_TRACE_KEY]: { traceparent: TRACEPARENT, requestId: 'bad id with spaces' } })).toEqual({
      traceparent: TRACEPARENT,
    });
    expect(jobTraceOf({ [JOB_TRACE_KEY]: 'x' })).toEqual({});
    expect(jobTraceOf(null)).toEqual({});
  });
});
