import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startMetricsServer, type MetricsServer } from '@zunft/nest-common';
import { Queue } from 'bullmq';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { redisConnection } from '../../src/queues/redis-connection.js';
import { MailSender } from '../../src/worker/mail-sender.js';
import { PdfRenderer } from '../../src/worker/pdf-renderer.js';
import { watchQueueDepth } from '../../src/worker/worker-metrics.js';
import { CHROMIUM_PATH, REDIS_URL, removeQueues, testLogger, uniquePrefix } from './support.js';

// The worker's metrics, scraped from its own /metrics endpoint: each family is there and moves.
const prefix = uniquePrefix('metrics');
let metrics: MetricsServer;
let outboxDir: string;

async function scrape(): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${metrics.port}/metrics`);
  expect(res.status).toBe(200);
  return res.text();
}
/** Sum of the samples of `name` whose labels include `labels` (0 when there is none). */
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .filter((line) => wanted.every((w) => line.includes(w)))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

beforeAll(async () => {
  metrics = await startMetricsServer({ port: 0 });
  outboxDir = await mkdtemp(path.join(tmpdir(), 'zunft-metrics-mail-'));
});

afterAll(async () => {
  await metrics?.close();
  if (outboxDir) await rm(outboxDir, { recursive: true, force: true });
  await removeQueues(prefix);
});

describe('billing worker metrics', () => {
  it('lists every worker family', async () => {
    const text = await scrape();
    for (const family of [
      'zunft_pdf_render_duration_seconds',
      'zunft_pdf_browser_restarts_total',
      'zunft_mails_sent_total',
      'zunft_mails_failed_total',
      'zunft_queue_jobs',
      'zunft_outbox_backlog',
    ]) {
      expect(text).toContain(`# TYPE ${family} `);
    }
  });

  it('PDF render time counts each render, a recycled browser counts as a restart', async () => {
    const before = await scrape();
    const renderer = new PdfRenderer({
      executablePath: CHROMIUM_PATH,
      poolSize: 1,
      recycleAfter: 1,
      logger: testLogger,
    });
    try {
      for (const n of [1, 2]) {
        await renderer.render({ filename: `m${n}.pdf`, html: `<html><body><p>Seite ${n}</p></body></html>` });
      }
    } finally {
      await renderer.close();
    }
    const after = await scrape();
    const count = (text: string) => value(text, 'zunft_pdf_render_duration_seconds_count', { outcome: 'ok' });
    expect(count(after)).toBe(count(before) + 2);
    expect(value(after, 'zunft_pdf_browser_restarts_total')).toBe(
      value(before, 'zunft_pdf_browser_restarts_total') + 1,
    );
  }, 60_000);

  it('mails sent and failed', async () => {
    const before = await scrape();
    const mail = { companyId: 'c1', to: 'kunde@example.ch', subject: 'Rechnung', text: 'Guten Tag' };
    const outbox = new MailSender({ smtpUrl: null, from: 'Zunft <no-reply@zunft.ch>', outboxDir, logger: testLogger });
    await outbox.send(mail, 'metrics-test');
    // nothing listens on port 1: the attempt fails without an SMTP answer, so it will be retried
    const smtp = new MailSender({
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'Zunft <no-reply@zunft.ch>',
      outboxDir,
      logger: testLogger,
    });
    await expect(smtp.send(mail, 'metrics-test')).rejects.toThrow();
    smtp.close();
    outbox.close();
    const after = await scrape();
    expect(value(after, 'zunft_mails_sent_total')).toBe(value(before, 'zunft_mails_sent_total') + 1);
    expect(value(after, 'zunft_mails_failed_total', { kind: 'temporary' })).toBe(
      value(before, 'zunft_mails_failed_total', { kind: 'temporary' }) + 1,
    );
  });

  it('queue depth: waiting jobs grow and shrink per queue', async () => {
    const name = 'metrics-depth';
    const stop = watchQueueDepth([name], REDIS_URL, prefix);
    const queue = new Queue(name, { connection: redisConnection(REDIS_URL), prefix });
    try {
      expect(value(await scrape(), 'zunft_queue_jobs', { queue: name, state: 'waiting' })).toBe(0);
      await queue.addBulk([1, 2, 3].map((n) => ({ name: 'noop', data: { n } })));
      expect(value(await scrape(), 'zunft_queue_jobs', { queue: name, state: 'waiting' })).toBe(3);
      await queue.drain();
      expect(value(await scrape(), 'zunft_queue_jobs', { queue: name, state: 'waiting' })).toBe(0);
    } finally {
      await queue.close();
      await stop();
    }
    expect(await scrape()).not.toContain(`queue="${name}"`);
  });
});
