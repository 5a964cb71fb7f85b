import { Global, Module, type DynamicModule } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { EmailVerificationMailer, InvitationMailer, MailRetentionTask, MailStore } from '../mails/index.js';
import { CompanyQuotas, PruneQuotaUsageTask } from '../quotas/index.js';
import { DocumentQueues, MAIL_STORE, QUEUES_OPTIONS, type QueuesOptions } from './document-queues.js';
import { JobProducer } from './job-producer.js';

/**
 * Global module: `DocumentQueues` (PDF rendering and mail through the billing worker; mails stored
 * in the database by `MailStore`), `JobProducer` (any other job) and `EmailVerificationMailer`
 * (the owner's verification link, issue 25), `InvitationMailer` (a fiduciary's invitation, issue 26); the daily `MailRetentionTask` (old mails' bodies removed);
 * `CompanyQuotas` (daily PDF renders and upload bytes per company, issue 25).
 */
@Global()
@Module({})
export class QueuesModule {
  static forRoot(options: QueuesOptions): DynamicModule {
    return {
      module: QueuesModule,
      providers: [
        { provide: QUEUES_OPTIONS, useValue: options },
        { provide: MAIL_STORE, inject: [getDataSourceToken()], useFactory: (ds: DataSource) => new MailStore(ds) },
        DocumentQueues,
        JobProducer,
        EmailVerificationMailer,
        InvitationMailer,
        MailRetentionTask,
        CompanyQuotas,
        PruneQuotaUsageTask,
      ],
      exports: [DocumentQueues, JobProducer, EmailVerificationMailer, InvitationMailer, CompanyQuotas],
    };
  }
}
