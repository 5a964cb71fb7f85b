import { Inject, Injectable, Logger, StreamableFile } from '@nestjs/common';
import {
  EXPENSE_CATEGORY_LABELS,
  computeInvoiceTotals,
  expenseNetAmount,
  roundMoney,
  type BillingReportSignedData,
  type CreateInvoiceFromReportResponse,
  type CreateInvoiceRequestParsed,
  type InvoiceDetailDto,
  type InvoiceDto,
  type InvoiceListQueryParsed,
  type InvoiceListResponse,
  type InvoicePaymentDto,
  type InvoicePaymentMethod,
  type InvoiceStatsDto,
  type InvoiceStatus,
  type MessageResponse,
  type QuoteDto,
  type CreditBalanceListResponse,
  type InvoiceLedgerResponse,
  type InvoiceNumberLogResponse,
  type ApplyCreditResponse,
  type CreditNoteDto,
  type InvoiceClosedResponse,
} from '@zunft/contracts';
import { currentRequestId, enqueueEvent, successMessage, TenantScope } from '@zunft/nest-common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Actor } from '../common/actor.js';
import { localDate } from '../common/dates.js';
import { BILLING_CONFIG } from '../config/billing-config.module.js';
import type { BillingConfig } from '../config/billing.config.js';
import { billingParties, DirectoryService } from '../directory/index.js';
import { DocumentQueues } from '../queues/index.js';
import { QuotesService } from '../quotes/quotes.service.js';
import { InvoiceDocumentBuilder } from './invoice-document.builder.js';
import { invoiceEventData } from './invoice-events.js';
import { invoiceMail } from './invoice-mail.js';
import { InvoiceErrors } from './invoices.errors.js';
import { InvoiceLedger, LedgerErrors } from '../ledger/index.js';
import { assertVatNumberForRates } from '../settings/index.js';
import { InvoiceArchive } from './invoice-archive.js';
import {
  InvoicesRepository,
  toInvoiceDto,
  type BillingCompany,
  type InvoiceItemWrite,
  type InvoiceRow,
} from './invoices.repository.js';
import { invoiceReferences, referenceFor } from './payment-reference.js';
import { missingQrBillSettings } from './qr-bill-readiness.js';

const SURCHARGE_LABELS: Record<string, string> = {
  night: 'Nachtzuschlag',
  saturday: 'Samstagszuschlag',
  sunday: 'Sonntagszuschlag',
  holiday: 'Feiertagszuschlag',
};

/** `precise` mode (issue 24): which ArG window the minutes of a surcharge line lie in. */
const SURCHARGE_WINDOWS: Record<string, string> = {
  night: 'Nachtarbeit (ArG Art. 17b)',
  sunday: 'Sonntagsarbeit (ArG Art. 19)',
  holiday: 'Feiertagsarbeit (ArG Art. 20a)',
};

/** `Rechnung-RE-2026-0001.pdf` */
export const invoicePdfName = (invoiceNumber: string) => `Rechnung-${invoiceNumber.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`;

/** yyyy-MM-dd + days */
export const addDays = (date: string, days: number): string => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

const round2 = (n: number) => Math.round(n * 100 + (n >= 0 ? 1e-9 : -1e-9)) / 100;

/**
 * Invoices (Rechnungen) for the office (admin and backoffice; the controller enforces the roles).
 * Numbers RE-<year>-0001 per company and year (reports use R-), gapless: the counter row is taken in the creating
 * transaction (a rolled back creation gives its number back). Due date = invoice date + the
 * company's payment terms. Totals with the quote rule (VAT at the company rate, 5-Rappen rounding).
 * One invoice per signed report, whoever comes first: the event consumer or the button.
 */
@Injectable()
export class InvoicesService {
  private readonly logger = new Logger(InvoicesService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: InvoicesRepository,
    private readonly directory: DirectoryService,
    private readonly quotes: QuotesService,
    private readonly documents: InvoiceDocumentBuilder,
    private readonly queues: DocumentQueues,
    private readonly ledger: InvoiceLedger,
    private readonly archiveStore: InvoiceArchive,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
  ) {}

