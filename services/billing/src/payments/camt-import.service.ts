import { Injectable, Logger } from '@nestjs/common';
import {
  INVOICE_LIMITS,
  type CamtImportEntry,
  type CamtImportMatch,
  type CamtImportResponse,
  type CamtImportUnmatched,
} from '@zunft/contracts';
import { successMessage, TenantScope } from '@zunft/nest-common';
import { DataSource } from 'typeorm';
import type { Actor } from '../common/actor.js';
import { InvoiceErrors, InvoicesService, type InvoiceRow } from '../invoices/index.js';
import { InvoiceLedger } from '../ledger/index.js';
import { CamtFileError, parseCamt054, type Camt054File, type CamtCredit, type CamtReversal } from './camt054.js';
import type { UploadedCamtFile } from './camt-upload.interceptor.js';
import { PaymentErrors } from './payments.errors.js';
import { UnmatchedCreditsRepository } from './unmatched-credits.repository.js';
import { isZip, zipEntries, ZipError } from './zip-entries.js';

const chf = (cents: number) => cents / 100;
const iban = (s: string | null | undefined) => (s ?? '').replace(/\s/g, '').toUpperCase();

type Tagged<T> = T & { file: string | null };

/**
 * POST /invoices/payments/import: a camt.054 notification or camt.053 statement (.04 or .08), or a
 * ZIP archive of several. Every account the file reports on must be the company's IBAN/QR-IBAN
 * (else a German 400 naming both, nothing booked). The customer credits are booked through the
 * invoice ledger on the invoices whose QRR or SCOR reference they carry (a credit above the open
 * amount books its excess as an overpayment, the credit balance); the others are kept as unmatched
 * credits to assign by hand (GET /invoices/payments/unmatched). A reversal (`RvslInd` true, or a
 * debit carrying the reference) books a `payment_reversal` of the invoice's payment of that amount,
 * so the invoice is open again; a reversal that matches no payment books nothing and is kept (as an
 * unmatched_credits row of kind 'reversal', never listed) only to know it later. A bank transaction
 * is recorded once per company and account (its key, see CamtCredit), so the same file twice books
 * nothing and answers every entry as a duplicate, while a different payment with the same reference
 * and amount is booked. All in one transaction; imports of one company wait for each
 * other. The answer lists every entry with its result (booked, duplicate, reversed, unmatched,
 * overpaid) and the invoice number.
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
    const files = this.parse(file);
    const credits: Tagged<CamtCredit>[] = files.flatMap((f) => f.parsed.credits.map((c) => ({ ...c, file: f.name })));
    const reversals: Tagged<CamtReversal>[] = files.flatMap((f) =>
      f.parsed.reversals.map((r) => ({ ...r, file: f.name })),
    );
    const accounts = [...new Set(files.flatMap((f) => f.parsed.accounts))];
    const scope = TenantScope.fromClaims(actor);
    const started = performance.now();
    const result = await this.dataSource.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`camt-import:${scope.companyId}`]);
      const company = await this.invoices.company(m, scope);
      const own = iban(company?.company_iban);
      if (accounts.length > 0 && !own) throw PaymentErrors.companyIbanMissing();
      const foreign = accounts.find((a) => a !== own);
      if (foreign) throw PaymentErrors.wrongAccount(foreign, company!.company_iban!);
      const today = await this.invoices.today(m, scope);
      const known = await this.unmatchedCredits.knownBankReferences(
        m,
        scope,
        [...credits, ...reversals].flatMap((c) => [c.key, c.legacyKey]),
      );
      const locked = await this.ledger.lockByReferences(m, scope, [
        ...new Set([...credits, ...reversals].map((c) => c.reference).filter((r): r is string => r !== null)),
      ]);
      const invoices = new Map<string, InvoiceRow>();
      for (const r of locked) {
        invoices.set(r.qrr_reference, r);
        invoices.set(r.scor_reference, r);
      }
      const entries: CamtImportEntry[] = [];
      const entry = (c: Tagged<CamtCredit>, result: CamtImportEntry['result'], invoice?: InvoiceRow | null) =>
        entries.push({
          bank_reference: c.key,
          reference: c.reference,
          amount: chf(c.amountCents),
          currency: c.currency,
          result,
          invoice_id: invoice?.id ?? null,
          invoice_number: invoice?.invoice_number ?? null,
          file: c.file,
        });

      // Each credit is a payment, an unmatched credit or a duplicate (booked before, or twice in the file).
      type Outcome =
        | { kind: 'duplicate'; credit: Tagged<CamtCredit> }
        | { kind: 'payment'; credit: Tagged<CamtCredit>; invoice: InvoiceRow; paymentDate: string }
        | { kind: 'unmatched'; credit: Tagged<CamtCredit> };
      const seen = new Set<string>();
      const isKnown = (c: CamtCredit) => known.has(c.key) || known.has(c.legacyKey) || seen.has(c.key);
      const outcomes: Outcome[] = credits.map((credit) => {
        if (isKnown(credit)) return { kind: 'duplicate', credit };
        seen.add(credit.key);
        const invoice = credit.reference ? invoices.get(credit.reference) : undefined;
        if (!invoice || invoice.currency !== credit.currency || invoice.issued_at === null)
          return { kind: 'unmatched', credit };
        return { kind: 'payment', credit, invoice, paymentDate: credit.bookingDate ?? today };
      });

      const paying = outcomes.flatMap((o) => (o.kind === 'payment' ? [o] : []));
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
      const overpaid: NonNullable<CamtImportResponse['overpaid']> = [];
      const duplicates: CamtImportResponse['duplicates'] = [];
      const duplicate = (c: Tagged<CamtCredit>) => {
        duplicates.push({ bank_reference: c.key, reference: c.reference, amount: chf(c.amountCents) });
        entry(c, 'duplicate', c.reference ? invoices.get(c.reference) : null);
      };
      const byCredit = new Map<Tagged<CamtCredit>, number>(paying.map((o, i) => [o.credit, i]));
      const unmatchedCredits: Tagged<CamtCredit>[] = [];
      for (const o of outcomes) {
        if (o.kind === 'duplicate') duplicate(o.credit);
        else if (o.kind === 'unmatched') unmatchedCredits.push(o.credit);
        else {
          const b = bookedByIndex.get(byCredit.get(o.credit)!);
          if (!b) {
            duplicate(o.credit);
            continue;
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
          if (b.overpaidCents > 0) {
            overpaid.push({
              invoice_id: o.invoice.id,
              invoice_number: o.invoice.invoice_number,
              amount: chf(o.credit.amountCents),
              excess: chf(b.overpaidCents),
            });
          }
          entry(o.credit, b.overpaidCents > 0 ? 'overpaid' : 'booked', o.invoice);
        }
      }
      const nowPaid = [...new Set(booked.map((b) => b.invoice))].filter(
        (row) => row.status === 'paid' && locked.find((r) => r.id === row.id)?.status !== 'paid',
      );

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
        entry(c, 'unmatched');
      }

      // Reversals: the invoice's latest standing payment of that amount is reversed (its key is the reversal's reference).
      const reversed: NonNullable<CamtImportResponse['reversed']> = [];
      for (const r of reversals) {
        const invoice = invoices.get(r.reference);
        if (isKnown(r)) {
          duplicate(r);
          continue;
        }
        seen.add(r.key);
        const paymentId = invoice ? await this.ledger.standingPayment(m, scope, invoice.id, r.amountCents) : null;
        if (!invoice || !paymentId) {
          // Kept (never listed to assign) so that the same file again answers it as a duplicate.
          const kept =
            r.amountCents <= 0 ||
            (
              await this.unmatchedCredits.insertMany(m, scope, actor.userId, [
                {
                  kind: 'reversal',
                  bankReference: r.key,
                  reference: r.reference,
                  amountCents: r.amountCents,
                  currency: r.currency,
                  debtorName: r.debtorName,
                  bookingDate: r.bookingDate,
                },
              ])
            ).has(r.key);
          if (kept) entry(r, 'unmatched', invoice);
          else duplicate(r);
          continue;
        }
        await this.ledger.reversePayment(
          m,
          scope,
          actor.userId,
          invoice,
          paymentId,
          r.bookingDate ?? today,
          today,
          r.key,
        );
        reversed.push({
          invoice_id: invoice.id,
          invoice_number: invoice.invoice_number,
          amount: chf(r.amountCents),
          bank_reference: r.key,
        });
        entry(r, 'reversed', invoice);
      }
      return { matched, unmatched, duplicates, overpaid, reversed, entries, paidInvoices: nowPaid.length };
    });
    const { paidInvoices, ...lists } = result;
    this.logger.log({
      msg: 'bank file imported',
      companyId: actor.companyId,
      files: files.length,
      credits: credits.length,
      matched: lists.matched.length,
      paidInvoices,
      reversed: lists.reversed.length,
      unmatched: lists.unmatched.length,
      duplicates: lists.duplicates.length,
      ms: Math.round(performance.now() - started),
    });
    const first = files[0]!.parsed;
    return {
      message: successMessage('success.camt_imported', {
        matched: lists.matched.length,
        unmatched: lists.unmatched.length,
        duplicates: lists.duplicates.length,
      }),
      version: `camt.${first.message}.001.${first.version}`,
      accounts,
      ...lists,
      ignored: files.flatMap((f) =>
        f.parsed.skipped.map((s) => ({
          bank_reference: s.key,
          reason: s.reason,
          amount: s.amountCents === null ? null : chf(s.amountCents),
        })),
      ),
    };
  }

  /** The bank files of the upload: one XML file, or every XML file of a ZIP archive. */
  private parse(file: UploadedCamtFile): Array<{ name: string | null; parsed: Camt054File }> {
    const read = (data: Buffer) => {
      try {
        return parseCamt054(data);
      } catch (error) {
        if (error instanceof CamtFileError) throw InvoiceErrors.importRefused(error.code, error.message);
        throw error;
      }
    };
    if (!isZip(file.buffer)) return [{ name: null, parsed: read(file.buffer) }];
    let inside: Array<{ name: string; data: Buffer }>;
    try {
      inside = zipEntries(file.buffer, INVOICE_LIMITS.maxImportBytes * 5).filter(
        (f) => /\.xml$/i.test(f.name) && !f.name.split('/').some((part) => part.startsWith('.') || part === '__MACOSX'),
      );
    } catch (error) {
      if (error instanceof ZipError || error instanceof RangeError) throw PaymentErrors.zipInvalid();
      throw error;
    }
    if (inside.length === 0) throw PaymentErrors.zipInvalid();
    return inside.map((f) => ({ name: f.name, parsed: read(f.data) }));
  }
}
