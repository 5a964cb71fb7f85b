import { Injectable } from '@nestjs/common';
import {
  canChangeInvoiceStatus,
  invoiceStatusFor,
  type CreditBalanceDto,
  type InvoiceLedgerResponse,
  type InvoiceStatus,
} from '@zunft/contracts';
import { currentRequestId, enqueueEvents, type EnqueueEventInput, type TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { invoiceEventData } from '../invoices/invoice-events.js';
import { toInvoiceDto, type InvoiceRow } from '../invoices/invoice-row.js';
import { LedgerErrors } from './ledger.errors.js';
import { LedgerRepository, type LedgerPosting, type PaymentWrite } from './ledger.repository.js';

const cents = (s: string | number) => Math.round(Number(s) * 100);

/** Statuses that close an invoice for good, and what may still be booked on it (money that arrives or leaves). */
const CLOSED = new Set<InvoiceStatus>(['cancelled', 'written_off']);
const AFTER_CLOSING = new Set<LedgerPosting['type']>(['payment', 'overpayment', 'payment_reversal', 'refund']);

/** A payment booked by `bookPayments`: its id, how much of it was an overpayment, the invoice after it. */
export interface BookedPayment {
  index: number;
  paymentId: string;
  overpaidCents: number;
  invoice: InvoiceRow;
}

/**
 * The ledger: the ONLY writer of an invoice's money (the `invoice_ledger_entries` and the sums on
 * the invoice row) and of its status. Every movement is an entry with a signed amount; the open
 * amount is their sum and the status follows from it by `invoiceStatusFor` (libs/contracts), the
 * one rule. The `billing.invoice.paid` and `billing.invoice.overdue` events are written here, in
 * the caller's transaction, when the status changes. Callers lock the invoice first (`lock`, `SELECT
 * … FOR UPDATE`), decide on the amounts they read, then post: two payments and a reminder at the
 * same moment wait for each other and the open amount stays exact.
 */
@Injectable()
export class InvoiceLedger {
  constructor(private readonly repo: LedgerRepository) {}

  lock(m: EntityManager, scope: TenantScope, invoiceId: string): Promise<InvoiceRow | null> {
    return this.repo.lock(m, scope, invoiceId);
  }

  lockByReferences(m: EntityManager, scope: TenantScope, refs: string[]): Promise<InvoiceRow[]> {
    return this.repo.lockByReferences(m, scope, refs);
  }

  /**
   * Appends entries to (locked) invoices, writes their sums and the status the rule gives. `close`
   * labels invoices `cancelled` or `written_off` with the same postings (Storno, write-off); a
   * closed invoice takes no further fee, interest, credit note or write-off (409).
   */
  async post(
    m: EntityManager,
    scope: TenantScope,
    actorId: string | null,
    postings: LedgerPosting[],
    today: string,
    close?: Map<string, 'cancelled' | 'written_off'>,
  ): Promise<Map<string, InvoiceRow>> {
    if (postings.length === 0) return new Map();
    await this.repo.insertEntries(m, scope, actorId, postings);
    const rows = await this.repo.recompute(
      m,
      scope,
      postings.map((p) => p.invoiceId),
    );
    const closed = new Set(rows.filter((r) => CLOSED.has(r.status)).map((r) => r.id));
    if (postings.some((p) => closed.has(p.invoiceId) && !AFTER_CLOSING.has(p.type))) throw LedgerErrors.closed();
    return this.applyRule(m, actorId, rows, close ?? new Map(), today);
  }

  /**
   * Books payments on locked invoices. A payment up to the open amount is a `payment` entry; what
   * exceeds it is an `overpayment` entry (the credit balance), allowed only where `allowOverpayment`.
   * Payments whose bank reference was booked before are skipped (not in the answer).
   */
  async bookPayments(
    m: EntityManager,
    scope: TenantScope,
    actorId: string | null,
    invoices: Map<string, InvoiceRow>,
    payments: PaymentWrite[],
    today: string,
  ): Promise<BookedPayment[]> {
    const ids = await this.repo.insertPayments(m, scope, actorId, payments);
    const openCents = new Map([...invoices.values()].map((r) => [r.id, cents(r.open_amount)]));
    const postings: LedgerPosting[] = [];
    const booked: Array<Omit<BookedPayment, 'invoice'>> = [];
    payments.forEach((p, index) => {
      const paymentId = ids.get(index);
      if (!paymentId) return;
      const open = openCents.get(p.invoiceId) ?? 0;
      const toOpen = Math.min(Math.max(open, 0), p.amountCents);
      const excess = p.amountCents - toOpen;
      openCents.set(p.invoiceId, open - p.amountCents);
      const reference = p.bankReference;
      if (toOpen > 0)
        postings.push({
          invoiceId: p.invoiceId,
          type: 'payment',
          date: p.paymentDate,
          amountCents: -toOpen,
          reference,
          paymentId,
        });
      if (excess > 0)
        postings.push({
          invoiceId: p.invoiceId,
          type: 'overpayment',
          date: p.paymentDate,
          amountCents: -excess,
          reference,
          paymentId,
        });
      booked.push({ index, paymentId, overpaidCents: excess });
    });
    const after = await this.post(m, scope, actorId, postings, today);
    return booked.map((b) => ({ ...b, invoice: after.get(payments[b.index]!.invoiceId)! }));
  }

  /** Reverses a payment (nothing is erased): a `payment_reversal` entry of what it booked; the invoice reopens. */
  async reversePayment(
    m: EntityManager,
    scope: TenantScope,
    actorId: string | null,
    invoice: InvoiceRow,
    paymentId: string,
    date: string,
    today: string,
    /** The reversal's own reference (a bank file's entry key); default: the payment's bank reference. */
    reference?: string,
  ): Promise<InvoiceRow> {
    const payment = await this.repo.lockPayment(m, scope, invoice.id, paymentId);
    if (!payment) throw LedgerErrors.paymentNotFound();
    if (payment.reversed_at) throw LedgerErrors.paymentReversed();
    const booked = await this.repo.paymentBookedCents(m, scope, paymentId);
    await this.repo.markPaymentReversed(m, scope, paymentId, actorId);
    const after = await this.post(
      m,
      scope,
      actorId,
      [
        {
          invoiceId: invoice.id,
          type: 'payment_reversal',
          date,
          amountCents: -booked,
          reference: reference ?? payment.bank_reference,
          paymentId,
        },
      ],
      today,
    );
    return after.get(invoice.id)!;
  }

  /** The invoice's latest payment of exactly this amount that is not reversed (a bank reversal's target). */
  standingPayment(
    m: EntityManager,
    scope: TenantScope,
    invoiceId: string,
    amountCents: number,
  ): Promise<string | null> {
    return this.repo.standingPayment(m, scope, invoiceId, amountCents);
  }

  hasActivePayments(m: EntityManager, scope: TenantScope, invoiceId: string): Promise<boolean> {
    return this.repo.hasActivePayments(m, scope, invoiceId);
  }

  /**
   * The status selector and sending: changes the label of a locked invoice along
   * INVOICE_STATUS_TRANSITIONS (409 otherwise). Leaving draft issues the invoice for good.
   */
  async relabel(
    m: EntityManager,
    actorId: string | null,
    invoice: InvoiceRow,
    label: InvoiceStatus,
    today: string,
  ): Promise<InvoiceRow> {
    if (!canChangeInvoiceStatus(invoice.status, label)) throw LedgerErrors.transition(invoice.status, label);
    const after = await this.applyRule(m, actorId, [invoice], new Map([[invoice.id, label]]), today);
    return after.get(invoice.id)!;
  }

  /** Daily: sent invoices past their due date are labelled overdue (billing.invoice.overdue each). */
  async markOverdue(m: EntityManager, today: string): Promise<InvoiceRow[]> {
    const candidates = await this.repo.overdueCandidates(m, today);
    const after = await this.applyRule(
      m,
      null,
      candidates,
      new Map(candidates.map((r) => [r.id, 'overdue' as const])),
      today,
    );
    return [...after.values()].filter((r) => r.status === 'overdue');
  }

  async ledger(m: EntityManager, scope: TenantScope, invoice: InvoiceRow): Promise<InvoiceLedgerResponse> {
    const entries = await this.repo.entries(m, scope, invoice.id);
    const dto = toInvoiceDto(invoice);
    return {
      invoice_id: invoice.id,
      invoice_number: invoice.invoice_number,
      currency: invoice.currency,
      entries,
      open_amount: dto.open_amount,
      paid_amount: dto.paid_amount,
      credited_amount: dto.credited_amount ?? 0,
      fees_amount: dto.fees_amount ?? 0,
      interest_amount: dto.interest_amount ?? 0,
      written_off_amount: dto.written_off_amount ?? 0,
      credit_balance: dto.credit_balance ?? 0,
    };
  }

  creditBalances(m: EntityManager, scope: TenantScope): Promise<CreditBalanceDto[]> {
    return this.repo.creditBalances(m, scope);
  }

  // ------------------------------------------------------------------------------------------

  /** Applies THE rule to invoices (with a new label where given), writes what changed and its events. */
  private async applyRule(
    m: EntityManager,
    actorId: string | null,
    invoices: InvoiceRow[],
    labels: Map<string, InvoiceStatus>,
    today: string,
  ): Promise<Map<string, InvoiceRow>> {
    const result = new Map(invoices.map((r) => [r.id, r]));
    const changes: Array<{ id: string; companyId: string; status: InvoiceStatus; issue: boolean }> = [];
    for (const r of invoices) {
      const label = labels.get(r.id) ?? r.status;
      const issue = r.issued_at === null && label !== 'draft';
      const status = invoiceStatusFor({
        current: label,
        issued: r.issued_at !== null || issue,
        openCents: cents(r.open_amount),
        dueDate: r.due_date,
        today,
      });
      if (status !== r.status || issue) changes.push({ id: r.id, companyId: r.company_id, status, issue });
    }
    const updated = await this.repo.setStatuses(m, changes);
    const before = new Map(invoices.map((r) => [r.id, r.status]));
    for (const r of updated) result.set(r.id, r);
    await enqueueEvents(
      m,
      updated.flatMap(
        (r): Array<EnqueueEventInput<'billing.invoice.paid'> | EnqueueEventInput<'billing.invoice.overdue'>> => {
          const was = before.get(r.id);
          if (r.status === was) return [];
          const dto = toInvoiceDto(r);
          const base = { companyId: r.company_id, actorId, requestId: currentRequestId() };
          if (r.status === 'paid')
            return [
              {
                ...base,
                type: 'billing.invoice.paid' as const,
                data: { ...invoiceEventData(dto), paidAmount: dto.paid_amount },
              },
            ];
          if (r.status === 'overdue')
            return [{ ...base, type: 'billing.invoice.overdue' as const, data: invoiceEventData(dto) }];
          return [];
        },
      ),
    );
    return result;
  }
}
