// Records kept as the law says (issue 26): a customer billing issued an invoice to is archived, not deleted.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CustomerDto, EventData } from '@zunft/contracts';
import { expectDocumentedResponse } from '@zunft/nest-common';
import { waitFor } from '@zunft/nest-common/testing';
import { randomUUID } from 'node:crypto';
import { OPERATIONS_OPENAPI } from '../src/openapi.js';
import { appWithTwoCompanies, bearer, createCustomer, type Company } from './support/factories.js';
import type { TestApp } from './support/test-app.js';

let t: TestApp, a: Company, b: Company;
beforeAll(async () => ({ t, a, b } = await appWithTwoCompanies()));
afterAll(() => t?.close());

const handled = (eventId: string) =>
  waitFor(
    async () =>
      (
        await t.dataSource.query(
          `SELECT 1 FROM processed_events WHERE consumer = 'operations-customer-records' AND event_id = $1`,
          [eventId],
        )
      )[0],
  );

const invoice = (customerId: string, status: 'draft' | 'sent'): EventData<'billing.invoice.created'> => ({
  invoiceId: randomUUID(),
  invoiceNumber: 'R-2026-0042',
  customerId,
  customerName: 'Huber Immobilien AG',
  projectId: null,
  reportId: null,
  status,
  total: 1081,
  currency: 'CHF',
  dueDate: '2026-12-31',
});

const names = async (query = '') =>
  ((await t.http().get(`/api/customers${query}`).set(bearer(a.admin))).body as CustomerDto[]).map((c) => c.id);

describe('deleting and archiving customers', () => {
  it('a draft invoice keeps nothing; an issued one makes DELETE a German 409; archiving hides the customer', async () => {
    const drafted = await createCustomer(t, a.admin);
    await handled(await t.publish('billing.invoice.created', a.id, invoice(drafted.id, 'draft')));
    expect((await t.http().delete(`/api/customers/${drafted.id}`).set(bearer(a.admin))).status).toBe(200);

    const issued = await createCustomer(t, a.admin);
    const data = invoice(issued.id, 'sent');
    await handled(await t.publish('billing.invoice.sent', a.id, { ...data, sentTo: 'p@huber.test' }));
    const refused = await t.http().delete(`/api/customers/${issued.id}`).set(bearer(a.admin));
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('customer_has_records');
    expect(refused.body.error).toBe(
      'Der Kunde hat ausgestellte Rechnungen, die 10 Jahre aufbewahrt werden müssen (OR 958f), und kann nicht gelöscht werden. Archivieren Sie ihn stattdessen.',
    );
    expect((await t.http().get(`/api/customers/${issued.id}`).set(bearer(a.admin))).status).toBe(200);

    const archived = await t.http().post(`/api/customers/${issued.id}/archive`).set(bearer(a.admin));
    expect(archived.status).toBe(200);
    expectDocumentedResponse(OPERATIONS_OPENAPI, archived);
    expect(archived.body.archived_at).toEqual(expect.any(String));
    // hidden from the list (the pickers' source), still readable and listed on request
    expect(await names()).not.toContain(issued.id);
    expect(await names('?includeArchived=true')).toContain(issued.id);
    expect((await t.http().get(`/api/customers/${issued.id}`).set(bearer(a.admin))).body.archived_at).not.toBeNull();
    const bad = await t.http().get('/api/customers?includeArchived=ja').set(bearer(a.admin));
    expect([bad.status, bad.body.error]).toEqual([400, 'includeArchived muss true oder false sein']);

    const restored = await t.http().post(`/api/customers/${issued.id}/unarchive`).set(bearer(a.backoffice));
    expect([restored.status, restored.body.archived_at]).toEqual([200, null]);
    expect(await names()).toContain(issued.id);
  });

  it('archiving: employees 403, another company 404', async () => {
    const customer = await createCustomer(t, a.admin);
    expect((await t.http().post(`/api/customers/${customer.id}/archive`).set(bearer(a.employee))).status).toBe(403);
    expect((await t.http().post(`/api/customers/${customer.id}/archive`).set(bearer(b.admin))).status).toBe(404);
    expect((await t.http().post(`/api/customers/${customer.id}/unarchive`).set(bearer(b.admin))).status).toBe(404);
  });
});