  /**
   * The invoice PDF with its QR bill; 400 naming a missing setting. A never-issued draft is rendered
   * live and says «Entwurf»; an issued invoice's first download archives its PDF and every later
   * one returns those bytes (InvoiceArchive).
   */
  async download(actor: Actor, id: string): Promise<StreamableFile> {
    const scope = TenantScope.fromClaims(actor);
    const invoice = await this.detail(actor, id);
    const archived = invoice.issued_at ? await this.archivedPdf(scope, id) : null;
    const pdf = archived ?? (await this.render(scope, invoice));
    const file = invoice.issued_at && !archived ? await this.archive(scope, id, pdf) : pdf;
    return new StreamableFile(file, {
      type: 'application/pdf',
      length: file.length,
      disposition: `attachment; filename="${invoicePdfName(invoice.invoice_number)}"`,
    });
  }

  private async render(scope: TenantScope, invoice: InvoiceDetailDto): Promise<Buffer> {
    const ctx = await this.documents.context(scope, invoice.customer_id);
    // Issuing (send, download) with VAT needs the VAT number too: the settings may have changed since.
    assertVatNumberForRates(
      ctx.company,
      (invoice.vat_breakdown ?? []).map((b) => b.rate),
    );
    const document = this.documents.invoiceDocument(ctx, invoice);
    const { pdf } = await this.queues.renderPdf(
      { kind: 'invoice', document },
      { companyId: scope.companyId, timeoutMs: this.config.pdfTimeoutMs },
    );
    return pdf;
  }

  private async archivedPdf(scope: TenantScope, id: string): Promise<Buffer | null> {
    const row = await this.repo.row(this.dataSource.manager, scope, id);
    return row?.document_key ? this.archiveStore.read(row.document_key) : null;
  }

  /** Archives the issued invoice's PDF once; when another request was first, answers its bytes. */
  private async archive(scope: TenantScope, id: string, pdf: Buffer): Promise<Buffer> {
    const stored = await this.dataSource.transaction(async (m) => {
      const current = await this.repo.lock(m, scope, id);
      if (!current) throw InvoiceErrors.notFound();
      if (current.document_key) return false;
      await this.storeArchive(m, scope, id, pdf);
      return true;
    });
    return stored ? pdf : ((await this.archivedPdf(scope, id)) ?? pdf);
  }

  private async storeArchive(m: EntityManager, scope: TenantScope, id: string, pdf: Buffer): Promise<void> {
    const key = this.archiveStore.invoiceKey(scope.companyId, id);
    const sha256 = await this.archiveStore.store(m, scope.companyId, key, pdf);
    await this.repo.setDocument(m, scope, id, { key, sha256 });
  }

  /**
   * Sends a draft by e-mail (PDF in the customer's language): renders first, then in one
   * transaction marks it sent, writes billing.invoice.sent and queues the mail as the last step.
   */
  async send(actor: Actor, id: string): Promise<{ message: string; sent_to: string; invoice: InvoiceDto }> {
    const scope = TenantScope.fromClaims(actor);
    const invoice = await this.detail(actor, id);
    if (invoice.status !== 'draft') throw InvoiceErrors.onlyDraftsSendable();
    const ctx = await this.documents.context(scope, invoice.customer_id);
    const to = ctx.customer?.email;
    if (!to) throw InvoiceErrors.customerWithoutEmail();
    // Sending issues it: the PDF is the issued one (no «Entwurf»), archived below unless it was before.
    const pdf =
      (invoice.issued_at ? await this.archivedPdf(scope, id) : null) ??
      (await this.render(scope, { ...invoice, issued_at: invoice.issued_at ?? new Date().toISOString() }));
    const mail = invoiceMail({
      language: ctx.language,
      companyName: ctx.company.name,
      recipientName: ctx.customer?.contact_person || invoice.customer_name,
      invoiceNumber: invoice.invoice_number,
      amount: invoice.open_amount,
      currency: invoice.currency,
      dueDate: invoice.due_date,
    });
    const sent = await this.dataSource.transaction(async (m) => {
      const current = await this.ledger.lock(m, scope, id);
      if (!current) throw InvoiceErrors.notFound();
      if (current.status !== 'draft') throw InvoiceErrors.onlyDraftsSendable();
      await this.repo.markSentTo(m, scope, id, to);
      if (!current.document_key) await this.storeArchive(m, scope, id, pdf);
      const updated = toInvoiceDto(
        await this.ledger.relabel(m, actor.userId, current, 'sent', await this.today(m, scope)),
      );
      await enqueueEvent(m, {
        type: 'billing.invoice.sent',
        companyId: actor.companyId,
        actorId: actor.userId,
        requestId: currentRequestId(),
        data: { ...invoiceEventData(updated), sentTo: to },
      });
      await this.queues.enqueueMail({
        companyId: actor.companyId,
        to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        replyTo: ctx.company.email ?? undefined,
        fromName: ctx.company.name || undefined,
        attachments: [
          {
            filename: invoicePdfName(invoice.invoice_number),
            contentBase64: pdf.toString('base64'),
            contentType: 'application/pdf',
          },
        ],
        ref: `invoice:${id}`,
      });
      return updated;
    });
    this.logger.log({ msg: 'invoice sent', invoiceId: id, invoiceNumber: sent.invoice_number });
    return {
      message: successMessage('success.invoice_sent', { customer: sent.customer_name }),
      sent_to: to,
      invoice: sent,
    };
  }

