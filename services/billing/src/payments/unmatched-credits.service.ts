import { Injectable, Logger } from '@nestjs/common';
import type {
  AssignUnmatchedCreditResponse,
  UnmatchedCreditListQueryParsed,
  UnmatchedCreditListResponse,
} from '@zunft/contracts';
import { TenantScope } from '@zunft/nest-common';
import { DataSource } from 'typeorm';
import type { Actor } from '../common/actor.js';
import { localDate } from '../common/dates.js';
import { InvoiceErrors } from '../invoices/invoices.errors.js';
import { InvoicesRepository } from '../invoices/invoices.repository.js';
import { InvoicesService } from '../invoices/invoices.service.js';
import { PaymentErrors } from './payments.errors.js';
import { UnmatchedCreditsRepository } from './unmatched-credits.repository.js';

/**
 * The bank credits an import could not match (GET /invoices/payments/unmatched) and their
 * assignment to an invoice by the office: the credit becomes a bank payment of that invoice with
 * the credit's amount, booking date, debtor and bank reference (so a re-imported file still finds
 * it booked), and the invoice becomes paid (billing.invoice.paid) when the payments reach its total.
 */
@Injectable()
export class UnmatchedCreditsService {
  private readonly logger = new Logger(UnmatchedCreditsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: UnmatchedCreditsRepository,
    private readonly invoicesRepo: InvoicesRepository,
    private readonly invoices: InvoicesService,
  ) {}

  async list(actor: Actor, query: UnmatchedCreditListQueryParsed): Promise<UnmatchedCreditListResponse> {
    const scope = TenantScope.fromClaims(actor);
    const { items, total } = await this.repo.list(this.dataSource.manager, scope, query);
    return { items, total, page: query.page, pageSize: query.pageSize };
  }

  async assign(actor: Actor, id: string, invoiceId: string): Promise<AssignUnmatchedCreditResponse> {
    const scope = TenantScope.fromClaims(actor);
    const result = await this.dataSource.transaction(async (m) => {
      const credit = await this.repo.lock(m, scope, id);
      if (!credit) throw PaymentErrors.creditNotFound();
      if (credit.status !== 'open') throw PaymentErrors.creditAssigned();
      const invoice = await this.invoicesRepo.lock(m, scope, invoiceId);
      if (!invoice) throw InvoiceErrors.notFound();
      if (invoice.status === 'paid') throw InvoiceErrors.alreadyPaid();
      if (invoice.currency !== credit.currency) throw PaymentErrors.currencyMismatch();
      const company = await this.invoicesRepo.company(m, scope.companyId);
      const after = await this.invoices.book(m, scope, actor.userId, invoice.id, {
        amount: credit.amount,
        paymentDate: credit.booking_date ?? localDate(company?.timezone),
        method: 'bank',
        source: 'camt054',
        bankReference: credit.bank_reference,
        debtorName: credit.debtor_name,
      });
      // The bank reference is unique among payments: booked already (only by hand in the database).
      if (!after) throw PaymentErrors.creditAssigned();
      const assigned = await this.repo.markAssigned(m, scope, id, invoice, actor.userId);
      return { credit: assigned, invoice: after };
    });
    this.logger.log({ msg: 'unmatched credit assigned', creditId: id, invoiceId, status: result.invoice.status });
    return {
      message: `Gutschrift wurde der Rechnung ${result.invoice.invoice_number} zugeordnet`,
      ...result,
    };
  }
}
