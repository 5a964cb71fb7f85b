// billing.invoice.* → the dashboard's recent activity (real NATS, real database).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DashboardStatsResponse, EventData } from '@zunft/contracts';
import { waitFor } from '@zunft/nest-common/testing';
import { randomUUID } from 'node:crypto';
import { BillingActivityConsumer } from '../src/billing-activity/billing-activity.consumer.js';
import { appWithTwoCompanies, bearer, type Company } from './support/factories.js';
import type { TestApp } from './support/test-app.js';

let t: TestApp, c: Company, other: Company;
beforeAll(async () => ({ t, a: c, b: other } = await appWithTwoCompanies()));
afterAll(() => t?.close());

const handled = (eventId: string) =>
  waitFor(
    async () =>
      (
        await t.dataSource.query(
          `SELECT 1 FROM processed_events WHERE consumer = 'operations-billing-activity' AND event_id = $1`,
          [eventId],
        )
      )[0],
  );

const invoice = (over: Partial<EventData<'billing.invoice.created'>> = {}): EventData<'billing.invoice.created'> => ({
  invoiceId: randomUUID(),
  invoiceNumber: 'R-2026-0007',
  customerId: randomUUID(),
  customerName: 'Huber Immobilien AG',
  projectId: null,
  reportId: null,
  status: 'draft',
  total: 1234.5,
  currency: 'CHF',
  dueDate: '2026-04-09',
  ...over,
});

describe('invoice events in the dashboard activity', () => {
  it('created, sent, paid, overdue and reminder-sent become activity lines of the company, once each', async () => {
    const data = invoice();
    const first = await t.publish('billing.invoice.created', c.id, data);
    await t.publish('billing.invoice.created', c.id, data, first); // redelivered: no second line
    await t.publish('billing.invoice.sent', c.id, { ...data, status: 'sent', sentTo: 'p@huber.test' });
    await t.publish('billing.invoice.overdue', c.id, { ...data, status: 'overdue' });
    await t.publish('billing.invoice.reminder-sent', c.id, {
      ...data,
      status: 'overdue',
      level: 2,
      reminderName: '1. Mahnung',
      totalDue: 1254.5,
      automatic: true,
    });
    const last = await t.publish('billing.invoice.paid', c.id, { ...data, status: 'paid', paidAmount: 1254.5 });
    await handled(last);

    const res = await t.http().get('/api/dashboard/stats').set(bearer(c.admin));
    expect(res.status).toBe(200);
    const lines = (res.body as DashboardStatsResponse).recentActivity.filter((a) =>
      a.description.includes('R-2026-0007'),
    );
    expect(lines.map((a) => a.description).sort()).toEqual(
      [
        "Rechnung R-2026-0007 erstellt (Huber Immobilien AG, CHF 1'234.50)",
        'Rechnung R-2026-0007 an Huber Immobilien AG versendet',
        'Rechnung R-2026-0007 ist überfällig',
        "1. Mahnung zu Rechnung R-2026-0007 versendet (CHF 1'254.50)",
        "Rechnung R-2026-0007 bezahlt (CHF 1'254.50)",
      ].sort(),
    );
    expect(lines.every((a) => a.type === 'other' && a.user_name === 'System')).toBe(true);
    const foreign = await t.http().get('/api/dashboard/stats').set(bearer(other.admin));
    expect(
      (foreign.body as DashboardStatsResponse).recentActivity.some((a) => a.description.includes('R-2026-0007')),
    ).toBe(false);
  });

  /** One invoice created, overdue and reminded by the daily run (no actor: «System»); read in fr and it. */
  let reminded: Promise<void> | undefined;
  const remindedInvoice = async () => {
    const data = invoice({ invoiceNumber: 'R-2026-0031' });
    await t.publish('billing.invoice.created', c.id, data);
    await t.publish('billing.invoice.overdue', c.id, { ...data, status: 'overdue' });
    await handled(
      await t.publish('billing.invoice.reminder-sent', c.id, {
        ...data,
        status: 'overdue',
        level: 2,
        reminderName: '1. Mahnung',
        totalDue: 1254.5,
        automatic: true,
      }),
    );
  };
  // Issue 28: catalogue terms inside the lines (the acting «System», the reminder's «1. Mahnung») are
  // told in the reader's language too, not only the sentence around them.
  it.each([
    [
      'fr',
      'Système',
      [
        "Facture R-2026-0031 créée (Huber Immobilien AG, CHF 1'234.50)",
        'La facture R-2026-0031 est échue',
        "1er rappel pour la facture R-2026-0031 envoyé (CHF 1'254.50)",
      ],
    ],
    [
      'it',
      'Sistema',
      [
        "Fattura R-2026-0031 creata (Huber Immobilien AG, CHF 1'234.50)",
        'La fattura R-2026-0031 è scaduta',
        "1° sollecito per la fattura R-2026-0031 inviato (CHF 1'254.50)",
      ],
    ],
  ])('%s: «System» and the reminder level in the reader’s language', async (language, system, expected) => {
    reminded ??= remindedInvoice();
    await reminded;
    const res = await t.http().get('/api/dashboard/stats').set(bearer(c.admin)).set('Accept-Language', language);
    expect(res.status).toBe(200);
    const lines = (res.body as DashboardStatsResponse).recentActivity.filter((a) =>
      a.description.includes('R-2026-0031'),
    );
    expect(lines.map((a) => a.description).sort()).toEqual([...expected].sort());
    expect(lines.map((a) => a.user_name)).toEqual([system, system, system]);
  });

  it('names the office member who acted', async () => {
    const data = invoice({ invoiceNumber: 'R-2026-0008' });
    await t.dataSource.transaction((m) =>
      t.app.get(BillingActivityConsumer).handle(
        {
          id: randomUUID(),
          type: 'billing.invoice.sent',
          version: 1,
          occurredAt: new Date().toISOString(),
          companyId: c.id,
          actorId: c.backoffice.id,
          requestId: null,
          data: { ...data, status: 'sent', sentTo: 'p@huber.test' },
        },
        m,
      ),
    );
    const res = await t.http().get('/api/dashboard/stats').set(bearer(c.admin));
    const line = (res.body as DashboardStatsResponse).recentActivity.find((a) => a.description.includes('R-2026-0008'));
    expect(line).toMatchObject({ user_name: c.backoffice.name });
  });
});
