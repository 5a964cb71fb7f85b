import { Inject, Injectable, StreamableFile } from '@nestjs/common';
import {
  openPrincipalCents,
  roundMoney,
  computeInvoiceTotals,
  type CreateCreditNoteRequestParsed,
  type CreditNoteDto,
  type InvoiceClosedResponse,
} from '@zunft/contracts';
import { TenantScope } from '@zunft/nest-common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Actor } from '../../common/actor.js';
import { InvoiceLedger, LedgerErrors, type LedgerPosting } from '../../ledger/index.js';
import { BILLING_CONFIG } from '../../config/billing-config.module.js';
import type { BillingConfig } from '../../config/billing.config.js';
import { DocumentQueues } from '../../queues/index.js';
import { InvoiceArchive } from '../invoice-archive.js';
import { InvoiceDocumentBuilder } from '../invoice-document.builder.js';
import type { InvoiceRow } from '../invoice-row.js';
import { InvoiceErrors } from '../invoices.errors.js';
import { InvoicesService } from '../invoices.service.js';
import { InvoiceStagesService } from '../stages/invoice-stages.service.js';
import { CreditNotesRepository } from './credit-notes.repository.js';

const cents = (s: string | number) => Math.round(Number(s) * 100);

/**
 * Credit notes (Gutschriften) of an issued invoice: numbered GS-YYYY-NNNN, the VAT reversed per rate
 * (MWSTG art. 27 para. 2, art. 41: the supplier corrects the tax of the credited part), and the
 * gross amount booked as a `credit_note` ledger entry (lowers the open amount; beyond it, a credit
 * balance). At most the invoiced total can be credited (400). A never-issued draft is deleted, not
 * credited (409). The PDF (no QR bill) is archived on its first download. A Storno (`cancel`) credits the whole unpaid rest with one credit note.
 */
