import { Inject, Injectable, Logger, StreamableFile } from '@nestjs/common';
import {
  computeQuoteTotals,
  defaultQuoteItemUnit,
  type CreateProjectFromQuoteResponse,
  type MessageResponse,
  type PaginatedResponse,
  type QuoteDto,
  type QuoteListQueryParsed,
  type QuoteRequestParsed,
  type QuoteStatsDto,
  type SendQuoteResponse,
} from '@zunft/contracts';
import { currentRequestId, enqueueEvent, successMessage, TenantScope } from '@zunft/nest-common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Actor } from '../common/actor.js';
import { isUniqueViolation } from '../common/database-errors.js';
import { QuoteErrors } from './quotes.errors.js';
import { localDate } from '../common/dates.js';
import { BILLING_CONFIG } from '../config/billing-config.module.js';
import type { BillingConfig } from '../config/billing.config.js';
import { billingParties, DirectoryService } from '../directory/index.js';
import { DocumentQueues } from '../queues/index.js';
import { assertVatNumberForRates } from '../settings/index.js';
import { newAcceptanceToken } from './acceptance/acceptance-token.js';
import { MaterialOwnership } from './material-ownership.js';
import { QuoteDocumentBuilder, documentLanguage } from './quote-document.builder.js';
import { quoteEventData } from './quote-events.js';
import { quoteMail } from './quote-mail.js';
import { QuotesRepository, toQuoteDto, type QuoteWrite } from './quotes.repository.js';

/** `Angebot-A-2026-0001.pdf` */
export const quotePdfName = (quoteNumber: string) => `Angebot-${quoteNumber.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`;

/**
 * Quotes (Angebote) for the office (admin and backoffice; the controller enforces the roles).
 * Totals are always computed here with the spec's formula. Numbers A-<year>-0001 per company and
 * year. A draft is sent once (PDF + personal acceptance link by e-mail); accepted quotes can be
 * neither changed nor deleted; editing a sent/rejected/expired quote makes it a draft again.
 */
@Injectable()
export class QuotesService {
  private readonly logger = new Logger(QuotesService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: QuotesRepository,
    private readonly directory: DirectoryService,
    private readonly documents: QuoteDocumentBuilder,
    private readonly queues: DocumentQueues,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    private readonly materials: MaterialOwnership,
  ) {}

  /**
   * The daily expiry (the `quotes.expire-overdue` daily task, inside its transaction): every SENT
   * quote whose valid_until lies before `today` (yyyy-MM-dd, Europe/Zurich) becomes `expired`, and
   * billing.quote.expired is written to the outbox in the same transaction. Drafts do not expire:
   * they are the office's work in progress, cannot be answered, and sending one with a past date is
   * refused. Accepted and rejected quotes are final. Safe to repeat (an expired quote is not touched
   * again). Returns the number of quotes expired. The acceptance link stops working at the end of
   * the valid_until day even before this runs (checked on every use).
   */
  async expireOverdue(manager: EntityManager, today: string): Promise<number> {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error(`expireOverdue: invalid day "${today}"`);
    const expired = await this.repo.expireOverdue(manager, today);
    for (const row of expired) {
      await enqueueEvent(manager, {
        type: 'billing.quote.expired',
        companyId: row.company_id,
        actorId: null,
        data: quoteEventData(toQuoteDto(row, [])),
      });
    }
    return expired.length;
  }

  /** The whole list as an array, or with `page`, `pageSize` or `cursor` one page of it. */
  list(actor: Actor, query: QuoteListQueryParsed): Promise<QuoteDto[] | PaginatedResponse<QuoteDto>> {
    return this.repo.list(this.dataSource.manager, TenantScope.fromClaims(actor), query);
  }

  stats(actor: Actor): Promise<QuoteStatsDto> {
    return this.repo.stats(this.dataSource.manager, TenantScope.fromClaims(actor));
  }

  async get(actor: Actor, id: string): Promise<QuoteDto> {
    const quote = await this.repo.find(this.dataSource.manager, TenantScope.fromClaims(actor), id);
    if (!quote) throw QuoteErrors.quoteNotFound();
    return quote;
  }

  async create(actor: Actor, input: QuoteRequestParsed): Promise<QuoteDto> {
    const scope = TenantScope.fromClaims(actor);
    await this.materials.assertOwned(scope, input.items);
    return this.write(async (m) => {
      const write = await this.prepare(m, scope, input, null);
      const company = await this.directory.company(m, scope.companyId);
      const quoteDate = localDate(company?.timezone);
      const quoteNumber = await this.repo.nextNumber(m, scope, quoteDate.slice(0, 4));
      const quote = await this.repo.insert(m, scope, { ...write, quoteNumber, quoteDate, createdBy: actor.userId });
      await this.publish(m, actor, 'billing.quote.created', quote);
      return quote;
    });
  }

