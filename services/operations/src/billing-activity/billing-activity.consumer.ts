import { Injectable } from '@nestjs/common';
import type { EventData } from '@zunft/contracts';
import { IdempotentConsumer, TenantScope, type DomainEvent } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { ActivitiesRepository } from '../common/activities.repository.js';
import { staffName } from '../common/staff-name.js';

type InvoiceData = EventData<'billing.invoice.created'>;

/** 1234.5 → "1'234.50" */
const amount = (n: number) => {
  const [int, dec] = n.toFixed(2).split('.');
  return `${int!.replace(/\B(?=(\d{3})+(?!\d))/g, "'")}.${dec}`;
};

/** The dashboard line of an invoice event (German, like the other activities). */
export function invoiceActivityText(event: DomainEvent): string | null {
  const d = event.data as InvoiceData;
  const money = (n: number) => `${d.currency} ${amount(n)}`;
  switch (event.type) {
    case 'billing.invoice.created':
      return `Rechnung ${d.invoiceNumber} erstellt (${d.customerName}, ${money(d.total)})`;
    case 'billing.invoice.sent':
      return `Rechnung ${d.invoiceNumber} an ${d.customerName} versendet`;
    case 'billing.invoice.paid':
      return `Rechnung ${d.invoiceNumber} bezahlt (${money((event.data as EventData<'billing.invoice.paid'>).paidAmount)})`;
    case 'billing.invoice.overdue':
      return `Rechnung ${d.invoiceNumber} ist überfällig`;
    case 'billing.invoice.reminder-sent': {
      const r = event.data as EventData<'billing.invoice.reminder-sent'>;
      return `${r.reminderName} zu Rechnung ${r.invoiceNumber} versendet (${money(r.totalDue)})`;
    }
    default:
      return null;
  }
}

/** Invoices in the dashboard's recent activity: billing's invoice events become activity lines. */
@Injectable()
export class BillingActivityConsumer extends IdempotentConsumer {
  readonly durableName = 'operations-billing-activity';
  readonly filterSubjects = ['billing.invoice.*'];

  constructor(private readonly activities: ActivitiesRepository) {
    super();
  }

  async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    const description = invoiceActivityText(event);
    if (!description) return;
    const scope = TenantScope.forSystem(event.companyId);
    await this.activities.record(manager, scope, {
      type: 'other',
      description,
      userId: event.actorId,
      // Automatic steps (daily job, bank file by the system) have no actor.
      userName: event.actorId ? await staffName(manager, scope, event.actorId) : 'System',
      entityId: (event.data as InvoiceData).invoiceId,
    });
  }
}
