import { Injectable } from '@nestjs/common';
import type { LedgerEntryType, VatMethod } from '@zunft/contracts';
import { one, rows, type TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';

/** A ledger entry with what a booking needs of its invoice and payment. */
export interface EntryRow {
  id: string;
  invoice_id: string;
  type: LedgerEntryType;
  date: string;
  amount: string;
  reference: string | null;
  payment_id: string | null;
  payment_method: 'cash' | 'bank' | 'card' | null;
  payment_source: string | null;
  invoice_number: string;
  customer_name: string;
  currency: 'CHF' | 'EUR';
  exported_at: Date | null;
  /** The export that marked it covered exactly the asked period. */
  same_period: boolean;
}

export interface InvoiceBasis {
  id: string;
  invoice_number: string;
  currency: 'CHF' | 'EUR';
  vat_rate: string;
  vat_amount: string;
  items: Array<{ type: string; total_price: string; vat_rate: string }>;
}

export interface CreditNoteBasis {
  invoice_id: string;
  credit_note_number: string;
  vat_breakdown: Array<{ rate: number; net: number; vat: number }>;
  total: string;
}

export interface SettingsRow {
  accounts: Record<string, string>;
  vat_codes: Record<string, string>;
  vat_method: VatMethod;
  updated_at: Date;
}

export interface OpenItemRow {
  invoice_id: string;
  invoice_number: string;
  customer_id: string;
  customer_name: string;
  currency: 'CHF' | 'EUR';
  invoice_date: string;
  due_date: string;
  balance: string;
  reminder_level: number;
}

const ENTRY_SELECT = `SELECT e.id, e.invoice_id, e.type, e.entry_date::text AS date, e.amount, e.reference, e.payment_id,
    p.method AS payment_method, p.source AS payment_source, i.invoice_number,
    COALESCE(NULLIF(c.name, ''), i.customer_name) AS customer_name, i.currency, x.exported_at,
    (ax.from_date = $2::date AND ax.to_date = $3::date) IS TRUE AS same_period
  FROM invoice_ledger_entries e
  JOIN invoices i ON i.id = e.invoice_id AND i.company_id = e.company_id
  LEFT JOIN customers c ON c.id = i.customer_id AND c.company_id = i.company_id
  LEFT JOIN invoice_payments p ON p.id = e.payment_id AND p.company_id = e.company_id
  LEFT JOIN accounting_exported_entries x ON x.entry_id = e.id AND x.company_id = e.company_id
  LEFT JOIN accounting_exports ax ON ax.id = x.export_id`;

/**
 * The accounting hand-off's SQL: reads the invoice ledger (entries, invoices, lines, credit notes,
 * reminders; never writes them) and writes its own tables (mapping, exports). Every query filters
 * on the company.
 */
@Injectable()
export class AccountingRepository {
  settings(m: EntityManager, scope: TenantScope): Promise<SettingsRow | null> {
    return one<SettingsRow>(
      m,
      `SELECT accounts, vat_codes, vat_method, updated_at FROM accounting_settings WHERE company_id = $1`,
      [scope.companyId],
    );
  }

  saveSettings(
    m: EntityManager,
    scope: TenantScope,
    by: string,
    s: { accounts: Record<string, string>; vatCodes: Record<string, string>; vatMethod: VatMethod },
  ): Promise<SettingsRow | null> {
    return one<SettingsRow>(
      m,
      `INSERT INTO accounting_settings (company_id, accounts, vat_codes, vat_method, updated_by, updated_at)
       VALUES ($1, $2::jsonb, $3::jsonb, $4, $5, now())
       ON CONFLICT (company_id) DO UPDATE SET accounts = EXCLUDED.accounts, vat_codes = EXCLUDED.vat_codes,
         vat_method = EXCLUDED.vat_method, updated_by = EXCLUDED.updated_by, updated_at = now()
       RETURNING accounts, vat_codes, vat_method, updated_at`,
      [scope.companyId, JSON.stringify(s.accounts), JSON.stringify(s.vatCodes), s.vatMethod, by],
    );
  }

  /** Today in the company's time zone. */
  async timezone(m: EntityManager, scope: TenantScope): Promise<string | undefined> {
    const r = await one<{ timezone: string }>(m, `SELECT timezone FROM companies WHERE id = $1`, [scope.companyId]);
    return r?.timezone;
  }

  /** The ledger entries booked from `from` to `to`, in booking order. */
  entries(m: EntityManager, scope: TenantScope, from: string, to: string): Promise<EntryRow[]> {
    return rows<EntryRow>(
      m,
      `${ENTRY_SELECT} WHERE e.company_id = $1 AND e.entry_date BETWEEN $2::date AND $3::date
         AND i.issued_at IS NOT NULL
       ORDER BY e.entry_date, e.created_at, e.id`,
      [scope.companyId, from, to],
    );
  }

  /** Every entry of these invoices up to `to` (what a write-off or a payment settled before). */
  history(m: EntityManager, scope: TenantScope, invoiceIds: string[], to: string): Promise<EntryRow[]> {
    if (invoiceIds.length === 0) return Promise.resolve([]);
    return rows<EntryRow>(
      m,
      `${ENTRY_SELECT} WHERE e.company_id = $1 AND e.entry_date <= $3::date AND e.invoice_id = ANY($4::uuid[])
       ORDER BY e.created_at, e.id`,
      [scope.companyId, to, to, invoiceIds],
    );
  }

  invoices(m: EntityManager, scope: TenantScope, ids: string[]): Promise<InvoiceBasis[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return rows<InvoiceBasis>(
      m,
      `SELECT i.id, i.invoice_number, i.currency, i.vat_rate, i.vat_amount,
         COALESCE((SELECT json_agg(json_build_object('type', it.type, 'total_price', it.total_price::text,
             'vat_rate', it.vat_rate::text) ORDER BY it.position)
           FROM invoice_items it WHERE it.invoice_id = i.id AND it.company_id = i.company_id), '[]'::json) AS items
       FROM invoices i WHERE i.company_id = $1 AND i.id = ANY($2::uuid[])`,
      [scope.companyId, [...new Set(ids)]],
    );
  }

  creditNotes(m: EntityManager, scope: TenantScope, invoiceIds: string[]): Promise<CreditNoteBasis[]> {
    if (invoiceIds.length === 0) return Promise.resolve([]);
    return rows<CreditNoteBasis>(
      m,
      `SELECT invoice_id, credit_note_number, vat_breakdown, total FROM credit_notes
       WHERE company_id = $1 AND invoice_id = ANY($2::uuid[])`,
      [scope.companyId, [...new Set(invoiceIds)]],
    );
  }

  /** Records an export and marks the entries it contained that no export marked before. */
  async markExported(
    m: EntityManager,
    scope: TenantScope,
    by: string,
    x: { from: string; to: string; format: string; entryIds: string[] },
  ): Promise<void> {
    const ids = [...new Set(x.entryIds)];
    const created = await one<{ id: string }>(
      m,
      `INSERT INTO accounting_exports (company_id, from_date, to_date, format, entries, created_by)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [scope.companyId, x.from, x.to, x.format, ids.length, by],
    );
    if (ids.length === 0) return;
    await m.query(
      `INSERT INTO accounting_exported_entries (company_id, entry_id, export_id)
       SELECT $1, e.id, $2 FROM invoice_ledger_entries e WHERE e.company_id = $1 AND e.id = ANY($3::uuid[])
       ON CONFLICT (company_id, entry_id) DO NOTHING`,
      [scope.companyId, created!.id, ids],
    );
  }

  /** Each issued invoice whose ledger is not zero at the end of `date`, with the reminder level reached by then. */
  openItems(m: EntityManager, scope: TenantScope, date: string): Promise<OpenItemRow[]> {
    return rows<OpenItemRow>(
      m,
      `SELECT i.id AS invoice_id, i.invoice_number, i.customer_id,
         COALESCE(NULLIF(c.name, ''), i.customer_name) AS customer_name, i.currency,
         i.invoice_date::text AS invoice_date, i.due_date::text AS due_date, s.balance,
         COALESCE((SELECT max(r.level) FROM invoice_reminders r
           WHERE r.invoice_id = i.id AND r.company_id = i.company_id AND r.reminder_date <= $2::date), 0)::int
           AS reminder_level
       FROM (SELECT invoice_id, sum(amount) AS balance FROM invoice_ledger_entries
             WHERE company_id = $1 AND entry_date <= $2::date GROUP BY invoice_id HAVING sum(amount) <> 0) s
       JOIN invoices i ON i.id = s.invoice_id AND i.company_id = $1 AND i.issued_at IS NOT NULL
       LEFT JOIN customers c ON c.id = i.customer_id AND c.company_id = i.company_id
       ORDER BY customer_name, i.invoice_number`,
      [scope.companyId, date],
    );
  }
}
