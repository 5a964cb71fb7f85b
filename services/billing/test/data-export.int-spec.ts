// «Alle Daten exportieren» (issue 26, revDSG art. 28): billing (this test app) with its REAL worker
// (the export job), and the REAL operations and auth services started as their own processes from
// their builds (services/*/dist) on throw-away databases and this run's NATS stream. Their parts
// travel over NATS request/reply, page by page; nothing is faked.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { QUEUE_DATA_EXPORT, type DataExportDto } from '@zunft/contracts';
import { PostgresFileStorage, RpcClient } from '@zunft/nest-common';
import { createTestDatabase, dropTestDatabase, type TestDatabase } from '@zunft/nest-common/testing';
import { unzipSync } from 'fflate';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import request from 'supertest';
import { addCustomer, bearer, createCompany, type Company } from './support/factories.js';
import { createTestApp, generateKeyPairPem, type TestApp } from './support/test-app.js';
import { eventually, testLogger } from './worker/support.js';
import { DataExportService, partKey } from '../src/data-export/data-export.service.js';
import { startWorker, type RunningWorker } from '../src/worker/start-worker.js';

const DIST = (service: string) => path.resolve(import.meta.dirname, `../../${service}/dist/main.js`);
const INFRA = ['migrations', 'outbox_events', 'processed_events', 'dead_letter_events', 'stored_files'];
const PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$GEHEIMESSALZ$GEHEIMERHASHWERT';
const VERIFY_HASH = 'verifikationstokenhash0123456789';

let t: TestApp;
let worker: RunningWorker;
const services: Array<{ name: string; proc: ChildProcess; db: TestDatabase; log: string[] }> = [];
let opsDb: pg.Client;
let authDb: pg.Client;
let a: Company;
let b: Company;

const binary = (
  res: { on: (e: string, cb: (c?: Buffer) => void) => void },
  cb: (err: Error | null, body: Buffer) => void,
) => {
  const chunks: Buffer[] = [];
  res.on('data', (c) => chunks.push(c!));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};
const sha = (buf: Uint8Array) => createHash('sha256').update(buf).digest('hex');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });

/** Starts operations or auth from its build, waits until it is ready. */
async function startService(name: 'operations' | 'auth'): Promise<pg.Client> {
  const main = DIST(name);
  if (!existsSync(main)) throw new Error(`${main} fehlt: zuerst bauen (npm run build in services/${name})`);
  const db = await createTestDatabase(`zunft_${name}_test`);
  const port = await freePort();
  const keys = generateKeyPairPem();
  const log: string[] = [];
  const proc = spawn(process.execPath, [main], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: String(port),
      DATABASE_URL: db.url,
      NATS_URL: t.config.natsUrl,
      NATS_STREAM: t.config.natsStream,
      // auth signs with a key of its own (nothing here uses its tokens); operations checks billing's test tokens
      JWT_PUBLIC_KEY: name === 'auth' ? keys.publicKey : t.config.jwtPublicKey,
      JWT_PRIVATE_KEY: keys.privateKey,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.on('data', (d: Buffer) => log.push(d.toString()));
  proc.stderr?.on('data', (d: Buffer) => log.push(d.toString()));
  services.push({ name, proc, db, log });
  await eventually(
    async () => {
      if (proc.exitCode !== null) throw new Error(`${name} exited: ${log.join('')}`);
      const res = await request(`http://127.0.0.1:${port}`)
        .get('/ready')
        .catch(() => null);
      return res?.status === 200 ? true : undefined;
    },
    90_000,
    `${name} ready`,
  );
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  return client;
}

/** A PDF-like file of `size` bytes (random after the header, so it does not compress). */
const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size - 9)]);

