import { Inject, Injectable, Logger, Optional, type OnModuleDestroy } from '@nestjs/common';
import {
  JOB_RENDER_PDF,
  JOB_SEND_MAIL,
  QUEUE_MAIL,
  QUEUE_PDF_RENDER,
  mailJobSchema,
  pdfRenderJobSchema,
  type MailJob,
  type PdfRenderJob,
  type PdfRenderResult,
} from '@zunft/contracts';
import { withJobTrace } from '@zunft/nest-common';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { MailStore } from '../mails/index.js';
import { CompanyQuotas } from '../quotas/index.js';
import { type MailJobRef } from './mail-job-ref.js';
import {
  DEFAULT_PDF_TIMEOUT_MS,
  DEFAULT_QUEUE_PREFIX,
  PDF_JOB_OPTIONS,
  PDF_QUEUE_STREAMS,
  mailJobOptions,
} from './queue-defaults.js';
import { MailQueueUnavailableError, PdfRenderFailedError, WorkerUnavailableError } from './queues.errors.js';
import { redisConnection } from './redis-connection.js';
import { WORKER_HEARTBEAT_STALE_MS, workerHeartbeatKey, type WorkerHeartbeat } from './worker-heartbeat.js';

export const QUEUES_OPTIONS = Symbol('QUEUES_OPTIONS');
/** The `mails` table (`MailStore`); without it `enqueueMail` is refused. */
export const MAIL_STORE = Symbol('MAIL_STORE');

/** How long adding a mail job may take before Redis counts as unreachable. */
const ENQUEUE_TIMEOUT_MS = 5000;

export interface QueuesOptions {
  /** redis://host:port[/db] */
  redisUrl: string;
  /** Key prefix of every queue (QUEUE_PREFIX); tests use a unique one per file. */
  prefix?: string;
  /** First retry delay of mail jobs (doubles per attempt). Default 5 s. */
  mailBackoffMs?: number;
  /** Default wait for a rendered PDF. Default 9 s. */
  pdfTimeoutMs?: number;
}

export interface RenderedPdf {
  pdf: Buffer;
  pages: number;
  renderMs: number;
}

/**
 * The API side of the billing worker: puts jobs on the `pdf-render` and `mail` queues.
 * PDF rendering is request/response (the caller waits for the worker's result); mail is
 * fire-and-forget with retries: the mail is stored in the database (`mails`, attachments in the
 * FileStorage) and the job carries its id only, so no link, address or PDF sits in Redis. Usable
 * without Nest too: `new DocumentQueues(opts, new MailStore(dataSource))` + `close()`.
 */
@Injectable()
export class DocumentQueues implements OnModuleDestroy {
  private readonly logger = new Logger('DocumentQueues');
  private readonly pdfQueue: Queue;
  private readonly mailQueue: Queue;
  private readonly pdfEvents: QueueEvents;
  private closed = false;
  /** Read-only connection for the worker heartbeat (/health), opened on first use. */
  private heartbeatRedis: Redis | null = null;

  constructor(
    @Inject(QUEUES_OPTIONS) private readonly options: QueuesOptions,
    @Optional() @Inject(MAIL_STORE) private readonly mails: MailStore | null = null,
    @Optional() @Inject(CompanyQuotas) private readonly quotas: CompanyQuotas | null = null,
  ) {
    const prefix = options.prefix ?? DEFAULT_QUEUE_PREFIX;
    this.pdfQueue = new Queue(QUEUE_PDF_RENDER, {
      connection: redisConnection(options.redisUrl),
      prefix,
      defaultJobOptions: PDF_JOB_OPTIONS,
      streams: PDF_QUEUE_STREAMS,
    });
    this.mailQueue = new Queue(QUEUE_MAIL, {
      connection: redisConnection(options.redisUrl),
      prefix,
      defaultJobOptions: mailJobOptions(options.mailBackoffMs),
    });
    this.pdfEvents = new QueueEvents(QUEUE_PDF_RENDER, { connection: redisConnection(options.redisUrl), prefix });
    // A Redis outage must not crash the API; calls fail (or time out) and are answered in German.
    const onError = (error: Error) => this.logger.warn(`Redis: ${error.message}`);
    this.pdfQueue.on('error', onError);
    this.mailQueue.on('error', onError);
    this.pdfEvents.on('error', onError);
  }

