// Read your own writes across services (issue 28): a customer or project created in operations a
// moment ago is known to billing at once. Billing (this test app) and the REAL operations service,
// started as its own process from its build (services/operations/dist, made by `npm test`'s build
// stage) on a throw-away database and this run's NATS stream. Nothing is faked: the copy's events
// over JetStream, the look-up of an id the copy does not know yet over NATS request/reply.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_COMPANY_SETTINGS } from '@zunft/contracts';
import { EventsConnection } from '@zunft/nest-common';
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
import { bearer, TEST_VAT_NUMBER, type Member } from './support/factories.js';
import { invoiceBody } from './support/invoices.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { eventually } from './worker/support.js';
import { DirectorySource } from '../src/directory/directory-source.js';

const OPERATIONS_MAIN = path.resolve(import.meta.dirname, '../../operations/dist/main.js');

let t: TestApp;
let opsDb: TestDatabase;
let ops: ChildProcess | undefined;
let opsUrl: string;
const opsLog: string[] = [];
const companyA = randomUUID();
const companyB = randomUUID();
let adminA: Member;
let adminB: Member;
let employeeA: Member;

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

async function register(companyId: string, name: string): Promise<{ admin: Member; employee: Member }> {
  await t.publish('auth.company.registered', companyId, {
    companyId,
    name,
    email: 'info@firma.test',
    language: 'de',
    trialEndsAt: null,
    adminUserId: randomUUID(),
    settings: { ...DEFAULT_COMPANY_SETTINGS, vat_number: TEST_VAT_NUMBER },
  });
  const announce = (user: TestUserData) => t.publish('auth.user.created', companyId, user);
  return {
    admin: await createTestMember(t, companyId, 'admin', { firstName: 'Anna', apply: announce }),
    employee: await createTestMember(t, companyId, 'employee', { firstName: 'Emil', apply: announce }),
  };
}

beforeAll(async () => {
  if (!existsSync(OPERATIONS_MAIN)) {
    throw new Error(`${OPERATIONS_MAIN} fehlt: zuerst bauen (npm run build in services/operations)`);
  }
  t = await createTestApp();
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
  ({ admin: adminA, employee: employeeA } = await register(companyA, 'Malerei Sofort AG'));
  ({ admin: adminB } = await register(companyB, 'Gipserei Andere AG'));
  await eventually(
    async () => {
      for (const admin of [adminA, adminB]) {
        const o = await opsHttp().get('/api/customers').set(bearer(admin));
        const b = await t.http().get('/api/invoices').set(bearer(admin));
        if (o.status !== 200 || b.status !== 200) return undefined;
      }
      return true;
    },
    60_000,
    'both companies known to both services',
  );
}, 180_000);

afterAll(async () => {
  if (ops && ops.exitCode === null) {
    const exited = new Promise((resolve) => ops!.once('exit', resolve));
    ops.kill('SIGTERM');
    await exited;
  }
  await t?.close();
  if (opsDb) await dropTestDatabase(opsDb);
}, 60_000);

describe('billing knows what operations wrote a moment ago', () => {
  it('a customer created and at once invoiced, 100 times back to back: 100 invoices, no 404', async () => {
    // listens beside the responder (no queue group): counts the ids billing had to ask for
    const events = t.app.get(EventsConnection);
    let asked = 0;
    const observer = events.nc.subscribe(events.subjectFor('rpc.operations.customer'), {
      callback: () => {
        asked++;
      },
    });
    const statuses: number[] = [];
    for (let i = 1; i <= 100; i++) {
      const customer = await opsHttp()
        .post('/api/customers')
        .set(bearer(adminA))
        .send({ name: `Sofortkunde ${i}`, city: 'Bern' });
      expect(customer.status).toBe(201);
      const invoice = await t.http().post('/api/invoices').set(bearer(adminA)).send(invoiceBody(customer.body.id));
      statuses.push(invoice.status);
      if (invoice.status === 201) expect(invoice.body.customer_id).toBe(customer.body.id);
    }
    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    observer.unsubscribe();
    // the event usually trails the invoice request (77 of 100 asked in one run): the path was taken
    expect(asked).toBeGreaterThan(0);
    // what billing learned is in its copy, with operations' data
    const copied = await t.dataSource.query(`SELECT count(*)::int AS n FROM customers WHERE company_id = $1`, [
      companyA,
    ]);
    expect(copied[0].n).toBe(100);
  }, 120_000);

  it('operations answers the whole customer, its Postfach too (the QR bill of a customer billing learned by asking)', async () => {
    const created = await opsHttp()
      .post('/api/customers')
      .set(bearer(adminA))
      .send({ name: 'Postfachkunde AG', poBox: '1234', zip: '3001', city: 'Bern' });
    expect(created.status).toBe(201);
    const record = await t.app.get(DirectorySource).customer(companyA, created.body.id);
    expect(record).toMatchObject({ customerId: created.body.id, name: 'Postfachkunde AG', poBox: '1234', zip: '3001' });
  });

  it('a project created and at once named on an invoice: 201 with the project', async () => {
    const customer = await opsHttp().post('/api/customers').set(bearer(adminA)).send({ name: 'Projektkunde' });
    const project = await opsHttp()
      .post('/api/projects')
      .set(bearer(adminA))
      .send({ title: 'Treppenhaus', status: 'in_progress', customerId: customer.body.id });
    expect(project.status).toBe(201);
    const invoice = await t
      .http()
      .post('/api/invoices')
      .set(bearer(adminA))
      .send(invoiceBody(customer.body.id, { projectId: project.body.id }));
    expect(invoice.status).toBe(201);
    expect(invoice.body.project_id).toBe(project.body.id);
  });

  it('another company’s fresh customer or project, or an id of nobody: 404, nothing copied', async () => {
    const foreign = await opsHttp().post('/api/customers').set(bearer(adminB)).send({ name: 'Fremdkunde' });
    const foreignProject = await opsHttp()
      .post('/api/projects')
      .set(bearer(adminB))
      .send({ title: 'Fremdprojekt', status: 'planned', customerId: foreign.body.id });
    expect(foreignProject.status).toBe(201);
    const own = await opsHttp().post('/api/customers').set(bearer(adminA)).send({ name: 'Eigenkunde' });

    const crossCustomer = await t.http().post('/api/invoices').set(bearer(adminA)).send(invoiceBody(foreign.body.id));
    expect(crossCustomer.status).toBe(404);
    expect(crossCustomer.body).toMatchObject({ code: 'customer_not_found', error: 'Kunde nicht gefunden' });
    const crossProject = await t
      .http()
      .post('/api/invoices')
      .set(bearer(adminA))
      .send(invoiceBody(own.body.id, { projectId: foreignProject.body.id }));
    expect(crossProject.status).toBe(404);
    expect(crossProject.body.code).toBe('project_not_found');
    const nobody = await t.http().post('/api/invoices').set(bearer(adminA)).send(invoiceBody(randomUUID()));
    expect(nobody.status).toBe(404);
    // a quote for the fresh customer is found the same way; the employee is still refused (403)
    const quote = await t
      .http()
      .post('/api/quotes')
      .set(bearer(employeeA))
      .send({ customerId: own.body.id, title: 'Offerte', items: [] });
    expect(quote.status).toBe(403);

    const copiedInA = await t.dataSource.query(`SELECT id FROM customers WHERE company_id = $1 AND id = $2`, [
      companyA,
      foreign.body.id,
    ]);
    expect(copiedInA).toEqual([]);
  });
});
