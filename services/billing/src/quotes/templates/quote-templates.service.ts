import { Injectable } from '@nestjs/common';
import {
  computeQuoteTotals,
  defaultQuoteItemUnit,
  type CreateQuoteTemplateRequestParsed,
  type MessageResponse,
  type QuoteDto,
  type QuoteTemplateDto,
  type QuoteTemplatePayloadParsed,
} from '@zunft/contracts';
import { successMessage, TenantScope } from '@zunft/nest-common';
import { DataSource } from 'typeorm';
import type { Actor } from '../../common/actor.js';
import { QuoteErrors } from '../quotes.errors.js';
import { QuoteTemplatesRepository, type StoredTemplate, type TemplatePayload } from './quote-templates.repository.js';
import { MaterialOwnership } from '../material-ownership.js';
import { QuotesRepository } from '../quotes.repository.js';

function fromQuote(q: QuoteDto): TemplatePayload {
  return {
    title: q.title,
    description: q.description,
    discountPercent: q.discount_percent,
    travelAllowance: q.travel_allowance,
    vatRate: q.vat_rate,
    notes: q.notes,
    termsConditions: q.terms_conditions,
    items: q.items.map((it) => ({
      type: it.type,
      title: it.title,
      description: it.description,
      quantity: it.quantity,
      unit: it.unit,
      unitPrice: it.unit_price,
      materialId: it.material_id,
    })),
  };
}

function fromPayload(p: QuoteTemplatePayloadParsed): TemplatePayload {
  return {
    title: p.title ?? null,
    description: p.description ?? null,
    discountPercent: p.discountPercent,
    travelAllowance: p.travelAllowance,
    vatRate: p.vatRate,
    notes: p.notes ?? null,
    termsConditions: p.termsConditions ?? null,
    items: p.items.map((it) => ({
      type: it.type,
      title: it.title,
      description: it.description ?? null,
      quantity: it.quantity,
      unit: it.unit ?? defaultQuoteItemUnit(it.type),
      unitPrice: it.unitPrice,
      materialId: it.materialId ?? null,
    })),
  };
}

const toDto = (t: StoredTemplate): QuoteTemplateDto => ({
  ...t,
  item_count: t.payload.items.length,
  total: computeQuoteTotals(t.payload.items, t.payload.discountPercent, t.payload.travelAllowance, t.payload.vatRate)
    .total,
});

/**
 * Quote templates: a quote's content without customer and validity, saved under a name. Starting
 * a quote from one is done in the form (GET the template, fill the form with `payload`).
 */
@Injectable()
export class QuoteTemplatesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: QuoteTemplatesRepository,
    private readonly quotes: QuotesRepository,
    private readonly materials: MaterialOwnership,
  ) {}

  async list(actor: Actor, search: string | null): Promise<QuoteTemplateDto[]> {
    return (await this.repo.list(this.dataSource.manager, TenantScope.fromClaims(actor), search)).map(toDto);
  }

  async get(actor: Actor, id: string): Promise<QuoteTemplateDto> {
    const template = await this.repo.find(this.dataSource.manager, TenantScope.fromClaims(actor), id);
    if (!template) throw QuoteErrors.templateNotFound();
    return toDto(template);
  }

  async create(actor: Actor, input: CreateQuoteTemplateRequestParsed): Promise<QuoteTemplateDto> {
    const scope = TenantScope.fromClaims(actor);
    const m = this.dataSource.manager;
    let payload: TemplatePayload;
    if (input.fromQuoteId) {
      const quote = await this.quotes.find(m, scope, input.fromQuoteId);
      if (!quote) throw QuoteErrors.quoteNotFound();
      payload = fromQuote(quote);
    } else {
      payload = fromPayload(input.payload!);
      await this.materials.assertOwned(scope, payload.items);
    }
    const id = await this.repo.insert(m, scope, {
      name: input.name,
      description: input.description ?? null,
      payload,
      createdBy: actor.userId,
    });
    return toDto((await this.repo.find(m, scope, id))!);
  }

  async remove(actor: Actor, id: string): Promise<MessageResponse> {
    if (!(await this.repo.delete(this.dataSource.manager, TenantScope.fromClaims(actor), id))) {
      throw QuoteErrors.templateNotFound();
    }
    return { message: successMessage('success.quote_template_deleted') };
  }
}
