import { DiscoveryService } from '@nestjs/core';
import type { Job } from 'bullmq';
import type { ZodType } from 'zod';

/** Where a job handler plugs in: its queue, the job name inside the queue, the payload schema. */
export interface JobHandlerSpec<T = unknown> {
  /** BullMQ queue (a `QUEUE_*` constant of libs/contracts). */
  queue: string;
  /** Job name inside the queue (a `JOB_*` constant of libs/contracts). */
  name: string;
  /** The payload schema from libs/contracts; an invalid payload fails the job for good (no retries). */
  schema: ZodType<T>;
  /** Jobs of this queue run in parallel in one worker process (default 1; the worker's options may override). */
  concurrency?: number;
}

/**
 * Marks a provider as the handler of one job kind. The billing worker discovers every provider
 * carrying it (in any module of the worker's context) and consumes its queue:
 *
 *   @JobHandler({ queue: QUEUE_INVOICES, name: JOB_SEND_INVOICE, schema: sendInvoiceJobSchema })
 *   @Injectable()
 *   export class SendInvoiceJob implements JobHandlerInstance<SendInvoiceJobData> {
 *     constructor(private readonly invoices: InvoicesService) {}
 *     handle(data: SendInvoiceJobData) { return this.invoices.send(data.invoiceId); }
 *   }
 *
 * The handler stays thin: it calls the module's service. Its return value becomes the job's return
 * value (kept as JSON by BullMQ); throwing makes BullMQ retry per the job's options.
 */
export const JobHandler = DiscoveryService.createDecorator<JobHandlerSpec>();

export interface JobHandlerInstance<T = unknown, R = unknown> {
  handle(data: T, job: Job): Promise<R>;
}
