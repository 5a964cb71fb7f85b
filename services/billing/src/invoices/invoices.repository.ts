import { Injectable } from '@nestjs/common';
import {
  REMINDER_LEVEL_NAMES,
  type InvoiceNumberLogEntry,
  type InvoiceItemDto,
  type InvoiceItemType,
  type InvoiceListQueryParsed,
  type InvoiceListResponse,
  type InvoicePaymentDto,
  type InvoicePaymentMethod,
  type InvoiceStatsDto,
  type Language,
} from '@zunft/contracts';
import { affected, iso, nextFreeNumber, one, rows, sqlWhere, type TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { LISTS, listTotals } from '../common/list-totals.js';
import {
  INVOICE_LIST,
  INVOICE_SELECT as SELECT,
  toInvoiceDto,
  writtenInvoices,
  type InvoiceRow,
} from './invoice-row.js';

export { toInvoiceDto, writtenInvoices, type InvoiceRow };

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
  /** Interest from the day after the due date (OR 102 para. 2) instead of the first reminder. */
  interest_from_due_date: boolean;
  auto_reminders_enabled: boolean;
  reminder_interval_days: number;
}

export interface InvoiceItemWrite {
  type: InvoiceItemType;
  title: string;
  description: string | null;
  quantity: number;
  unit: string;
  unitPrice: number;
  totalPrice: number;
  /** The line's VAT rate (issue 22); missing = the company's rate, filled in before the insert. */
  vatRate?: number;
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

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

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
              default_interest_enabled, default_interest_rate, auto_reminders_enabled, reminder_interval_days,
              interest_from_due_date
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