async function seedOperations(companyId: string, names: string[], receipt: Buffer | null): Promise<string> {
  const customerIds: string[] = [];
  for (const [i, name] of names.entries()) {
    const r = await opsDb.query<{ id: string }>(
      `INSERT INTO customers (company_id, name, customer_number, notes) VALUES ($1, $2, $3, $4) RETURNING id`,
      [companyId, name, `K-${i + 1}`, 'Notiz mit "Anführungszeichen"; Semikolon\nund Zeilenumbruch'],
    );
    customerIds.push(r.rows[0]!.id);
  }
  const project = await opsDb.query<{ id: string }>(
    `INSERT INTO projects (company_id, customer_id, title, project_number) VALUES ($1, $2, 'Umbau Küche', 'P-1') RETURNING id`,
    [companyId, customerIds[0]],
  );
  if (receipt) {
    const expense = await opsDb.query<{ id: string }>(
      `INSERT INTO expenses (company_id, user_id, first_name, last_name, category, description, amount, expense_date)
       VALUES ($1, $2, 'Emil', 'Muster', 'materials', 'Schrauben', 12.50, '2026-11-02') RETURNING id`,
      [companyId, randomUUID()],
    );
    await opsDb.query(
      `INSERT INTO expense_receipts (expense_id, company_id, filename, content_type, size, data)
       VALUES ($1, $2, 'beleg.pdf', 'application/pdf', $3, $4)`,
      [expense.rows[0]!.id, companyId, receipt.length, receipt],
    );
  }
  return project.rows[0]!.id;
}

async function seedAuth(companyId: string, name: string, logo: Buffer): Promise<void> {
  await authDb.query(`INSERT INTO companies (id, name, email_verification_token_hash) VALUES ($1, $2, $3)`, [
    companyId,
    name,
    `${VERIFY_HASH}${companyId.slice(0, 8)}`,
  ]);
  await authDb.query(`INSERT INTO company_settings (company_id) VALUES ($1)`, [companyId]);
  await authDb.query(
    `INSERT INTO users (company_id, first_name, last_name, email, password_hash, role)
     VALUES ($1, 'Anna', 'Admin', $2, $3, 'admin')`,
    [companyId, `anna-${companyId.slice(0, 8)}@firma.test`, PASSWORD_HASH],
  );
  await authDb.query(
    `INSERT INTO stored_files (key, company_id, content_type, size, sha256, data) VALUES ($1, $2, 'image/png', $3, $4, $5)`,
    [`${companyId}/logos/${randomBytes(16).toString('hex')}.png`, companyId, logo.length, sha(logo), logo],
  );
}

async function runExport(member: Company['admin']): Promise<{ done: DataExportDto; seen: number[]; ms: number }> {
  const started = Date.now();
  const start = await t.http().post('/api/data-exports').set(bearer(member));
  expect(start.status).toBe(202);
  const seen: number[] = [];
  const done = await eventually(
    async () => {
      const res = await t.http().get('/api/data-exports/latest').set(bearer(member));
      const e = res.body.export as DataExportDto;
      if (seen[seen.length - 1] !== e.progress) seen.push(e.progress);
      if (e.status === 'failed') throw new Error('export failed');
      return e.status === 'done' ? e : undefined;
    },
    240_000,
    'export done',
  );
  return { done, seen, ms: Date.now() - started };
}

async function download(member: Company['admin'], id: string): Promise<Record<string, Uint8Array>> {
  const res = await t.http().get(`/api/data-exports/${id}/download`).set(bearer(member)).buffer(true).parse(binary);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  return unzipSync(new Uint8Array(res.body as Buffer));
}

/** Records of a CSV (`;`, quotes, line breaks inside quotes), header excluded. */
function csvRecords(bytes: Uint8Array): string[][] {
  const text = Buffer.from(bytes).toString('utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 1; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += c;
  }
  return records.slice(1);
}

/** The company's tables of a database as the schema says (independently of the export's code). */
async function ownedTables(query: (sql: string, p?: unknown[]) => Promise<Array<Record<string, unknown>>>) {
  const found = await query(
    `SELECT table_name FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND (column_name = 'company_id' OR table_name = 'companies')
      GROUP BY table_name`,
  );
  return found.map((r) => r.table_name as string).filter((n) => !INFRA.includes(n));
}

