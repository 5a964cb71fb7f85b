import { Controller, Delete, Get, HttpCode, Post, UploadedFile, UseInterceptors } from '@nestjs/common';
import {
  RECORD_READ_ROLES,
  createPaymentRequestSchema,
  markPaidRequestSchema,
  uuidSchema,
  type AccessTokenClaims,
} from '@zunft/contracts';
import { CurrentUser, LazyZodBody, Roles, ZodParam, type LazyBody } from '@zunft/nest-common';
import type { z } from 'zod';
import { InvoicesService } from '../invoices/index.js';
import { CamtImportService } from './camt-import.service.js';
import { CamtUploadInterceptor, type UploadedCamtFile } from './camt-upload.interceptor.js';

/**
 * Customer payments of invoices and the bank-file import (URLs under /invoices as before); admin
 * and backoffice only. Every amount goes through the invoice ledger. The invoice is looked up before
 * the body is read: another company's id answers 404 before a bad body 400 (issue 28).
 */
// The accountant (Treuhänder) reads these records; RolesGuard refuses their writes (issue 26).
@Roles(...RECORD_READ_ROLES)
@Controller('invoices')
export class InvoicePaymentsController {
  constructor(
    private readonly invoices: InvoicesService,
    private readonly camt: CamtImportService,
  ) {}

  /** multipart/form-data, field `file`: an ISO 20022 camt.054 file (.001.04 or .001.08). */
  @Post('payments/import')
  @HttpCode(200)
  @UseInterceptors(CamtUploadInterceptor)
  importPayments(@CurrentUser() user: AccessTokenClaims, @UploadedFile() file: UploadedCamtFile | undefined) {
    return this.camt.import(user, file);
  }

  @Get(':id/payments')
  payments(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.invoices.payments(user, id);
  }

  @Post(':id/payments')
  async addPayment(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @LazyZodBody(createPaymentRequestSchema) body: LazyBody<z.output<typeof createPaymentRequestSchema>>,
  ) {
    await this.invoices.get(user, id);
    return this.invoices.addPayment(user, id, body.value());
  }

  /** Reverses the payment: a `payment_reversal` entry (the payment stays listed, marked reversed); answers the ledger. */
  @Delete(':id/payments/:paymentId')
  reversePayment(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @ZodParam('paymentId', uuidSchema) paymentId: string,
  ) {
    return this.invoices.reversePayment(user, id, paymentId);
  }

  /** 'Als bezahlt markieren': records the open amount. */
  @Post(':id/mark-paid')
  @HttpCode(200)
  async markPaid(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @LazyZodBody(markPaidRequestSchema) body: LazyBody<z.output<typeof markPaidRequestSchema>>,
  ) {
    await this.invoices.get(user, id);
    await this.invoices.markPaid(user, id, body.value());
    return this.invoices.detail(user, id);
  }
}
