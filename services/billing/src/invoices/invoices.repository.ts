import { Injectable } from '@nestjs/common';
import {
  REMINDER_LEVEL_NAMES,
  type InvoiceDto,
  type InvoiceItemDto,
  type InvoiceItemType,
  type InvoiceListQueryParsed,
  type InvoicePaymentDto,
  type InvoicePaymentMethod,
  type InvoiceStatsDto,
  type InvoiceStatus,
  type Language,
} from '@zunft/contracts';
import { affected, keyset, nextFreeNumber, one, rows, sqlWhere, type TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { fetchPage } from '../common/list-pages.js';
import { LISTS, listTotals } from '../common/list-totals.js';

/** What invoicing needs of the company (billing's copy of auth's profile and settings). */
export interface BillingCompany {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  website: string | null;
  address: string | null;
  street: string | null;
  house_number: string | null;
  zip: string | null;
  city: string | null;
  country: string;
  logo_url: string | null;
  language: Language;
  timezone: string;
  currency: 'CHF' | 'EUR';
  default_hourly_rate: number;
  company_iban: string | null;
  vat_number: string | null;
  vat_rate: number;
  payment_terms: number;
  reminder_fees: [number, number, number, number];
  default_interest_enabled: boolean;
  default_interest_rate: number;
  auto_reminders_enabled: boolean;
  reminder_interval_days: number;
}

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
  paid_amount: string;
  reminder_fees: string;
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
}

export interface InvoiceItemWrite {
  type: InvoiceItemType;
  title: string;
  description: string | null;
  quantity: number;
  unit: string;
  unitPrice: number;
  totalPrice: number;
}

export interface InvoiceWrite {
  invoiceNumber: string;
  customerId: string;
  customerName: string;
  projectId: string | null;
  projectTitle: string | null;
  reportId: string | null;
  quoteId: string | null;
  currency: 'CHF' | 'EUR';
  invoiceDate: string;
  dueDate: string;
  servicePeriodStart: string | null;
  servicePeriodEnd: string | null;
  vatRate: number;
  totals: { subtotal: number; vat_amount: number; total_before_rounding: number; rounding: number; total: number };
  qrrReference: string;
  scorReference: string;
  notes: string | null;
  createdBy: string | null;
  items: InvoiceItemWrite[];
}

const iso = (d: Date | null): string | null => (d === null ? null : new Date(d).toISOString());
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);
const cents = (s: string | number) => Math.round(Number(s) * 100);