beforeAll(async () => {
  t = await createTestApp();
  opsDb = await startService('operations');
  authDb = await startService('auth');
  worker = await startWorker({
    redisUrl: t.config.redisUrl,
    prefix: t.config.queuePrefix,
    queues: [QUEUE_DATA_EXPORT],
    databaseUrl: t.db.url,
    natsUrl: t.config.natsUrl,
    natsStream: t.config.natsStream,
    scheduleMaintenance: false,
    logger: testLogger,
  });
  a = await createCompany(t, { name: 'Malerei Export AG' });
  b = await createCompany(t, { name: 'Gipserei Fremd AG' });
}, 240_000);

afterAll(async () => {
  await worker?.close();
  await opsDb?.end();
  await authDb?.end();
  for (const s of services) {
    if (s.proc.exitCode === null) {
      const exited = new Promise((resolve) => s.proc.once('exit', resolve));
      s.proc.kill('SIGTERM');
      await exited;
    }
    await dropTestDatabase(s.db);
  }
  await t?.close();
}, 90_000);

describe('POST /api/data-exports: who may, and one at a time', () => {
  it('refuses the office and the employee with a German 403', async () => {
    for (const member of [a.backoffice, a.employee]) {
      const res = await t.http().post('/api/data-exports').set(bearer(member));
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('Keine Berechtigung für diese Aktion');
    }
    const latest = await t.http().get('/api/data-exports/latest').set(bearer(a.employee));
    expect(latest.status).toBe(403);
  });

  it('answers 409 in German while an export of the company runs', async () => {
    const running = await t.dataSource.query(
      `INSERT INTO data_exports (company_id, requested_by) VALUES ($1, $2) RETURNING id`,
      [b.id, b.admin.id],
    );
    const res = await t.http().post('/api/data-exports').set(bearer(b.admin));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('data_export_running');
    expect(res.body.error).toBe('Ein Export läuft bereits. Bitte warten Sie, bis er fertig ist.');
    await t.dataSource.query(`UPDATE data_exports SET status = 'failed' WHERE id = $1`, [running[0].id]);
  });
});

