// Benchmark, run by hand (not part of npm test; testMatch does not pick up *.bench.ts):
//
//   cd services/billing && NODE_OPTIONS=--experimental-vm-modules \
//     npx jest --testMatch '**/test/bench/*.bench.ts' --testTimeout 600000 test/bench/report-signature.bench.ts
//
// Measures (median of 20, after 2 warm-up rounds) on the real API + worker (Chromium warm) + NATS:
//  1. signature → billing.report.signed consumed: from sending POST /reports/{id}/signature until a
//     JetStream consumer on the stream has received the event (outbox relay included); also the
//     part after the HTTP answer (commit → consumed).
//  2. signed-PDF render time with a warm browser: the sealed report document (signature, record,
//     one photo) rendered through the pdf-render queue (worker time and round trip).
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { DeliverPolicy } from '@nats-io/jetstream';
import { QUEUE_PDF_RENDER, type ReportDto } from '@zunft/contracts';
import { EventsConnection, TenantScope } from '@zunft/nest-common';
import { DataSource } from 'typeorm';
import { DocumentQueues } from '../../src/queues/index.js';
import { ReportDocumentBuilder } from '../../src/reports/report-document.builder.js';
import { ReportsRepository } from '../../src/reports/reports.repository.js';
import { startWorker, type RunningWorker } from '../../src/worker/index.js';
import { bearer, createCompany, type Company } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { CHROMIUM_PATH, median, testLogger } from '../worker/support.js';
import { FakeOperations, jpeg, projectFixture, signaturePng } from '../reports/support.js';

const ROUNDS = 20;
const WARMUP = 2;

let t: TestApp;
let worker: RunningWorker;
const operations = new FakeOperations();
let a: Company;

beforeAll(async () => {
  t = await createTestApp();
  worker = await startWorker({
    redisUrl: t.config.redisUrl,
    prefix: t.config.queuePrefix,
    queues: [QUEUE_PDF_RENDER],
    chromiumPath: CHROMIUM_PATH,
    pdfPoolSize: 1,
    logger: testLogger,
  });
  await operations.start(t);
  a = await createCompany(t);
}, 120_000);
afterAll(async () => {
  await operations.stop();
  await worker?.close();
  await t?.close();
});

async function newReport(): Promise<string> {
  const p = projectFixture();
  operations.projects.set(p.projectId, p.data);
  const res = await t
    .http()
    .post('/api/reports/generate')
    .set(bearer(a.backoffice))
    .send({ projectId: p.projectId, periodStart: '2026-03-02', periodEnd: '2026-03-08' });
  expect(res.status).toBe(201);
  const img = await t
    .http()
    .post(`/api/reports/${res.body.id}/images`)
    .set(bearer(a.backoffice))
    .attach('image', await jpeg(1600, 1200), 'baustelle.jpg');
  expect(img.status).toBe(201);
  return res.body.id as string;
}

it('signature → billing.report.signed consumed; signed-PDF render (warm browser)', async () => {
  const events = t.app.get(EventsConnection);
  const received = new Map<string, number>();
  // an ordered consumer from now on (the NATS server here predates per-consumer subject lists: filter by type)
  const consumer = await events.js.consumers.get(events.streamName, { deliver_policy: DeliverPolicy.New });
  const messages = await consumer.consume();
  void (async () => {
    for await (const m of messages) {
      const envelope = JSON.parse(new TextDecoder().decode(m.data)) as { type: string; data: { reportId: string } };
      if (envelope.type === 'billing.report.signed') received.set(envelope.data.reportId, performance.now());
    }
  })();
  const signatureData = await signaturePng();

  const total: number[] = [];
  const afterCommit: number[] = [];
  for (let i = 0; i < WARMUP + ROUNDS; i++) {
    const id = await newReport();
    const start = performance.now();
    const res = await t
      .http()
      .post(`/api/reports/${id}/signature`)
      .set(bearer(a.backoffice))
      .send({ signerName: 'Bench Kunde', signerEmail: 'bench@kunde.test', signatureData });
    expect(res.status).toBe(200);
    const answered = performance.now();
    while (!received.has(id)) await new Promise((r) => setTimeout(r, 1));
    if (i >= WARMUP) {
      total.push(received.get(id)! - start);
      afterCommit.push(received.get(id)! - answered);
    }
  }
  await messages.close();

  // signed-PDF render with a warm browser: the sealed document of the last report
  const scope = TenantScope.forSystem(a.id);
  const repo = t.app.get(ReportsRepository);
  const m = t.app.get(DataSource).manager;
  const [last] = (await repo.list(m, scope, {})) as ReportDto[];
  const row = (await repo.find(m, scope, last!.id))!;
  const images = await repo.images(m, scope, row.id);
  const png = Buffer.from(signatureData.split(',')[1]!, 'base64');
  const document = await t.app.get(ReportDocumentBuilder).build(scope, row, images, {
    name: 'Bench Kunde',
    email: 'bench@kunde.test',
    signedAt: new Date().toISOString(),
    ip: '127.0.0.1',
    userAgent: 'bench',
    png,
    sealSha256: 'f'.repeat(64),
  });
  const queues = t.app.get(DocumentQueues);
  const workerMs: number[] = [];
  const roundTrip: number[] = [];
  for (let i = 0; i < WARMUP + ROUNDS; i++) {
    const start = performance.now();
    const r = await queues.renderPdf({ kind: 'report', document }, { timeoutMs: 60_000 });
    if (i >= WARMUP) {
      workerMs.push(r.renderMs);
      roundTrip.push(performance.now() - start);
    }
  }

  const fmt = (v: number) => `${v.toFixed(0)} ms`;
  console.log(
    [
      `signature → billing.report.signed consumed (median of ${ROUNDS}): ${fmt(median(total))} from sending the signature (incl. the sealed-PDF render), ${fmt(median(afterCommit))} from the 200 answer (commit → relay → consumer)`,
      `signed-PDF render, warm browser (median of ${ROUNDS}): ${fmt(median(workerMs))} in the worker, ${fmt(median(roundTrip))} round trip through the queue`,
    ].join('\n'),
  );
}, 600_000);
