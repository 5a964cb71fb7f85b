import { z } from 'zod';

/**
 * Closing a company's account (issue 26) and what happens to its data afterwards. The admin closes it
 * with the company name typed as confirmation; from then on nobody signs in, and every service removes
 * the company's data once its retention has ended (daily task of each service, `src/retention/`):
 *
 * - data that is no record (drafts, schedules, settings, sessions, photos outside sealed documents…)
 *   CLOSED_COMPANY_GRACE_DAYS after the closing;
 * - time records 5 years after the end of the calendar year of the work (ArGV 1 art. 73 para. 2);
 * - business records (issued invoices, credit notes, reminders, payments, the ledger, signed reports,
 *   receipts, the journal) 10 years after the end of the business year (OR art. 958f para. 1; the
 *   business year is the calendar year here);
 * - the company row and its users last, in auth, when every record has expired.
 */
export const CLOSED_COMPANY_GRACE_DAYS = 90;
/** ArGV 1 art. 73 para. 2: the records of working time are kept at least 5 years. */
export const TIME_RECORD_RETENTION_YEARS = 5;
/** OR art. 958f para. 1 (GeBüV art. 9): business records are kept 10 years. */
export const BUSINESS_RECORD_RETENTION_YEARS = 10;

/**
 * The last calendar year whose records may go on `today` (yyyy-MM-dd) when they are kept `years`
 * after the end of their year: a record of 2015 kept 10 years is kept up to 2025-12-31, so on
 * 2026-01-01 the years up to 2015 may go.
 */
export function lastExpiredYear(today: string, years: number): number {
  return Number(today.slice(0, 4)) - years - 1;
}

export const closeCompanyRequestSchema = z.object({
  /** The company's name, typed by the admin as confirmation (compared after trimming). */
  confirmName: z
    .string({ error: 'Firmenname ist erforderlich' })
    .trim()
    .min(1, 'Firmenname ist erforderlich')
    .max(200, 'Der Firmenname darf höchstens 200 Zeichen lang sein.'),
});
export type CloseCompanyRequest = z.input<typeof closeCompanyRequestSchema>;

export const closeCompanyResponseSchema = z.object({
  message: z.string(),
  /** ISO timestamp of the closing. */
  closedAt: z.string(),
  /** yyyy-MM-dd: from this day the data that is no record (drafts, settings, photos…) is removed. */
  graceEndsOn: z.string(),
});
export type CloseCompanyResponse = z.infer<typeof closeCompanyResponseSchema>;