describe('the ZIP of a company', () => {
  const invoicePdf = pdf(40_000);
  const receipt = pdf(1_300_000); // more than two 512 KB chunks over NATS
  const logo = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(3000)]);
  let zip: Record<string, Uint8Array>;
  let done: DataExportDto;

  beforeAll(async () => {
    await seedOperations(a.id, ['Bäckerei Müller', 'Garage Rüegg', 'Schreinerei Frei'], receipt);
    await seedOperations(b.id, ['Fremdkunde Geheim AG'], pdf(2000));
    await seedAuth(a.id, 'Malerei Export AG', logo);
    await seedAuth(b.id, 'Gipserei Fremd AG', logo);
    await addCustomer(t, a.id, { name: 'Bäckerei Müller' });
    await addCustomer(t, b.id, { name: 'Fremdkunde Geheim AG' });
    const storage = new PostgresFileStorage(t.dataSource);
    await storage.put(`${a.id}/invoices/${randomUUID()}/rechnung-2026-001.pdf`, invoicePdf, {
      contentType: 'application/pdf',
      companyId: a.id,
    });
    await storage.put(`${b.id}/invoices/${randomUUID()}/fremd.pdf`, pdf(3000), {
      contentType: 'application/pdf',
      companyId: b.id,
    });
    ({ done } = await runExport(a.admin));
    zip = await download(a.admin, done.id);
  }, 300_000);

  it('reports done with size, counts and a 7-day expiry', () => {
    expect(done.progress).toBe(100);
    expect(done.sizeBytes).toBeGreaterThan(1_300_000);
    expect(done.documents).toBe(3);
    const days = (Date.parse(done.expiresAt!) - Date.parse(done.finishedAt!)) / 86_400_000;
    expect(days).toBeCloseTo(7, 5);
  });

  it('holds a CSV of every table of each service with the company’s row count', async () => {
    const dbs = {
      auth: (sql: string, p?: unknown[]) => authDb.query(sql, p).then((r) => r.rows),
      operations: (sql: string, p?: unknown[]) => opsDb.query(sql, p).then((r) => r.rows),
      billing: (sql: string, p?: unknown[]) => t.dataSource.query(sql, p),
    };
    for (const [service, query] of Object.entries(dbs)) {
      const tables = await ownedTables(query);
      expect(tables.length).toBeGreaterThan(service === 'auth' ? 5 : 15);
      const csvs = Object.keys(zip)
        .filter((n) => n.startsWith(`${service}/`) && n.endsWith('.csv') && !n.includes('/dokumente/'))
        .map((n) => n.slice(service.length + 1, -4))
        .sort();
      expect(csvs).toEqual([...tables].sort());
      for (const table of tables) {
        const owner = table === 'companies' ? 'id' : 'company_id';
        const [{ n }] = (await query(`SELECT count(*)::int AS n FROM "${table}" WHERE "${owner}" = $1`, [a.id])) as [
          { n: number },
        ];
        expect({ table: `${service}/${table}`, rows: csvRecords(zip[`${service}/${table}.csv`]!).length }).toEqual({
          table: `${service}/${table}`,
          rows: n,
        });
      }
    }
    const customers = csvRecords(zip['operations/customers.csv']!);
    const header = Buffer.from(zip['operations/customers.csv']!).toString('utf8').split('\r\n')[0]!.slice(1).split(';');
    const notes = customers.map((r) => r[header.indexOf('notes')]);
    expect(customers.map((r) => r[header.indexOf('name')]).sort()).toEqual([
      'Bäckerei Müller',
      'Garage Rüegg',
      'Schreinerei Frei',
    ]);
    expect(notes).toEqual(Array(3).fill('Notiz mit "Anführungszeichen"; Semikolon\nund Zeilenumbruch'));
    expect(zip['LIESMICH.txt']).toBeDefined();
  });

  it('holds every stored document byte for byte', () => {
    const docs = Object.entries(zip).filter(([n]) => n.includes('/dokumente/'));
    expect(docs.map(([n]) => n.split('/dokumente/')[0]).sort()).toEqual(['auth', 'billing', 'operations']);
    const byService = Object.fromEntries(docs.map(([n, d]) => [n.split('/')[0], { name: n, data: d }]));
    expect(sha(byService.billing!.data)).toBe(sha(invoicePdf));
    expect(byService.billing!.name).toMatch(/^billing\/dokumente\/invoices\/[0-9a-f-]+\/rechnung-2026-001\.pdf$/);
    expect(sha(byService.operations!.data)).toBe(sha(receipt));
    expect(byService.operations!.name).toMatch(/^operations\/dokumente\/expense_receipts\/[0-9a-f-]+-data\.pdf$/);
    expect(sha(byService.auth!.data)).toBe(sha(logo));
  });

  it('holds nothing of another company and no secret', () => {
    const all = Object.values(zip)
      .map((d) => Buffer.from(d).toString('latin1'))
      .join('\n');
    for (const foreign of ['Fremdkunde Geheim AG', 'Gipserei Fremd AG', b.id]) expect(all).not.toContain(foreign);
    for (const secret of ['GEHEIMERHASHWERT', VERIFY_HASH, 'password_hash', 'token_hash']) {
      expect(all).not.toContain(secret);
    }
    const users = Buffer.from(zip['auth/users.csv']!).toString('utf8');
    expect(users.split('\r\n')[0]).not.toMatch(/password|token|secret/);
  });

  it('answers 404 for another company’s export and 403 to the office', async () => {
    expect((await t.http().get(`/api/data-exports/${done.id}/download`).set(bearer(b.admin))).status).toBe(404);
    expect((await t.http().get(`/api/data-exports/${done.id}/download`).set(bearer(a.backoffice))).status).toBe(403);
    const bad = await t.http().get('/api/data-exports/kein-uuid/download').set(bearer(a.admin));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Ungültige ID');
  });
});

