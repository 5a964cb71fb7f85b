// The report snapshot across the two real services: billing (this test app + worker) and the REAL
// operations service, started as its own process from its build (services/operations/dist, made by
// `npm test`'s build stage) on a throw-away database and this run's NATS stream. Nothing is faked:
// report-data over NATS request/reply, billing.report.signed over JetStream.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_COMPANY_SETTINGS, QUEUE_PDF_RENDER, type ReportDetailDto } from '@zunft/contracts';
import {
  createTestDatabase,
  createTestMember,
  dropTestDatabase,
  type TestDatabase,
  type TestUserData,
} from '@zunft/nest-common/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import request from 'supertest';
import { startWorker, type RunningWorker } from '../../src/worker/index.js';
import { bearer, type Member } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { CHROMIUM_PATH, eventually, testLogger } from '../worker/support.js';
import { signaturePng } from './support.js';

const OPERATIONS_MAIN = path.resolve(import.meta.dirname, '../../../operations/dist/main.js');

let t: TestApp;
let worker: RunningWorker;
let opsDb: TestDatabase;
let ops: ChildProcess | undefined;
let opsUrl: string;
const opsLog: string[] = [];
const companyId = randomUUID();
let admin: Member;
let employee: Member;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });

const opsHttp = () => request(opsUrl);

