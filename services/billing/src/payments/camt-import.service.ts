import { Injectable, Logger } from '@nestjs/common';
import type { CamtImportMatch, CamtImportResponse, CamtImportUnmatched } from '@zunft/contracts';
import { TenantScope, currentRequestId, enqueueEvents } from '@zunft/nest-common';
import { DataSource } from 'typeorm';
import type { Actor } from '../common/actor.js';
import { localDate } from '../common/dates.js';
import { invoiceEventData } from '../invoices/invoice-events.js';
import { InvoiceErrors } from '../invoices/invoices.errors.js';
import {
  InvoicesRepository,
  toInvoiceDto,
  type BankPaymentWrite,
  type ReferencedInvoice,
} from '../invoices/invoices.repository.js';
import { CamtFileError, parseCamt054, type CamtCredit } from './camt054.js';
import type { UploadedCamtFile } from './camt-upload.interceptor.js';
import { UnmatchedCreditsRepository } from './unmatched-credits.repository.js';

const chf = (cents: number) => cents / 100;

/**
 * POST /invoices/payments/import: books the customer credits of a camt.054 file on the invoices
 * whose QRR or SCOR reference they carry, and keeps the others as unmatched credits to assign by
 * hand (GET /invoices/payments/unmatched). All in one transaction, in a fixed number of statements
 * whatever the size of the file: the known bank references and the invoices of the file are read
 * (and locked) in one query each, then the payments, the invoices' new amounts, the
 * billing.invoice.paid events and the unmatched credits are each written in one statement.
 * A file that cannot be read records nothing. A bank transaction is recorded once per company
 * (its bank reference is unique among payments and unmatched credits), so importing the same file
 * again lists every credit as a duplicate; imports of one company wait for each other. Returns,
 * reversals, pending and debit entries are listed as ignored and never booked.
 */
@Injectable()
export class CamtImportService {
  private readonly logger = new Logger(CamtImportService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: InvoicesRepository,
    private readonly unmatchedCredits: UnmatchedCreditsRepository,
  ) {}

