import { Injectable, Logger } from '@nestjs/common';
import type { CamtImportMatch, CamtImportResponse, CamtImportUnmatched } from '@zunft/contracts';
import { TenantScope } from '@zunft/nest-common';
import { DataSource } from 'typeorm';
import type { Actor } from '../common/actor.js';
import { InvoiceErrors, InvoicesService, type InvoiceRow } from '../invoices/index.js';
import { InvoiceLedger } from '../ledger/index.js';
import { CamtFileError, parseCamt054, type CamtCredit } from './camt054.js';
import type { UploadedCamtFile } from './camt-upload.interceptor.js';
import { UnmatchedCreditsRepository } from './unmatched-credits.repository.js';

const chf = (cents: number) => cents / 100;

/**
 * POST /invoices/payments/import: books the customer credits of a camt.054 file on the invoices
 * whose QRR or SCOR reference they carry, and keeps the others as unmatched credits to assign by
 * hand (GET /invoices/payments/unmatched). All in one transaction, in a fixed number of statements
 * whatever the size of the file: the known bank references and the invoices of the file are read
 * (and locked) in one query each, then the payments and their ledger entries, the invoices' new
 * sums and statuses (the ledger, with the billing.invoice.paid events) and the unmatched credits are
 * each written in one statement. A credit for a never-issued draft is kept as unmatched.
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
    private readonly invoices: InvoicesService,
    private readonly ledger: InvoiceLedger,
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
      const today = await this.invoices.today(m, scope);
      const known = await this.unmatchedCredits.knownBankReferences(
        m,
        scope,
        parsed.credits.map((c) => c.key),
      );
      const locked = await this.ledger.lockByReferences(
        m,
        scope,
        parsed.credits.map((c) => c.reference).filter((r): r is string => r !== null),
      );
      const invoices = new Map<string, InvoiceRow>();
      for (const r of locked) {
        invoices.set(r.qrr_reference, r);
        invoices.set(r.scor_reference, r);
      }

      // Each credit is a payment, an unmatched credit or a duplicate (booked before, or twice in the file).
      type Outcome =
        | { kind: 'duplicate'; credit: CamtCredit }
        | { kind: 'payment'; credit: CamtCredit; invoice: InvoiceRow; paymentDate: string }
        | { kind: 'unmatched'; credit: CamtCredit };
      const seen = new Set<string>();
      const outcomes: Outcome[] = parsed.credits.map((credit) => {
        if (known.has(credit.key) || seen.has(credit.key)) return { kind: 'duplicate', credit };
        seen.add(credit.key);
        const invoice = credit.reference ? invoices.get(credit.reference) : undefined;
        if (!invoice || invoice.currency !== credit.currency || invoice.issued_at === null)
          return { kind: 'unmatched', credit };
        return { kind: 'payment', credit, invoice, paymentDate: credit.bookingDate ?? today };
      });

      const paying = outcomes.flatMap((o) => (o.kind === 'payment' ? [o] : []));
      // Through the ledger: a payment above the open amount books its excess as an overpayment (credit balance).
      const booked = await this.ledger.bookPayments(
        m,
        scope,
        actor.userId,
        new Map(locked.map((r) => [r.id, r])),
        paying.map((o) => ({
          invoiceId: o.invoice.id,
          amountCents: o.credit.amountCents,
          paymentDate: o.paymentDate,
          method: 'bank' as const,
          source: 'camt054' as const,
          bankReference: o.credit.key,
          debtorName: o.credit.debtorName,
        })),
        today,
      );
      const bookedByIndex = new Map(booked.map((b) => [b.index, b]));

      // The invoices' open amounts after each payment, in the order of the file.
      const openCents = new Map(locked.map((r) => [r.id, Math.round(Number(r.open_amount) * 100)]));
      const matched: CamtImportMatch[] = [];
      const duplicates: CamtImportResponse['duplicates'] = [];
      const duplicate = (c: CamtCredit) =>
        duplicates.push({ bank_reference: c.key, reference: c.reference, amount: chf(c.amountCents) });
      for (const o of outcomes) if (o.kind === 'duplicate') duplicate(o.credit);
      paying.forEach((o, i) => {
        if (!bookedByIndex.has(i)) {
          duplicate(o.credit);
          return;
        }
        const open = Math.max(0, (openCents.get(o.invoice.id) ?? 0) - o.credit.amountCents);
        openCents.set(o.invoice.id, open);
        matched.push({
          invoice_id: o.invoice.id,
          invoice_number: o.invoice.invoice_number,
          reference: o.credit.reference!,
          amount: chf(o.credit.amountCents),
          payment_date: o.paymentDate,
          debtor_name: o.credit.debtorName,
          status: open === 0 ? 'paid' : 'part_paid',
          open_amount: chf(open),
        });
      });
      const nowPaid = [...new Set(booked.map((b) => b.invoice))].filter(
        (row) => row.status === 'paid' && locked.find((r) => r.id === row.id)?.status !== 'paid',
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
