import { Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { JOB_SEND_MAIL, QUEUE_MAIL, mailJobSchema, type MailJob, type MailResult } from '@zunft/contracts';
import { UnrecoverableError, type Job } from 'bullmq';
import path from 'node:path';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { JobHandler, type JobHandlerInstance } from '../jobs/index.js';
import { MailStore, withoutAddresses } from '../mails/index.js';
import { mailJobRefSchema, type MailJobRef } from '../queues/index.js';
import { MailSender, PermanentMailError } from './mail-sender.js';
import { WORKER_DEFAULTS, type StartWorkerOptions } from './worker-options.js';
import { WORKER_LOGGER, WORKER_OPTIONS } from './worker-tokens.js';

/**
 * `mail`: loads the mail by the job's id from `mails` (with its attachments) and sends it.
 * Temporary SMTP errors are retried by BullMQ, permanent ones fail for good; every outcome is
 * recorded on the row. A mail already sent (the job ran again after the worker died) is not sent
 * twice. Errors that reach Redis carry no e-mail address.
 */
/**
 * The job data: the mail's id; or, for jobs queued by the release before (the whole mail in the
 * job), that mail, sent as it is so an upgrade loses none (they leave Redis with their retention).
 */
const mailJobDataSchema = z.union([mailJobRefSchema, mailJobSchema]);

@JobHandler({ queue: QUEUE_MAIL, name: JOB_SEND_MAIL, schema: mailJobDataSchema })
@Injectable()
export class MailJobHandler implements JobHandlerInstance<MailJobRef | MailJob, MailResult> {
  constructor(
    private readonly sender: MailSender,
    private readonly mails: MailStore,
  ) {}

  async handle(data: MailJobRef | MailJob, job: Job): Promise<MailResult> {
    if (!('mailId' in data)) return this.sendLegacy(data, job);
    const { mailId } = data;
    const mail = await this.mails.load(mailId);
    if (!mail) throw new UnrecoverableError(`mail ${mailId} not found`);
    if (mail.status === 'sent') return { messageId: mail.messageId ?? '' };
    const message: MailJob = {
      companyId: mail.companyId,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? undefined,
      replyTo: mail.replyTo ?? undefined,
      fromName: mail.fromName ?? undefined,
      ref: mail.ref ?? undefined,
      attachments: mail.attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        contentBase64: a.content.toString('base64'),
      })),
    };
    try {
      const result = await this.sender.send(message, `mail-${job.id}`);
      await this.mails.markSent(mailId, result);
      return result; // message id (and the outbox file's path): no address, no content
    } catch (error) {
      const permanent = error instanceof PermanentMailError;
      const final = permanent || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      const text = (error as Error).message;
      await this.mails.markAttemptFailed(mailId, text, final).catch(() => undefined);
      if (permanent) throw new UnrecoverableError(withoutAddresses(text));
      throw new Error(withoutAddresses(text));
    }
  }

  private async sendLegacy(mail: MailJob, job: Job): Promise<MailResult> {
    try {
      return await this.sender.send(mail, `mail-${job.id}`);
    } catch (error) {
      const text = withoutAddresses((error as Error).message);
      if (error instanceof PermanentMailError) throw new UnrecoverableError(text);
      throw new Error(text);
    }
  }
}

@Injectable()
class MailSenderLifecycle implements OnApplicationShutdown {
  constructor(private readonly sender: MailSender) {}
  onApplicationShutdown(): void {
    this.sender.close();
  }
}

/**
 * The worker's mail sending (nodemailer over SMTP, or the outbox folder without SMTP_URL); the
 * mails come from the billing database, so the worker needs DATABASE_URL for this queue.
 */
@Module({
  providers: [
    {
      provide: MailSender,
      inject: [WORKER_OPTIONS, WORKER_LOGGER],
      useFactory: (options: StartWorkerOptions, logger: Logger) => {
        const sender = new MailSender({
          smtpUrl: options.smtpUrl ?? null,
          from: options.mailFrom ?? WORKER_DEFAULTS.mailFrom,
          outboxDir: path.resolve(options.mailOutboxDir ?? WORKER_DEFAULTS.mailOutboxDir),
          logger,
        });
        logger.info(
          { mode: sender.mode },
          sender.mode === 'smtp' ? 'mail: sending over SMTP' : 'mail: no SMTP_URL, writing to the outbox folder',
        );
        return sender;
      },
    },
    { provide: MailStore, inject: [getDataSourceToken()], useFactory: (ds: DataSource) => new MailStore(ds) },
    MailJobHandler,
    MailSenderLifecycle,
  ],
  exports: [MailSender],
})
export class MailModule {}
