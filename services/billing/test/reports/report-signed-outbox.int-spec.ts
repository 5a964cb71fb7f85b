// Exactly once across a NATS outage: a report signed while NATS is unreachable is signed all the
// same (database + worker only), its billing.report.signed waits in the outbox and is published
// once NATS is back. Uses its OWN nats-server process (another port, own store directory), never
// the machine's.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { QUEUE_PDF_RENDER } from '@zunft/contracts';
import { EventsConnection } from '@zunft/nest-common';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startWorker, type RunningWorker } from '../../src/worker/index.js';
import { bearer, createCompany, type Company } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { CHROMIUM_PATH, eventually, testLogger } from '../worker/support.js';
import { FakeOperations, projectFixture, signaturePng } from './support.js';

const NATS_SERVER = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';

let port: number;
let storeDir: string;
let nats: ChildProcess | undefined;
let t: TestApp;
let worker: RunningWorker;
const operations = new FakeOperations();
let a: Company;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const p = (server.address() as { port: number }).port;
      server.close(() => resolve(p));
    });
  });

const accepts = (p: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port: p });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

async function startNats(): Promise<void> {
  nats = spawn(NATS_SERVER, ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir], { stdio: 'ignore' });
  await eventually(async () => ((await accepts(port)) ? true : undefined), 30_000, 'own nats-server up');
}

async function stopNats(): Promise<void> {
  const child = nats;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  nats = undefined;
}

beforeAll(async () => {
  port = await freePort();
  storeDir = mkdtempSync(path.join(tmpdir(), 'zunft-h3-nats-'));
  await startNats();
  t = await createTestApp({ natsUrl: `nats://127.0.0.1:${port}` });
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
  if (!nats) await startNats().catch(() => undefined); // let the app close its stream cleanly
  await operations.stop();
  await worker?.close();
  await t?.close();
  await stopNats();
  rmSync(storeDir, { recursive: true, force: true });
}, 60_000);

describe('billing.report.signed through the outbox', () => {
  it('signing while NATS is unreachable still signs; the event is published once NATS is back', async () => {
    const p = projectFixture();
    operations.projects.set(p.projectId, p.data);
    const gen = await t
      .http()
      .post('/api/reports/generate')
      .set(bearer(a.backoffice))
      .send({ projectId: p.projectId, periodStart: '2026-03-02', periodEnd: '2026-03-08' });
    expect(gen.status).toBe(201);
    const signature = await signaturePng();

    await stopNats();
    const signed = await t
      .http()
      .post(`/api/reports/${gen.body.id}/signature`)
      .set(bearer(a.backoffice))
      .send({ signerName: 'Nora Netz', signerEmail: 'nora@kunde.test', signatureData: signature });
    expect(signed.status).toBe(200);
    const [row] = await t.dataSource.query(
      `SELECT id, published_at FROM outbox_events WHERE company_id = $1 AND type = 'billing.report.signed'`,
      [a.id],
    );
    expect(row.published_at).toBeNull();
    expect((await t.http().get(`/api/reports/${gen.body.id}`).set(bearer(a.admin))).body.status).toBe('signed');

    await startNats();
    await eventually(
      async () => {
        const [r] = await t.dataSource.query(`SELECT published_at FROM outbox_events WHERE id = $1`, [row.id]);
        return r.published_at ? true : undefined;
      },
      60_000,
      'outbox row published',
    );
    const events = t.app.get(EventsConnection);
    const msg = await events.jsm.streams.getMessage(events.streamName, {
      last_by_subj: events.subjectFor('billing.report.signed'),
    });
    const envelope = JSON.parse(new TextDecoder().decode(msg!.data));
    expect(envelope).toMatchObject({
      id: row.id,
      type: 'billing.report.signed',
      companyId: a.id,
      data: { reportId: gen.body.id, reportNumber: gen.body.report_number, signerName: 'Nora Netz' },
    });
    const count: unknown[] = await t.dataSource.query(
      `SELECT 1 FROM outbox_events WHERE company_id = $1 AND type = 'billing.report.signed'`,
      [a.id],
    );
    expect(count).toHaveLength(1);
  }, 120_000);
});
