import path from 'node:path';
import { JOB_EXPIRE_QUOTES, QUEUE_MAIL, QUEUE_MAINTENANCE, QUEUE_PDF_RENDER } from '@zunft/contracts';
import { createLogger } from '@zunft/nest-common';
import { Queue, Worker, type Job, type Processor } from 'bullmq';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { billingDataSourceOptions } from '../database/data-source.js';
import { redisConnection } from '../queues/redis-connection.js';
import { expireOverdueQuotes } from '../quotes/expire-quotes.js';
import { MailSender } from './mail-sender.js';
import { mailProcessor } from './mail.processor.js';
import { maintenanceProcessor } from './maintenance.processor.js';
import { PdfRenderer } from './pdf-renderer.js';
import { pdfRenderProcessor } from './pdf-render.processor.js';
import { WORKER_DEFAULTS, type StartWorkerOptions } from './worker-options.js';

export interface RunningWorker {
  /** Stops taking jobs, lets running ones finish, closes the browser, Redis and database connections. */
  close(): Promise<void>;
  /** The PDF renderer (null when this process does not consume `pdf-render`). */
  readonly renderer: PdfRenderer | null;
  readonly mailMode: 'smtp' | 'outbox' | null;
}

/**
 * Starts the billing worker in this process: `pdf-render` (Chromium), `mail` (nodemailer) and
 * `maintenance` (daily quote expiry). Used by worker.ts and by tests that need a real worker.
 */
export async function startWorker(options: StartWorkerOptions): Promise<RunningWorker> {
  const logger = options.logger ?? createLogger({ service: 'billing-worker' });
  const prefix = options.prefix ?? WORKER_DEFAULTS.prefix;
  const hasDatabase = Boolean(options.dataSource || options.databaseUrl);
  const queues = new Set(options.queues ?? ['pdf', 'mail', ...(hasDatabase ? (['maintenance'] as const) : [])]);
  const workers: Worker[] = [];
  const closers: (() => Promise<void> | void)[] = [];

  let renderer: PdfRenderer | null = null;
  let mailSender: MailSender | null = null;

  const startQueue = (name: string, processor: Processor, concurrency: number) => {
    const worker = new Worker(name, timed(name, processor, logger), {
      connection: redisConnection(options.redisUrl),
      prefix,
      concurrency,
    });
    worker.on('failed', (job: Job | undefined, error: Error) => {
      const final = !job || job.attemptsMade >= (job.opts.attempts ?? 1) || error.name === 'UnrecoverableError';
      logger[final ? 'error' : 'warn'](
        { queue: name, jobId: job?.id, attempt: job?.attemptsMade, err: error.message },
        final ? `${name}: job failed for good (kept in the failed set)` : `${name}: job failed, will retry`,
      );
    });
    worker.on('error', (error: Error) => logger.error({ queue: name, err: error.message }, `${name}: worker error`));
    workers.push(worker);
    return worker;
  };

  try {
    if (queues.has('pdf')) {
      renderer = new PdfRenderer({
        executablePath: options.chromiumPath ?? WORKER_DEFAULTS.chromiumPath,
        poolSize: options.pdfPoolSize ?? WORKER_DEFAULTS.pdfPoolSize,
        recycleAfter: options.pdfRecycleAfter ?? WORKER_DEFAULTS.pdfRecycleAfter,
        logger,
      });
      if (options.warmUpBrowser ?? true) await renderer.warmUp();
      startQueue(QUEUE_PDF_RENDER, pdfRenderProcessor(renderer), options.pdfPoolSize ?? WORKER_DEFAULTS.pdfPoolSize);
    }

    if (queues.has('mail')) {
      mailSender = new MailSender({
        smtpUrl: options.smtpUrl ?? null,
        from: options.mailFrom ?? WORKER_DEFAULTS.mailFrom,
        outboxDir: path.resolve(options.mailOutboxDir ?? WORKER_DEFAULTS.mailOutboxDir),
        logger,
      });
      startQueue(QUEUE_MAIL, mailProcessor(mailSender), options.mailConcurrency ?? WORKER_DEFAULTS.mailConcurrency);
      logger.info(
        { mode: mailSender.mode },
        mailSender.mode === 'smtp' ? 'mail: sending over SMTP' : 'mail: no SMTP_URL, writing to the outbox folder',
      );
    }

    if (queues.has('maintenance')) {
      if (!hasDatabase) throw new Error('The maintenance queue needs DATABASE_URL');
      let ownDataSource: DataSource | null = null;
      const getDataSource = async (): Promise<DataSource> => {
        if (options.dataSource) return options.dataSource;
        if (!ownDataSource) {
          // Connected on first use; a failed connect is retried by the next job (BullMQ retries).
          const dataSource = new DataSource(
            billingDataSourceOptions(options.databaseUrl as string, { migrationsRun: false }),
          );
          await dataSource.initialize();
          ownDataSource = dataSource;
        }
        return ownDataSource;
      };
      closers.push(async () => {
        if (ownDataSource?.isInitialized) await ownDataSource.destroy();
      });
      startQueue(
        QUEUE_MAINTENANCE,
        maintenanceProcessor(getDataSource, options.expireQuotes ?? expireOverdueQuotes),
        1,
      );
      if (options.scheduleMaintenance ?? true) {
        const queue = new Queue(QUEUE_MAINTENANCE, { connection: redisConnection(options.redisUrl), prefix });
        try {
          await queue.upsertJobScheduler(
            'expire-quotes-daily',
            { pattern: WORKER_DEFAULTS.maintenancePattern, tz: WORKER_DEFAULTS.maintenanceTimezone },
            {
              name: JOB_EXPIRE_QUOTES,
              data: {},
              opts: {
                attempts: 3,
                backoff: { type: 'exponential', delay: 60_000 },
                removeOnComplete: { count: 30 },
                removeOnFail: { count: 100 },
              },
            },
          );
        } finally {
          await queue.close();
        }
      }
    }

    await Promise.all(workers.map((worker) => worker.waitUntilReady()));
  } catch (error) {
    await shutdown();
    throw error;
  }

  logger.info({ queues: [...queues], prefix }, 'billing worker started');

  let closing: Promise<void> | null = null;
  async function shutdown(): Promise<void> {
    // Stop taking jobs and wait for the running ones (BullMQ's close waits for active jobs).
    await Promise.allSettled(workers.map((worker) => worker.close()));
    await renderer?.close();
    mailSender?.close();
    for (const close of closers) await Promise.resolve(close()).catch(() => undefined);
  }

  return {
    renderer,
    mailMode: mailSender?.mode ?? null,
    close: () => {
      closing ??= shutdown().then(() => logger.info('billing worker stopped'));
      return closing;
    },
  };
}

/** Wraps a processor with one log line per job: queue, job id, duration, outcome. */
function timed(queue: string, processor: Processor, logger: Logger): Processor {
  return async (job, token, signal) => {
    const started = Date.now();
    try {
      const result = await processor(job, token, signal);
      logger.info(
        { queue, jobId: job.id, attempt: job.attemptsMade + 1, ms: Date.now() - started },
        `${queue}: job done`,
      );
      return result;
    } catch (error) {
      logger.warn(
        {
          queue,
          jobId: job.id,
          attempt: job.attemptsMade + 1,
          ms: Date.now() - started,
          err: (error as Error).message,
        },
        `${queue}: job error`,
      );
      throw error;
    }
  };
}
