import { Injectable, Logger } from '@nestjs/common';
import {
  QUOTE_ACCEPTANCE_MESSAGES,
  type AcceptQuoteRequestParsed,
  type PublicQuoteDto,
  type QuoteAcceptanceResultResponse,
  type QuoteDto,
  type QuoteStatus,
} from '@zunft/contracts';
import { TenantScope, enqueueEvent, reencodeSignaturePng } from '@zunft/nest-common';
import { DataSource, type EntityManager } from 'typeorm';
import { QuoteErrors } from '../quotes.errors.js';
import { localDate } from '../../common/dates.js';
import { DirectoryService } from '../../directory/index.js';
import { DocumentQueues } from '../../queues/index.js';
import { hashAcceptanceToken, looksLikeAcceptanceToken } from './acceptance-token.js';
import { documentLanguage } from '../quote-document.builder.js';
import { quoteEventData } from '../quote-events.js';
import { answeredMail } from '../quote-mail.js';
import { QuotesRepository } from '../quotes.repository.js';

export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

/**
 * The customer's side of a sent quote, reached by the personal link only (no login). The token
 * (256 bit, stored as SHA-256) is the key and the company comes from the quote it finds. It works
 * while the quote is `sent` and `valid_until` has not passed (end of that day, company time zone);
 * once accepted or rejected it answers 410 'bereits beantwortet', after expiry 410 'abgelaufen',
 * unknown (or invalidated by editing the quote) 404.
 */
@Injectable()
export class QuoteAcceptanceService {
  private readonly logger = new Logger(QuoteAcceptanceService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: QuotesRepository,
    private readonly directory: DirectoryService,
    private readonly queues: DocumentQueues,
  ) {}

  async view(token: string): Promise<PublicQuoteDto> {
    const m = this.dataSource.manager;
    const { scope, quote } = await this.open(m, token, false);
    const company = await this.directory.company(m, scope.companyId);
    const customer = await this.directory.customer(m, scope, quote.customer_id);
    return {
      quote_number: quote.quote_number,
      title: quote.title,
      description: quote.description,
      status: quote.status,
      quote_date: quote.quote_date,
      valid_until: quote.valid_until,
      customer_name: quote.customer_name,
      company: {
        name: company?.name ?? '',
        address: company?.address ?? null,
        email: company?.email ?? null,
        phone: company?.phone ?? null,
        website: company?.website ?? null,
        logo_url: company?.logo_url ?? null,
      },
      language: documentLanguage(company, customer),
      items: quote.items.map(({ id: _id, material_id: _m, ...item }) => item),
      discount_percent: quote.discount_percent,
      travel_allowance: quote.travel_allowance,
      vat_rate: quote.vat_rate,
      subtotal: quote.subtotal,
      discount_amount: quote.discount_amount,
      net_amount: quote.net_amount,
      vat_amount: quote.vat_amount,
      total_before_rounding: quote.total_before_rounding,
      rounding: quote.rounding,
      total: quote.total,
      notes: quote.notes,
      terms_conditions: quote.terms_conditions,
    };
  }

  async accept(
    token: string,
    input: AcceptQuoteRequestParsed,
    origin: RequestOrigin,
  ): Promise<QuoteAcceptanceResultResponse> {
    // Header check (40 MP), then re-encoded (≤ 1200 px) off the request thread: the quote's PDF
    // only ever embeds the re-encoded signature.
    const png = await reencodeSignaturePng(input.signature);
    if (!png) throw QuoteErrors.signatureInvalid();
    const quote = await this.dataSource.transaction(async (m) => {
      const { scope, quote: q } = await this.open(m, token, true);
      const accepted = (await this.repo.markAccepted(m, scope, q.id, {
        name: input.name,
        email: input.email,
        signature: png,
        ip: origin.ip?.slice(0, 64) ?? null,
        userAgent: origin.userAgent?.slice(0, 500) ?? null,
      }))!;
      await enqueueEvent(m, {
        type: 'billing.quote.accepted',
        companyId: scope.companyId,
        actorId: null,
        data: { ...quoteEventData(accepted), acceptedByName: input.name, acceptedByEmail: input.email },
      });
      return { scope, quote: accepted };
    });
    await this.notifyCompany(quote.scope, quote.quote, true, { signerName: input.name });
    return { message: QUOTE_ACCEPTANCE_MESSAGES.accepted, status: 'accepted', quote_number: quote.quote.quote_number };
  }

  async reject(token: string, reason: string | null): Promise<QuoteAcceptanceResultResponse> {
    const quote = await this.dataSource.transaction(async (m) => {
      const { scope, quote: q } = await this.open(m, token, true);
      const rejected = (await this.repo.markRejected(m, scope, q.id, reason))!;
      await enqueueEvent(m, {
        type: 'billing.quote.rejected',
        companyId: scope.companyId,
        actorId: null,
        data: { ...quoteEventData(rejected), rejectionReason: reason },
      });
      return { scope, quote: rejected };
    });
    await this.notifyCompany(quote.scope, quote.quote, false, { reason });
    return { message: QUOTE_ACCEPTANCE_MESSAGES.rejected, status: 'rejected', quote_number: quote.quote.quote_number };
  }

  /** Finds the quote of a token and checks that it can still be answered (locked for writes). */
  private async open(m: EntityManager, token: string, lock: boolean): Promise<{ scope: TenantScope; quote: QuoteDto }> {
    if (!looksLikeAcceptanceToken(token)) throw QuoteErrors.linkNotFound();
    const found = await this.repo.findByTokenHash(m, hashAcceptanceToken(token), { lock });
    if (!found) throw QuoteErrors.linkNotFound();
    const scope = TenantScope.forSystem(found.company_id);
    const company = await this.directory.company(m, found.company_id);
    this.assertAnswerable(found.status, found.valid_until, localDate(company?.timezone));
    const quote = await this.repo.find(m, scope, found.id);
    if (!quote) throw QuoteErrors.linkNotFound();
    return { scope, quote };
  }

  private assertAnswerable(status: QuoteStatus, validUntil: string, today: string): void {
    if (status === 'accepted' || status === 'rejected') throw QuoteErrors.alreadyAnswered();
    if (status === 'expired' || validUntil < today) throw QuoteErrors.linkExpired();
    if (status !== 'sent') throw QuoteErrors.linkNotFound();
  }

  /** Best effort: tells the office by e-mail; the answer itself is already stored. */
  private async notifyCompany(
    scope: TenantScope,
    quote: QuoteDto,
    accepted: boolean,
    extra: { signerName?: string; reason?: string | null },
  ): Promise<void> {
    try {
      const company = await this.directory.company(this.dataSource.manager, scope.companyId);
      if (!company?.email) return;
      const mail = answeredMail({
        quoteNumber: quote.quote_number,
        title: quote.title,
        customerName: quote.customer_name,
        accepted,
        ...extra,
      });
      await this.queues.enqueueMail({
        companyId: scope.companyId,
        to: company.email,
        subject: mail.subject,
        text: mail.text,
        ref: `quote-answer:${quote.id}`,
      });
    } catch (error) {
      this.logger.warn({ msg: 'office notification not queued', quoteId: quote.id, error: (error as Error).message });
    }
  }
}
