import { Inject, Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { QUEUE_MAIL, QUEUE_PDF_RENDER } from '@zunft/contracts';
import { UnrecoverableError, Worker, type Job, type Processor } from 'bullmq';
import { runInJobTrace } from '@zunft/nest-common';
import type { Logger } from 'pino';
import { JobHandler, type JobHandlerInstance, type JobHandlerSpec } from '../jobs/index.js';
import { redisConnection } from '../queues/redis-connection.js';
import { WORKER_DEFAULTS, type StartWorkerOptions } from './worker-options.js';
import { WORKER_LOGGER, WORKER_OPTIONS } from './worker-tokens.js';

interface RegisteredHandler {
  spec: JobHandlerSpec;
  instance: JobHandlerInstance;
}

/**
 * Finds every `@JobHandler` of the worker's context and runs one BullMQ Worker per queue, which
 * hands each job to the handler of its name after checking the payload against the handler's
 * schema (an invalid payload or an unknown job name fails for good; other errors are retried per
 * the job's options and kept in the failed set at the end).
 */
@Injectable()
export class JobWorkers {
  private readonly workers: Worker[] = [];
  private started = false;

  constructor(
    private readonly discovery: DiscoveryService,
    @Inject(WORKER_OPTIONS) private readonly options: StartWorkerOptions,
    @Inject(WORKER_LOGGER) private readonly logger: Logger,
  ) {}

  /** Queue name → handlers by job name (only the queues this process consumes). */
  handlersByQueue(): Map<string, Map<string, RegisteredHandler>> {
    const byQueue = new Map<string, Map<string, RegisteredHandler>>();
    for (const wrapper of this.discovery.getProviders({ metadataKey: JobHandler.KEY })) {
      const spec = this.discovery.getMetadataByDecorator(JobHandler, wrapper);
      if (!spec || !wrapper.instance) continue;
      if (this.options.queues && !this.options.queues.includes(spec.queue)) continue;
      const handlers = byQueue.get(spec.queue) ?? new Map<string, RegisteredHandler>();
      if (handlers.has(spec.name)) throw new Error(`Two handlers for job "${spec.name}" on queue "${spec.queue}"`);
      handlers.set(spec.name, { spec, instance: wrapper.instance as JobHandlerInstance });
      byQueue.set(spec.queue, handlers);
    }
    const missing = (this.options.queues ?? []).filter((queue) => !byQueue.has(queue));
    if (missing.length > 0) throw new Error(`No job handler registered for queue(s): ${missing.join(', ')}`);
    return byQueue;
  }

  /** Starts the queue workers and waits until each is connected; returns the queue names. */
  async start(): Promise<string[]> {
    if (this.started) throw new Error('JobWorkers already started');
    this.started = true;
    const byQueue = this.handlersByQueue();
    for (const [queue, handlers] of byQueue) {
      const worker = new Worker(queue, this.processor(queue, handlers), {
        connection: redisConnection(this.options.redisUrl),
        prefix: this.options.prefix ?? WORKER_DEFAULTS.prefix,
        concurrency: this.concurrency(queue, [...handlers.values()]),
        // a killed worker's job is locked at most this long, then the stalled check takes it up again
        lockDuration: this.options.jobLockMs ?? WORKER_DEFAULTS.jobLockMs,
        stalledInterval: this.options.jobLockMs ?? WORKER_DEFAULTS.jobLockMs,
      });
      worker.on('failed', (job: Job | undefined, error: Error) => {
        const final = !job || job.attemptsMade >= (job.opts.attempts ?? 1) || error.name === 'UnrecoverableError';
        this.logger[final ? 'error' : 'warn'](
          { queue, jobId: job?.id, attempt: job?.attemptsMade, err: error.message },
          final ? `${queue}: job failed for good (kept in the failed set)` : `${queue}: job failed, will retry`,
        );
      });
      worker.on('error', (error: Error) => this.logger.error({ queue, err: error.message }, `${queue}: worker error`));
      this.workers.push(worker);
    }
    await Promise.all(this.workers.map((worker) => worker.waitUntilReady()));
    return [...byQueue.keys()];
  }

  /** Stops taking jobs and waits for the running ones (BullMQ's close waits for active jobs). */
  async stop(): Promise<void> {
    await Promise.allSettled(this.workers.map((worker) => worker.close()));
  }

  private concurrency(queue: string, handlers: RegisteredHandler[]): number {
    if (queue === QUEUE_PDF_RENDER) return this.options.pdfPoolSize ?? WORKER_DEFAULTS.pdfPoolSize;
    if (queue === QUEUE_MAIL) return this.options.mailConcurrency ?? WORKER_DEFAULTS.mailConcurrency;
    return Math.max(1, ...handlers.map((h) => h.spec.concurrency ?? 1));
  }

  private processor(queue: string, handlers: Map<string, RegisteredHandler>): Processor {
    // Each job runs in a span continuing its producer's trace, with its request id (issue 27).
    return (job: Job) => runInJobTrace(queue, job.name, job.data, () => this.process(queue, handlers, job));
  }

  private async process(queue: string, handlers: Map<string, RegisteredHandler>, job: Job): Promise<unknown> {
    const started = Date.now();
    const log = { queue, jobId: job.id, name: job.name, attempt: job.attemptsMade + 1 };
    try {
      const handler = handlers.get(job.name);
      if (!handler) throw new UnrecoverableError(`Unknown ${queue} job: ${job.name}`);
      const parsed = handler.spec.schema.safeParse(job.data ?? {});
      if (!parsed.success) {
        // A malformed job will not get better by retrying.
        throw new UnrecoverableError(
          `Invalid ${queue} job: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
        );
      }
      const result = await handler.instance.handle(parsed.data, job);
      this.logger.info({ ...log, ms: Date.now() - started }, `${queue}: job done`);
      return result;
    } catch (error) {
      this.logger.warn({ ...log, ms: Date.now() - started, err: (error as Error).message }, `${queue}: job error`);
      throw error;
    }
  }
}
