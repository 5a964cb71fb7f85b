// Chaos, short version (issue 25): Redis stops under the running billing API side of the queues.
// A redis-server of the test's own (other port, append-only file so queued jobs survive) and a
// stand-in PDF worker (BullMQ on the real queue; Chromium is not what this is about). While Redis is
// away a PDF call answers the German 503 within its wait instead of hanging; once Redis is back the
// same DocumentQueues works again without a restart, and jobs queued before the outage are
// processed, each once. The machine's Redis on :6379 is never touched.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JOB_RENDER_PDF, QUEUE_PDF_RENDER, type PdfRenderResult } from '@zunft/contracts';
import { Queue, Worker } from 'bullmq';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DocumentQueues } from '../../src/queues/document-queues.js';
import { WORKER_UNAVAILABLE_MESSAGE, WorkerUnavailableError } from '../../src/queues/queues.errors.js';
import { redisConnection } from '../../src/queues/redis-connection.js';
import { sampleQuote } from './fixtures.js';
import { uniquePrefix } from './support.js';

const REDIS_SERVER = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server';
const prefix = uniquePrefix('outage');
const dir = mkdtempSync(path.join(os.tmpdir(), 'zunft-redis-outage-'));
let port: number;
let url: string;
let server: ChildProcess | undefined;
let queues: DocumentQueues;
let worker: Worker;
const processed = new Map<string, number>();

const portOpen = () =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

async function startRedis(): Promise<void> {
  server = spawn(
    REDIS_SERVER,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--appendonly',
      'yes',
      '--appendfsync',
      'always',
      '--save',
      '',
    ],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 10_000;
  while (!(await portOpen())) {
    if (Date.now() > deadline) throw new Error('own redis-server did not start');
    await new Promise((r) => setTimeout(r, 25));
  }
}
async function stopRedis(): Promise<void> {
  const child = server;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM'); // redis writes its append-only file and exits
  await exited;
}

const render = () => queues.renderPdf({ kind: 'quote', document: sampleQuote() }, { timeoutMs: 2000 });

const describeIfRedis = existsSync(REDIS_SERVER) ? describe : describe.skip;

describeIfRedis('Redis outage under the billing queues', () => {
  beforeAll(async () => {
    port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    url = `redis://127.0.0.1:${port}`;
    await startRedis();
    worker = new Worker<unknown, PdfRenderResult>(
      QUEUE_PDF_RENDER,
      async (job) => {
        processed.set(job.id!, (processed.get(job.id!) ?? 0) + 1);
        return { pdfBase64: Buffer.from('%PDF-1.4 stand-in').toString('base64'), pages: 1, renderMs: 1 };
      },
      { connection: redisConnection(url), prefix },
    );
    worker.on('error', () => undefined); // reconnecting during the outage
    queues = new DocumentQueues({ redisUrl: url, prefix });
  }, 30_000);

  afterAll(async () => {
    await queues?.close().catch(() => undefined);
    await worker?.close(true).catch(() => undefined);
    await stopRedis();
    rmSync(dir, { recursive: true, force: true });
  });

  it('PDF calls answer the German 503 within their wait while Redis is away and work again after, without a restart', async () => {
    expect((await render()).pages).toBe(1);

    await stopRedis();
    const started = Date.now();
    const error = await render().then(
      () => null,
      (e: unknown) => e,
    );
    const waited = Date.now() - started;
    expect(error).toBeInstanceOf(WorkerUnavailableError);
    expect(error).toMatchObject({ code: 'worker_unavailable', status: 503 });
    expect((error as Error).message).toBe(WORKER_UNAVAILABLE_MESSAGE);
    expect(WORKER_UNAVAILABLE_MESSAGE).toMatch(/^[A-ZÄÖÜ]/); // the German text of the catalogue
    expect(waited).toBeLessThan(4000);

    await startRedis();
    const back = Date.now();
    let recovered = false;
    while (!recovered && Date.now() - back < 20_000) {
      recovered = await render().then(
        (pdf) => pdf.pages === 1,
        () => false,
      );
    }
    expect(recovered).toBe(true);
    if (process.env.TEST_LOG) console.log(`PDF calls work again ${Date.now() - back} ms after Redis is back`);
  }, 60_000);

  it('jobs queued before the outage are processed after it, each once', async () => {
    await worker.pause();
    const producer = new Queue(QUEUE_PDF_RENDER, { connection: redisConnection(url), prefix });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const job = await producer.add(JOB_RENDER_PDF, { kind: 'quote', document: sampleQuote() });
      ids.push(job.id!);
    }
    await producer.close();
    await stopRedis();
    await new Promise((r) => setTimeout(r, 1000));
    await startRedis();
    worker.resume();
    const deadline = Date.now() + 20_000;
    while (!ids.every((id) => processed.has(id)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300));
    expect(ids.map((id) => processed.get(id))).toEqual([1, 1, 1]);
  }, 60_000);
});
