import { Controller, HttpCode, Post } from '@nestjs/common';
import {
  createInvoiceFromReportRequestSchema,
  uuidSchema,
  type AccessTokenClaims,
  type CreateInvoiceFromReportRequestParsed,
} from '@zunft/contracts';
import { CurrentUser, LazyZodBody, Roles, ZodParam, type LazyBody } from '@zunft/nest-common';
import { ReportInvoicesService } from './report-invoices.service.js';

/**
 * 'Rechnung erstellen' in the report detail (part 2 §7): `{ invoiceNumber, totalAmount }`, once per report.
 * Optional body `{ invoiceDate }` (not in the future) dates it earlier; the report is looked up first.
 */
@Roles('admin', 'backoffice')
@Controller('reports')
export class ReportInvoicesController {
  constructor(private readonly reportInvoices: ReportInvoicesService) {}

  @Post(':id/create-invoice')
  @HttpCode(200)
  createInvoice(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @LazyZodBody(createInvoiceFromReportRequestSchema) body: LazyBody<CreateInvoiceFromReportRequestParsed>,
  ) {
    return this.reportInvoices.createInvoice(user, id, body);
  }
}
