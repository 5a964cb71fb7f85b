import { Injectable } from '@nestjs/common';
import type {
  CreditBalanceDto,
  InvoicePaymentDto,
  InvoicePaymentMethod,
  InvoiceStatus,
  LedgerEntryDto,
  LedgerEntryType,
} from '@zunft/contracts';
import { iso, one, rows, type TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { LISTS, listTotals } from '../common/list-totals.js';
import { INVOICE_SELECT, writtenInvoices, type InvoiceRow } from '../invoices/invoice-row.js';

/** One entry to append (amount in Rappen/cents, signed: positive raises what the customer owes). */
export interface LedgerPosting {
  invoiceId: string;
  type: LedgerEntryType;
  date: string;
  amountCents: number;
  reference: string | null;
  paymentId?: string | null;
}

export interface PaymentWrite {
  invoiceId: string;
  amountCents: number;
  paymentDate: string;
  method: InvoicePaymentMethod;
  source: InvoicePaymentDto['source'];
  bankReference: string | null;
  debtorName: string | null;
}

export interface PaymentRow {
  id: string;
  invoice_id: string;
  amount: string;
  bank_reference: string | null;
  reversed_at: Date | null;
}

const money = (cents: number) => (cents / 100).toFixed(2);

/**
 * The ledger's SQL: entries, payments, and the invoice's money columns and status, which no other
 * repository writes. Every query takes the tenant scope, except the daily overdue run (all companies).
 */
@Injectable()
export class LedgerRepository {
  /** Locks the invoice row for the rest of the transaction; null when it is not the company's. */
  lock(manager: EntityManager, scope: TenantScope, id: string): Promise<InvoiceRow | null> {
    return one<InvoiceRow>(manager, `${INVOICE_SELECT} WHERE i.company_id = $1 AND i.id = $2 FOR UPDATE OF i`, [
      scope.companyId,
      id,
    ]);
  }

  /** Locks the company's invoices carrying these QRR/SCOR references (in id order, so imports never deadlock). */
  lockByReferences(manager: EntityManager, scope: TenantScope, refs: string[]): Promise<InvoiceRow[]> {
    if (refs.length === 0) return Promise.resolve([]);
    return rows<InvoiceRow>(
      manager,
      `${INVOICE_SELECT} WHERE i.company_id = $1 AND (i.qrr_reference = ANY($2::text[]) OR i.scor_reference = ANY($2::text[]))
       ORDER BY i.id FOR UPDATE OF i`,
      [scope.companyId, refs],
    );
  }

  async insertEntries(
    manager: EntityManager,
    scope: TenantScope,
    createdBy: string | null,
    postings: LedgerPosting[],
  ): Promise<void> {
    if (postings.length === 0) return;
    // clock_timestamp() per row keeps the order of one statement's entries.
    await manager.query(
      `INSERT INTO invoice_ledger_entries (company_id, invoice_id, type, entry_date, amount, reference, payment_id,
         created_by, created_at)
       SELECT $1, v.invoice_id, v.type, v.entry_date, v.amount, v.reference, v.payment_id, $2, clock_timestamp()
       FROM unnest($3::uuid[], $4::varchar[], $5::date[], $6::numeric[], $7::text[], $8::uuid[])
         WITH ORDINALITY AS v(invoice_id, type, entry_date, amount, reference, payment_id, n)
       ORDER BY v.n`,
      [
        scope.companyId,
        createdBy,
        postings.map((p) => p.invoiceId),
        postings.map((p) => p.type),
        postings.map((p) => p.date),
        postings.map((p) => money(p.amountCents)),
        postings.map((p) => p.reference),
        postings.map((p) => p.paymentId ?? null),
      ],
    );
  }

  /** Writes each invoice's money columns as the sums of its entries; returns the invoices after it. */
  recompute(manager: EntityManager, scope: TenantScope, invoiceIds: string[]): Promise<InvoiceRow[]> {
    return writtenInvoices(
      manager,
      `UPDATE invoices inv SET updated_at = now(),
         open_amount = GREATEST(s.balance, 0),
         credit_balance = GREATEST(-s.balance, 0),
         paid_amount = s.paid,
         credited_amount = s.credited,
         reminder_fees = s.fees,
         interest_amount = s.interest,
         written_off_amount = s.written_off
       FROM (SELECT invoice_id,
               sum(amount) AS balance,
               COALESCE(-sum(amount) FILTER (WHERE type IN ('payment', 'payment_reversal', 'overpayment', 'refund')), 0) AS paid,
               COALESCE(-sum(amount) FILTER (WHERE type = 'credit_note'), 0) AS credited,
               COALESCE(sum(amount) FILTER (WHERE type = 'reminder_fee'), 0) AS fees,
               COALESCE(sum(amount) FILTER (WHERE type = 'interest'), 0) AS interest,
               COALESCE(-sum(amount) FILTER (WHERE type = 'write_off'), 0) AS written_off
             FROM invoice_ledger_entries WHERE company_id = $1 AND invoice_id = ANY($2::uuid[]) GROUP BY invoice_id) s
       WHERE inv.company_id = $1 AND inv.id = s.invoice_id
       RETURNING inv.*`,
      [scope.companyId, [...new Set(invoiceIds)]],
    );
  }

  /**
   * Writes statuses decided by the ledger's rule (and marks issued ones), with their timestamps;
   * returns the invoices after it. The status is a list filter: the companies' totals are dropped.
   */
  async setStatuses(
    manager: EntityManager,
    changes: Array<{ id: string; companyId: string; status: InvoiceStatus; issue: boolean }>,
  ): Promise<InvoiceRow[]> {
    if (changes.length === 0) return [];
    const after = await writtenInvoices(
      manager,
      `UPDATE invoices inv SET status = v.status, updated_at = now(),
         issued_at = CASE WHEN v.issue THEN COALESCE(inv.issued_at, now()) ELSE inv.issued_at END,
         sent_at = CASE WHEN v.status IN ('sent', 'overdue') THEN COALESCE(inv.sent_at, now()) ELSE inv.sent_at END,
         paid_at = CASE WHEN v.status = 'paid' THEN COALESCE(inv.paid_at, now()) ELSE NULL END,
         overdue_at = CASE WHEN v.status = 'overdue' THEN COALESCE(inv.overdue_at, now()) ELSE inv.overdue_at END
       FROM unnest($1::uuid[], $2::uuid[], $3::varchar[], $4::boolean[]) AS v(id, company_id, status, issue)
       WHERE inv.id = v.id AND inv.company_id = v.company_id
       RETURNING inv.*`,
      [
        changes.map((c) => c.id),
        changes.map((c) => c.companyId),
        changes.map((c) => c.status),
        changes.map((c) => c.issue),
      ],
    );
    for (const companyId of new Set(changes.map((c) => c.companyId)))
      listTotals.invalidate(manager, companyId, LISTS.invoices);
    return after;
  }

  /**
   * Records payments (one statement); a bank reference booked before is skipped. Returns the id of
   * each inserted payment by its position in `payments`.
   */
  async insertPayments(
    manager: EntityManager,
    scope: TenantScope,
    createdBy: string | null,
    payments: PaymentWrite[],
  ): Promise<Map<number, string>> {
    if (payments.length === 0) return new Map();
    const inserted = await rows<{ id: string; bank_reference: string | null; invoice_id: string }>(
      manager,
      `INSERT INTO invoice_payments (invoice_id, company_id, amount, payment_date, method, source, bank_reference,
         debtor_name, created_by)
       SELECT v.invoice_id, $1, v.amount, v.payment_date, v.method, v.source, v.bank_reference, v.debtor_name, $2
       FROM unnest($3::uuid[], $4::numeric[], $5::date[], $6::varchar[], $7::varchar[], $8::text[], $9::text[])
         WITH ORDINALITY AS v(invoice_id, amount, payment_date, method, source, bank_reference, debtor_name, n)
       ORDER BY v.n
       ON CONFLICT (company_id, bank_reference) WHERE bank_reference IS NOT NULL DO NOTHING
       RETURNING id, bank_reference, invoice_id`,
      [
        scope.companyId,
        createdBy,
        payments.map((p) => p.invoiceId),
        payments.map((p) => money(p.amountCents)),
        payments.map((p) => p.paymentDate),
        payments.map((p) => p.method),
        payments.map((p) => p.source),
        payments.map((p) => p.bankReference),
        payments.map((p) => p.debtorName),
      ],
    );
    // RETURNING keeps the insertion order, which is the order of `payments` minus the skipped ones.
    const result = new Map<number, string>();
    let k = 0;
    for (let i = 0; i < payments.length && k < inserted.length; i++) {
      const row = inserted[k]!;
      const p = payments[i]!;
      if (row.invoice_id === p.invoiceId && row.bank_reference === p.bankReference) {
        result.set(i, row.id);
        k++;
      }
    }
    return result;
  }

  lockPayment(manager: EntityManager, scope: TenantScope, invoiceId: string, id: string): Promise<PaymentRow | null> {
    return one<PaymentRow>(
      manager,
      `SELECT id, invoice_id, amount, bank_reference, reversed_at FROM invoice_payments
       WHERE company_id = $1 AND invoice_id = $2 AND id = $3 FOR UPDATE`,
      [scope.companyId, invoiceId, id],
    );
  }

  /** The payment's booked sum (payment and overpayment entries), in cents, negative. */
  async paymentBookedCents(manager: EntityManager, scope: TenantScope, paymentId: string): Promise<number> {
    const r = await one<{ sum: string | null }>(
      manager,
      `SELECT sum(amount) AS sum FROM invoice_ledger_entries
       WHERE company_id = $1 AND payment_id = $2 AND type IN ('payment', 'overpayment')`,
      [scope.companyId, paymentId],
    );
    return Math.round(Number(r?.sum ?? 0) * 100);
  }

  async markPaymentReversed(manager: EntityManager, scope: TenantScope, id: string, by: string | null): Promise<void> {
    await manager.query(
      `UPDATE invoice_payments SET reversed_at = now(), reversed_by = $3 WHERE company_id = $1 AND id = $2`,
      [scope.companyId, id, by],
    );
  }

  async standingPayment(
    manager: EntityManager,
    scope: TenantScope,
    invoiceId: string,
    amountCents: number,
  ): Promise<string | null> {
    const r = await one<{ id: string }>(
      manager,
      `SELECT id FROM invoice_payments WHERE company_id = $1 AND invoice_id = $2 AND reversed_at IS NULL AND amount = $3
       ORDER BY payment_date DESC, created_at DESC LIMIT 1`,
      [scope.companyId, invoiceId, money(amountCents)],
    );
    return r?.id ?? null;
  }

  async hasActivePayments(manager: EntityManager, scope: TenantScope, invoiceId: string): Promise<boolean> {
    return (
      (await one(
        manager,
        `SELECT 1 FROM invoice_payments WHERE company_id = $1 AND invoice_id = $2 AND reversed_at IS NULL LIMIT 1`,
        [scope.companyId, invoiceId],
      )) !== null
    );
  }

  async entries(manager: EntityManager, scope: TenantScope, invoiceId: string): Promise<LedgerEntryDto[]> {
    const list = await rows<{
      id: string;
      type: LedgerEntryType;
      date: string;
      amount: string;
      reference: string | null;
      payment_id: string | null;
      created_by: string | null;
      created_by_name: string | null;
      created_at: Date;
    }>(
      manager,
      `SELECT e.id, e.type, e.entry_date::text AS date, e.amount, e.reference, e.payment_id, e.created_by,
              CASE WHEN s.id IS NULL THEN NULL ELSE s.first_name || ' ' || s.last_name END AS created_by_name,
              e.created_at
       FROM invoice_ledger_entries e LEFT JOIN staff s ON s.id = e.created_by AND s.company_id = e.company_id
       WHERE e.company_id = $1 AND e.invoice_id = $2 ORDER BY e.created_at, e.id`,
      [scope.companyId, invoiceId],
    );
    let balance = 0;
    return list.map((r) => {
      balance += Math.round(Number(r.amount) * 100);
      return {
        ...r,
        amount: Number(r.amount),
        balance: balance / 100,
        created_at: iso(r.created_at)!,
      };
    });
  }

  async creditBalances(manager: EntityManager, scope: TenantScope): Promise<CreditBalanceDto[]> {
    const list = await rows<Omit<CreditBalanceDto, 'amount'> & { amount: string }>(
      manager,
      `SELECT i.id AS invoice_id, i.invoice_number, i.customer_id,
              COALESCE(NULLIF(c.name, ''), i.customer_name) AS customer_name, i.currency, i.credit_balance AS amount
       FROM invoices i LEFT JOIN customers c ON c.id = i.customer_id AND c.company_id = i.company_id
       WHERE i.company_id = $1 AND i.credit_balance > 0 ORDER BY i.invoice_number`,
      [scope.companyId],
    );
    return list.map((r) => ({ ...r, amount: Number(r.amount) }));
  }

  /** Sent invoices past their due date (all companies), locked: the daily run labels them overdue. */
  overdueCandidates(manager: EntityManager, today: string): Promise<InvoiceRow[]> {
    return rows<InvoiceRow>(
      manager,
      `${INVOICE_SELECT} WHERE i.status = 'sent' AND i.due_date < $1::date ORDER BY i.id FOR UPDATE OF i`,
      [today],
    );
  }
}
