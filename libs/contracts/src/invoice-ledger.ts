import { z } from 'zod';
import { emptyToNull } from './common.js';
import type { CreditNoteDto } from './credit-notes.js';
import { INVOICE_LIMITS, type InvoiceDto, type InvoiceStatus } from './invoices.js';

/*
 * The ledger of an invoice (issue 22): every movement of the money a customer owes is an entry with
 * a signed amount (positive raises what the customer owes). The open amount is their sum; the status
 * follows from it by one rule (`invoiceStatusFor`), written once here and applied by the billing
 * service's ledger, the only writer of an invoice's amounts and status.
 */

export const LEDGER_ENTRY_TYPES = [
  'invoice',
  'payment',
  'payment_reversal',
  'credit_note',
  'reminder_fee',
  'interest',
  'write_off',
  'overpayment',
  'refund',
] as const;
export type LedgerEntryType = (typeof LEDGER_ENTRY_TYPES)[number];

/** GET /invoices/{id}/ledger: one entry, oldest first. */
export interface LedgerEntryDto {
  id: string;
  type: LedgerEntryType;
  /** yyyy-MM-dd: the booking date (invoice date, payment date, reminder date …). */
  date: string;
  /** Signed: positive raises what the customer owes, negative lowers it. */
  amount: number;
  /** Number, bank reference or reason of the movement (reminder level, credit note number …). */
  reference: string | null;
  /** The payment a `payment`, `overpayment` or `payment_reversal` belongs to. */
  payment_id: string | null;
  /** The sum of the entries up to and including this one (the running open amount; negative = credit balance). */
  balance: number;
  created_by: string | null;
  created_by_name: string | null;
  created_at: string;
}

/** The money columns of an invoice, all from its ledger. */
export interface InvoiceLedgerAmounts {
  /** What the customer still owes (never below 0). */
  open_amount: number;
  /** Payments less reversals and refunds (an overpayment counts as paid). */
  paid_amount: number;
  /** Credit notes (Gutschriften), positive. */
  credited_amount: number;
  /** Reminder fees booked (OR 106: damages agreed as fees), positive. */
  fees_amount: number;
  /** Default interest booked (OR 104), positive. */
  interest_amount: number;
  /** Written off as a loss, positive. */
  written_off_amount: number;
  /** Paid beyond what was owed and not yet refunded (credit balance), positive. */
  credit_balance: number;
}

/** GET /invoices/{id}/ledger */
export interface InvoiceLedgerResponse extends InvoiceLedgerAmounts {
  invoice_id: string;
  invoice_number: string;
  currency: 'CHF' | 'EUR';
  entries: LedgerEntryDto[];
}

/**
 * The status selector's label changes (`PUT /invoices/{id}/status`); anything else answers 409.
 * `paid` is never left by the selector: a paid invoice reopens only by reversing a payment
 * (`DELETE /invoices/{id}/payments/{paymentId}`), and choosing `paid` books the open amount as a
 * payment. Choosing `draft` on an issued invoice changes the label only: it stays issued (number,
 * archive and ledger stay, it cannot be deleted).
 */
export const INVOICE_STATUS_TRANSITIONS: Record<InvoiceStatus, readonly InvoiceStatus[]> = {
  draft: ['sent', 'overdue', 'paid'],
  sent: ['draft', 'overdue', 'paid'],
  overdue: ['draft', 'sent', 'paid'],
  paid: [],
  cancelled: [],
  written_off: [],
};

export function canChangeInvoiceStatus(from: InvoiceStatus, to: InvoiceStatus): boolean {
  return from === to || INVOICE_STATUS_TRANSITIONS[from].includes(to);
}

/**
 * THE status rule, applied after every ledger posting and label change: an invoice never issued is
 * a draft; an issued one with nothing open is paid; a paid one that owes again (a reversed payment)
 * is sent, or overdue once its due date has passed; otherwise the label stays. A cancelled (Storno)
 * or written-off invoice keeps that status while nothing is open (it is closed for good); should it
 * owe again (a bank reversal of an earlier payment), it is sent or overdue like a reopened paid one.
 */
export function invoiceStatusFor(input: {
  current: InvoiceStatus;
  issued: boolean;
  openCents: number;
  dueDate: string;
  /** yyyy-MM-dd in the company's time zone. */
  today: string;
}): InvoiceStatus {
  if (!input.issued) return 'draft';
  const closed = input.current === 'cancelled' || input.current === 'written_off';
  if (input.openCents <= 0) return closed ? input.current : 'paid';
  if (input.current === 'paid' || closed) return input.dueDate < input.today ? 'overdue' : 'sent';
  return input.current;
}

/**
 * OR 85 para. 1: a part payment settles interest and costs (fees) before the principal. The open
 * principal is what bears default interest (OR 104) and what a write-off or credit note lowers.
 */
export function openPrincipalCents(a: {
  totalCents: number;
  creditedCents: number;
  writtenOffCents: number;
  paidCents: number;
  feesCents: number;
  interestCents: number;
}): number {
  const extras = a.feesCents + a.interestCents;
  const toPrincipal = Math.max(0, a.paidCents - extras);
  return Math.max(0, a.totalCents - a.creditedCents - a.writtenOffCents - toPrincipal);
}

