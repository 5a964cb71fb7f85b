import { Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { JOB_SEND_MAIL, QUEUE_MAIL, mailJobSchema, type MailJob, type MailResult } from '@zunft/contracts';
import { UnrecoverableError, type Job } from 'bullmq';
import path from 'node:path';
import type { Logger } from 'pino';
import { JobHandler, type JobHandlerInstance } from '../jobs/index.js';
import { MailSender, PermanentMailError } from './mail-sender.js';
import { WORKER_DEFAULTS, type StartWorkerOptions } from './worker-options.js';
import { WORKER_LOGGER, WORKER_OPTIONS } from './worker-tokens.js';

/** `mail`: send the job's mail; temporary SMTP errors are retried by BullMQ, permanent ones fail for good. */
@JobHandler({ queue: QUEUE_MAIL, name: JOB_SEND_MAIL, schema: mailJobSchema })
@Injectable()
export class MailJobHandler implements JobHandlerInstance<MailJob, MailResult> {
  constructor(private readonly sender: MailSender) {}

  async handle(mail: MailJob, job: Job): Promise<MailResult> {
    try {
      return await this.sender.send(mail, `mail-${job.id}`);
    } catch (error) {
      if (error instanceof PermanentMailError) throw new UnrecoverableError(error.message);
      throw error;
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

/** The worker's mail sending (nodemailer over SMTP, or the outbox folder without SMTP_URL). */
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
    MailJobHandler,
    MailSenderLifecycle,
  ],
  exports: [MailSender],
})
export class MailModule {}
