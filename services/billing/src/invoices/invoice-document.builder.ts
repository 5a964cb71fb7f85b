import { Injectable } from '@nestjs/common';
import type {
  CreditNoteDocument,
  CreditNoteDto,
  InvoiceDto,
  DocumentCompany,
  DocumentCustomer,
  InvoiceDetailDto,
  InvoiceDocument,
  Language,
  QrBillData,
  QrWarning,
  ReminderDocument,
} from '@zunft/contracts';
import type { TenantScope } from '@zunft/nest-common';
import { DataSource } from 'typeorm';
import { CompanyLogoService, DirectoryService, type CustomerInfo } from '../directory/index.js';
import type { ReminderAmounts } from '../reminders/reminder-amounts.js';
import { InvoiceErrors } from './invoices.errors.js';
import { InvoicesRepository, type BillingCompany } from './invoices.repository.js';
import { missingQrBillSettings, poBoxLine, qrBillFor, type QrBillResult } from './qr-bill-readiness.js';

const lines = (...parts: Array<string | null | undefined>) =>
  parts
    .map((p) => p?.trim())
    .filter((p): p is string => Boolean(p))
    .join('\n');

export interface InvoiceContext {
  company: BillingCompany;
  customer: CustomerInfo | null;
  language: Language;
  logoDataUrl: string | null;
}

/**
 * Builds the invoice and reminder documents (with the QR bill data) from the stored invoice, the
 * company's settings and the customer. Missing IBAN or structured addresses → German 400 naming them.
 */
