import { UNVERIFIED_TRIAL_DAILY_CUSTOMER_MAILS } from '@zunft/contracts';
import type { EntityManager } from 'typeorm';
import { customerMailLimited } from '../directory/index.js';
import { MailDailyLimitError } from '../queues/queues.errors.js';

/**
 * Mails to the company itself (the office's notice of a customer's answer) and the owner's
 * verification link are not customer mails; every other `ref` kind (quote, report, invoice,
 * invoice-reminder, and mails without a ref) is.
 */
const NOT_CUSTOMER_MAIL_KINDS = ['quote-answer', 'email-verification'] as const;

export const isCustomerMail = (ref: string | null | undefined): boolean =>
  !(NOT_CUSTOMER_MAIL_KINDS as readonly string[]).includes((ref ?? '').split(':')[0]!);

/**
 * Until the owner's address is confirmed a trial company stores at most
 * UNVERIFIED_TRIAL_DAILY_CUSTOMER_MAILS customer mails per day (Europe/Zurich); the next one throws
 * MailDailyLimitError (German 429). Runs in the transaction that stores the mail, under a per-company
 * advisory lock, so two mails sent at once cannot both be the 20th.
 */
export async function assertCustomerMailAllowed(m: EntityManager, companyId: string, ref: string | null | undefined) {
  if (!isCustomerMail(ref)) return;
  if (!(await customerMailLimited(m, companyId))) return;
  await m.query(`SELECT pg_advisory_xact_lock(hashtext('mail-quota:' || $1))`, [companyId]);
  const [row] = (await m.query(
    `SELECT count(*)::int AS sent FROM mails
      WHERE company_id = $1
        AND created_at >= (date_trunc('day', now() AT TIME ZONE 'Europe/Zurich') AT TIME ZONE 'Europe/Zurich')
        AND split_part(coalesce(ref, ''), ':', 1) <> ALL($2::text[])`,
    [companyId, [...NOT_CUSTOMER_MAIL_KINDS]],
  )) as { sent: number }[];
  if ((row?.sent ?? 0) >= UNVERIFIED_TRIAL_DAILY_CUSTOMER_MAILS) {
    throw new MailDailyLimitError(UNVERIFIED_TRIAL_DAILY_CUSTOMER_MAILS);
  }
}
