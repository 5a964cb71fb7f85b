import { QUEUE_MAINTENANCE } from '@zunft/contracts';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { PinoNestLogger, createLogger } from '@zunft/nest-common';
import { scheduleDailyMaintenance } from '../jobs/index.js';
import { HeartbeatWriter } from './heartbeat-writer.js';
import { JobWorkers } from './job-workers.js';
import { MailSender } from './mail-sender.js';
import { PdfRenderer } from './pdf-renderer.js';
import { WORKER_DEFAULTS, type StartWorkerOptions } from './worker-options.js';
import { watchQueueDepth } from './worker-metrics.js';
import { WorkerModule } from './worker.module.js';

export interface RunningWorker {
  /** Stops taking jobs, lets running ones finish, closes the browser, Redis, NATS and database connections. */
  close(): Promise<void>;
  /** The worker's Nest application context (tests reach providers through it). */
  readonly app: INestApplicationContext;
  /** The queues this process consumes. */
  readonly queues: string[];
  /** The PDF renderer (null when this process does not consume `pdf-render`). */
  readonly renderer: PdfRenderer | null;
  readonly mailMode: 'smtp' | 'outbox' | null;
}

/**
 * Starts the billing worker in this process: a Nest application context (WorkerModule) whose
 * `@JobHandler`s are wired to BullMQ queues, the browser warmed, and the daily maintenance
 * scheduled. Used by worker.ts and by tests that need a real worker.
 */
export async function startWorker(options: StartWorkerOptions): Promise<RunningWorker> {
  const logger = options.logger ?? createLogger({ service: 'billing-worker' });
  const prefix = options.prefix ?? WORKER_DEFAULTS.prefix;
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot({ ...options, logger }), {
    logger: new PinoNestLogger(logger),
    abortOnError: false,
  });
  const optional = <T>(token: abstract new (...args: never[]) => T): T | null => {
    try {
      return app.get(token as never, { strict: false }) as T;
    } catch {
      return null;
    }
  };
  const renderer = optional(PdfRenderer);
  const mailSender = optional(MailSender);
  const jobs = app.get(JobWorkers);
  let queues: string[] = [];
  let heartbeat: HeartbeatWriter | null = null;
  try {
    if (renderer && (options.warmUpBrowser ?? true)) await renderer.warmUp();
    queues = await jobs.start();
    if (queues.includes(QUEUE_MAINTENANCE) && (options.scheduleMaintenance ?? true)) {
      await scheduleDailyMaintenance(options.redisUrl, prefix);
    }
    heartbeat = new HeartbeatWriter({
      redisUrl: options.redisUrl,
      prefix,
      queues,
      intervalMs: options.heartbeatIntervalMs,
      logger,
    });
    await heartbeat.start();
  } catch (error) {
    await heartbeat?.stop();
    await jobs.stop();
    await app.close();
    throw error;
  }
  logger.info({ queues, prefix }, 'billing worker started');
  const stopQueueMetrics = watchQueueDepth(queues, options.redisUrl, prefix);

  let closing: Promise<void> | null = null;
  return {
    app,
    queues,
    renderer,
    mailMode: mailSender?.mode ?? null,
    close: () => {
      closing ??= (async () => {
        await heartbeat?.stop();
        await stopQueueMetrics();
        await jobs.stop();
        // Module shutdown hooks: browser, SMTP transport, NATS, database, queue producers.
        await app.close();
        logger.info('billing worker stopped');
      })();
      return closing;
    },
  };
}