// ---------------------------------------------------------------------------------------------
// Number log, credit balances
// ---------------------------------------------------------------------------------------------

export const INVOICE_NUMBER_FATES = ['issued', 'draft', 'deleted_draft'] as const;
export type InvoiceNumberFate = (typeof INVOICE_NUMBER_FATES)[number];

/** GET /invoices/number-log?year=YYYY: every number of the year, in order, with its fate. */
export interface InvoiceNumberLogEntry {
  invoice_number: string;
  fate: InvoiceNumberFate;
  /** The invoice (null for a deleted draft). */
  invoice_id: string | null;
  invoice_date: string;
  customer_name: string;
  /** A deleted draft: when and by whom. */
  deleted_at: string | null;
  deleted_by_name: string | null;
}

export interface InvoiceNumberLogResponse {
  year: number;
  entries: InvoiceNumberLogEntry[];
}

export const invoiceNumberLogQuerySchema = z.object({
  year: z.coerce
    .number({ error: 'Jahr muss eine Zahl sein' })
    .int('Jahr muss eine ganze Zahl sein')
    .min(2000, 'Jahr muss zwischen 2000 und 2100 liegen')
    .max(2100, 'Jahr muss zwischen 2000 und 2100 liegen'),
});
export type InvoiceNumberLogQuery = z.input<typeof invoiceNumberLogQuerySchema>;

/** GET /invoices/credit-balances: invoices paid beyond what was owed, with the excess not yet refunded. */
export interface CreditBalanceDto {
  invoice_id: string;
  invoice_number: string;
  customer_id: string;
  customer_name: string;
  currency: 'CHF' | 'EUR';
  amount: number;
}

export interface CreditBalanceListResponse {
  items: CreditBalanceDto[];
  total: number;
}

const isoDate = (label: string) =>
  z
    .string({ error: `${label} ist erforderlich` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} muss ein Datum im Format JJJJ-MM-TT sein`)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '2000-01-01';
    }, `${label} ist kein gültiges Datum`);

const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

const positiveAmount = (label: string) =>
  z.coerce
    .number({ error: `${label} muss eine Zahl sein` })
    .refine(Number.isFinite, `${label} muss eine Zahl sein`)
    .refine((n) => n >= 0.01, `${label} muss mindestens 0.01 sein`)
    .refine((n) => n <= INVOICE_LIMITS.maxAmount, `${label} ist zu hoch`)
    .refine(twoDecimals, `${label}: höchstens zwei Nachkommastellen`);

/** POST /invoices/{id}/refund: pays back (part of) the credit balance. */
export const refundRequestSchema = z.object({
  amount: positiveAmount('Betrag'),
  date: isoDate('Datum'),
});
export type RefundRequest = z.input<typeof refundRequestSchema>;

/**
 * POST /invoices/{id}/apply-credit: uses (part of) this invoice's credit balance on another open
 * invoice of the same customer and currency (a `refund` entry here, a `payment` entry there).
 */
export const applyCreditRequestSchema = z.object({
  targetInvoiceId: z.uuid({ error: 'Ungültige Rechnungs-ID' }),
  amount: positiveAmount('Betrag'),
});
export type ApplyCreditRequest = z.input<typeof applyCreditRequestSchema>;

/** The answer of POST /invoices/{id}/apply-credit: both ledgers after it. */
export interface ApplyCreditResponse {
  source: InvoiceLedgerResponse;
  target: InvoiceLedgerResponse;
}

export const LEDGER_LIMITS = { maxReasonLength: 500 } as const;

const reason = z.preprocess(
  emptyToNull,
  z
    .string({ error: 'Grund ist erforderlich' })
    .trim()
    .min(1, 'Grund ist erforderlich')
    .max(LEDGER_LIMITS.maxReasonLength, `Grund ist zu lang (max. ${LEDGER_LIMITS.maxReasonLength} Zeichen)`),
);

/** POST /invoices/{id}/cancel (Storno) and POST /invoices/{id}/write-off (Abschreibung). */
export const invoiceReasonRequestSchema = z.object({ reason }, { error: 'Grund ist erforderlich' });
export type InvoiceReasonRequest = z.input<typeof invoiceReasonRequestSchema>;

/**
 * POST /invoices/{id}/cancel and POST /invoices/{id}/write-off: the invoice after it (`cancelled` /
 * `written_off`), the Storno's credit note (null for a write-off, or when only fees and interest were
 * open) and the ledger.
 */
export interface InvoiceClosedResponse {
  invoice: InvoiceDto;
  credit_note: CreditNoteDto | null;
  ledger: InvoiceLedgerResponse;
}

/** DELETE /invoices/{id}/payments/{paymentId}: answers the invoice's ledger after the reversal. */
export interface PaymentReversalResponse {
  message: string;
  ledger: InvoiceLedgerResponse;
}
