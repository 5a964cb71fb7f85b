import { Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import {
  RECORD_READ_ROLES,
  applyCreditRequestSchema,
  createInvoiceRequestSchema,
  invoiceListQuerySchema,
  invoiceNumberLogQuerySchema,
  invoiceReasonRequestSchema,
  invoiceStagesQuerySchema,
  refundRequestSchema,
  updateInvoicePaymentMethodRequestSchema,
  updateInvoiceStatusRequestSchema,
  uuidSchema,
  type AccessTokenClaims,
  type CreateInvoiceRequestParsed,
  type InvoiceListQueryParsed,
  type InvoiceStagesQuery,
} from '@zunft/contracts';
import {
  CurrentUser,
  LazyZodBody,
  Roles,
  TenantScope,
  ZodBody,
  ZodParam,
  ZodQuery,
  type LazyBody,
} from '@zunft/nest-common';
import type { z } from 'zod';
import { InvoiceDocumentBuilder } from './invoice-document.builder.js';
import { InvoicesService } from './invoices.service.js';
import { InvoiceStagesService } from './stages/invoice-stages.service.js';

/**
 * Invoices and their ledger; admin and backoffice only (part 2 §6). Routes with an id and a body
 * look the invoice up before they read the body (`@LazyZodBody`): another company's id answers 404
 * before a bad body 400 (issue 28). Payments and the bank file are
 * the payments module's (same URLs). The literal routes (`stats`, `number-log`, `credit-balances`)
 * are declared before `:id`.
 */
// The accountant (Treuhänder) reads these records; RolesGuard refuses their writes (issue 26).
@Roles(...RECORD_READ_ROLES)
@Controller('invoices')
export class InvoicesController {
  constructor(
    private readonly invoices: InvoicesService,
    private readonly documents: InvoiceDocumentBuilder,
    private readonly stages: InvoiceStagesService,
  ) {}

  @Get()
  list(@CurrentUser() user: AccessTokenClaims, @ZodQuery(invoiceListQuerySchema) query: InvoiceListQueryParsed) {
    return this.invoices.list(user, query);
  }

  @Get('stats')
  stats(@CurrentUser() user: AccessTokenClaims) {
    return this.invoices.stats(user);
  }

  @Post()
  async create(
    @CurrentUser() user: AccessTokenClaims,
    @ZodBody(createInvoiceRequestSchema) body: CreateInvoiceRequestParsed,
  ) {
    // Down-payment, partial and final invoices of a quote or project (issue 22).
    if (body.kind !== 'invoice') return this.stages.create(user, body);
    if (body.quoteId) await this.stages.assertNoStages(user, body.quoteId);
    return this.invoices.create(user, body);
  }

  /** ?quoteId= or ?projectId=: what is invoiced in stages and what is open. */
  @Get('stages')
  stageSummary(@CurrentUser() user: AccessTokenClaims, @ZodQuery(invoiceStagesQuerySchema) query: InvoiceStagesQuery) {
    return this.stages.summary(user, query);
  }

  /** ?year=YYYY: every invoice number of the year with its fate (issued, draft, deleted draft). */
  @Get('number-log')
  numberLog(
    @CurrentUser() user: AccessTokenClaims,
    @ZodQuery(invoiceNumberLogQuerySchema) query: z.output<typeof invoiceNumberLogQuerySchema>,
  ) {
    return this.invoices.numberLog(user, query.year);
  }

  /** Invoices paid beyond what was owed, with the excess not yet refunded. */
  @Get('credit-balances')
  creditBalances(@CurrentUser() user: AccessTokenClaims) {
    return this.invoices.creditBalances(user);
  }

  /** The invoice with `qr_warnings`: where its QR bill differs from what was typed (issue 23). */
  @Get(':id')
  async get(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    const invoice = await this.invoices.detail(user, id);
    return { ...invoice, qr_warnings: await this.documents.qrWarnings(TenantScope.fromClaims(user), invoice) };
  }

  @Delete(':id')
  remove(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.invoices.remove(user, id);
  }

  /** application/pdf, attachment `Rechnung-<number>.pdf`, ending with the QR bill; 400 when IBAN or an address is missing. */
  @Get(':id/download')
  download(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.invoices.download(user, id);
  }

  /** E-mails the PDF to the customer (draft → sent). */
  @Post(':id/send')
  @HttpCode(200)
  send(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.invoices.send(user, id);
  }

  @Put(':id/status')
  async setStatus(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @LazyZodBody(updateInvoiceStatusRequestSchema) body: LazyBody<z.output<typeof updateInvoiceStatusRequestSchema>>,
  ) {
    await this.invoices.get(user, id);
    await this.invoices.setStatus(user, id, body.value().status);
    return this.invoices.detail(user, id);
  }

  @Put(':id/payment-method')
  async setPaymentMethod(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @LazyZodBody(updateInvoicePaymentMethodRequestSchema)
    body: LazyBody<z.output<typeof updateInvoicePaymentMethodRequestSchema>>,
  ) {
    await this.invoices.get(user, id);
    await this.invoices.setPaymentMethod(user, id, body.value().paymentMethod);
    return this.invoices.detail(user, id);
  }

  /** Every movement of the invoice's money (oldest first, running balance) and the sums. */
  @Get(':id/ledger')
  ledger(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.invoices.ledgerOf(user, id);
  }

  /** Pays back (part of) the credit balance. */
  @Post(':id/refund')
  @HttpCode(200)
  async refund(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @LazyZodBody(refundRequestSchema) body: LazyBody<z.output<typeof refundRequestSchema>>,
  ) {
    await this.invoices.get(user, id);
    return this.invoices.refund(user, id, body.value());
  }

  /** `{ targetInvoiceId, amount }`: the credit balance used on another open invoice of the same customer. */
  @Post(':id/apply-credit')
  @HttpCode(200)
  async applyCredit(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @LazyZodBody(applyCreditRequestSchema) body: LazyBody<z.output<typeof applyCreditRequestSchema>>,
  ) {
    await this.invoices.get(user, id);
    return this.invoices.applyCredit(user, id, body.value());
  }

  /** `{ reason }`: the open amount booked as a loss; status `written_off`. */
  @Post(':id/write-off')
  @HttpCode(200)
  async writeOff(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @LazyZodBody(invoiceReasonRequestSchema) body: LazyBody<z.output<typeof invoiceReasonRequestSchema>>,
  ) {
    await this.invoices.get(user, id);
    return this.invoices.writeOff(user, id, body.value().reason);
  }
}