beforeAll(async () => {
  if (!existsSync(OPERATIONS_MAIN)) {
    throw new Error(`${OPERATIONS_MAIN} fehlt: zuerst bauen (npm run build in services/operations)`);
  }
  t = await createTestApp();
  worker = await startWorker({
    redisUrl: t.config.redisUrl,
    prefix: t.config.queuePrefix,
    queues: [QUEUE_PDF_RENDER],
    chromiumPath: CHROMIUM_PATH,
    pdfPoolSize: 1,
    logger: testLogger,
  });
  opsDb = await createTestDatabase('zunft_operations_test');
  const port = await freePort();
  opsUrl = `http://127.0.0.1:${port}`;
  ops = spawn(process.execPath, [OPERATIONS_MAIN], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: String(port),
      DATABASE_URL: opsDb.url,
      NATS_URL: t.config.natsUrl,
      NATS_STREAM: t.config.natsStream,
      JWT_PUBLIC_KEY: t.config.jwtPublicKey,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  ops.stdout?.on('data', (d: Buffer) => opsLog.push(d.toString()));
  ops.stderr?.on('data', (d: Buffer) => opsLog.push(d.toString()));
  await eventually(
    async () => {
      if (ops?.exitCode !== null) throw new Error(`operations exited: ${opsLog.join('')}`);
      const res = await opsHttp()
        .get('/ready')
        .catch(() => null);
      return res?.status === 200 ? true : undefined;
    },
    60_000,
    'operations ready',
  );

  // the company and its staff, announced by "auth" on the shared stream (both services consume)
  await t.publish('auth.company.registered', companyId, {
    companyId,
    name: 'Malerei Snapshot AG',
    email: 'info@snapshot.test',
    language: 'de',
    trialEndsAt: null,
    adminUserId: randomUUID(),
    settings: { ...DEFAULT_COMPANY_SETTINGS, auto_calculate_surcharges: false },
  });
  const announce = (user: TestUserData) => t.publish('auth.user.created', companyId, user);
  admin = await createTestMember(t, companyId, 'admin', { firstName: 'Anna', apply: announce });
  employee = await createTestMember(t, companyId, 'employee', { firstName: 'Emil', apply: announce });
  // both services know the staff once their consumers ran
  await eventually(
    async () => {
      const o = await opsHttp().get('/api/customers').set(bearer(admin));
      const b = await t.http().get('/api/reports').set(bearer(admin));
      const known = await opsHttp().get('/api/time-entries').set(bearer(employee));
      return o.status === 200 && b.status === 200 && known.status === 200 ? true : undefined;
    },
    60_000,
    'staff known to both services',
  );
}, 180_000);

afterAll(async () => {
  if (ops && ops.exitCode === null) {
    const exited = new Promise((resolve) => ops!.once('exit', resolve));
    ops.kill('SIGTERM');
    await exited;
  }
  await worker?.close();
  await t?.close();
  if (opsDb) await dropTestDatabase(opsDb);
}, 60_000);

describe('report snapshot with the real operations service', () => {
  it('an entry edited after generation leaves the report unchanged; after signing it is locked (409); a second report leaves it out', async () => {
    const customer = await opsHttp()
      .post('/api/customers')
      .set(bearer(admin))
      .send({ name: 'Wohnbau Genossenschaft', email: 'bau@wohnbau.test', city: 'Bern' });
    expect(customer.status).toBe(201);
    const project = await opsHttp()
      .post('/api/projects')
      .set(bearer(admin))
      .send({ title: 'Fassade Nord', status: 'in_progress', customerId: customer.body.id });
    expect(project.status).toBe(201);
    expect(
      (await opsHttp().post(`/api/projects/${project.body.id}/assign`).set(bearer(admin)).send({ userId: employee.id }))
        .status,
    ).toBe(201);
    const entry = await opsHttp().post('/api/time-entries').set(bearer(employee)).send({
      projectId: project.body.id,
      startTime: '2026-03-03T07:00:00Z',
      endTime: '2026-03-03T11:00:00Z',
      breakMinutes: 0,
      description: 'Gerüst',
    });
    expect(entry.status).toBe(201);

    const period = { projectId: project.body.id, periodStart: '2026-03-02', periodEnd: '2026-03-08' };
    const first = await t.http().post('/api/reports/generate').set(bearer(admin)).send(period);
    expect(first.status).toBe(201);
    const report = first.body as ReportDetailDto;
    expect(report.total_hours).toBe(4);
    expect(report.content.employees[0]!.entries[0]).toMatchObject({ time_entry_id: entry.body.id, hours: 4 });

    // operations changes the entry: the report keeps its snapshot
    const edit = await opsHttp()
      .put(`/api/time-entries/${entry.body.id}`)
      .set(bearer(admin))
      .send({ endTime: '2026-03-03T13:00:00Z' });
    expect(edit.status).toBe(200);
    const again = await t.http().get(`/api/reports/${report.id}`).set(bearer(admin));
    expect(again.body.total_hours).toBe(4);
    expect(again.body.content.employees[0].entries[0].hours).toBe(4);

    // signed on the device → billing.report.signed → operations locks the entry
    const signed = await t
      .http()
      .post(`/api/reports/${report.id}/signature`)
      .set(bearer(admin))
      .send({ signerName: 'Paula Bauer', signerEmail: 'paula@wohnbau.test', signatureData: await signaturePng() });
    expect(signed.status).toBe(200);
    const locked = await eventually(
      async () => {
        const res = await opsHttp()
          .put(`/api/time-entries/${entry.body.id}`)
          .set(bearer(admin))
          .send({ description: 'Gerüst (nachträglich)' });
        return res.status === 409 ? res : undefined;
      },
      60_000,
      'entry locked by billing.report.signed',
    );
    expect(locked.body.error).toBe(
      `Dieser Zeiteintrag ist im unterschriebenen Rapport ${report.report_number} enthalten und kann nicht mehr geändert oder gelöscht werden.`,
    );
    expect((await opsHttp().delete(`/api/time-entries/${entry.body.id}`).set(bearer(admin))).status).toBe(409);

    // a second report over the same period leaves the billed entry out and says so
    const second = await t.http().post('/api/reports/generate').set(bearer(admin)).send(period);
    expect(second.status).toBe(201);
    expect(second.body.content.employees).toEqual([]);
    expect(second.body.content.is_empty).toBe(true);
    expect(second.body.content.excluded).toEqual({ time_entries: 1, material_usage: 0, expenses: 0 });
    expect(second.body.report_number).not.toBe(report.report_number);
  }, 180_000);
});
