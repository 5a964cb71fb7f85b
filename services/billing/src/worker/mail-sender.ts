import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MailJob, MailResult } from '@zunft/contracts';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { mailsFailed, mailsSent } from './worker-metrics.js';

export interface MailSenderOptions {
  /** smtp(s)://user:pass@host:port; without it mail goes to the outbox folder. */
  smtpUrl: string | null;
  /** Default sender, e.g. 'Zunft <no-reply@zunft.ch>'. */
  from: string;
  outboxDir: string;
  logger: Logger;
}

/** SMTP reply codes that will not get better by retrying (bad recipient, rejected content). */
const PERMANENT_SMTP_CODES = new Set([501, 550, 551, 552, 553, 554]);

/** A mail the SMTP server refused for good; the job fails without further attempts. */
export class PermanentMailError extends Error {
  override readonly name = 'PermanentMailError';
}

/**
 * Sends job mails with nodemailer. With SMTP settings over SMTP, otherwise into a local outbox
 * folder as .eml files (so a fresh checkout runs offline and one can still read what was sent).
 */
export class MailSender {
  private readonly transport;
  readonly mode: 'smtp' | 'outbox';

  constructor(private readonly options: MailSenderOptions) {
    this.mode = options.smtpUrl ? 'smtp' : 'outbox';
    this.transport = options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl, {})
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    if (options.smtpUrl) {
      // Timeouts so a hanging server fails the attempt (and BullMQ retries) instead of blocking the worker.
      const transportOptions = (this.transport as unknown as { options: Record<string, unknown> }).options;
      transportOptions.connectionTimeout ??= 10_000;
      transportOptions.greetingTimeout ??= 10_000;
      transportOptions.socketTimeout ??= 30_000;
    }
  }

  async send(mail: MailJob, ref: string): Promise<MailResult> {
    const message = {
      from: mail.fromName ? { name: mail.fromName, address: senderAddress(this.options.from) } : this.options.from,
      to: mail.to,
      replyTo: mail.replyTo,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments?.map((a) => ({
        filename: a.filename,
        content: Buffer.from(a.contentBase64, 'base64'),
        contentType: a.contentType,
      })),
      headers: { 'X-Zunft-Ref': mail.ref ?? ref },
    };
    if (this.mode === 'outbox') {
      const written = await this.writeToOutbox(message, ref);
      mailsSent.inc();
      return written;
    }
    try {
      const info = await this.transport.sendMail(message);
      mailsSent.inc();
      return { messageId: info.messageId };
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      if (code !== undefined && PERMANENT_SMTP_CODES.has(code)) {
        mailsFailed.inc({ kind: 'permanent' });
        throw new PermanentMailError((error as Error).message);
      }
      mailsFailed.inc({ kind: 'temporary' });
      throw error;
    }
  }

  close(): void {
    this.transport.close();
  }

  private async writeToOutbox(
    message: Parameters<typeof this.transport.sendMail>[0],
    ref: string,
  ): Promise<MailResult> {
    const info = (await this.transport.sendMail(message)) as unknown as { messageId: string; message: Buffer };
    await mkdir(this.options.outboxDir, { recursive: true });
    const stamp = new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z');
    const file = path.resolve(this.options.outboxDir, `${stamp}-${ref.replace(/[^A-Za-z0-9_-]+/g, '_')}.eml`);
    await writeFile(file, info.message);
    this.options.logger.info(
      { to: message.to, subject: message.subject, file },
      'mail: no SMTP configured, written to outbox',
    );
    return { messageId: info.messageId, outboxPath: file };
  }
}

/** 'Zunft <no-reply@zunft.ch>' -> 'no-reply@zunft.ch' */
function senderAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}