describe('the responders of operations and auth answer only for the asking company', () => {
  it('a document or a table of another company, an excluded or unknown table, a forged reference: refused', async () => {
    const rpc = t.app.get(RpcClient);
    const options = { timeoutMs: 10_000, requestId: null };
    // company B's receipt, asked for in company A's name
    const bFiles = await rpc.request('rpc.operations.data-export-files', { companyId: b.id, cursor: null }, options);
    const receiptOfB = bFiles.files.find((f) => f.name.startsWith('expense_receipts/'))!;
    expect(receiptOfB).toBeDefined();
    await expect(
      rpc.request('rpc.operations.data-export-chunk', { companyId: a.id, ref: receiptOfB.ref, offset: 0 }, options),
    ).rejects.toMatchObject({ status: 404, code: 'not_found', message: 'Export nicht gefunden' });
    const own = await rpc.request(
      'rpc.operations.data-export-chunk',
      { companyId: b.id, ref: receiptOfB.ref, offset: 0 },
      options,
    );
    expect(own.size).toBe(2000);
    // company B's logo in auth, asked for in company A's name
    const logoOfB = (await rpc.request('rpc.auth.data-export-files', { companyId: b.id, cursor: null }, options))
      .files[0]!;
    await expect(
      rpc.request('rpc.auth.data-export-chunk', { companyId: a.id, ref: logoOfB.ref, offset: 0 }, options),
    ).rejects.toMatchObject({ status: 404 });
    // plumbing, unknown and made-up tables are no tables of the export
    for (const table of ['stored_files', 'outbox_events', 'migrations', 'keine_tabelle', 'customers; DROP TABLE x']) {
      await expect(
        rpc.request('rpc.operations.data-export-rows', { companyId: a.id, table, after: null }, options),
      ).rejects.toMatchObject({ status: 404 });
    }
    // a forged reference, a key of the wrong length: German 400
    await expect(
      rpc.request('rpc.operations.data-export-chunk', { companyId: a.id, ref: '{"kind":"x"}', offset: 0 }, options),
    ).rejects.toMatchObject({ status: 400, message: 'Ungültiger Verweis im Datenexport' });
    await expect(
      rpc.request(
        'rpc.operations.data-export-rows',
        { companyId: a.id, table: 'customers', after: ['a', 'b'] },
        options,
      ),
    ).rejects.toMatchObject({ status: 400 });
    // company A's customers, page by page, never B's
    const page = await rpc.request(
      'rpc.operations.data-export-rows',
      { companyId: a.id, table: 'customers', after: null },
      options,
    );
    expect(page.rows).toBe(3);
    expect(page.after).toBeNull();
    expect(page.csv).not.toContain('Fremdkunde');
  });
});