  list(actor: Actor, query: InvoiceListQueryParsed): Promise<InvoiceListResponse> {
    return this.repo.list(this.dataSource.manager, TenantScope.fromClaims(actor), query);
  }

  stats(actor: Actor): Promise<InvoiceStatsDto> {
    return this.repo.stats(this.dataSource.manager, TenantScope.fromClaims(actor));
  }

  async get(actor: Actor, id: string): Promise<InvoiceDto> {
    const row = await this.repo.row(this.dataSource.manager, TenantScope.fromClaims(actor), id);
    if (!row) throw InvoiceErrors.notFound();
    return toInvoiceDto(row);
  }

  async detail(
    actor: Actor | TenantScope,
    id: string,
    m: EntityManager = this.dataSource.manager,
  ): Promise<InvoiceDetailDto> {
    const scope = actor instanceof TenantScope ? actor : TenantScope.fromClaims(actor);
    const row = await this.repo.row(m, scope, id);
    if (!row) throw InvoiceErrors.notFound();
    // One after the other: `m` may be a transaction (one connection).
    const items = await this.repo.items(m, scope, id);
    const payments = await this.repo.payments(m, scope, id);
    const company = await this.repo.company(m, scope.companyId);
    const customer = await this.directory.customer(m, scope, row.customer_id);
    const refs = { qrr: row.qrr_reference, scor: row.scor_reference };
    return {
      ...toInvoiceDto(row),
      items,
      payments,
      qr_reference: company?.company_iban ? referenceFor(company.company_iban, refs) : null,
      qrr_reference: row.qrr_reference,
      scor_reference: row.scor_reference,
      missing_settings: missingQrBillSettings(company, customer),
      document_sha256: row.document_sha256 ? row.document_sha256.trim() : null,
      vat_breakdown: computeInvoiceTotals(
        items.map((it) => ({
          quantity: it.quantity,
          unitPrice: it.unit_price,
          vatRate: it.vat_rate,
          deductedVat: it.deducted_vat,
        })),
        Number(row.vat_rate),
        row.currency,
      ).vat_breakdown,
    };
  }

  /** 'Neue Rechnung': from an accepted quote's items or from free lines. */
  async create(actor: Actor, input: CreateInvoiceRequestParsed): Promise<InvoiceDetailDto> {
    const scope = TenantScope.fromClaims(actor);
    // The quote through its room's service (an accepted quote is no longer edited).
    const quote = input.quoteId ? await this.quotes.get(actor, input.quoteId) : null;
    const id = await this.write(async (m) => {
      const company = await this.requireCompany(m, scope);
      let customerId = input.customerId ?? null;
      let items: InvoiceItemWrite[] = input.items.map((it) => ({
        type: it.type,
        title: it.title,
        description: it.description ?? null,
        quantity: it.quantity,
        unit: it.unit ?? (it.type === 'labor' || it.type === 'travel' || it.type === 'surcharge' ? 'h' : 'Stk'),
        unitPrice: it.unitPrice,
        totalPrice: 0,
        vatRate: it.vatRate ?? company.vat_rate,
      }));
      let quoteId: string | null = null;
      if (quote) {
        if (quote.status !== 'accepted') throw InvoiceErrors.quoteNotAccepted();
        quoteId = quote.id;
        customerId = quote.customer_id;
        if (items.length === 0) items = this.quoteLines(quote);
      }
      const { customer, project } = await billingParties(
        this.directory,
        m,
        scope,
        { customerId, projectId: input.projectId },
        InvoiceErrors,
      );
      return this.insertInvoice(m, scope, actor.userId, company, {
        customerId: customer.id,
        customerName: customer.name,
        projectId: project?.id ?? null,
        projectTitle: project?.title ?? null,
        reportId: null,
        quoteId,
        invoiceDate: input.invoiceDate ?? null,
        servicePeriodStart: input.servicePeriodStart ?? null,
        servicePeriodEnd: input.servicePeriodEnd ?? null,
        notes: input.notes ?? null,
        items,
      });
    });
    return this.detail(actor, id);
  }

