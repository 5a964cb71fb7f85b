import { Injectable, Logger } from '@nestjs/common';
import type {
  AssignUnmatchedCreditResponse,
  UnmatchedCreditListQueryParsed,
  UnmatchedCreditListResponse,
} from '@zunft/contracts';
import { successMessage, TenantScope } from '@zunft/nest-common';
import { DataSource } from 'typeorm';
import type { Actor } from '../common/actor.js';
import { InvoiceErrors, InvoicesService, toInvoiceDto } from '../invoices/index.js';
import { InvoiceLedger } from '../ledger/index.js';
import { PaymentErrors } from './payments.errors.js';
import { UnmatchedCreditsRepository } from './unmatched-credits.repository.js';

/**
 * The bank credits an import could not match (GET /invoices/payments/unmatched) and their
 * assignment to an invoice by the office: the credit becomes a bank payment of that invoice with
 * the credit's amount, booking date, debtor and bank reference (so a re-imported file still finds
 * it booked), booked through the invoice ledger (paid when nothing is open; an excess is a credit balance).
 */
@Injectable()
export class UnmatchedCreditsService {
  private readonly logger = new Logger(UnmatchedCreditsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: UnmatchedCreditsRepository,
    private readonly invoices: InvoicesService,
    private readonly ledger: InvoiceLedger,
  ) {}

  async list(actor: Actor, query: UnmatchedCreditListQueryParsed): Promise<UnmatchedCreditListResponse> {
    const scope = TenantScope.fromClaims(actor);
    const { items, total } = await this.repo.list(this.dataSource.manager, scope, query);
    return { items, total, page: query.page, pageSize: query.pageSize };
  }

  /** `invoiceIdOf` reads (and validates) the body once the credit is found: another company's id answers 404 first. */
  async assign(actor: Actor, id: string, invoiceIdOf: () => string): Promise<AssignUnmatchedCreditResponse> {
    const scope = TenantScope.fromClaims(actor);
    const result = await this.dataSource.transaction(async (m) => {
      const credit = await this.repo.lock(m, scope, id);
      if (!credit) throw PaymentErrors.creditNotFound();
      const invoiceId = invoiceIdOf();
      if (credit.status !== 'open') throw PaymentErrors.creditAssigned();
      const invoice = await this.ledger.lock(m, scope, invoiceId);
      if (!invoice) throw InvoiceErrors.notFound();
      if (invoice.issued_at === null) throw InvoiceErrors.draftNoPayment();
      if (invoice.status === 'paid') throw InvoiceErrors.alreadyPaid();
      if (invoice.currency !== credit.currency) throw PaymentErrors.currencyMismatch();
      const today = await this.invoices.today(m, scope);
      const [booked] = await this.ledger.bookPayments(
        m,
        scope,
        actor.userId,
        new Map([[invoice.id, invoice]]),
        [
          {
            invoiceId: invoice.id,
            amountCents: Math.round(credit.amount * 100),
            paymentDate: credit.booking_date ?? today,
            method: 'bank',
            source: 'camt054',
            bankReference: credit.bank_reference,
            debtorName: credit.debtor_name,
          },
        ],
        today,
      );
      // The bank reference is unique among payments: booked already (only by hand in the database).
      if (!booked) throw PaymentErrors.creditAssigned();
      const after = toInvoiceDto(booked.invoice);
      const assigned = await this.repo.markAssigned(m, scope, id, invoice, actor.userId);
      return { credit: assigned, invoice: after };
    });
    this.logger.log({
      msg: 'unmatched credit assigned',
      creditId: id,
      invoiceId: result.invoice.id,
      status: result.invoice.status,
    });
    return {
      message: successMessage('success.credit_assigned', { invoiceNumber: result.invoice.invoice_number }),
      ...result,
    };
  }
}
