// Chaos, short version (issue 25): the billing worker killed (SIGKILL) in the middle of a render.
// The BUILT worker (`npm test` builds first) runs as a child process on the machine's Redis under a
// queue prefix of its own; the API side is DocumentQueues on the same queues. Killed while its render
// job is active, a new worker takes the job up again once the dead one's lock runs out (JOB_LOCK_MS)
// and the caller, still waiting, gets its PDF: the job completes once, none fails. Mails queued while
// no worker runs are each delivered once when one is back. Recovery times are printed.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { QUEUE_MAIL, QUEUE_PDF_RENDER } from '@zunft/contracts';
import { createTestDatabase, dropTestDatabase, type TestDatabase } from '@zunft/nest-common/testing';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Queue } from 'bullmq';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { billingDataSourceOptions } from '../../src/database/data-source.js';
import { MailStore } from '../../src/mails/index.js';
import { DocumentQueues } from '../../src/queues/document-queues.js';
import { redisConnection } from '../../src/queues/redis-connection.js';
import { sampleQuote } from './fixtures.js';
import { CHROMIUM_PATH, REDIS_URL, eventually, removeQueues, startSmtpServer, uniquePrefix } from './support.js';

const root = path.resolve(import.meta.dirname, '../../../..');
const WORKER = path.join(root, 'services/billing/dist/worker.js');
const LOCK_MS = 1500;
const prefix = uniquePrefix('kill');
const natsStream = `ZUNFT_TEST_KILL_${randomBytes(3).toString('hex').toUpperCase()}`;
const dir = mkdtempSync(path.join(os.tmpdir(), 'zunft-worker-kill-'));

let db: TestDatabase;
let ds: DataSource;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let queues: DocumentQueues;
let pdfQueue: Queue;
let worker: ChildProcess | undefined;

function startWorkerProcess(): ChildProcess {
  const child = spawn(process.execPath, [WORKER], {
    cwd: path.join(root, 'services/billing'),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: db.url,
      REDIS_URL,
      QUEUE_PREFIX: prefix,
      NATS_STREAM: natsStream,
      SMTP_URL: smtp.url,
      CHROMIUM_PATH,
      PDF_POOL_SIZE: '1',
      JOB_LOCK_MS: String(LOCK_MS),
      METRICS_PORT: 'off',
      WORKER_ALIVE_FILE: path.join(dir, 'alive'),
      LOG_LEVEL: 'error',
    },
    stdio: 'ignore',
  });
  return child;
}
const kill = async (child: ChildProcess | undefined) => {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
};
/** The worker is up once it wrote its heartbeat after `since`. */
const workerUp = (since: number) =>
  eventually(async () => {
    const beat = await queues.workerHeartbeat().catch(() => null);
    return beat?.at && new Date(beat.at).getTime() >= since ? true : undefined;
  }, 30_000);

const describeIfBuilt = existsSync(WORKER) ? describe : describe.skip;

describeIfBuilt('the worker killed mid-job', () => {
  beforeAll(async () => {
    db = await createTestDatabase('zunft_billing_kill_test');
    ds = new DataSource(billingDataSourceOptions(db.url, { migrationsRun: true }));
    await ds.initialize();
    smtp = await startSmtpServer();
    queues = new DocumentQueues({ redisUrl: REDIS_URL, prefix }, new MailStore(ds));
    pdfQueue = new Queue(QUEUE_PDF_RENDER, { connection: redisConnection(REDIS_URL), prefix });
    const since = Date.now();
    worker = startWorkerProcess();
    await workerUp(since);
  }, 60_000);

  afterAll(async () => {
    await kill(worker);
    await pdfQueue?.close();
    await queues?.close().catch(() => undefined);
    await smtp?.close();
    await ds?.destroy();
    await removeQueues(prefix);
    if (db) await dropTestDatabase(db);
    // the worker made its stream on the machine's NATS
    const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
    await (await jetstreamManager(nc)).streams.delete(natsStream).catch(() => undefined);
    await nc.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a render whose worker is killed is taken up by the next worker: the caller gets one PDF, no job fails', async () => {
    const pending = queues.renderPdf({ kind: 'quote', document: sampleQuote() }, { timeoutMs: 30_000 });
    // the job is in the worker's hands (active), not finished: kill it there
    await eventually(async () => ((await pdfQueue.getActiveCount()) > 0 ? true : undefined), 10_000);
    expect(await pdfQueue.getCompletedCount()).toBe(0);
    const killedAt = Date.now();
    await kill(worker);
    worker = startWorkerProcess();

    const { pdf, pages } = await pending;
    const recoveredMs = Date.now() - killedAt;
    console.log(`worker killed mid-render: PDF delivered ${recoveredMs} ms after the kill (JOB_LOCK_MS ${LOCK_MS})`);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages).toBe(1);
    const counts = await pdfQueue.getJobCounts('completed', 'failed', 'active', 'wait', 'delayed');
    expect(counts).toEqual({ completed: 1, failed: 0, active: 0, wait: 0, delayed: 0 });
    // taken up within two locks of the kill (plus the new worker's start)
    expect(recoveredMs).toBeLessThan(2 * LOCK_MS + 15_000);
  });

  it('mails queued while no worker runs are delivered once each when one is back (0 lost, 0 twice)', async () => {
    await kill(worker);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(
        await queues.enqueueMail({
          companyId: randomUUID(),
          to: `kunde${i}@example.ch`,
          subject: `Rechnung ${i}`,
          text: 'Guten Tag',
          ref: `invoice:${randomUUID()}`,
        }),
      );
    }
    const restartedAt = Date.now();
    worker = startWorkerProcess();
    await eventually(async () => (smtp.received.length >= 5 ? true : undefined), 30_000);
    console.log(`worker restarted: 5 queued mails delivered in ${Date.now() - restartedAt} ms`);
    // a moment for a duplicate to show up, then exactly one per mail
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.received.map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1]).sort()).toEqual(
      [0, 1, 2, 3, 4].map((i) => `Rechnung ${i}`),
    );
    const rows = (await ds.query(`SELECT status, attempts FROM mails WHERE id = ANY($1::uuid[])`, [ids])) as {
      status: string;
      attempts: number;
    }[];
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(ids.map(() => ['sent', 1]));
    const mailQueue = new Queue(QUEUE_MAIL, { connection: redisConnection(REDIS_URL), prefix });
    expect(await mailQueue.getJobCounts('completed', 'failed')).toEqual({ completed: 5, failed: 0 });
    await mailQueue.close();
  });
});
