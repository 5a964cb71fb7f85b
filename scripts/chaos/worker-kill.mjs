#!/usr/bin/env node
// Chaos case "the PDF worker killed mid-render" (issue 25), run by hand after a build:
//
//   node scripts/chaos/worker-kill.mjs [--renders 20] [--kills 3]
//
// Two BUILT billing workers (services/billing/dist/worker.js, like two replicas) on a Redis of its
// own (free port, append-only) and a fresh database; the machine's NATS gets a stream of its own.
// The API side (DocumentQueues of the build) asks for --renders quote PDFs at once, and while they
// run a worker holding an active render is SIGKILLed --kills times (and started again). Every caller
// must get its PDF (0 lost), the queue must show exactly --renders completed and 0 failed (0 twice);
// then a mail with one of the PDFs is queued, its worker killed, and exactly one mail must arrive at
// a local SMTP server. Prints the recovery time after each kill (JOB_LOCK_MS, default 10 s). Exit 1
// when a check failed. The machine's Redis on :6379 is never touched.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const arg = (name, fallback) => Number(process.argv[process.argv.indexOf(name) + 1] || fallback) || fallback;
const renders = arg('--renders', 20);
const kills = arg('--kills', 3);
const lockMs = Number(process.env.JOB_LOCK_MS ?? 10_000);
const billing = (p) => import(path.join(root, 'services/billing/dist', p));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const { DocumentQueues } = await billing('queues/document-queues.js');
const { MailStore } = await billing('mails/index.js');
const { billingDataSourceOptions } = await billing('database/data-source.js');
const { redisConnection } = await billing('queues/redis-connection.js');
const { Queue } = await import('bullmq');
const { DataSource } = await import('typeorm');
const { SMTPServer } = await import('smtp-server');
const { ensureDatabase } = await import('../lib/stack.mjs');

const dir = mkdtempSync(path.join(os.tmpdir(), 'zunft-chaos-worker-'));
const redisPort = await freePort();
const redisUrl = `redis://127.0.0.1:${redisPort}`;
const redis = spawn(
  '/usr/bin/redis-server',
  ['--port', String(redisPort), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--save', ''],
  { stdio: 'ignore' },
);
const received = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => (received.push(Buffer.concat(chunks).toString()), callback()));
  },
});
const smtpPort = await freePort();
await new Promise((r) => smtp.listen(smtpPort, '127.0.0.1', r));

const database = `zunft_chaos_worker`;
await ensureDatabase(database, { recreate: true });
const dbUrl = `postgres://postgres@127.0.0.1:5432/${database}`;
const ds = new DataSource(billingDataSourceOptions(dbUrl, { migrationsRun: true }));
await ds.initialize();
const stream = `ZUNFT_CHAOS_WORKER_${process.pid}`;

const workers = new Set();
const startWorker = () => {
  const child = spawn(process.execPath, ['dist/worker.js'], {
    cwd: path.join(root, 'services/billing'),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: dbUrl,
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: 'zunft',
      NATS_STREAM: stream,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PDF_POOL_SIZE: '2',
      JOB_LOCK_MS: String(lockMs),
      METRICS_PORT: 'off',
      WORKER_ALIVE_FILE: path.join(dir, `alive-${randomUUID()}`),
      LOG_LEVEL: 'fatal',
    },
    stdio: 'ignore',
  });
  workers.add(child);
  child.once('exit', () => workers.delete(child));
  return child;
};
const killOne = async () => {
  const [victim] = workers;
  const exited = new Promise((r) => victim.once('exit', r));
  victim.kill('SIGKILL');
  await exited;
};