  /** Only a never-issued draft can be deleted; its number stays in the number log. */
  async remove(actor: Actor, id: string): Promise<MessageResponse> {
    const scope = TenantScope.fromClaims(actor);
    await this.dataSource.transaction(async (m) => {
      const current = await this.ledger.lock(m, scope, id);
      if (!current) throw InvoiceErrors.notFound();
      if (current.issued_at !== null) throw InvoiceErrors.issuedNotDeletable();
      await this.repo.recordDeletedNumber(m, scope, current, actor.userId);
      await this.repo.delete(m, scope, id);
    });
    return { message: successMessage('success.invoice_deleted') };
  }

  /**
   * The status selector (part 2 §4, narrowed by issue 22): the label of an unpaid invoice along
   * INVOICE_STATUS_TRANSITIONS; leaving draft issues it for good; 'paid' books the open amount as
   * a payment; a paid invoice is left only by reversing its payment (409).
   */
  async setStatus(actor: Actor, id: string, status: InvoiceStatus): Promise<InvoiceDto> {
    const scope = TenantScope.fromClaims(actor);
    return this.dataSource.transaction(async (m) => {
      const current = await this.ledger.lock(m, scope, id);
      if (!current) throw InvoiceErrors.notFound();
      if (current.status === 'paid' && status !== 'paid' && (await this.ledger.hasActivePayments(m, scope, id)))
        throw InvoiceErrors.paidHasPayments();
      if (status === 'paid' && current.status !== 'paid') {
        const today = await this.today(m, scope);
        const issued = current.issued_at ? current : await this.ledger.relabel(m, actor.userId, current, 'sent', today);
        return toInvoiceDto(await this.payOpen(m, scope, actor.userId, issued, {}, today));
      }
      return toInvoiceDto(await this.ledger.relabel(m, actor.userId, current, status, await this.today(m, scope)));
    });
  }

  async setPaymentMethod(actor: Actor, id: string, method: InvoicePaymentMethod | null): Promise<InvoiceDto> {
    const scope = TenantScope.fromClaims(actor);
    return this.dataSource.transaction(async (m) => {
      if (!(await this.repo.lock(m, scope, id))) throw InvoiceErrors.notFound();
      return toInvoiceDto((await this.repo.setPaymentMethod(m, scope, id, method))!);
    });
  }

  async payments(actor: Actor, id: string): Promise<InvoicePaymentDto[]> {
    const scope = TenantScope.fromClaims(actor);
    await this.get(actor, id);
    return this.repo.payments(this.dataSource.manager, scope, id);
  }

  /** GET /invoices/{id}/ledger: every entry (oldest first, running balance) and the sums. */
  async ledgerOf(actor: Actor, id: string): Promise<InvoiceLedgerResponse> {
    const scope = TenantScope.fromClaims(actor);
    const row = await this.repo.row(this.dataSource.manager, scope, id);
    if (!row) throw InvoiceErrors.notFound();
    return this.ledger.ledger(this.dataSource.manager, scope, row);
  }

  /** A (partial) payment of an issued invoice; the invoice is paid when nothing is open (the ledger's rule). */
  async addPayment(
    actor: Actor,
    id: string,
    input: { amount: number; paymentDate: string; method?: InvoicePaymentMethod | null },
  ): Promise<InvoiceDetailDto> {
    const scope = TenantScope.fromClaims(actor);
    await this.dataSource.transaction(async (m) => {
      const current = await this.ledger.lock(m, scope, id);
      if (!current) throw InvoiceErrors.notFound();
      if (current.issued_at === null) throw InvoiceErrors.draftNoPayment();
      if (current.status === 'paid') throw InvoiceErrors.alreadyPaid();
      if (Math.round(input.amount * 100) > Math.round(Number(current.open_amount) * 100))
        throw InvoiceErrors.paymentTooHigh();
      await this.ledger.bookPayments(
        m,
        scope,
        actor.userId,
        new Map([[id, current]]),
        [
          {
            invoiceId: id,
            amountCents: Math.round(input.amount * 100),
            paymentDate: input.paymentDate,
            method: input.method ?? current.payment_method ?? 'bank',
            source: 'manual',
            bankReference: null,
            debtorName: null,
          },
        ],
        await this.today(m, scope),
      );
    });
    return this.detail(actor, id);
  }

