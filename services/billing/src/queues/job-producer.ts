import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { withJobTrace } from '@zunft/nest-common';
import { Queue, type JobsOptions } from 'bullmq';
import type { ZodType } from 'zod';
import { DEFAULT_QUEUE_PREFIX } from './queue-defaults.js';
import { QUEUES_OPTIONS, type QueuesOptions } from './document-queues.js';
import { redisConnection } from './redis-connection.js';

/**
 * Puts a job on any queue (fire and forget) for the modules' own job kinds; `pdf-render` and
 * `mail` have their typed calls on `DocumentQueues`. The payload is checked against the job's
 * schema from libs/contracts before it is queued; the caller's trace and request id go with it
 * (`withJobTrace`, issue 27). One BullMQ Queue per name, closed on shutdown.
 *
 *   await this.jobs.add(QUEUE_INVOICES, JOB_SEND_INVOICE, sendInvoiceJobSchema, { invoiceId }, { attempts: 5 });
 */
@Injectable()
export class JobProducer implements OnModuleDestroy {
  private readonly logger = new Logger(JobProducer.name);
  private readonly queues = new Map<string, Queue>();

  constructor(@Inject(QUEUES_OPTIONS) private readonly options: QueuesOptions) {}

  async add<T>(queue: string, name: string, schema: ZodType<T>, data: T, opts?: JobsOptions): Promise<string> {
    const job = await this.queue(queue).add(name, withJobTrace(schema.parse(data) as object), opts);
    return job.id as string;
  }

  /** The BullMQ queue of that name (created on first use). */
  queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, {
        connection: redisConnection(this.options.redisUrl),
        prefix: this.options.prefix ?? DEFAULT_QUEUE_PREFIX,
      });
      queue.on('error', (error: Error) => this.logger.warn(`Redis (${name}): ${error.message}`));
      this.queues.set(name, queue);
    }
    return queue;
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled([...this.queues.values()].map((queue) => queue.close()));
    this.queues.clear();
  }
}