const doc = (n) => ({
  language: 'de',
  company: {
    name: 'Muster Bau AG',
    address: 'Bahnhofstrasse 12\n8001 Zürich',
    email: 'info@musterbau.ch',
    phone: null,
    website: null,
    vat_number: 'CHE-123.456.789 MWST',
    iban: null,
    logo_data_url: null,
  },
  customer: { name: 'Hans Müller', address: 'Seestrasse 5\n8002 Zürich', email: 'hans@example.ch', language: 'de' },
  quote: {
    number: `AN-2026-${String(n).padStart(4, '0')}`,
    title: 'Badezimmer',
    description: null,
    date: '2026-11-28',
    valid_until: '2026-12-28',
    status: 'sent',
    notes: null,
    terms_conditions: null,
    items: [
      {
        type: 'labor',
        title: 'Plattenleger',
        description: null,
        quantity: 16,
        unit: 'h',
        unit_price: 95,
        total_price: 1520,
      },
    ],
    subtotal: 1520,
    discount_percent: 0,
    discount_amount: 0,
    travel_allowance: 0,
    net_amount: 1520,
    vat_rate: 8.1,
    vat_amount: 123.12,
    total_before_rounding: 1643.12,
    rounding: -0.02,
    total: 1643.1,
    currency: 'CHF',
  },
  signature: null,
});

let ok = true;
const check = (cond, line) => {
  console.log(`${cond ? '✔' : '✖'} ${line}`);
  if (!cond) ok = false;
};
const queues = new DocumentQueues({ redisUrl, prefix: 'zunft' }, new MailStore(ds));
const pdfQueue = new Queue('pdf-render', { connection: redisConnection(redisUrl), prefix: 'zunft' });
try {
  startWorker();
  startWorker();
  await sleep(8000); // both workers up (Chromium warmed)
  const started = Date.now();
  const pending = Array.from({ length: renders }, (_, i) =>
    queues.renderPdf({ kind: 'quote', document: doc(i + 1) }, { timeoutMs: 120_000 }).then(
      (r) => ({ ok: r.pdf.subarray(0, 5).toString() === '%PDF-', at: Date.now() }),
      (e) => ({ ok: false, error: e.message, at: Date.now() }),
    ),
  );
  for (let k = 0; k < kills; k++) {
    while ((await pdfQueue.getActiveCount()) === 0) await sleep(20);
    const killedAt = Date.now();
    await killOne();
    startWorker();
    console.log(`  kill ${k + 1}: a worker with active renders SIGKILLed at +${killedAt - started} ms`);
    await sleep(500);
  }
  const results = await Promise.all(pending);
  const counts = await pdfQueue.getJobCounts('completed', 'failed', 'active', 'wait');
  const lastAt = Math.max(...results.map((r) => r.at));
  console.log(
    `  ${renders} renders, ${kills} kills: all answered after ${lastAt - started} ms; queue ${JSON.stringify(counts)}`,
  );
  check(
    results.every((r) => r.ok),
    `every caller got its PDF (0 lost): ${results.filter((r) => r.ok).length}/${renders}`,
  );
  check(counts.completed === renders && counts.failed === 0, `exactly ${renders} completed, 0 failed (0 twice)`);

  // a mail whose worker dies: sent exactly once
  const id = await queues.enqueueMail({
    companyId: randomUUID(),
    to: 'kunde@example.ch',
    subject: 'Angebot AN-2026-0001',
    text: 'Guten Tag',
    ref: `quote:${randomUUID()}`,
    attachments: [
      {
        filename: 'Angebot.pdf',
        contentType: 'application/pdf',
        contentBase64: Buffer.from('%PDF-1.4').toString('base64'),
      },
    ],
  });
  await killOne();
  startWorker();
  const deadline = Date.now() + 4 * lockMs + 30_000;
  while (received.length < 1 && Date.now() < deadline) await sleep(100);
  await sleep(2 * lockMs); // a stalled duplicate would show up by now
  const [row] = await ds.query(`SELECT status FROM mails WHERE id = $1`, [id]);
  check(
    received.length === 1 && row?.status === 'sent',
    `the mail arrived exactly once (${received.length}), status ${row?.status}`,
  );
} catch (error) {
  ok = false;
  console.error(`✖ ${error.message}`);
} finally {
  for (const w of workers) w.kill('SIGKILL');
  await queues.close().catch(() => undefined);
  await pdfQueue.close();
  await ds.destroy();
  smtp.close();
  redis.kill('SIGTERM');
  const { connect } = await import('@nats-io/transport-node');
  const { jetstreamManager } = await import('@nats-io/jetstream');
  const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' }).catch(() => undefined);
  if (nc) {
    await (await jetstreamManager(nc)).streams.delete(stream).catch(() => undefined);
    await nc.close();
  }
  rmSync(dir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
