import { metricsRegistry } from '@zunft/nest-common';
import { Queue } from 'bullmq';
import { Counter, Gauge, Histogram } from 'prom-client';
import { redisConnection } from '../queues/redis-connection.js';

/*
 * The billing worker's own metrics, in the process registry of nest-common (served by worker.ts on
 * METRICS_PORT, default 9104). Labels: queue names and job states only.
 */

/** Seconds one PDF takes from taking a renderer slot to the finished bytes (print + page count). */
export const pdfRenderDuration = new Histogram({
  name: 'zunft_pdf_render_duration_seconds',
  help: 'PDF render time in the worker, by outcome (ok, error)',
  labelNames: ['outcome'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 30],
  registers: [metricsRegistry],
});

/** Chromium launched again after the first launch (recycled after N renders, crashed, disconnected). */
export const browserRestarts = new Counter({
  name: 'zunft_pdf_browser_restarts_total',
  help: 'Chromium relaunches of the PDF renderer after its first launch',
  registers: [metricsRegistry],
});

export const mailsSent = new Counter({
  name: 'zunft_mails_sent_total',
  help: 'Mails handed to SMTP (or written to the local mail outbox)',
  registers: [metricsRegistry],
});

export const mailsFailed = new Counter({
  name: 'zunft_mails_failed_total',
  help: 'Mail send attempts that failed, by kind (permanent: 5xx refusal, temporary: retried)',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

const JOB_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;
const watched = new Map<string, Queue>();

new Gauge({
  name: 'zunft_queue_jobs',
  help: 'BullMQ jobs per queue and state (waiting, active, delayed, failed)',
  labelNames: ['queue', 'state'] as const,
  registers: [metricsRegistry],
  async collect() {
    const counts = await Promise.all(
      [...watched].map(async ([name, queue]) => {
        try {
          return [name, await queue.getJobCounts(...JOB_STATES)] as const;
        } catch {
          return null; // Redis away: the scrape goes on without the queue figures
        }
      }),
    );
    this.reset();
    for (const entry of counts) {
      if (!entry) continue;
      for (const state of JOB_STATES) this.set({ queue: entry[0], state }, entry[1][state] ?? 0);
    }
  },
});

/**
 * Shows the depth of these queues in `zunft_queue_jobs` (one BullMQ Queue connection per queue,
 * read at scrape time). Returns the function that stops watching and closes the connections.
 */
export function watchQueueDepth(queues: readonly string[], redisUrl: string, prefix: string): () => Promise<void> {
  const mine = queues.map((name) => {
    const queue = new Queue(name, { connection: redisConnection(redisUrl), prefix });
    queue.on('error', () => undefined); // a Redis outage is reported by the workers themselves
    watched.set(name, queue);
    return [name, queue] as const;
  });
  return async () => {
    for (const [name, queue] of mine) if (watched.get(name) === queue) watched.delete(name);
    await Promise.allSettled(mine.map(([, queue]) => queue.close()));
  };
}