@Injectable()
export class CreditNotesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: CreditNotesRepository,
    private readonly invoices: InvoicesService,
    private readonly ledger: InvoiceLedger,
    private readonly documents: InvoiceDocumentBuilder,
    private readonly archive: InvoiceArchive,
    private readonly queues: DocumentQueues,
    private readonly stages: InvoiceStagesService,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
  ) {}

  async list(actor: Actor, invoiceId: string): Promise<CreditNoteDto[]> {
    await this.invoices.get(actor, invoiceId);
    return this.repo.list(this.dataSource.manager, TenantScope.fromClaims(actor), invoiceId);
  }

  async create(actor: Actor, invoiceId: string, input: CreateCreditNoteRequestParsed): Promise<CreditNoteDto> {
    const scope = TenantScope.fromClaims(actor);
    const id = await this.dataSource.transaction(async (m) => {
      const invoice = await this.ledger.lock(m, scope, invoiceId);
      if (!invoice) throw InvoiceErrors.notFound();
      if (invoice.issued_at === null) throw InvoiceErrors.creditNoteOnDraft();
      await this.stages.assertNotDeducted(m, scope, invoiceId);
      const today = await this.invoices.today(m, scope);
      const note = await this.issue(m, scope, actor.userId, invoice, input, today);
      await this.ledger.post(m, scope, actor.userId, [note.posting], today);
      return note.id;
    });
    const notes = await this.repo.list(this.dataSource.manager, scope, invoiceId);
    return notes.find((n) => n.id === id)!;
  }

  /**
   * Storno (POST /invoices/{id}/cancel): the whole unpaid principal is credited by one credit note
   * (a gross amount at the invoice's rate, VAT reversed) and the invoice is `cancelled`. Reminder fees
   * and interest still open are claims of the cancelled invoice that fall away with it: booked as
   * `write_off` in the same step, so nothing stays open. Drafts 409 (delete them), nothing open 409.
   */
  async cancel(actor: Actor, invoiceId: string, reason: string): Promise<InvoiceClosedResponse> {
    const scope = TenantScope.fromClaims(actor);
    const noteId = await this.dataSource.transaction(async (m) => {
      const invoice = await this.ledger.lock(m, scope, invoiceId);
      if (!invoice) throw InvoiceErrors.notFound();
      if (invoice.issued_at === null) throw InvoiceErrors.cancelDraft();
      if (invoice.status === 'cancelled' || invoice.status === 'written_off') throw LedgerErrors.closed();
      const openCents = cents(invoice.open_amount);
      if (openCents <= 0) throw InvoiceErrors.nothingOpen();
      await this.stages.assertNotDeducted(m, scope, invoiceId);
      const principal = Math.min(
        openCents,
        openPrincipalCents({
          totalCents: cents(invoice.total_amount),
          creditedCents: cents(invoice.credited_amount),
          writtenOffCents: cents(invoice.written_off_amount),
          paidCents: cents(invoice.paid_amount),
          feesCents: cents(invoice.reminder_fees),
          interestCents: cents(invoice.interest_amount),
        }),
      );
      const today = await this.invoices.today(m, scope);
      const note =
        principal > 0
          ? await this.issue(m, scope, actor.userId, invoice, { reason, amount: principal / 100 }, today)
          : null;
      const postings: LedgerPosting[] = note ? [note.posting] : [];
      if (openCents > principal)
        postings.push({
          invoiceId,
          type: 'write_off',
          date: today,
          amountCents: principal - openCents,
          reference: reason.slice(0, 300),
        });
      await this.ledger.post(m, scope, actor.userId, postings, today, new Map([[invoiceId, 'cancelled' as const]]));
      return note?.id ?? null;
    });
    return this.invoices.closedResponse(actor, invoiceId, noteId ? await this.get(scope, invoiceId, noteId) : null);
  }

  /**
   * GET /invoices/{id}/credit-notes/{cid}/pdf: rendered in the customer's language on the first
   * download and archived with its SHA-256 (InvoiceArchive); every later download returns those bytes.
   */
  async pdf(actor: Actor, invoiceId: string, id: string): Promise<StreamableFile> {
    const scope = TenantScope.fromClaims(actor);
    const invoice = await this.invoices.get(actor, invoiceId);
    const note = await this.repo.one(this.dataSource.manager, scope, invoiceId, id);
    if (!note) throw InvoiceErrors.creditNoteNotFound();
    let pdf = note.document_key ? await this.archive.read(note.document_key) : null;
    if (!pdf) {
      const document = await this.documents.creditNoteDocument(scope, invoice, note);
      const rendered = (
        await this.queues.renderPdf(
          { kind: 'credit_note', document },
          { companyId: scope.companyId, timeoutMs: this.config.pdfTimeoutMs },
        )
      ).pdf;
      // Archived once: a download at the same moment waits for the row and answers the stored bytes.
      const storedKey = await this.dataSource.transaction(async (m) => {
        const current = await this.repo.one(m, scope, invoiceId, id, true);
        if (current?.document_key) return current.document_key;
        const key = this.archive.creditNoteKey(scope.companyId, invoiceId, id);
        const sha256 = await this.archive.store(m, scope.companyId, key, rendered);
        await this.repo.setDocument(m, scope, id, { key, sha256 });
        return null;
      });
      pdf = (storedKey ? await this.archive.read(storedKey) : null) ?? rendered;
    }
    return new StreamableFile(pdf, {
      type: 'application/pdf',
      length: pdf.length,
      disposition: `attachment; filename="Gutschrift-${note.credit_note_number.replace(/[^A-Za-z0-9-]/g, '_')}.pdf"`,
    });
  }

  private async get(scope: TenantScope, invoiceId: string, id: string): Promise<CreditNoteDto> {
    const notes = await this.repo.list(this.dataSource.manager, scope, invoiceId);
    return notes.find((n) => n.id === id)!;
  }

  /**
   * Writes a credit note of a locked, issued invoice (number, lines or a gross amount, the VAT per
   * rate) and answers the ledger posting the caller books. At most the invoiced total (400).
   */
  private async issue(
    m: EntityManager,
    scope: TenantScope,
    actorId: string,
    invoice: InvoiceRow,
    input: Pick<CreateCreditNoteRequestParsed, 'reason' | 'items' | 'amount'>,
    today: string,
  ): Promise<{ id: string; posting: LedgerPosting }> {
    const invoiceRate = Number(invoice.vat_rate);
    let items: CreditNoteDto['items'] = [];
    let breakdown: CreditNoteDto['vat_breakdown'];
    let total: number;
    if (input.items && input.items.length > 0) {
      // The one totals rule (VAT per rate to 0.01, the total rounded once).
      const t = computeInvoiceTotals(input.items, invoiceRate, invoice.currency);
      items = input.items.map((it, i) => ({
        title: it.title,
        quantity: it.quantity,
        unit_price: it.unitPrice,
        vat_rate: it.vatRate ?? invoiceRate,
        total_price: t.item_totals[i]!,
      }));
      breakdown = t.vat_breakdown;
      total = t.total;
    } else {
      // A gross amount, spread over the invoice lines' rates by their gross share; per rate
      // net = share / (1 + rate), VAT = share − net (the last rate takes the cent remainder).
      total = input.amount!;
      const lines = (await this.invoices.detail(scope, invoice.id, m)).vat_breakdown ?? [];
      const shares = lines.filter((b) => b.net + b.vat !== 0);
      const gross = shares.reduce((sum, b) => sum + b.net + b.vat, 0);
      if (shares.length === 0 || gross <= 0) shares.splice(0, shares.length, { rate: invoiceRate, net: 1, vat: 0 });
      const base = shares.reduce((sum, b) => sum + b.net + b.vat, 0);
      let left = total;
      breakdown = shares.map((b, i) => {
        const share = i === shares.length - 1 ? roundMoney(left) : roundMoney((total * (b.net + b.vat)) / base);
        left = roundMoney(left - share);
        const net = roundMoney(share / (1 + b.rate / 100));
        return { rate: b.rate, net, vat: roundMoney(share - net) };
      });
    }
    const net = roundMoney(breakdown.reduce((s, b) => s + b.net, 0));
    const vat = roundMoney(breakdown.reduce((s, b) => s + b.vat, 0));
    const amountCents = Math.round(total * 100);
    if (amountCents + cents(invoice.credited_amount) > cents(invoice.total_amount))
      throw InvoiceErrors.creditNoteTooHigh();
    const number = await this.repo.nextNumber(m, scope, today.slice(0, 4));
    const id = await this.repo.insert(m, scope, {
      invoice_id: invoice.id,
      credit_note_number: number,
      credit_date: today,
      reason: input.reason,
      items,
      vat_breakdown: breakdown,
      net,
      vat_amount: vat,
      total,
      createdBy: actorId,
    });
    return {
      id,
      posting: {
        invoiceId: invoice.id,
        type: 'credit_note',
        date: today,
        amountCents: -amountCents,
        reference: number,
      },
    };
  }
}
