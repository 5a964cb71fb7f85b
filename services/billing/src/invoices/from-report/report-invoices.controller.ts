import { Controller, HttpCode, Post } from '@nestjs/common';
import { uuidSchema, type AccessTokenClaims } from '@zunft/contracts';
import { CurrentUser, Roles, ZodParam } from '@zunft/nest-common';
import { ReportInvoicesService } from './report-invoices.service.js';

/** 'Rechnung erstellen' in the report detail (part 2 §7): `{ invoiceNumber, totalAmount }`, once per report. */
@Roles('admin', 'backoffice')
@Controller('reports')
export class ReportInvoicesController {
  constructor(private readonly reportInvoices: ReportInvoicesService) {}

  @Post(':id/create-invoice')
  @HttpCode(200)
  createInvoice(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.reportInvoices.createInvoice(user, id);
  }
}