  /** DELETE /invoices/{id}/payments/{paymentId}: books a `payment_reversal` (nothing is erased); a paid invoice reopens. */
  async reversePayment(actor: Actor, id: string, paymentId: string): Promise<InvoiceLedgerResponse> {
    const scope = TenantScope.fromClaims(actor);
    return this.dataSource.transaction(async (m) => {
      const current = await this.ledger.lock(m, scope, id);
      if (!current) throw InvoiceErrors.notFound();
      const today = await this.today(m, scope);
      const after = await this.ledger.reversePayment(m, scope, actor.userId, current, paymentId, today, today);
      return this.ledger.ledger(m, scope, after);
    });
  }

  /** 'Als bezahlt markieren': records the open amount as paid (today unless a date is given). */
  async markPaid(
    actor: Actor,
    id: string,
    input: { paymentDate?: string | null; method?: InvoicePaymentMethod | null },
  ): Promise<InvoiceDto> {
    const scope = TenantScope.fromClaims(actor);
    return this.dataSource.transaction(async (m) => {
      const current = await this.ledger.lock(m, scope, id);
      if (!current) throw InvoiceErrors.notFound();
      if (current.issued_at === null) throw InvoiceErrors.draftNoPayment();
      if (current.status === 'paid') throw InvoiceErrors.alreadyPaid();
      return toInvoiceDto(await this.payOpen(m, scope, actor.userId, current, input, await this.today(m, scope)));
    });
  }

  /** GET /invoices/number-log?year= */
  async numberLog(actor: Actor, year: number): Promise<InvoiceNumberLogResponse> {
    const entries = await this.repo.numberLog(this.dataSource.manager, TenantScope.fromClaims(actor), year);
    return { year, entries };
  }

  /** GET /invoices/credit-balances */
  async creditBalances(actor: Actor): Promise<CreditBalanceListResponse> {
    const items = await this.ledger.creditBalances(this.dataSource.manager, TenantScope.fromClaims(actor));
    return { items, total: items.length };
  }

  /** POST /invoices/{id}/refund: pays back (part of) the credit balance (a `refund` entry). */
  async refund(actor: Actor, id: string, input: { amount: number; date: string }): Promise<InvoiceLedgerResponse> {
    const scope = TenantScope.fromClaims(actor);
    return this.dataSource.transaction(async (m) => {
      const current = await this.ledger.lock(m, scope, id);
      if (!current) throw InvoiceErrors.notFound();
      const amountCents = Math.round(input.amount * 100);
      if (amountCents > Math.round(Number(current.credit_balance) * 100)) throw InvoiceErrors.refundTooHigh();
      const after = await this.ledger.post(
        m,
        scope,
        actor.userId,
        [{ invoiceId: id, type: 'refund', date: input.date, amountCents, reference: null }],
        await this.today(m, scope),
      );
      return this.ledger.ledger(m, scope, after.get(id)!);
    });
  }

  /**
   * POST /invoices/{id}/apply-credit: (part of) this invoice's credit balance pays another issued,
   * open invoice of the same customer and currency: a `refund` entry here (the balance leaves) and a
   * `payment` entry there, each naming the other invoice. Both rows are locked in id order.
   */
  async applyCredit(
    actor: Actor,
    id: string,
    input: { targetInvoiceId: string; amount: number },
  ): Promise<ApplyCreditResponse> {
    const scope = TenantScope.fromClaims(actor);
    return this.dataSource.transaction(async (m) => {
      const locked = new Map<string, InvoiceRow | null>();
      for (const key of [id, input.targetInvoiceId].sort()) locked.set(key, await this.ledger.lock(m, scope, key));
      const source = locked.get(id);
      const target = locked.get(input.targetInvoiceId);
      if (!source || !target) throw InvoiceErrors.notFound();
      if (source.id === target.id || source.customer_id !== target.customer_id || source.currency !== target.currency)
        throw InvoiceErrors.creditOtherCustomer();
      if (target.issued_at === null) throw InvoiceErrors.draftNoPayment();
      const amountCents = Math.round(input.amount * 100);
      if (amountCents > Math.round(Number(source.credit_balance) * 100)) throw InvoiceErrors.refundTooHigh();
      if (amountCents > Math.round(Number(target.open_amount) * 100)) throw InvoiceErrors.paymentTooHigh();
      const today = await this.today(m, scope);
      const after = await this.ledger.post(
        m,
        scope,
        actor.userId,
        [
          { invoiceId: source.id, type: 'refund', date: today, amountCents, reference: target.invoice_number },
          {
            invoiceId: target.id,
            type: 'payment',
            date: today,
            amountCents: -amountCents,
            reference: source.invoice_number,
          },
        ],
        today,
      );
      return {
        source: await this.ledger.ledger(m, scope, after.get(source.id)!),
        target: await this.ledger.ledger(m, scope, after.get(target.id)!),
      };
    });
  }