@Injectable()
export class InvoiceDocumentBuilder {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: InvoicesRepository,
    private readonly directory: DirectoryService,
    private readonly logos: CompanyLogoService,
  ) {}

  /** Company, customer and logo; throws the 400 when the QR bill cannot be made. */
  async context(scope: TenantScope, customerId: string): Promise<InvoiceContext> {
    const m = this.dataSource.manager;
    const company = await this.repo.company(m, scope.companyId);
    const customer = await this.directory.customer(m, scope, customerId);
    const missing = missingQrBillSettings(company, customer);
    if (missing.length > 0 || !company) throw InvoiceErrors.missingSettings(missing);
    const logoDataUrl = await this.logos.dataUrl(scope.companyId, company.logo_url ?? null);
    return { company, customer, language: customer?.language ?? company.language ?? 'de', logoDataUrl };
  }

  invoiceDocument(ctx: InvoiceContext, invoice: InvoiceDetailDto): InvoiceDocument {
    const { company, customer } = ctx;
    return {
      language: ctx.language,
      company: documentCompany(ctx),
      customer: documentCustomer(ctx, invoice.customer_name),
      invoice: {
        number: invoice.invoice_number,
        date: invoice.invoice_date,
        due_date: invoice.due_date,
        service_period_start: invoice.service_period_start,
        service_period_end: invoice.service_period_end,
        project_title: invoice.project_title,
        currency: invoice.currency,
        company_place: lines([company.zip, company.city].filter(Boolean).join(' ')),
        customer_place: lines([customer?.zip, customer?.city].filter(Boolean).join(' ')),
        notes: invoice.notes,
        payment_terms_days: Math.max(
          0,
          Math.round((Date.parse(invoice.due_date) - Date.parse(invoice.invoice_date)) / 86_400_000),
        ),
        ...(invoice.issued_at ? {} : { draft: true }),
        ...(invoice.kind && invoice.kind !== 'invoice' ? { kind: invoice.kind } : {}),
      },
      lines: invoice.items.map((it) => ({
        title: it.title,
        description: it.description,
        quantity: it.quantity,
        unit: it.unit,
        unit_price: it.unit_price,
        total_price: it.total_price,
      })),
      totals: {
        subtotal: invoice.subtotal,
        vat_rate: invoice.vat_rate,
        vat_amount: invoice.vat_amount,
        vat_breakdown: invoice.vat_breakdown ?? [],
        rounding: invoice.rounding,
        total: invoice.total_amount,
        paid: invoice.paid_amount,
      },
      qr_bill: this.qrBill(ctx, invoice, invoice.open_amount).data,
    };
  }

  /**
   * The credit note PDF's document: company, customer (its language) and the note; no QR bill, so
   * no IBAN or structured address is needed.
   */
  async creditNoteDocument(scope: TenantScope, invoice: InvoiceDto, note: CreditNoteDto): Promise<CreditNoteDocument> {
    const m = this.dataSource.manager;
    const company = await this.repo.company(m, scope.companyId);
    if (!company) throw InvoiceErrors.notFound();
    const customer = await this.directory.customer(m, scope, invoice.customer_id);
    const logoDataUrl = await this.logos.dataUrl(scope.companyId, company.logo_url ?? null);
    const ctx: InvoiceContext = {
      company,
      customer,
      language: customer?.language ?? company.language ?? 'de',
      logoDataUrl,
    };
    return {
      language: ctx.language,
      company: documentCompany(ctx),
      customer: documentCustomer(ctx, invoice.customer_name),
      credit_note: {
        number: note.credit_note_number,
        date: note.credit_date,
        reason: note.reason,
        currency: invoice.currency,
        invoice_number: invoice.invoice_number,
        invoice_date: invoice.invoice_date,
      },
      lines: note.items,
      vat_breakdown: note.vat_breakdown,
      totals: { net: note.net, vat: note.vat_amount, total: note.total },
    };
  }

  reminderDocument(
    ctx: InvoiceContext,
    invoice: InvoiceDetailDto,
    reminder: { level: number; date: string; due_date: string; notes: string | null },
    amounts: ReminderAmounts,
  ): ReminderDocument {
    return {
      language: ctx.language,
      company: documentCompany(ctx),
      customer: documentCustomer(ctx, invoice.customer_name),
      reminder,
      invoice: {
        number: invoice.invoice_number,
        date: invoice.invoice_date,
        due_date: invoice.due_date,
        total: invoice.total_amount,
        paid: invoice.paid_amount,
        currency: invoice.currency,
      },
      amounts: {
        ...amounts,
        interest_rate: ctx.company.default_interest_rate,
        total: amounts.total_amount,
      },
      qr_bill: this.payableQrBill(ctx, invoice, amounts.total_amount),
    };
  }

  /**
   * The QR bill (qr-bill-readiness.ts): the invoice's reference (QRR for a QR-IBAN, else SCOR), texts
   * in the QR character set, the message in the customer's language, Swico S1; `data` null for an
   * amount of 0.00 or less. `warnings`: fields changed for the QR code (GET /invoices/{id}).
   */
  qrBill(ctx: InvoiceContext, invoice: InvoiceDetailDto, amount: number): QrBillResult {
    return qrBillFor({ company: ctx.company, customer: ctx.customer, language: ctx.language, invoice, amount });
  }

  /** A reminder always asks for money: its QR bill is never absent. */
  private payableQrBill(ctx: InvoiceContext, invoice: InvoiceDetailDto, amount: number): QrBillData {
    const { data } = this.qrBill(ctx, invoice, amount);
    if (!data) throw new Error(`Mahnung ohne offenen Betrag: ${invoice.invoice_number}`);
    return data;
  }

  /**
   * The QR warnings of GET /invoices/{id}: empty while settings are missing (the answer's
   * `missing_settings` says so) or when the bill cannot be made (the 400 comes when sending).
   */
  async qrWarnings(scope: TenantScope, invoice: InvoiceDetailDto): Promise<QrWarning[]> {
    const m = this.dataSource.manager;
    const company = await this.repo.company(m, scope.companyId);
    const customer = await this.directory.customer(m, scope, invoice.customer_id);
    if (!company || missingQrBillSettings(company, customer).length > 0) return [];
    const language = customer?.language ?? company.language ?? 'de';
    try {
      return qrBillFor({ company, customer, language, invoice, amount: invoice.open_amount }).warnings;
    } catch {
      return [];
    }
  }
}

function documentCompany(ctx: InvoiceContext): DocumentCompany {
  const c = ctx.company;
  const streetLine = [c.street, c.house_number].filter(Boolean).join(' ');
  return {
    name: c.name,
    address: lines(streetLine, [c.zip, c.city].filter(Boolean).join(' ')) || (c.address ?? ''),
    email: c.email,
    phone: c.phone,
    website: c.website,
    vat_number: c.vat_number,
    iban: c.company_iban,
    logo_data_url: ctx.logoDataUrl,
  };
}

function documentCustomer(ctx: InvoiceContext, name: string): DocumentCustomer {
  const c = ctx.customer;
  return {
    name,
    address: lines(
      c?.contact_person,
      c?.address,
      c?.po_box?.trim() ? poBoxLine(c.po_box, ctx.language) : null,
      [c?.zip, c?.city].filter(Boolean).join(' '),
    ),
    email: c?.email ?? null,
    language: ctx.language,
  };
}