  async update(actor: Actor, id: string, input: QuoteRequestParsed): Promise<QuoteDto> {
    const scope = TenantScope.fromClaims(actor);
    await this.materials.assertOwned(scope, input.items);
    return this.write(async (m) => {
      const current = await this.repo.lock(m, scope, id);
      if (!current) throw QuoteErrors.quoteNotFound();
      if (current.status === 'accepted') throw QuoteErrors.acceptedNotEditable();
      const write = await this.prepare(m, scope, input, current.customer_id);
      const quote = await this.repo.update(m, scope, id, write);
      await this.publish(m, actor, 'billing.quote.updated', quote);
      return quote;
    });
  }

  async remove(actor: Actor, id: string): Promise<MessageResponse> {
    const scope = TenantScope.fromClaims(actor);
    await this.dataSource.transaction(async (m) => {
      const current = await this.repo.lock(m, scope, id);
      if (!current) throw QuoteErrors.quoteNotFound();
      if (current.status === 'accepted') throw QuoteErrors.acceptedNotDeletable();
      await this.repo.delete(m, scope, id);
      await enqueueEvent(m, {
        type: 'billing.quote.deleted',
        companyId: actor.companyId,
        actorId: actor.userId,
        requestId: currentRequestId(),
        data: { quoteId: id, quoteNumber: current.quote_number },
      });
    });
    return { message: successMessage('success.quote_deleted') };
  }

  /** The quote as PDF (rendered by the billing worker; 503 when it does not answer in time). */
  async pdf(actor: Actor, id: string): Promise<StreamableFile> {
    const scope = TenantScope.fromClaims(actor);
    const quote = await this.get(actor, id);
    const document = await this.documents.build(scope, quote);
    const { pdf } = await this.queues.renderPdf(
      { kind: 'quote', document },
      { companyId: scope.companyId, timeoutMs: this.config.pdfTimeoutMs },
    );
    return new StreamableFile(pdf, {
      type: 'application/pdf',
      length: pdf.length,
      disposition: `attachment; filename="${quotePdfName(quote.quote_number)}"`,
    });
  }

  /** The customer's signature (PNG) of an accepted quote. */
  async signature(actor: Actor, id: string): Promise<StreamableFile> {
    const scope = TenantScope.fromClaims(actor);
    await this.get(actor, id);
    const png = await this.repo.signature(this.dataSource.manager, scope, id);
    if (!png) throw QuoteErrors.signatureNotFound();
    return new StreamableFile(png, { type: 'image/png', length: png.length, disposition: 'inline' });
  }

  /**
   * Sends a draft: renders the PDF, then in one transaction marks it sent with a new acceptance
   * token, writes billing.quote.sent and, as the last step, queues the e-mail (PDF + personal
   * link). If the mail cannot be queued the transaction rolls back and the quote stays a draft.
   */
  async send(actor: Actor, id: string): Promise<SendQuoteResponse> {
    const scope = TenantScope.fromClaims(actor);
    const m0 = this.dataSource.manager;
    const quote = await this.get(actor, id);
    if (quote.status !== 'draft') throw QuoteErrors.onlyDraftsSendable();
    const [company, customer] = await Promise.all([
      this.directory.company(m0, scope.companyId),
      this.directory.customer(m0, scope, quote.customer_id),
    ]);
    const to = customer?.email;
    if (!customer || !to) throw QuoteErrors.customerWithoutEmail();
    if (quote.valid_until < localDate(company?.timezone)) throw QuoteErrors.validUntilPassed();

    const document = await this.documents.build(scope, quote, 'sent');
    const { pdf } = await this.queues.renderPdf(
      { kind: 'quote', document },
      { companyId: scope.companyId, timeoutMs: this.config.pdfTimeoutMs },
    );
    const { token, hash } = newAcceptanceToken();
    const acceptanceUrl = `${this.config.publicUrl}/quote-acceptance/${token}`;
    const mail = quoteMail({
      language: documentLanguage(company, customer),
      companyName: company?.name || '',
      recipientName: customer.contact_person || quote.customer_name,
      quoteNumber: quote.quote_number,
      title: quote.title,
      total: quote.total,
      validUntil: quote.valid_until,
      acceptanceUrl,
    });

    const sent = await this.dataSource.transaction(async (m) => {
      const current = await this.repo.lock(m, scope, id);
      if (!current) throw QuoteErrors.quoteNotFound();
      if (current.status !== 'draft') throw QuoteErrors.onlyDraftsSendable();
      // Edited by someone else while the PDF was rendered: the mail would carry the old content
      // while the link accepts the new one.
      if (new Date(current.updated_at).getTime() !== new Date(quote.updated_at).getTime()) {
        throw QuoteErrors.changedWhileSending();
      }
      const updated = (await this.repo.markSent(m, scope, id, { sentTo: to, tokenHash: hash }))!;
      await enqueueEvent(m, {
        type: 'billing.quote.sent',
        companyId: actor.companyId,
        actorId: actor.userId,
        requestId: currentRequestId(),
        data: { ...quoteEventData(updated), sentTo: to },
      });
      await this.queues.enqueueMail({
        companyId: actor.companyId,
        to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: [
          {
            filename: quotePdfName(quote.quote_number),
            contentBase64: pdf.toString('base64'),
            contentType: 'application/pdf',
          },
        ],
        ref: `quote:${id}`,
      });
      return updated;
    });
    this.logger.log({ msg: 'quote sent', quoteId: id, quoteNumber: sent.quote_number });
    return {
      message: successMessage('success.quote_sent', { customer: sent.customer_name }),
      sent_to: to,
      quote: sent,
    };
  }