  /**
   * POST /invoices/{id}/write-off: the whole open amount (principal, fees, interest) is booked as a
   * loss (`write_off` entry, reference the reason) and the invoice is `written_off`. Drafts 409
   * (delete them), nothing open or already closed 409.
   */
  async writeOff(actor: Actor, id: string, reason: string): Promise<InvoiceClosedResponse> {
    const scope = TenantScope.fromClaims(actor);
    await this.dataSource.transaction(async (m) => {
      const current = await this.ledger.lock(m, scope, id);
      if (!current) throw InvoiceErrors.notFound();
      if (current.issued_at === null) throw InvoiceErrors.writeOffDraft();
      if (current.status === 'cancelled' || current.status === 'written_off') throw LedgerErrors.closed();
      const openCents = Math.round(Number(current.open_amount) * 100);
      if (openCents <= 0) throw InvoiceErrors.nothingOpen();
      const today = await this.today(m, scope);
      await this.ledger.post(
        m,
        scope,
        actor.userId,
        [{ invoiceId: id, type: 'write_off', date: today, amountCents: -openCents, reference: reason.slice(0, 300) }],
        today,
        new Map([[id, 'written_off' as const]]),
      );
    });
    return this.closedResponse(actor, id, null);
  }

  /** The answer of cancel and write-off: the invoice, the Storno's credit note and the ledger. */
  async closedResponse(actor: Actor, id: string, creditNote: CreditNoteDto | null): Promise<InvoiceClosedResponse> {
    const scope = TenantScope.fromClaims(actor);
    const row = await this.repo.row(this.dataSource.manager, scope, id);
    if (!row) throw InvoiceErrors.notFound();
    return {
      invoice: toInvoiceDto(row),
      credit_note: creditNote,
      ledger: await this.ledger.ledger(this.dataSource.manager, scope, row),
    };
  }

  /** Books the open amount of a locked, issued invoice as one payment (source mark_paid). */
  private async payOpen(
    m: EntityManager,
    scope: TenantScope,
    actorId: string,
    current: InvoiceRow,
    input: { paymentDate?: string | null; method?: InvoicePaymentMethod | null },
    today: string,
  ): Promise<InvoiceRow> {
    const openCents = Math.round(Number(current.open_amount) * 100);
    if (openCents <= 0) return this.ledger.relabel(m, actorId, current, 'paid', today);
    const [booked] = await this.ledger.bookPayments(
      m,
      scope,
      actorId,
      new Map([[current.id, current]]),
      [
        {
          invoiceId: current.id,
          amountCents: openCents,
          paymentDate: input.paymentDate ?? today,
          method: input.method ?? current.payment_method ?? 'bank',
          source: 'mark_paid',
          bankReference: null,
          debtorName: null,
        },
      ],
      today,
    );
    return booked!.invoice;
  }

  /** What invoicing needs of the company (billing's copy). */
  company(m: EntityManager, scope: TenantScope): Promise<BillingCompany | null> {
    return this.repo.company(m, scope.companyId);
  }

  /** Today in the company's time zone. */
  async today(m: EntityManager, scope: TenantScope): Promise<string> {
    const company = await this.repo.company(m, scope.companyId);
    return localDate(company?.timezone);
  }

  // ------------------------------------------------------------------------------ from a report

