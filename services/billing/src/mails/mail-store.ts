import type { MailJob, MailResult } from '@zunft/contracts';
import { PostgresFileStorage, type FileStorage } from '@zunft/nest-common';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { assertCustomerMailAllowed } from './mail-quota.js';

/** One attachment of a stored mail: the bytes are in the FileStorage under `key`. */
interface StoredAttachment {
  key: string;
  filename: string;
  contentType: string;
}

/** A mail as the worker sends it, loaded by id (attachments with their bytes). */
export interface StoredMail {
  id: string;
  companyId: string;
  status: 'queued' | 'sent' | 'failed';
  messageId: string | null;
  ref: string | null;
  to: string;
  replyTo: string | null;
  fromName: string | null;
  subject: string;
  text: string;
  html: string | null;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

interface MailRow {
  id: string;
  company_id: string;
  status: StoredMail['status'];
  message_id: string | null;
  ref: string | null;
  recipient: string;
  reply_to: string | null;
  from_name: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments: StoredAttachment[];
}

/** FileStorage key of a mail's n-th attachment. */
export const mailAttachmentKey = (companyId: string, mailId: string, n: number) => `${companyId}/mails/${mailId}/${n}`;

/** Error texts go to the database only; what reaches Redis (job failures) has no e-mail address. */
export const withoutAddresses = (text: string) => text.replace(/[^\s<>@"'(),;:]+@[^\s<>@"'(),;:]+/g, '<e-mail>');

/**
 * The `mails` table (issue 25): the API stores a mail with its attachments here and queues only its
 * id; the worker loads it by id, sends it and records the outcome. Used without Nest DI by
 * `DocumentQueues` and the worker's mail handler (both get the DataSource).
 */
export class MailStore {
  private readonly storage: FileStorage;

  constructor(private readonly dataSource: DataSource) {
    this.storage = new PostgresFileStorage(dataSource);
  }

  /**
   * Stores the mail and its attachments in one transaction; returns the new id. A customer mail
   * beyond the trial's daily limit (owner's address unconfirmed) throws MailDailyLimitError (429).
   */
  async create(mail: MailJob): Promise<string> {
    const id = randomUUID();
    await this.dataSource.transaction(async (m) => {
      await assertCustomerMailAllowed(m, mail.companyId, mail.ref);
      const attachments: StoredAttachment[] = [];
      for (const [n, a] of (mail.attachments ?? []).entries()) {
        const key = mailAttachmentKey(mail.companyId, id, n);
        await this.storage.put(
          key,
          Buffer.from(a.contentBase64, 'base64'),
          { contentType: a.contentType, companyId: mail.companyId },
          m,
        );
        attachments.push({ key, filename: a.filename, contentType: a.contentType });
      }
      await m.query(
        `INSERT INTO mails (id, company_id, ref, recipient, reply_to, from_name, subject, text_body, html_body, attachments)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          id,
          mail.companyId,
          mail.ref ?? null,
          mail.to,
          mail.replyTo ?? null,
          mail.fromName ?? null,
          mail.subject,
          mail.text,
          mail.html ?? null,
          JSON.stringify(attachments),
        ],
      );
    });
    return id;
  }

  /** The mail with its attachments' bytes; null when there is none (removed). */
  async load(id: string): Promise<StoredMail | null> {
    const [row] = (await this.dataSource.query(
      `SELECT id, company_id, status, message_id, ref, recipient, reply_to, from_name, subject, text_body, html_body, attachments
         FROM mails WHERE id = $1`,
      [id],
    )) as MailRow[];
    if (!row) return null;
    const attachments = [];
    for (const a of row.attachments) {
      const file = await this.storage.get(a.key);
      if (!file) throw new Error(`mail ${id}: attachment ${a.key} is missing`);
      attachments.push({ filename: a.filename, contentType: a.contentType, content: file.data });
    }
    return {
      id: row.id,
      companyId: row.company_id,
      status: row.status,
      messageId: row.message_id,
      ref: row.ref,
      to: row.recipient,
      replyTo: row.reply_to,
      fromName: row.from_name,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      attachments,
    };
  }

  async markSent(id: string, result: MailResult): Promise<void> {
    await this.dataSource.query(
      `UPDATE mails SET status = 'sent', message_id = $2, sent_at = now(), error = NULL, attempts = attempts + 1 WHERE id = $1`,
      [id, result.messageId],
    );
  }

  /** Records a failed attempt; `final`: no more attempts (status failed). */
  async markAttemptFailed(id: string, error: string, final: boolean): Promise<void> {
    await this.dataSource.query(
      `UPDATE mails SET attempts = attempts + 1, error = $2, status = CASE WHEN $3 THEN 'failed' ELSE status END
        WHERE id = $1 AND status <> 'sent'`,
      [id, error.slice(0, 2000), final],
    );
  }

  /** Removes a mail that could not be queued (the caller answers 503; nothing is sent). */
  async discard(id: string): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const [row] = (await m.query(`DELETE FROM mails WHERE id = $1 RETURNING company_id`, [id])) as {
        company_id: string;
      }[];
      if (row) await this.storage.deletePrefix(`${row.company_id}/mails/${id}/`, m);
    });
  }
}
