// One trace from the click to the PDF (issue 27): a customer signs a report by its public link; the
// browser's W3C traceparent is continued by the signature request, the PDF render job in the real
// worker, the outbox publish to the real NATS, the billing.report.signed consumer and the draft
// invoice it creates. Spans are collected by the SDK's in-memory exporter.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JOB_RENDER_PDF, QUEUE_PDF_RENDER } from '@zunft/contracts';
import { createLogger, SpanKind } from '@zunft/nest-common';
import { instrumentLoadedModules, startInMemoryTracing, type InMemoryTracing } from '@zunft/nest-common/testing';
import { randomBytes } from 'node:crypto';
import { startWorker, type RunningWorker } from '../src/worker/index.js';
import { FakeOperations, projectFixture, signaturePng } from './reports/support.js';
import { bearer, createCompany, type Company } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { CHROMIUM_PATH, eventually } from './worker/support.js';

let tracing: InMemoryTracing;
let t: TestApp;
let worker: RunningWorker;
const operations = new FakeOperations();
let a: Company;
// The worker's own log lines (the logger main.ts builds), to check they carry the trace and request.
const workerLines: Array<Record<string, unknown>> = [];
const workerLogger = createLogger({
  service: 'billing-worker',
  destination: { write: (line: string) => void workerLines.push(JSON.parse(line) as Record<string, unknown>) },
});

beforeAll(async () => {
  tracing = await startInMemoryTracing('billing');
  // the SDK's pg and ioredis instrumentations on the modules Jest loads (Node patches them at load)
  instrumentLoadedModules({ pg: (await import('pg')).default, ioredis: (await import('ioredis')).default });
  t = await createTestApp();
  worker = await startWorker({
    redisUrl: t.config.redisUrl,
    prefix: t.config.queuePrefix,
    queues: [QUEUE_PDF_RENDER],
    chromiumPath: CHROMIUM_PATH,
    pdfPoolSize: 1,
    logger: workerLogger,
  });
  await operations.start(t);
  a = await createCompany(t, { settings: { default_hourly_rate: 90, vat_rate: 8.1, payment_terms: 30 } });
}, 120_000);

afterAll(async () => {
  await operations.stop();
  await worker?.close();
  await t?.close();
  await tracing?.shutdown();
}, 60_000);

describe('tracing', () => {
  it('a signature by link is one trace: request → PDF render job → NATS → consumer → invoice', async () => {
    const p = projectFixture();
    operations.projects.set(p.projectId, p.data);
    const gen = await t
      .http()
      .post('/api/reports/generate')
      .set(bearer(a.backoffice))
      .send({ projectId: p.projectId, periodStart: '2026-03-02', periodEnd: '2026-03-08' });
    expect(gen.status).toBe(201);
    const reportId = gen.body.id as string;
    const prep = await t.http().post(`/api/reports/${reportId}/prepare-signature`).set(bearer(a.admin));
    expect(prep.status).toBe(200);
    const token = prep.body.signatureToken as string;

    // What the browser's API client sends (libs/web-common): version 00, trace id, its span id, sampled.
    const traceId = randomBytes(16).toString('hex');
    const browserSpanId = randomBytes(8).toString('hex');
    const signed = await t
      .http()
      .post(`/api/signature/${token}`)
      .set('traceparent', `00-${traceId}-${browserSpanId}-01`)
      .set('x-request-id', `sign-${browserSpanId}`)
      .send({ signerName: 'Hans Huber', signerEmail: 'hans@huber.test', signatureData: await signaturePng() });
    expect(signed.status).toBe(200);

    const invoices = await eventually(
      async () => {
        const rows: Array<{ id: string }> = await t.dataSource.query(
          `SELECT id FROM invoices WHERE company_id = $1 AND report_id = $2`,
          [a.id, reportId],
        );
        return rows.length > 0 ? rows : undefined;
      },
      30_000,
      'the invoice from the billing.report.signed consumer',
    );
    expect(invoices).toHaveLength(1);
    const consumed = await eventually(
      async () =>
        tracing
          .trace(traceId)
          .find(
            (s) =>
              s.name === 'process billing.report.signed' &&
              s.attributes['messaging.consumer.group.name'] === 'billing-invoices-report-signed',
          ),
      10_000,
      'the consumer span',
    );

    const spans = tracing.trace(traceId);
    const byId = new Map(spans.map((s) => [s.spanContext().spanId, s]));
    const parentOf = (s: (typeof spans)[number]) => byId.get(s.parentSpanContext?.spanId ?? '');

    const request = spans.find((s) => s.name === 'POST /api/signature/:token');
    expect(request?.kind).toBe(SpanKind.SERVER);
    expect(request?.parentSpanContext?.spanId).toBe(browserSpanId); // the browser's span
    expect(request?.attributes['http.response.status_code']).toBe(200);

    const render = spans.find((s) => s.name === `${QUEUE_PDF_RENDER} ${JOB_RENDER_PDF}`);
    expect(render?.kind).toBe(SpanKind.CONSUMER);
    expect(parentOf(render!)).toBe(request);

    const publish = spans.find((s) => s.name === 'publish billing.report.signed');
    expect(publish?.kind).toBe(SpanKind.PRODUCER);
    expect(parentOf(publish!)).toBe(request);

    expect(consumed.kind).toBe(SpanKind.CONSUMER);
    expect(parentOf(consumed)).toBe(publish);
    expect(consumed.status.code).not.toBe(2); // SpanStatusCode.ERROR: the invoice was created in it
    // the render finished inside the request, the consumer after the publish
    expect(render!.endTime[0] * 1e9 + render!.endTime[1]).toBeLessThanOrEqual(
      request!.endTime[0] * 1e9 + request!.endTime[1],
    );

    // the SDK's instrumentations: the request's SQL (pg) and the render job's enqueue (ioredis, under
    // BullMQ) are spans of the same trace, below the request's SERVER span
    const within = (s: (typeof spans)[number], ancestor: (typeof spans)[number]): boolean => {
      for (let p = parentOf(s); p; p = parentOf(p)) if (p === ancestor) return true;
      return false;
    };
    const queries = spans.filter(
      (s) => s.attributes['db.system.name'] === 'postgresql' || s.attributes['db.system'] === 'postgresql',
    );
    expect(queries.some((s) => s.kind === SpanKind.CLIENT && within(s, request!))).toBe(true);
    const redis = spans.filter(
      (s) => s.attributes['db.system.name'] === 'redis' || s.attributes['db.system'] === 'redis',
    );
    expect(redis.some((s) => s.kind === SpanKind.CLIENT && within(s, request!))).toBe(true);

    // the worker's log line of the render carries the browser's trace and the request's id
    const done = workerLines.find((l) => l['msg'] === `${QUEUE_PDF_RENDER}: job done` && l['traceId'] === traceId);
    expect(done).toMatchObject({ requestId: `sign-${browserSpanId}`, spanId: render!.spanContext().spanId });
  }, 90_000);
});
