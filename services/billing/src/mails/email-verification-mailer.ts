import { Inject, Injectable } from '@nestjs/common';
import type { EventData } from '@zunft/contracts';
import { RpcClient } from '@zunft/nest-common';
import { DataSource } from 'typeorm';
import { BILLING_CONFIG } from '../config/billing-config.module.js';
import type { BillingConfig } from '../config/billing.config.js';
import { DocumentQueues } from '../queues/document-queues.js';
import { verificationMail } from './verification-mail.js';

const zurichTime = new Intl.DateTimeFormat('de-CH', {
  timeZone: 'Europe/Zurich',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * Mails the owner's verification link (auth.company.email-verification-requested): auth has no mail
 * path, billing's worker sends it like every other mail (stored in `mails`, the job carries the id).
 * The event carries no token: it is asked from auth now (`rpc.auth.email-verification-link`, core
 * NATS), so it never sits in the event stream. Not a customer mail: it never counts against the
 * trial's daily limit.
 */
@Injectable()
export class EmailVerificationMailer {
  constructor(
    private readonly queues: DocumentQueues,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    private readonly rpc: RpcClient,
    private readonly dataSource: DataSource,
  ) {}

  /**
   * The mail's id, or null when auth answers that the link was replaced by a newer one (that one
   * has its own event) or the address is confirmed already. Auth unreachable throws (the event
   * comes again).
   */
  async send(
    companyId: string,
    data: EventData<'auth.company.email-verification-requested'>,
    eventId: string,
  ): Promise<string | null> {
    // Once per event (issue 25): the mail is keyed by the event's id. A redelivered event whose mail
    // was stored already (the consumer's commit was lost after it) sends nothing and asks auth for
    // nothing: auth would draw a new token, and the link in the first mail would stop working.
    const ref = `email-verification:${data.userId}:${eventId}`;
    const [sent] = (await this.dataSource.query(`SELECT id FROM mails WHERE company_id = $1 AND ref = $2`, [
      companyId,
      ref,
    ])) as { id: string }[];
    if (sent) return sent.id;
    const link = await this.rpc.request('rpc.auth.email-verification-link', {
      companyId,
      userId: data.userId,
      expiresAt: data.expiresAt,
    });
    if (link.state !== 'issued') return null;
    const mail = verificationMail({
      language: data.language,
      firstName: data.firstName,
      companyName: data.companyName,
      link: `${this.config.publicUrl}/verify-email/${link.token}`,
      validUntil: zurichTime.format(new Date(data.expiresAt)),
    });
    return this.queues.enqueueMail({
      companyId,
      to: data.email,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      ref,
    });
  }
}
