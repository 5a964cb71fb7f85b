import { Inject, Injectable } from '@nestjs/common';
import type { EventData } from '@zunft/contracts';
import { RpcClient } from '@zunft/nest-common';
import { DataSource } from 'typeorm';
import { BILLING_CONFIG } from '../config/billing-config.module.js';
import type { BillingConfig } from '../config/billing.config.js';
import { DocumentQueues } from '../queues/document-queues.js';
import { invitationMail } from './invitation-mail.js';

const zurichTime = new Intl.DateTimeFormat('de-CH', {
  timeZone: 'Europe/Zurich',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * Mails a fiduciary's invitation (auth.user.invited, issue 26) like the owner's verification link:
 * auth has no mail path; the event carries no token, it is asked from auth now
 * (`rpc.auth.invitation-link`, core NATS), so it never sits in the event stream. Not a customer
 * mail: it never counts against the trial's daily limit.
 */
@Injectable()
export class InvitationMailer {
  constructor(
    private readonly queues: DocumentQueues,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    private readonly rpc: RpcClient,
    private readonly dataSource: DataSource,
  ) {}

  /**
   * The mail's id, or null when auth answers that the invitation is no longer open (accepted,
   * withdrawn, expired). Once per event: a redelivered event whose mail is stored already asks auth
   * for nothing (a new token would break the first mail's link). Auth unreachable throws (the event
   * comes again).
   */
  async send(companyId: string, data: EventData<'auth.user.invited'>, eventId: string): Promise<string | null> {
    const ref = `invitation:${data.invitationId}:${eventId}`;
    const [sent] = (await this.dataSource.query(`SELECT id FROM mails WHERE company_id = $1 AND ref = $2`, [
      companyId,
      ref,
    ])) as { id: string }[];
    if (sent) return sent.id;
    const link = await this.rpc.request('rpc.auth.invitation-link', { companyId, invitationId: data.invitationId });
    if (link.state !== 'issued') return null;
    const mail = invitationMail({
      language: data.language,
      companyName: data.companyName,
      inviterName: data.inviterName,
      link: `${this.config.publicUrl}/einladung?token=${link.token}`,
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