  /**
   * Renders a document of `companyId` in the worker and waits for it. Counts against the company's
   * daily PDF renders first (PdfRenderQuotaError, German 429, when used up; a render no worker took
   * in time is given back); every API call site passes `companyId`, tests and benches without
   * `CompanyQuotas` count nothing. Throws WorkerUnavailableError when no result arrives within
   * `timeoutMs`, PdfRenderFailedError when the worker failed the job.
   */
  async renderPdf(job: PdfRenderJob, opts: { companyId?: string; timeoutMs?: number } = {}): Promise<RenderedPdf> {
    const data = pdfRenderJobSchema.parse(job);
    const timeoutMs = opts.timeoutMs ?? this.options.pdfTimeoutMs ?? DEFAULT_PDF_TIMEOUT_MS;
    const deadline = Date.now() + timeoutMs;
    const companyId = opts.companyId;
    if (companyId) await this.quotas?.consumeRender(companyId);
    const giveBack = async () => {
      if (companyId) await this.quotas?.releaseRender(companyId).catch(() => undefined);
    };
    let added;
    try {
      // the caller's trace and request id go with the job (issue 27)
      // Redis away: the add would wait for the reconnect; answer 503 after at most 5 s instead of
      // the whole render wait (chaos: Redis stopped under the stack)
      added = await withTimeout(
        this.pdfQueue.add(JOB_RENDER_PDF, withJobTrace(data)),
        Math.min(timeoutMs, ENQUEUE_TIMEOUT_MS),
      );
    } catch (error) {
      this.logger.warn(`pdf-render: could not enqueue: ${(error as Error).message}`);
      await giveBack();
      throw new WorkerUnavailableError();
    }
    let result: PdfRenderResult;
    try {
      result = (await added.waitUntilFinished(this.pdfEvents, Math.max(1, deadline - Date.now()))) as PdfRenderResult;
    } catch (error) {
      const message = (error as Error).message;
      if (/timed out before finishing/.test(message)) {
        this.logger.warn(`pdf-render job ${added.id}: no result after ${timeoutMs} ms`);
        // Nobody waits for it any more: drop it unless a worker already holds it.
        await added.remove().catch(() => undefined);
        await giveBack();
        throw new WorkerUnavailableError(added.id);
      }
      throw new PdfRenderFailedError(message, added.id);
    }
    return { pdf: Buffer.from(result.pdfBase64, 'base64'), pages: result.pages, renderMs: result.renderMs };
  }

  /**
   * Stores the e-mail (`mails`, attachments in the FileStorage) and queues its id (5 attempts,
   * exponential backoff); returns the mail's id, which is also the job's id. Redis down: the stored
   * mail is removed again and MailQueueUnavailableError (German 503) thrown.
   */
  async enqueueMail(mail: MailJob): Promise<string> {
    const data = mailJobSchema.parse(mail);
    if (!this.mails) throw new Error('DocumentQueues: enqueueMail needs the MailStore (database)');
    const mailId = await this.mails.create(data);
    const ref: MailJobRef = { mailId };
    try {
      const job = await withTimeout(
        this.mailQueue.add(JOB_SEND_MAIL, withJobTrace(ref), { jobId: mailId }),
        ENQUEUE_TIMEOUT_MS,
      );
      return job.id as string;
    } catch (error) {
      this.logger.warn(`mail: could not enqueue: ${(error as Error).message}`);
      await this.mails.discard(mailId).catch(() => undefined);
      throw new MailQueueUnavailableError();
    }
  }

  /**
   * The latest worker heartbeat (src/queues/worker-heartbeat.ts), for /health. Throws with the reason
   * when there is none, it is stale, or Redis does not answer within a second.
   */
  async workerHeartbeat(): Promise<WorkerHeartbeat> {
    const key = workerHeartbeatKey(this.options.prefix ?? DEFAULT_QUEUE_PREFIX);
    let raw: string | null;
    try {
      if (!this.heartbeatRedis) {
        this.heartbeatRedis = new Redis(this.options.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
        this.heartbeatRedis.on('error', () => undefined); // reported by the caller
      }
      raw = await withTimeout(this.heartbeatRedis.get(key), 1000);
    } catch (error) {
      throw new Error(`Redis: ${(error as Error).message}`);
    }
    if (!raw) throw new Error('no worker heartbeat');
    const beat = JSON.parse(raw) as WorkerHeartbeat;
    const age = Date.now() - Date.parse(beat.at);
    if (!(age <= WORKER_HEARTBEAT_STALE_MS)) throw new Error(`last worker heartbeat ${Math.round(age / 1000)} s ago`);
    return beat;
  }

  /** The underlying queues, for admin views and tests. */
  get queues(): { pdf: Queue; mail: Queue } {
    return { pdf: this.pdfQueue, mail: this.mailQueue };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.heartbeatRedis?.disconnect();
    await Promise.allSettled([this.pdfEvents.close(), this.pdfQueue.close(), this.mailQueue.close()]);
  }

  async onModuleDestroy(): Promise<void> {
    await this.close();
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
