import { Injectable } from '@nestjs/common';
import { IdempotentConsumer, TenantScope, type DomainEvent } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { ReportInvoicesService } from './report-invoices.service.js';

/**
 * One draft invoice per signed report. Durable: an event that arrives while billing is down is
 * handled later; a second delivery (or the office's button first) finds the invoice and does
 * nothing (report id locked and unique per company).
 */
@Injectable()
export class ReportSignedInvoiceConsumer extends IdempotentConsumer {
  readonly durableName = 'billing-invoices-report-signed';
  readonly filterSubjects = ['billing.report.signed'];

  constructor(private readonly reportInvoices: ReportInvoicesService) {
    super();
  }

  async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    if (event.type !== 'billing.report.signed') return;
    await this.reportInvoices.fromEvent(manager, TenantScope.forSystem(event.companyId), event.data);
  }
}