  async import(actor: Actor, file: UploadedCamtFile | undefined): Promise<CamtImportResponse> {
    if (!file || file.size === 0) throw InvoiceErrors.importNoFile();
    let parsed;
    try {
      parsed = parseCamt054(file.buffer);
    } catch (error) {
      if (error instanceof CamtFileError) throw InvoiceErrors.importRefused(error.code, error.message);
      throw error;
    }
    const scope = TenantScope.fromClaims(actor);
    const started = performance.now();
    const result = await this.dataSource.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`camt-import:${scope.companyId}`]);
      const company = await this.repo.company(m, scope.companyId);
      const today = localDate(company?.timezone);
      const known = await this.unmatchedCredits.knownBankReferences(
        m,
        scope,
        parsed.credits.map((c) => c.key),
      );
      const invoices = await this.repo.lockByReferences(
        m,
        scope,
        parsed.credits.map((c) => c.reference).filter((r): r is string => r !== null),
      );

      // Each credit is a payment, an unmatched credit or a duplicate (booked before, or twice in the file).
      type Outcome =
        | { kind: 'duplicate'; credit: CamtCredit }
        | { kind: 'payment'; credit: CamtCredit; invoice: ReferencedInvoice; paymentDate: string }
        | { kind: 'unmatched'; credit: CamtCredit };
      const seen = new Set<string>();
      const outcomes: Outcome[] = parsed.credits.map((credit) => {
        if (known.has(credit.key) || seen.has(credit.key)) return { kind: 'duplicate', credit };
        seen.add(credit.key);
        const invoice = credit.reference ? invoices.get(credit.reference) : undefined;
        if (!invoice || invoice.currency !== credit.currency) return { kind: 'unmatched', credit };
        return { kind: 'payment', credit, invoice, paymentDate: credit.bookingDate ?? today };
      });

      const payments: BankPaymentWrite[] = outcomes.flatMap((o) =>
        o.kind === 'payment'
          ? [
              {
                invoiceId: o.invoice.id,
                amountCents: o.credit.amountCents,
                paymentDate: o.paymentDate,
                bankReference: o.credit.key,
                debtorName: o.credit.debtorName,
              },
            ]
          : [],
      );
      const booked = await this.repo.addBankPayments(m, scope, actor.userId, payments);

      // The invoices' amounts after each payment, in the order of the file.
      const paidCents = new Map<string, number>();
      const matched: CamtImportMatch[] = [];
      const duplicates: CamtImportResponse['duplicates'] = [];
      const duplicate = (c: CamtCredit) =>
        duplicates.push({ bank_reference: c.key, reference: c.reference, amount: chf(c.amountCents) });
      for (const o of outcomes) {
        if (o.kind === 'duplicate' || (o.kind === 'payment' && !booked.has(o.credit.key))) duplicate(o.credit);
        if (o.kind !== 'payment' || !booked.has(o.credit.key)) continue;
        const paid = (paidCents.get(o.invoice.id) ?? o.invoice.paidCents) + o.credit.amountCents;
        paidCents.set(o.invoice.id, paid);
        const openCents = Math.max(0, o.invoice.totalCents - paid);
        matched.push({
          invoice_id: o.invoice.id,
          invoice_number: o.invoice.invoice_number,
          reference: o.credit.reference!,
          amount: chf(o.credit.amountCents),
          payment_date: o.paymentDate,
          debtor_name: o.credit.debtorName,
          status: openCents === 0 ? 'paid' : 'part_paid',
          open_amount: chf(openCents),
        });
      }
      const before = new Map([...invoices.values()].map((i) => [i.id, i]));
      const updated = await this.repo.addPaidAmounts(
        m,
        scope,
        [...paidCents].map(([invoiceId, paid]) => ({
          invoiceId,
          amountCents: paid - before.get(invoiceId)!.paidCents,
        })),
      );
      const nowPaid = updated.filter((row) => row.status === 'paid' && before.get(row.id)?.status !== 'paid');
      await enqueueEvents(
        m,
        nowPaid.map((row) => {
          const paid = toInvoiceDto(row);
          return {
            type: 'billing.invoice.paid' as const,
            companyId: scope.companyId,
            actorId: actor.userId,
            requestId: currentRequestId(),
            data: { ...invoiceEventData(paid), paidAmount: paid.paid_amount },
          };
        }),
      );

      const unmatchedCredits = outcomes.flatMap((o) => (o.kind === 'unmatched' ? [o.credit] : []));
      const stored = await this.unmatchedCredits.insertMany(
        m,
        scope,
        actor.userId,
        unmatchedCredits.map((c) => ({
          bankReference: c.key,
          reference: c.reference,
          amountCents: c.amountCents,
          currency: c.currency,
          debtorName: c.debtorName,
          bookingDate: c.bookingDate,
        })),
      );
      const unmatched: CamtImportUnmatched[] = [];
      for (const c of unmatchedCredits) {
        const id = stored.get(c.key);
        if (!id) {
          duplicate(c);
          continue;
        }
        unmatched.push({
          id,
          reference: c.reference,
          amount: chf(c.amountCents),
          currency: c.currency,
          payment_date: c.bookingDate,
          debtor_name: c.debtorName,
          bank_reference: c.key,
        });
      }
      return { matched, unmatched, duplicates, paidInvoices: nowPaid.length };
    });
    const { paidInvoices, ...lists } = result;
    this.logger.log({
      msg: 'camt.054 imported',
      companyId: actor.companyId,
      credits: parsed.credits.length,
      matched: lists.matched.length,
      paidInvoices,
      unmatched: lists.unmatched.length,
      duplicates: lists.duplicates.length,
      ms: Math.round(performance.now() - started),
    });
    return {
      message: `${lists.matched.length} Zahlung(en) verbucht, ${lists.unmatched.length} nicht zugeordnet, ${lists.duplicates.length} bereits importiert`,
      version: `camt.054.001.${parsed.version}`,
      ...lists,
      ignored: parsed.skipped.map((s) => ({
        bank_reference: s.key,
        reason: s.reason,
        amount: s.amountCents === null ? null : chf(s.amountCents),
      })),
    };
  }
}
