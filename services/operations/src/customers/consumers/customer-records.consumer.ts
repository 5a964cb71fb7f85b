import { Injectable } from '@nestjs/common';
import type { EventData } from '@zunft/contracts';
import { IdempotentConsumer, TenantScope, type DomainEvent } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { CustomersRepository } from '../customers.repository.js';

/** Billing's invoice events that mean an issued invoice exists (a draft is no business record yet). */
const ISSUED = new Set([
  'billing.invoice.sent',
  'billing.invoice.paid',
  'billing.invoice.overdue',
  'billing.invoice.reminder-sent',
]);

/**
 * Records kept as the law says (issue 26): once billing has issued an invoice to a customer, its
 * invoices, credit notes, reminders and payments are kept 10 years (OR 958f, GeBüV art. 9) and the
 * customer can no longer be deleted (409 customer_has_records), only archived.
 */
@Injectable()
export class CustomerRecordsConsumer extends IdempotentConsumer {
  readonly durableName = 'operations-customer-records';
  readonly filterSubjects = ['billing.invoice.*'];

  constructor(private readonly customers: CustomersRepository) {
    super();
  }

  async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    if (!ISSUED.has(event.type)) return;
    const { customerId } = event.data as EventData<'billing.invoice.sent'>;
    await this.customers.markRecordsKept(manager, TenantScope.forSystem(event.companyId), customerId);
  }
}
