import { Injectable } from '@nestjs/common';
import { serverMessage, type EventData, type ServerMessageRef } from '@zunft/contracts';
import { IdempotentConsumer, TenantScope, type DomainEvent } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { ActivitiesService } from '../activities/index.js';
import { staffName } from '../common/staff-name.js';

type InvoiceData = EventData<'billing.invoice.created'>;

/** 1234.5 → "1'234.50" */
const amount = (n: number) => {
  const [int, dec] = n.toFixed(2).split('.');
  return `${int!.replace(/\B(?=(\d{3})+(?!\d))/g, "'")}.${dec}`;
};

/** The dashboard line of an invoice event: its catalogue key and parameters (issue 28), or null. */
export function invoiceActivityMessage(event: DomainEvent): ServerMessageRef | null {
  const d = event.data as InvoiceData;
  const money = (n: number) => `${d.currency} ${amount(n)}`;
  switch (event.type) {
    case 'billing.invoice.created':
      return serverMessage('activity.invoice_created', {
        invoiceNumber: d.invoiceNumber,
        customer: d.customerName,
        amount: money(d.total),
      });
    case 'billing.invoice.sent':
      return serverMessage('activity.invoice_sent', { invoiceNumber: d.invoiceNumber, customer: d.customerName });
    case 'billing.invoice.paid':
      return serverMessage('activity.invoice_paid', {
        invoiceNumber: d.invoiceNumber,
        amount: money((event.data as EventData<'billing.invoice.paid'>).paidAmount),
      });
    case 'billing.invoice.overdue':
      return serverMessage('activity.invoice_overdue', { invoiceNumber: d.invoiceNumber });
    case 'billing.invoice.reminder-sent': {
      const r = event.data as EventData<'billing.invoice.reminder-sent'>;
      return serverMessage('activity.reminder_sent', {
        reminder: r.reminderName,
        invoiceNumber: r.invoiceNumber,
        amount: money(r.totalDue),
      });
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

  constructor(private readonly activities: ActivitiesService) {
    super();
  }

  async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    const message = invoiceActivityMessage(event);
    if (!message) return;
    const scope = TenantScope.forSystem(event.companyId);
    await this.activities.record(manager, scope, {
      type: 'other',
      message,
      userId: event.actorId,
      // Automatic steps (daily job, bank file by the system) have no actor.
      userName: event.actorId ? await staffName(manager, scope, event.actorId) : 'System',
      entityId: (event.data as InvoiceData).invoiceId,
    });
  }
}