export function toInvoiceDto(r: InvoiceRow): InvoiceDto {
  const total = Number(r.total_amount);
  const paid = Number(r.paid_amount);
  const open = Math.max(0, cents(r.total_amount) - cents(r.paid_amount)) / 100;
  return {
    id: r.id,
    invoice_number: r.invoice_number,
    customer_id: r.customer_id,
    customer_name: r.customer_name,
    project_id: r.project_id,
    project_title: r.project_title,
    report_id: r.report_id,
    quote_id: r.quote_id,
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
    total_amount: total,
    paid_amount: paid,
    open_amount: open,
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

const COLUMNS = `i.id, i.company_id, i.invoice_number, i.customer_id,
    COALESCE(NULLIF(c.name, ''), i.customer_name) AS customer_name, i.project_id,
    COALESCE(p.title, i.project_title) AS project_title, i.report_id, i.quote_id, i.status, i.payment_method,
    i.currency, i.invoice_date::text AS invoice_date, i.due_date::text AS due_date,
    i.service_period_start::text AS service_period_start, i.service_period_end::text AS service_period_end,
    i.vat_rate, i.subtotal, i.vat_amount, i.total_before_rounding, i.rounding, i.total_amount, i.paid_amount,
    i.reminder_fees, i.current_reminder_level, i.last_reminder_sent_at, i.reminder_due_date::text AS reminder_due_date,
    i.qrr_reference, i.scor_reference, i.notes, i.created_at, i.updated_at, i.sent_at, i.paid_at`;
/** Customer and project names as they are now (the invoice keeps its own copy for deleted ones). */
const JOINS = `LEFT JOIN customers c ON c.id = i.customer_id AND c.company_id = i.company_id
  LEFT JOIN projects p ON p.id = i.project_id AND p.company_id = i.company_id`;
const SELECT = `SELECT ${COLUMNS} FROM invoices i ${JOINS}`;

/** The list's order, newest first (index: company_id, created_at DESC, id DESC). */
const INVOICE_ORDER = keyset(LISTS.invoices, 'desc', [
  { sql: 'i.created_at', type: 'timestamptz' },
  { sql: 'i.id', type: 'uuid' },
]);

/**
 * Runs `UPDATE invoices … RETURNING *` (or `INSERT INTO invoices … RETURNING *`) and answers the
 * changed rows as every read shows them (with the customer's and project's current names), so no
 * write needs to read the invoice again.
 */
export function writtenInvoices(manager: EntityManager, statement: string, params: unknown[]): Promise<InvoiceRow[]> {
  return rows<InvoiceRow>(manager, `WITH i AS (${statement}) SELECT ${COLUMNS} FROM i ${JOINS}`, params);
}

/** A bank payment of the camt.054 import (amount in Rappen). */
export interface BankPaymentWrite {
  invoiceId: string;
  amountCents: number;
  paymentDate: string;
  bankReference: string;
  debtorName: string | null;
}

/** An invoice a bank file pays, as locked for the import (amounts in Rappen). */
export interface ReferencedInvoice {
  id: string;
  invoice_number: string;
  currency: string;
  status: InvoiceStatus;
  totalCents: number;
  paidCents: number;
}

const money = (centsValue: number) => (centsValue / 100).toFixed(2);

/**
 * The only place with invoice SQL; every query takes the tenant scope (the daily job names its
 * companies). Every write that adds or removes invoices or changes their status drops the
 * company's cached list totals (`listTotals.invalidate`); customer, number and project are set only
 * on insert. Reminders and the daily overdue job (RemindersRepository) do the same.
 */
@Injectable()
export class InvoicesRepository {
  async company(manager: EntityManager, companyId: string): Promise<BillingCompany | null> {
    const r = await one<Record<string, unknown>>(
      manager,
      `SELECT id, name, email, phone, website, address, street, house_number, zip, city, country, logo_url, language,
              timezone, currency, default_hourly_rate, company_iban, vat_number, vat_rate, payment_terms,
              reminder_fee_level_1, reminder_fee_level_2, reminder_fee_level_3, reminder_fee_level_4,
              default_interest_enabled, default_interest_rate, auto_reminders_enabled, reminder_interval_days
       FROM companies WHERE id = $1`,
      [companyId],
    );
    if (!r) return null;
    return {
      ...(r as unknown as BillingCompany),
      default_hourly_rate: Number(r.default_hourly_rate),
      vat_rate: Number(r.vat_rate),
      payment_terms: Number(r.payment_terms),
      reminder_fees: [
        Number(r.reminder_fee_level_1),
        Number(r.reminder_fee_level_2),
        Number(r.reminder_fee_level_3),
        Number(r.reminder_fee_level_4),
      ],
      default_interest_rate: Number(r.default_interest_rate),
      reminder_interval_days: Number(r.reminder_interval_days),
    };
  }

  async list(
    manager: EntityManager,
    scope: TenantScope,
    filter: InvoiceListQueryParsed,
  ): Promise<{ items: InvoiceDto[]; total: number; nextCursor: string | null }> {
    const where = sqlWhere('i.company_id = $1', [scope.companyId])
      .eq('i.status', filter.status)
      .eq('i.customer_id', filter.customerId)
      .when(
        filter.search && `%${escapeLike(filter.search)}%`,
        (p) => `(i.invoice_number ILIKE ${p} OR i.customer_name ILIKE ${p} OR c.name ILIKE ${p}
          OR i.project_title ILIKE ${p} OR p.title ILIKE ${p})`,
      );
    const page = await fetchPage<InvoiceRow>(
      manager,
      INVOICE_ORDER,
      { columns: COLUMNS, from: `invoices i ${JOINS}`, table: `invoices i ${JOINS}` },
      where,
      { page: filter.page, pageSize: filter.pageSize, cursor: filter.cursor ?? null },
      {
        list: LISTS.invoices,
        companyId: scope.companyId,
        filter: { status: filter.status ?? null, customerId: filter.customerId ?? null, search: filter.search ?? null },
      },
    );
    return { items: page.rows.map(toInvoiceDto), total: page.total, nextCursor: page.nextCursor };
  }

  async stats(manager: EntityManager, scope: TenantScope): Promise<InvoiceStatsDto> {
    const r = await one<{ total: string; paid: string; pending: string; amount: string }>(
      manager,
      `SELECT count(*) AS total, count(*) FILTER (WHERE status = 'paid') AS paid,
              count(*) FILTER (WHERE status IN ('sent', 'overdue')) AS pending, COALESCE(sum(total_amount), 0) AS amount
       FROM invoices WHERE company_id = $1`,
      [scope.companyId],
    );
    return {
      total: Number(r?.total ?? 0),
      paid: Number(r?.paid ?? 0),
      pending: Number(r?.pending ?? 0),
      totalAmount: Number(r?.amount ?? 0),
    };
  }

  async row(manager: EntityManager, scope: TenantScope, id: string): Promise<InvoiceRow | null> {
    return one<InvoiceRow>(manager, `${SELECT} WHERE i.company_id = $1 AND i.id = $2`, [scope.companyId, id]);
  }

  async rowsByIds(manager: EntityManager, ids: string[]): Promise<InvoiceRow[]> {
    if (ids.length === 0) return [];
    return rows<InvoiceRow>(manager, `${SELECT} WHERE i.id = ANY($1::uuid[]) ORDER BY i.invoice_number`, [ids]);
  }

  /** Locks the invoice row for the rest of the transaction; null when it is not the company's. */
  async lock(manager: EntityManager, scope: TenantScope, id: string): Promise<InvoiceRow | null> {
    return one<InvoiceRow>(manager, `${SELECT} WHERE i.company_id = $1 AND i.id = $2 FOR UPDATE OF i`, [
      scope.companyId,
      id,
    ]);
  }

  async items(manager: EntityManager, scope: TenantScope, invoiceId: string): Promise<InvoiceItemDto[]> {
    const list = await rows<{
      id: string;
      position: number;
      type: InvoiceItemType;
      title: string;
      description: string | null;
      quantity: string;
      unit: string;
      unit_price: string;
      total_price: string;
    }>(
      manager,
      `SELECT id, position, type, title, description, quantity, unit, unit_price, total_price FROM invoice_items
       WHERE company_id = $1 AND invoice_id = $2 ORDER BY position`,
      [scope.companyId, invoiceId],
    );
    return list.map((r) => ({
      ...r,
      quantity: Number(r.quantity),
      unit_price: Number(r.unit_price),
      total_price: Number(r.total_price),
    }));
  }

  async payments(manager: EntityManager, scope: TenantScope, invoiceId: string): Promise<InvoicePaymentDto[]> {
    const list = await rows<{
      id: string;
      amount: string;
      payment_date: string;
      method: InvoicePaymentMethod;
      source: InvoicePaymentDto['source'];
      bank_reference: string | null;
      debtor_name: string | null;
      created_at: Date;
      created_by_name: string | null;
    }>(
      manager,
      `SELECT ip.id, ip.amount, ip.payment_date::text AS payment_date, ip.method, ip.source, ip.bank_reference,
              ip.debtor_name, ip.created_at,
              CASE WHEN s.id IS NULL THEN NULL ELSE s.first_name || ' ' || s.last_name END AS created_by_name
       FROM invoice_payments ip LEFT JOIN staff s ON s.id = ip.created_by AND s.company_id = ip.company_id
       WHERE ip.company_id = $1 AND ip.invoice_id = $2 ORDER BY ip.payment_date, ip.created_at, ip.id`,
      [scope.companyId, invoiceId],
    );
    return list.map((r) => ({ ...r, amount: Number(r.amount), created_at: iso(r.created_at)! }));
  }

  nextNumber(manager: EntityManager, scope: TenantScope, year: string): Promise<string> {
    return nextFreeNumber(
      manager,
      scope.companyId,
      `invoice-${year}`,
      (n) => `RE-${year}-${String(n).padStart(4, '0')}`,
      async (candidate) =>
        (await one(manager, `SELECT 1 FROM invoices WHERE company_id = $1 AND invoice_number = $2`, [
          scope.companyId,
          candidate,
        ])) !== null,
    );
  }

  /** Inserts the invoice and its items; returns the invoice as read (without items). */
  async insert(manager: EntityManager, scope: TenantScope, w: InvoiceWrite): Promise<InvoiceRow> {
    const [row] = await writtenInvoices(
      manager,
      `INSERT INTO invoices (company_id, invoice_number, customer_id, customer_name, project_id, project_title, report_id,
         quote_id, currency, invoice_date, due_date, service_period_start, service_period_end, vat_rate, subtotal,
         vat_amount, total_before_rounding, rounding, total_amount, qrr_reference, scor_reference, notes, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23)
       RETURNING *`,
      [
        scope.companyId,
        w.invoiceNumber,
        w.customerId,
        w.customerName,
        w.projectId,
        w.projectTitle,
        w.reportId,
        w.quoteId,
        w.currency,
        w.invoiceDate,
        w.dueDate,
        w.servicePeriodStart,
        w.servicePeriodEnd,
        w.vatRate,
        w.totals.subtotal,
        w.totals.vat_amount,
        w.totals.total_before_rounding,
        w.totals.rounding,
        w.totals.total,
        w.qrrReference,
        w.scorReference,
        w.notes,
        w.createdBy,
      ],
    );
    listTotals.invalidate(manager, scope.companyId, LISTS.invoices);
    const id = row!.id;
    if (w.items.length > 0) {
      const params: unknown[] = [id, scope.companyId];
      const values = w.items.map((it, i) => {
        const base = params.length;
        params.push(i + 1, it.type, it.title, it.description, it.quantity, it.unit, it.unitPrice, it.totalPrice);
        const p = (k: number) => `$${base + k}`;
        return `($1, $2, ${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}, ${p(7)}, ${p(8)})`;
      });
      await manager.query(
        `INSERT INTO invoice_items (invoice_id, company_id, position, type, title, description, quantity, unit,
           unit_price, total_price) VALUES ${values.join(', ')}`,
        params,
      );
    }
    return row!;
  }

  async findByReport(manager: EntityManager, scope: TenantScope, reportId: string): Promise<InvoiceRow | null> {
    return one<InvoiceRow>(manager, `${SELECT} WHERE i.company_id = $1 AND i.report_id = $2`, [
      scope.companyId,
      reportId,
    ]);
  }

  async delete(manager: EntityManager, scope: TenantScope, id: string): Promise<boolean> {
    const deleted = await affected(manager, `DELETE FROM invoices WHERE id = $1 AND company_id = $2`, [
      id,
      scope.companyId,
    ]);
    listTotals.invalidate(manager, scope.companyId, LISTS.invoices);
    return deleted > 0;
  }

  /** Sets the status (and its timestamps); returns the invoice after it, null when it is not the company's. */
  async setStatus(
    manager: EntityManager,
    scope: TenantScope,
    id: string,
    status: InvoiceStatus,
  ): Promise<InvoiceRow | null> {
    const [row] = await writtenInvoices(
      manager,
      `UPDATE invoices SET status = $3::varchar, updated_at = now(),
         sent_at = CASE WHEN $3::varchar IN ('sent', 'overdue') THEN COALESCE(sent_at, now()) ELSE sent_at END,
         paid_at = CASE WHEN $3::varchar = 'paid' THEN COALESCE(paid_at, now()) ELSE NULL END,
         overdue_at = CASE WHEN $3::varchar = 'overdue' THEN COALESCE(overdue_at, now()) ELSE overdue_at END
       WHERE id = $1 AND company_id = $2 RETURNING *`,
      [id, scope.companyId, status],
    );
    listTotals.invalidate(manager, scope.companyId, LISTS.invoices);
    return row ?? null;
  }

  async setPaymentMethod(
    manager: EntityManager,
    scope: TenantScope,
    id: string,
    method: InvoicePaymentMethod | null,
  ): Promise<InvoiceRow | null> {
    const [row] = await writtenInvoices(
      manager,
      `UPDATE invoices SET payment_method = $3, updated_at = now() WHERE id = $1 AND company_id = $2 RETURNING *`,
      [id, scope.companyId, method],
    );
    return row ?? null;
  }

  async markSent(manager: EntityManager, scope: TenantScope, id: string, sentTo: string): Promise<InvoiceRow | null> {
    const [row] = await writtenInvoices(
      manager,
      `UPDATE invoices SET status = 'sent', sent_at = now(), sent_to = $3, updated_at = now()
       WHERE id = $1 AND company_id = $2 RETURNING *`,
      [id, scope.companyId, sentTo],
    );
    listTotals.invalidate(manager, scope.companyId, LISTS.invoices);
    return row ?? null;
  }

  /**
   * Records a payment and adds it to paid_amount. Returns the invoice after it, or null when the
   * bank reference was already booked (a re-imported file).
   */
  async addPayment(
    manager: EntityManager,
    scope: TenantScope,
    invoiceId: string,
    p: {
      amount: number;
      paymentDate: string;
      method: InvoicePaymentMethod;
      source: InvoicePaymentDto['source'];
      bankReference: string | null;
      debtorName: string | null;
      createdBy: string | null;
    },
  ): Promise<InvoiceRow | null> {
    const inserted = await one<{ id: string }>(
      manager,
      `INSERT INTO invoice_payments (invoice_id, company_id, amount, payment_date, method, source, bank_reference,
         debtor_name, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (company_id, bank_reference) WHERE bank_reference IS NOT NULL DO NOTHING RETURNING id`,
      [
        invoiceId,
        scope.companyId,
        p.amount,
        p.paymentDate,
        p.method,
        p.source,
        p.bankReference,
        p.debtorName,
        p.createdBy,
      ],
    );
    if (!inserted) return null;
    const [after] = await writtenInvoices(
      manager,
      `UPDATE invoices SET paid_amount = paid_amount + $3, updated_at = now() WHERE id = $1 AND company_id = $2
       RETURNING *`,
      [invoiceId, scope.companyId, p.amount],
    );
    return after ?? null;
  }

  /** The invoices carrying these QRR/SCOR references with their amounts, locked for the rest of the transaction. */
  async lockByReferences(
    manager: EntityManager,
    scope: TenantScope,
    refs: string[],
  ): Promise<Map<string, ReferencedInvoice>> {
    const found = new Map<string, ReferencedInvoice>();
    if (refs.length === 0) return found;
    const list = await rows<{
      id: string;
      invoice_number: string;
      currency: string;
      status: InvoiceStatus;
      total_amount: string;
      paid_amount: string;
      qrr_reference: string;
      scor_reference: string;
    }>(
      manager,
      `SELECT id, invoice_number, currency, status, total_amount, paid_amount, qrr_reference, scor_reference
       FROM invoices
       WHERE company_id = $1 AND (qrr_reference = ANY($2::text[]) OR scor_reference = ANY($2::text[]))
       ORDER BY id FOR UPDATE`,
      [scope.companyId, refs],
    );
    for (const r of list) {
      const value: ReferencedInvoice = {
        id: r.id,
        invoice_number: r.invoice_number,
        currency: r.currency,
        status: r.status,
        totalCents: cents(r.total_amount),
        paidCents: cents(r.paid_amount),
      };
      found.set(r.qrr_reference, value);
      found.set(r.scor_reference, value);
    }
    return found;
  }

  /**
   * Records many bank payments in one statement (the camt.054 import). Returns the bank
   * references actually inserted: one booked before (a concurrent import) is skipped.
   */
  async addBankPayments(
    manager: EntityManager,
    scope: TenantScope,
    createdBy: string | null,
    payments: BankPaymentWrite[],
  ): Promise<Set<string>> {
    if (payments.length === 0) return new Set();
    const inserted = await rows<{ bank_reference: string }>(
      manager,
      `INSERT INTO invoice_payments (invoice_id, company_id, amount, payment_date, method, source, bank_reference,
         debtor_name, created_by)
       SELECT v.invoice_id, $1, v.amount, v.payment_date, 'bank', 'camt054', v.bank_reference, v.debtor_name, $2
       FROM unnest($3::uuid[], $4::numeric[], $5::date[], $6::text[], $7::text[])
         AS v(invoice_id, amount, payment_date, bank_reference, debtor_name)
       ON CONFLICT (company_id, bank_reference) WHERE bank_reference IS NOT NULL DO NOTHING
       RETURNING bank_reference`,
      [
        scope.companyId,
        createdBy,
        payments.map((p) => p.invoiceId),
        payments.map((p) => money(p.amountCents)),
        payments.map((p) => p.paymentDate),
        payments.map((p) => p.bankReference),
        payments.map((p) => p.debtorName),
      ],
    );
    return new Set(inserted.map((r) => r.bank_reference));
  }

  /**
   * Adds the booked sums to the invoices' paid amounts in one statement; an invoice whose payments
   * reach its total becomes paid (paid_at kept from an earlier time). Returns the invoices after it.
   */
  async addPaidAmounts(
    manager: EntityManager,
    scope: TenantScope,
    sums: Array<{ invoiceId: string; amountCents: number }>,
  ): Promise<InvoiceRow[]> {
    if (sums.length === 0) return [];
    const after = await writtenInvoices(
      manager,
      `UPDATE invoices inv SET paid_amount = inv.paid_amount + v.amount, updated_at = now(),
           status = CASE WHEN inv.status <> 'paid' AND inv.paid_amount + v.amount >= inv.total_amount
                         THEN 'paid' ELSE inv.status END,
           paid_at = CASE WHEN inv.status <> 'paid' AND inv.paid_amount + v.amount >= inv.total_amount
                          THEN COALESCE(inv.paid_at, now()) ELSE inv.paid_at END
         FROM unnest($2::uuid[], $3::numeric[]) AS v(id, amount) WHERE inv.id = v.id AND inv.company_id = $1
         RETURNING inv.*`,
      [scope.companyId, sums.map((s) => s.invoiceId), sums.map((s) => money(s.amountCents))],
    );
    listTotals.invalidate(manager, scope.companyId, LISTS.invoices); // status → paid
    return after;
  }
}

export const REMINDER_NAME = (level: number) => REMINDER_LEVEL_NAMES[level] ?? REMINDER_LEVEL_NAMES[0];