describe('a company with 10,000 time entries and 200 PDFs', () => {
  it('completes with progress shown on the way', async () => {
    const c = await createCompany(t, { name: 'Elektro Gross AG' });
    const projectId = await seedOperations(c.id, ['Grosskunde AG'], null);
    await opsDb.query(
      `INSERT INTO time_entries (company_id, project_id, user_id, user_name, start_time, end_time, description, status)
       SELECT $1, $2, $3, 'Luca Meier', timestamptz '2026-01-05 07:00+01' + (g || ' hours')::interval,
              timestamptz '2026-01-05 07:45+01' + (g || ' hours')::interval, 'Eintrag ' || g, 'completed'
         FROM generate_series(1, 10000) AS g`,
      [c.id, projectId, randomUUID()],
    );
    await t.dataSource.query(
      `INSERT INTO stored_files (key, company_id, content_type, size, sha256, data)
       SELECT $1 || '/invoices/' || gen_random_uuid() || '/rechnung-' || g || '.pdf', $1::uuid, 'application/pdf',
              octet_length(d), encode(sha256(d), 'hex'), d
         FROM generate_series(1, 200) AS g, LATERAL (SELECT '%PDF-1.7'::bytea || convert_to(repeat(md5(g::text), 2000), 'UTF8') AS d) x`,
      [c.id],
    );
    const { done, seen, ms } = await runExport(c.admin);
    const zip = await download(c.admin, done.id);
    expect(csvRecords(zip['operations/time_entries.csv']!)).toHaveLength(10_000);
    expect(Object.keys(zip).filter((n) => n.startsWith('billing/dokumente/invoices/'))).toHaveLength(200);
    expect(done.documents).toBe(200);
    const between = seen.filter((p) => p > 0 && p < 100);
    expect(between.length).toBeGreaterThanOrEqual(3);
    expect([...seen].sort((x, y) => x - y)).toEqual(seen);
    // the figure for docs/performance.md
    console.log(
      `data export: 10000 time entries + 200 PDFs in ${ms} ms, ZIP ${done.sizeBytes} bytes, progress seen ${seen.join(' ')}`,
    );
  }, 300_000);
});

describe('the daily clean-up (data-export.remove-expired)', () => {
  it('removes a ZIP past its 7 days, keeps a younger one, fails an export that has run for 7 hours', async () => {
    const c = await createCompany(t, { name: 'Aufräum AG' });
    const insert = async (sql: string) =>
      ((await t.dataSource.query(sql, [c.id, c.admin.id])) as Array<{ id: string }>)[0]!.id;
    const old = await insert(
      `INSERT INTO data_exports (company_id, requested_by, status, phase, progress, size_bytes, parts, finished_at, expires_at, created_at)
       VALUES ($1, $2, 'done', 'done', 100, 4, 1, now() - interval '8 days', now() - interval '1 day', now() - interval '8 days') RETURNING id`,
    );
    const young = await insert(
      `INSERT INTO data_exports (company_id, requested_by, status, phase, progress, size_bytes, parts, finished_at, expires_at, created_at)
       VALUES ($1, $2, 'done', 'done', 100, 4, 1, now() - interval '1 day', now() + interval '6 days', now() - interval '1 day') RETURNING id`,
    );
    const stale = await insert(
      `INSERT INTO data_exports (company_id, requested_by, created_at) VALUES ($1, $2, now() - interval '7 hours') RETURNING id`,
    );
    const storage = new PostgresFileStorage(t.dataSource);
    for (const id of [old, young]) {
      await storage.put(partKey(c.id, id, 1), Buffer.from('PK\x05\x06'), {
        contentType: 'application/zip',
        companyId: c.id,
      });
    }

    const result = await t.dataSource.transaction((m) => t.app.get(DataExportService).expireOld(m));
    expect(result).toEqual({ removed: 1, failed: 1 });
    expect(await storage.head(partKey(c.id, old, 1))).toBeNull();
    expect(await storage.head(partKey(c.id, young, 1))).not.toBeNull();
    const status = async (id: string) =>
      (
        (await t.dataSource.query(`SELECT status FROM data_exports WHERE id = $1`, [id])) as Array<{ status: string }>
      )[0]!.status;
    expect([await status(old), await status(young), await status(stale)]).toEqual(['expired', 'done', 'failed']);
    const gone = await t.http().get(`/api/data-exports/${old}/download`).set(bearer(c.admin));
    expect(gone.status).toBe(409);
    expect(gone.body.error).toBe(
      'Der Export ist noch nicht fertig oder nicht mehr verfügbar. Bitte starten Sie einen neuen Export.',
    );
    // the stale one no longer blocks a new start
    expect((await t.http().post('/api/data-exports').set(bearer(c.admin))).status).toBe(202);
  });
});