  /** Asks operations to create a project from an accepted quote (once); answered 202. */
  async createProject(actor: Actor, id: string): Promise<CreateProjectFromQuoteResponse> {
    const scope = TenantScope.fromClaims(actor);
    const quote = await this.dataSource.transaction(async (m) => {
      const current = await this.repo.lock(m, scope, id);
      if (!current) throw QuoteErrors.quoteNotFound();
      if (current.status !== 'accepted') throw QuoteErrors.onlyAcceptedToProject();
      if (current.project_id || current.project_requested_at) throw QuoteErrors.projectAlreadyRequested();
      const q = (await this.repo.markProjectRequested(m, scope, id))!;
      await enqueueEvent(m, {
        type: 'billing.quote.project-requested',
        companyId: actor.companyId,
        actorId: actor.userId,
        requestId: currentRequestId(),
        data: {
          quoteId: q.id,
          quoteNumber: q.quote_number,
          customerId: q.customer_id,
          title: q.title,
          description: q.description,
          requestedBy: actor.userId,
        },
      });
      return q;
    });
    return { message: successMessage('success.quote_project_pending'), quote };
  }

  // ------------------------------------------------------------------------------------------

  /** Checks the customer and computes the totals. `keepCustomerId`: may stay even if deleted since. */
  private async prepare(
    m: EntityManager,
    scope: TenantScope,
    input: QuoteRequestParsed,
    keepCustomerId: string | null,
  ): Promise<QuoteWrite> {
    const { customer } = await billingParties(
      this.directory,
      m,
      scope,
      { customerId: input.customerId, keepCustomerId },
      QuoteErrors,
    );
    assertVatNumberForRates(await this.directory.company(m, scope.companyId), [input.vatRate]);
    const totals = computeQuoteTotals(input.items, input.discountPercent, input.travelAllowance, input.vatRate);
    return {
      customerId: customer.id,
      customerName: customer.name,
      title: input.title,
      description: input.description ?? null,
      validUntil: input.validUntil,
      discountPercent: input.discountPercent,
      travelAllowance: input.travelAllowance,
      vatRate: input.vatRate,
      notes: input.notes ?? null,
      termsConditions: input.termsConditions ?? null,
      totals,
      items: input.items.map((it, i) => ({
        type: it.type,
        title: it.title,
        description: it.description ?? null,
        quantity: it.quantity,
        unit: it.unit ?? defaultQuoteItemUnit(it.type),
        unitPrice: it.unitPrice,
        totalPrice: totals.item_totals[i]!,
        materialId: it.materialId ?? null,
      })),
    };
  }

  private async write<T>(fn: (m: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.dataSource.transaction(fn);
    } catch (error) {
      // Practically impossible (the counter row serialises numbering); answered as a retryable conflict.
      if (isUniqueViolation(error, 'uq_quotes_company_number')) {
        throw QuoteErrors.numberConflict();
      }
      throw error;
    }
  }

  private publish(
    m: EntityManager,
    actor: Actor,
    type: 'billing.quote.created' | 'billing.quote.updated',
    q: QuoteDto,
  ) {
    return enqueueEvent(m, {
      type,
      companyId: actor.companyId,
      actorId: actor.userId,
      requestId: currentRequestId(),
      data: quoteEventData(q),
    });
  }
}
