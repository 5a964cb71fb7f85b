import { Injectable } from '@nestjs/common';
import type { Language, QuoteDocument, QuoteDto, QuoteStatus } from '@zunft/contracts';
import { SIGNATURE_MAX_SIDE, readImageHeader, reencodeImage, type TenantScope } from '@zunft/nest-common';
import { DataSource } from 'typeorm';
import { CompanyLogoService, DirectoryService, type CompanyInfo, type CustomerInfo } from '../directory/index.js';
import { QuotesRepository } from './quotes.repository.js';

export interface QuoteDocumentInput {
  quote: QuoteDto;
  /** Status to print (send renders the PDF before the row says 'sent'). */
  status?: QuoteStatus;
  company: CompanyInfo | null;
  customer: CustomerInfo | null;
  logoDataUrl: string | null;
  signaturePng: Buffer | null;
}

const lines = (...parts: Array<string | null | undefined>) =>
  parts
    .map((p) => p?.trim())
    .filter((p): p is string => Boolean(p))
    .join('\n');

/** The customer's language, else the company's, else German. */
export function documentLanguage(company: CompanyInfo | null, customer: CustomerInfo | null): Language {
  return customer?.language ?? company?.language ?? 'de';
}

/** Everything the PDF shows, already calculated (pure; the worker only lays it out). */
export function buildQuoteDocument(input: QuoteDocumentInput): QuoteDocument {
  const { quote, company, customer } = input;
  const cityLine = lines([customer?.zip, customer?.city].filter(Boolean).join(' '));
  return {
    language: documentLanguage(company, customer),
    company: {
      name: company?.name || '',
      address: company?.address ?? '',
      email: company?.email ?? null,
      phone: company?.phone ?? null,
      website: company?.website ?? null,
      vat_number: company?.vat_number ?? null,
      iban: company?.company_iban ?? null,
      logo_data_url: input.logoDataUrl,
    },
    customer: {
      name: quote.customer_name,
      address: lines(customer?.contact_person, customer?.address, cityLine),
      email: customer?.email ?? null,
      language: documentLanguage(company, customer),
    },
    quote: {
      number: quote.quote_number,
      title: quote.title,
      description: quote.description,
      date: quote.quote_date,
      valid_until: quote.valid_until,
      status: input.status ?? quote.status,
      notes: quote.notes,
      terms_conditions: quote.terms_conditions,
      items: quote.items.map((it) => ({
        type: it.type,
        title: it.title,
        description: it.description,
        quantity: it.quantity,
        unit: it.unit,
        unit_price: it.unit_price,
        total_price: it.total_price,
      })),
      subtotal: quote.subtotal,
      discount_percent: quote.discount_percent,
      discount_amount: quote.discount_amount,
      travel_allowance: quote.travel_allowance,
      net_amount: quote.net_amount,
      vat_rate: quote.vat_rate,
      vat_amount: quote.vat_amount,
      total_before_rounding: quote.total_before_rounding,
      rounding: quote.rounding,
      total: quote.total,
      currency: 'CHF',
    },
    signature:
      quote.status === 'accepted' && quote.accepted_at
        ? {
            name: quote.accepted_by_name ?? '',
            email: quote.accepted_by_email,
            signed_at: quote.accepted_at,
            image_data_url: input.signaturePng
              ? `data:image/png;base64,${input.signaturePng.toString('base64')}`
              : null,
          }
        : null,
  };
}

/** Loads company, customer, logo and signature for a quote and builds its document. */
@Injectable()
export class QuoteDocumentBuilder {
  constructor(
    private readonly dataSource: DataSource,
    private readonly directory: DirectoryService,
    private readonly quotes: QuotesRepository,
    private readonly logos: CompanyLogoService,
  ) {}

  async build(scope: TenantScope, quote: QuoteDto, status?: QuoteStatus): Promise<QuoteDocument> {
    const m = this.dataSource.manager;
    const company = await this.directory.company(m, scope.companyId);
    const customer = await this.directory.customer(m, scope, quote.customer_id);
    const logoDataUrl = await this.logos.dataUrl(scope.companyId, company?.logo_url ?? null);
    const stored = quote.has_signature ? await this.quotes.signature(m, scope, quote.id) : null;
    const signaturePng = stored ? await printableSignature(stored) : null;
    return buildQuoteDocument({ quote, status, company, customer, logoDataUrl, signaturePng });
  }
}

/**
 * Signatures accepted since issue 25 are stored re-encoded (≤ 1200 px) and pass as they are (the
 * header is read only); one stored before as it came is re-encoded here, and one over 40 MP (an
 * image bomb) or undecodable is left out of the PDF (name, e-mail and time still printed).
 */
async function printableSignature(png: Buffer): Promise<Buffer | null> {
  try {
    const header = await readImageHeader(png);
    if (!header) return null;
    if (header.format === 'png' && Math.max(header.width, header.height) <= SIGNATURE_MAX_SIDE) return png;
    return (await reencodeImage(png, { maxSide: SIGNATURE_MAX_SIDE, format: 'png' }))?.data ?? null;
  } catch {
    return null;
  }
}
