import { Controller, Delete, Get, HttpCode, Post, Put, UploadedFile, UseInterceptors } from '@nestjs/common';
import {
  createInvoiceRequestSchema,
  createPaymentRequestSchema,
  invoiceListQuerySchema,
  markPaidRequestSchema,
  updateInvoicePaymentMethodRequestSchema,
  updateInvoiceStatusRequestSchema,
  uuidSchema,
  type AccessTokenClaims,
  type CreateInvoiceRequestParsed,
  type InvoiceListQueryParsed,
} from '@zunft/contracts';
import { CurrentUser, Roles, ZodBody, ZodParam, ZodQuery } from '@zunft/nest-common';
import type { z } from 'zod';
import { CamtImportService } from '../payments/camt-import.service.js';
import { CamtUploadInterceptor, type UploadedCamtFile } from '../payments/camt-upload.interceptor.js';
import { InvoicesService } from './invoices.service.js';

/**
 * Invoices, their payments and the bank-file import; admin and backoffice only (part 2 §6).
 * The literal routes (`stats`, `payments/import`) are declared before `:id`.
 */
@Roles('admin', 'backoffice')
@Controller('invoices')
export class InvoicesController {
  constructor(
    private readonly invoices: InvoicesService,
    private readonly camt: CamtImportService,
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
  create(
    @CurrentUser() user: AccessTokenClaims,
    @ZodBody(createInvoiceRequestSchema) body: CreateInvoiceRequestParsed,
  ) {
    return this.invoices.create(user, body);
  }

  /** multipart/form-data, field `file`: an ISO 20022 camt.054 file (.001.04 or .001.08). */
  @Post('payments/import')
  @HttpCode(200)
  @UseInterceptors(CamtUploadInterceptor)
  importPayments(@CurrentUser() user: AccessTokenClaims, @UploadedFile() file: UploadedCamtFile | undefined) {
    return this.camt.import(user, file);
  }

  @Get(':id')
  get(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.invoices.detail(user, id);
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
    @ZodBody(updateInvoiceStatusRequestSchema) body: z.output<typeof updateInvoiceStatusRequestSchema>,
  ) {
    await this.invoices.setStatus(user, id, body.status);
    return this.invoices.detail(user, id);
  }

  @Put(':id/payment-method')
  async setPaymentMethod(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @ZodBody(updateInvoicePaymentMethodRequestSchema) body: z.output<typeof updateInvoicePaymentMethodRequestSchema>,
  ) {
    await this.invoices.setPaymentMethod(user, id, body.paymentMethod);
    return this.invoices.detail(user, id);
  }

  @Get(':id/payments')
  payments(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.invoices.payments(user, id);
  }

  @Post(':id/payments')
  addPayment(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @ZodBody(createPaymentRequestSchema) body: z.output<typeof createPaymentRequestSchema>,
  ) {
    return this.invoices.addPayment(user, id, body);
  }

  /** 'Als bezahlt markieren': records the open amount. */
  @Post(':id/mark-paid')
  @HttpCode(200)
  async markPaid(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @ZodBody(markPaidRequestSchema) body: z.output<typeof markPaidRequestSchema>,
  ) {
    await this.invoices.markPaid(user, id, body);
    return this.invoices.detail(user, id);
  }
}
