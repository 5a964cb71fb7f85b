import { z } from 'zod';
import { emptyToNull } from './common.js';
import { INVOICE_DEFAULTS, type InvoiceDto } from './invoices.js';

/**
 * Bank credits of a camt.054 import that matched no invoice (no or an unknown reference, another
 * currency). They are kept so the office can assign them to an invoice later.
 */

export const UNMATCHED_CREDIT_STATUSES = ['open', 'assigned'] as const;
export type UnmatchedCreditStatus = (typeof UNMATCHED_CREDIT_STATUSES)[number];

export interface UnmatchedCreditDto {
  id: string;
  /** The bank's key of the entry in the file (entry reference / transaction reference). */
  bank_reference: string;
  /** QRR or SCOR reference the payer gave; null when there was none. */
  reference: string | null;
  amount: number;
  currency: string;
  debtor_name: string | null;
  /** yyyy-MM-dd */
  booking_date: string | null;
  status: UnmatchedCreditStatus;
  invoice_id: string | null;
  invoice_number: string | null;
  assigned_at: string | null;
  created_at: string;
}

/** GET /invoices/payments/unmatched?status&page&pageSize (status: open (default), assigned or all). */
export const unmatchedCreditListQuerySchema = z.object({
  status: z
    .preprocess(
      emptyToNull,
      z
        .enum([...UNMATCHED_CREDIT_STATUSES, 'all'], { error: 'Ungültiger Status. Erlaubt: open, assigned, all' })
        .nullable(),
    )
    .optional()
    .transform((v) => v ?? 'open'),
  page: z.coerce
    .number({ error: 'Seite muss eine Zahl sein' })
    .int('Seite muss eine ganze Zahl sein')
    .min(1, 'Seite muss mindestens 1 sein')
    .max(100_000, 'Seite ist zu gross')
    .optional()
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Seitengrösse muss eine Zahl sein' })
    .int('Seitengrösse muss eine ganze Zahl sein')
    .min(1, 'Seitengrösse muss mindestens 1 sein')
    .max(INVOICE_DEFAULTS.maxPageSize, `Seitengrösse darf höchstens ${INVOICE_DEFAULTS.maxPageSize} sein`)
    .optional()
    .default(INVOICE_DEFAULTS.pageSize),
});
export type UnmatchedCreditListQuery = z.input<typeof unmatchedCreditListQuerySchema>;
export type UnmatchedCreditListQueryParsed = z.output<typeof unmatchedCreditListQuerySchema>;

export interface UnmatchedCreditListResponse {
  items: UnmatchedCreditDto[];
  total: number;
  page: number;
  pageSize: number;
}

/** POST /invoices/payments/unmatched/{id}/assign */
export const assignUnmatchedCreditRequestSchema = z.object(
  {
    invoiceId: z.uuid({
      error: (issue) => (issue.input === undefined ? 'Rechnung ist erforderlich' : 'Ungültige Rechnungs-ID'),
    }),
  },
  { error: 'Bitte geben Sie die Rechnung an' },
);
export type AssignUnmatchedCreditRequest = z.input<typeof assignUnmatchedCreditRequestSchema>;

export interface AssignUnmatchedCreditResponse {
  message: string;
  credit: UnmatchedCreditDto;
  invoice: InvoiceDto;
}