  /** One page of the list (nest-common's list kit; page and pageSize have defaults). */
  list(manager: EntityManager, scope: TenantScope, filter: InvoiceListQueryParsed): Promise<InvoiceListResponse> {
    const where = sqlWhere('i.company_id = $1', [scope.companyId])
      .eq('i.status', filter.status)
      .eq('i.customer_id', filter.customerId)
      .when(
        filter.search && `%${escapeLike(filter.search)}%`,
        (p) => `(i.invoice_number ILIKE ${p} OR i.customer_name ILIKE ${p} OR c.name ILIKE ${p}
          OR i.project_title ILIKE ${p} OR p.title ILIKE ${p})`,
      );
    const query = { page: filter.page, pageSize: filter.pageSize, cursor: filter.cursor ?? null };
    return INVOICE_LIST.paged(manager, scope, where, query, (found: InvoiceRow[]) => found.map(toInvoiceDto));
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
      vat_rate: string;
      quote_item_id: string | null;
      deducted_invoice_id: string | null;
      deducted_vat: string | null;
    }>(
      manager,
      `SELECT id, position, type, title, description, quantity, unit, unit_price, total_price, vat_rate, quote_item_id,
              deducted_invoice_id, deducted_vat FROM invoice_items
       WHERE company_id = $1 AND invoice_id = $2 ORDER BY position`,
      [scope.companyId, invoiceId],
    );
    return list.map((r) => ({
      ...r,
      quantity: Number(r.quantity),
      unit_price: Number(r.unit_price),
      total_price: Number(r.total_price),
      vat_rate: Number(r.vat_rate),
      deducted_vat: r.deducted_vat === null ? null : Number(r.deducted_vat),
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
      reversed_at: Date | null;
    }>(
      manager,
      `SELECT ip.id, ip.amount, ip.payment_date::text AS payment_date, ip.method, ip.source, ip.bank_reference,
              ip.debtor_name, ip.created_at, ip.reversed_at,
              CASE WHEN s.id IS NULL THEN NULL ELSE s.first_name || ' ' || s.last_name END AS created_by_name
       FROM invoice_payments ip LEFT JOIN staff s ON s.id = ip.created_by AND s.company_id = ip.company_id
       WHERE ip.company_id = $1 AND ip.invoice_id = $2 ORDER BY ip.payment_date, ip.created_at, ip.id`,
      [scope.companyId, invoiceId],
    );
    return list.map((r) => ({
      ...r,
      amount: Number(r.amount),
      created_at: iso(r.created_at)!,
      reversed_at: iso(r.reversed_at),
    }));
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
        params.push(
          i + 1,
          it.type,
          it.title,
          it.description,
          it.quantity,
          it.unit,
          it.unitPrice,
          it.totalPrice,
          it.vatRate ?? w.vatRate,
        );
        const p = (k: number) => `$${base + k}`;
        return `($1, $2, ${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}, ${p(7)}, ${p(8)}, ${p(9)})`;
      });
      await manager.query(
        `INSERT INTO invoice_items (invoice_id, company_id, position, type, title, description, quantity, unit,
           unit_price, total_price, vat_rate) VALUES ${values.join(', ')}`,
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

  /** Records the archived PDF once; false when another request archived it first. */
  async setDocument(
    manager: EntityManager,
    scope: TenantScope,
    id: string,
    doc: { key: string; sha256: string },
  ): Promise<boolean> {
    const n = await affected(
      manager,
      `UPDATE invoices SET document_key = $3, document_sha256 = $4, archived_at = now()
       WHERE id = $1 AND company_id = $2 AND document_key IS NULL`,
      [id, scope.companyId, doc.key, doc.sha256],
    );
    return n > 0;
  }

  /** Who the invoice was mailed to (the status is the ledger's). */
  async markSentTo(manager: EntityManager, scope: TenantScope, id: string, sentTo: string): Promise<void> {
    await manager.query(
      `UPDATE invoices SET sent_at = COALESCE(sent_at, now()), sent_to = $3, updated_at = now()
       WHERE id = $1 AND company_id = $2`,
      [id, scope.companyId, sentTo],
    );
  }

  /** A deleted draft's number stays accounted for (the number log). */
  async recordDeletedNumber(
    manager: EntityManager,
    scope: TenantScope,
    row: { invoice_number: string; invoice_date: string; customer_name: string },
    deletedBy: string | null,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO deleted_invoice_numbers (company_id, invoice_number, invoice_date, customer_name, deleted_by)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (company_id, invoice_number) DO NOTHING`,
      [scope.companyId, row.invoice_number, row.invoice_date, row.customer_name, deletedBy],
    );
  }

  /** Every number of the year: the invoices (issued or draft) and the deleted drafts, in number order. */
  async numberLog(manager: EntityManager, scope: TenantScope, year: number): Promise<InvoiceNumberLogEntry[]> {
    const list = await rows<Omit<InvoiceNumberLogEntry, 'deleted_at'> & { deleted_at: Date | null }>(
      manager,
      `SELECT i.invoice_number, CASE WHEN i.issued_at IS NULL THEN 'draft' ELSE 'issued' END AS fate, i.id AS invoice_id,
              i.invoice_date::text AS invoice_date, i.customer_name, NULL::timestamptz AS deleted_at,
              NULL AS deleted_by_name
       FROM invoices i WHERE i.company_id = $1 AND i.invoice_number LIKE $2
       UNION ALL
       SELECT d.invoice_number, 'deleted_draft', NULL, d.invoice_date::text, d.customer_name, d.deleted_at,
              CASE WHEN s.id IS NULL THEN NULL ELSE s.first_name || ' ' || s.last_name END
       FROM deleted_invoice_numbers d LEFT JOIN staff s ON s.id = d.deleted_by AND s.company_id = d.company_id
       WHERE d.company_id = $1 AND d.invoice_number LIKE $2
       ORDER BY 1`,
      [scope.companyId, `RE-${year}-%`],
    );
    return list.map((r) => ({ ...r, deleted_at: iso(r.deleted_at) }));
  }
}

export const REMINDER_NAME = (level: number) => REMINDER_LEVEL_NAMES[level] ?? REMINDER_LEVEL_NAMES[0];