  /**
   * The draft invoice of a signed report, created once: the report id is locked for the
   * transaction (the consumer and the button wait for each other) and unique per company.
   * Returns the existing invoice when there is one.
   */
  async createFromReport(
    m: EntityManager,
    scope: TenantScope,
    actorId: string | null,
    data: BillingReportSignedData,
    invoiceDate: string | null = null,
  ): Promise<{ invoiceId: string; created: boolean }> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`invoice-for-report:${data.reportId}`]);
    const existing = await this.repo.findByReport(m, scope, data.reportId);
    if (existing) return { invoiceId: existing.id, created: false };
    const company = await this.requireCompany(m, scope);
    const items = reportLines(data, company.default_hourly_rate);
    const id = await this.insertInvoice(m, scope, actorId, company, {
      customerId: data.customerId,
      customerName: data.customer.name,
      projectId: data.projectId,
      projectTitle: data.projectName,
      reportId: data.reportId,
      quoteId: null,
      invoiceDate,
      servicePeriodStart: data.periodStart,
      servicePeriodEnd: data.periodEnd,
      notes: `Rapport ${data.reportNumber}`,
      items,
    });
    this.logger.log({ msg: 'invoice created from report', reportId: data.reportId, invoiceId: id });
    return { invoiceId: id, created: true };
  }

  /** The answer of POST /reports/{id}/create-invoice. */
  async fromReportResponse(scope: TenantScope, invoiceId: string): Promise<CreateInvoiceFromReportResponse> {
    const row = await this.repo.row(this.dataSource.manager, scope, invoiceId);
    if (!row) throw InvoiceErrors.notFound();
    return { invoiceNumber: row.invoice_number, totalAmount: Number(row.total_amount), invoiceId: row.id };
  }

  /** Number and date of a company's invoice (POST /reports/{id}/create-invoice never re-dates one). */
  async numberAndDate(
    m: EntityManager,
    scope: TenantScope,
    invoiceId: string,
  ): Promise<{ invoiceNumber: string; invoiceDate: string }> {
    const row = await this.repo.row(m, scope, invoiceId);
    if (!row) throw InvoiceErrors.notFound();
    return { invoiceNumber: row.invoice_number, invoiceDate: row.invoice_date };
  }

  // ------------------------------------------------------------------------------------------

  private async requireCompany(m: EntityManager, scope: TenantScope): Promise<BillingCompany> {
    const company = await this.repo.company(m, scope.companyId);
    if (!company) throw InvoiceErrors.notFound();
    return company;
  }

  /** The lines of an accepted quote: its items, the discount and the travel allowance (also the whole of a final invoice). */
  quoteLines(quote: QuoteDto): InvoiceItemWrite[] {
    const lines: InvoiceItemWrite[] = quote.items.map((it) => ({
      type: it.type,
      title: it.title,
      description: it.description,
      quantity: it.quantity,
      unit: it.unit,
      unitPrice: it.unit_price,
      totalPrice: 0,
      vatRate: quote.vat_rate,
    }));
    if (quote.discount_amount > 0) {
      lines.push({
        type: 'other',
        title: `Rabatt ${quote.discount_percent} %`,
        description: null,
        quantity: 1,
        unit: 'Pauschale',
        unitPrice: -quote.discount_amount,
        totalPrice: 0,
        vatRate: quote.vat_rate,
      });
    }
    if (quote.travel_allowance > 0) {
      lines.push({
        type: 'travel',
        title: 'Reisepauschale',
        description: null,
        quantity: 1,
        unit: 'Pauschale',
        unitPrice: quote.travel_allowance,
        totalPrice: 0,
        vatRate: quote.vat_rate,
      });
    }
    return lines;
  }

  /** Numbers, totals (the one rule) and the ledger's `invoice` entry; also the stage invoices' way in (stages/). */
  async insertInvoice(
    m: EntityManager,
    scope: TenantScope,
    actorId: string | null,
    company: BillingCompany,
    input: {
      customerId: string;
      customerName: string;
      projectId: string | null;
      projectTitle: string | null;
      reportId: string | null;
      quoteId: string | null;
      invoiceDate: string | null;
      servicePeriodStart: string | null;
      servicePeriodEnd: string | null;
      notes: string | null;
      items: InvoiceItemWrite[];
    },
  ): Promise<string> {
    assertVatNumberForRates(
      company,
      input.items.map((it) => it.vatRate ?? company.vat_rate),
    );
    const invoiceDate = input.invoiceDate ?? localDate(company.timezone);
    const invoiceNumber = await this.repo.nextNumber(m, scope, invoiceDate.slice(0, 4));
    const totals = computeInvoiceTotals(input.items, company.vat_rate, company.currency);
    const refs = invoiceReferences(invoiceNumber);
    const inserted = await this.repo.insert(m, scope, {
      invoiceNumber,
      customerId: input.customerId,
      customerName: input.customerName,
      projectId: input.projectId,
      projectTitle: input.projectTitle,
      reportId: input.reportId,
      quoteId: input.quoteId,
      currency: company.currency,
      invoiceDate,
      dueDate: addDays(invoiceDate, company.payment_terms),
      servicePeriodStart: input.servicePeriodStart,
      servicePeriodEnd: input.servicePeriodEnd,
      vatRate: company.vat_rate,
      totals,
      qrrReference: refs.qrr,
      scorReference: refs.scor,
      notes: input.notes,
      createdBy: actorId,
      items: input.items.map((it, i) => ({
        ...it,
        totalPrice: totals.item_totals[i]!,
        vatRate: it.vatRate ?? company.vat_rate,
      })),
    });
    // The ledger's first entry: the invoiced total (a never-issued draft's entries go with it when deleted).
    const booked = await this.ledger.post(
      m,
      scope,
      actorId,
      [
        {
          invoiceId: inserted.id,
          type: 'invoice',
          date: invoiceDate,
          amountCents: Math.round(totals.total * 100),
          reference: invoiceNumber,
        },
      ],
      localDate(company.timezone),
    );
    const created = toInvoiceDto(booked.get(inserted.id)!);
    await enqueueEvent(m, {
      type: 'billing.invoice.created',
      companyId: scope.companyId,
      actorId,
      requestId: currentRequestId(),
      data: invoiceEventData(created),
    });
    return created.id;
  }

  private async write<T>(fn: (m: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.dataSource.transaction(fn);
    } catch (error) {
      const e = error as { driverError?: { code?: string; constraint?: string }; code?: string; constraint?: string };
      const d = e?.driverError ?? e;
      if (d?.code === '23505' && d.constraint === 'uq_invoices_company_number') throw InvoiceErrors.numberConflict();
      throw error;
    }
  }
}

