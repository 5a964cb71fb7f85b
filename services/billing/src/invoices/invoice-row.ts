import {
  REMINDER_LEVEL_NAMES,
  type InvoiceDto,
  type InvoiceKind,
  type InvoicePaymentMethod,
  type InvoiceStatus,
} from '@zunft/contracts';
import { pagedList, rows } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { LISTS } from '../common/list-totals.js';

/**
 * An invoice as every read shows it (with the customer's and project's current names) and its
 * mapping to the API's shape. Shared by the invoices' repository and the ledger (which writes the
 * money columns and the status and answers the rows it changed).
 */
export interface InvoiceRow {
  id: string;
  company_id: string;
  invoice_number: string;
  customer_id: string;
  customer_name: string;
  project_id: string | null;
  project_title: string | null;
  report_id: string | null;
  quote_id: string | null;
  kind: InvoiceKind;
  status: InvoiceStatus;
  payment_method: InvoicePaymentMethod | null;
  currency: 'CHF' | 'EUR';
  invoice_date: string;
  due_date: string;
  service_period_start: string | null;
  service_period_end: string | null;
  vat_rate: string;
  subtotal: string;
  vat_amount: string;
  total_before_rounding: string;
  rounding: string;
  total_amount: string;
  /** The ledger's sums (written only by the ledger). */
  paid_amount: string;
  reminder_fees: string;
  open_amount: string;
  credited_amount: string;
  interest_amount: string;
  written_off_amount: string;
  credit_balance: string;
  current_reminder_level: number;
  last_reminder_sent_at: Date | null;
  reminder_due_date: string | null;
  qrr_reference: string;
  scor_reference: string;
  notes: string | null;
  created_at: Date;
  updated_at: Date;
  sent_at: Date | null;
  paid_at: Date | null;
  issued_at: Date | null;
  /** The archived PDF (issued invoices, from their first send or download). */
  document_key: string | null;
  document_sha256: string | null;
}

const iso = (d: Date | null): string | null => (d === null ? null : new Date(d).toISOString());

export function toInvoiceDto(r: InvoiceRow): InvoiceDto {
  return {
    id: r.id,
    invoice_number: r.invoice_number,
    customer_id: r.customer_id,
    customer_name: r.customer_name,
    project_id: r.project_id,
    project_title: r.project_title,
    report_id: r.report_id,
    quote_id: r.quote_id,
    kind: r.kind ?? 'invoice',
    status: r.status,
    payment_method: r.payment_method,
    currency: r.currency,
    invoice_date: r.invoice_date,
    due_date: r.due_date,
    service_period_start: r.service_period_start,
    service_period_end: r.service_period_end,
    subtotal: Number(r.subtotal),
    vat_rate: Number(r.vat_rate),
    vat_amount: Number(r.vat_amount),
    total_before_rounding: Number(r.total_before_rounding),
    rounding: Number(r.rounding),
    total_amount: Number(r.total_amount),
    paid_amount: Number(r.paid_amount),
    open_amount: Number(r.open_amount),
    fees_amount: Number(r.reminder_fees),
    interest_amount: Number(r.interest_amount),
    credited_amount: Number(r.credited_amount),
    written_off_amount: Number(r.written_off_amount),
    credit_balance: Number(r.credit_balance),
    issued_at: iso(r.issued_at),
    current_reminder_level: r.current_reminder_level ?? 0,
    current_reminder_name: REMINDER_LEVEL_NAMES[r.current_reminder_level ?? 0] ?? REMINDER_LEVEL_NAMES[0],
    last_reminder_sent_at: iso(r.last_reminder_sent_at),
    notes: r.notes,
    sent_at: iso(r.sent_at),
    paid_at: iso(r.paid_at),
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
  };
}

export const INVOICE_COLUMNS = `i.id, i.company_id, i.invoice_number, i.customer_id,
    COALESCE(NULLIF(c.name, ''), i.customer_name) AS customer_name, i.project_id,
    COALESCE(p.title, i.project_title) AS project_title, i.report_id, i.quote_id, i.kind, i.status, i.payment_method,
    i.currency, i.invoice_date::text AS invoice_date, i.due_date::text AS due_date,
    i.service_period_start::text AS service_period_start, i.service_period_end::text AS service_period_end,
    i.vat_rate, i.subtotal, i.vat_amount, i.total_before_rounding, i.rounding, i.total_amount, i.paid_amount,
    i.reminder_fees, i.open_amount, i.credited_amount, i.interest_amount, i.written_off_amount, i.credit_balance,
    i.current_reminder_level, i.last_reminder_sent_at, i.reminder_due_date::text AS reminder_due_date,
    i.qrr_reference, i.scor_reference, i.notes, i.created_at, i.updated_at, i.sent_at, i.paid_at, i.issued_at,
    i.document_key, i.document_sha256`;
/** Customer and project names as they are now (the invoice keeps its own copy for deleted ones). */
export const INVOICE_JOINS = `LEFT JOIN customers c ON c.id = i.customer_id AND c.company_id = i.company_id
  LEFT JOIN projects p ON p.id = i.project_id AND p.company_id = i.company_id`;
export const INVOICE_SELECT = `SELECT ${INVOICE_COLUMNS} FROM invoices i ${INVOICE_JOINS}`;

/** The list, newest first (index: company_id, created_at DESC, id DESC); the search needs the joins. */
export const INVOICE_LIST = pagedList(
  LISTS.invoices,
  'desc',
  [
    { sql: 'i.created_at', type: 'timestamptz' },
    { sql: 'i.id', type: 'uuid' },
  ],
  { columns: INVOICE_COLUMNS, from: `invoices i ${INVOICE_JOINS}` },
);

/**
 * Runs `UPDATE invoices … RETURNING *` (or `INSERT INTO invoices … RETURNING *`) and answers the
 * changed rows as every read shows them (with the customer's and project's current names), so no
 * write needs to read the invoice again.
 */
export function writtenInvoices(manager: EntityManager, statement: string, params: unknown[]): Promise<InvoiceRow[]> {
  return rows<InvoiceRow>(
    manager,
    `WITH i AS (${statement}) SELECT ${INVOICE_COLUMNS} FROM i ${INVOICE_JOINS}`,
    params,
  );
}