/**
 * The lines of a signed report: labour per employee (hours × the employee's rate, else the
 * company's default rate), one surcharge line per kind (hours × rate × percent), materials
 * (quantity × unit price) and approved expenses at cost.
 */
export function reportLines(data: BillingReportSignedData, defaultHourlyRate: number): InvoiceItemWrite[] {
  const lines: InvoiceItemWrite[] = [];
  for (const l of data.labour) {
    const rate = l.hourlyRate ?? defaultHourlyRate;
    if (l.hours > 0) {
      lines.push({
        type: 'labor',
        title: `Arbeitszeit ${l.employeeName}`,
        description: null,
        quantity: round2(l.hours),
        unit: 'h',
        unitPrice: round2(rate),
        totalPrice: 0,
      });
    }
    for (const s of l.surcharges) {
      if (s.hours <= 0 || s.percent <= 0) continue;
      lines.push({
        type: 'surcharge',
        title: `${SURCHARGE_LABELS[s.kind] ?? 'Zuschlag'} ${s.percent} % ${l.employeeName}`,
        // precise mode: the exact minutes the line bills (its hours are them / 60, to 0.01 h)
        description: s.minutes !== undefined ? `${s.minutes} Min. ${SURCHARGE_WINDOWS[s.kind] ?? ''}`.trim() : null,
        quantity: round2(s.hours),
        unit: 'h',
        unitPrice: roundMoney((rate * s.percent) / 100),
        totalPrice: 0,
      });
    }
  }
  for (const mat of data.materials) {
    lines.push({
      type: 'material',
      title: mat.name,
      description: null,
      quantity: round2(mat.quantity),
      unit: mat.unit || 'Stk',
      unitPrice: round2(mat.unitPrice),
      totalPrice: 0,
    });
  }
  for (const e of data.expenses) {
    // Entered with VAT: invoiced at its net amount, no VAT on VAT; the line then carries the
    // invoice's rate like the service it belongs to (MWSTG art. 19 para. 4).
    const vatIncluded = e.vatIncluded === true && (e.vatRate ?? 0) > 0;
    lines.push({
      type: 'expense',
      title: e.description,
      description: vatIncluded
        ? `Spesen: ${EXPENSE_CATEGORY_LABELS[e.category] ?? e.category}, netto (Beleg ${round2(e.amount).toFixed(2)} inkl. ${e.vatRate} % MWST)`
        : `Spesen: ${EXPENSE_CATEGORY_LABELS[e.category] ?? e.category}`,
      quantity: 1,
      unit: 'Pauschale',
      unitPrice: round2(expenseNetAmount(e.amount, vatIncluded, e.vatRate ?? null)),
      totalPrice: 0,
    });
  }
  return lines;
}
