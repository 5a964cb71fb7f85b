// Issue 26: a customer archived in operations (kept for its records, OR 958f) is refused for every
// NEW quote or invoice billing makes, while the documents that already name it keep it. Billing's
// copy learns the archive mark from operations.customer.updated over the real NATS stream.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EventData } from '@zunft/contracts';
import { waitFor } from '@zunft/nest-common/testing';
import { randomUUID } from 'node:crypto';
import { DirectoryService } from '../src/directory/directory.service.js';
import { addCustomer, bearer, createCompany, createQuote, quoteBody, type Company } from './support/factories.js';
import { createInvoice, invoiceBody } from './support/invoices.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let a: Company;
let b: Company;

beforeAll(async () => {
  t = await createTestApp();
  a = await createCompany(t);
  b = await createCompany(t);
});
afterAll(async () => {
  await t?.close();
});

const processed = async (eventId: string) =>
  (
    await t.dataSource.query(`SELECT 1 FROM processed_events WHERE consumer = $1 AND event_id = $2`, [
      'billing-operations-directory',
      eventId,
    ])
  ).length > 0;

async function setArchived(companyId: string, customer: EventData<'operations.customer.created'>, at: string | null) {
  const id = await t.publish('operations.customer.updated', companyId, { ...customer, archivedAt: at });
  await waitFor(() => processed(id));
}

describe('archived customers in billing (issue 26)', () => {
  it('archived: new quote, invoice and stage invoice 409 German; existing documents keep it; unarchived: allowed again', async () => {
    const customer = await addCustomer(t, a.id, { name: 'Archiv AG' });
    const quote = await createQuote(t, a.backoffice, customer.customerId);
    const invoice = await createInvoice(t, a.backoffice, customer.customerId);
    const projectId = randomUUID();
    await t.dataSource.transaction((m) =>
      t.app.get(DirectoryService).applyProject(m, a.id, {
        projectId,
        customerId: customer.customerId,
        title: 'Umbau Lager',
        projectNumber: 'P-0900',
        status: 'in_progress',
        assignedUserIds: [],
      }),
    );

    await setArchived(a.id, customer, '2026-11-20T10:00:00.000Z');
    const [row] = await t.dataSource.query(`SELECT archived_at FROM customers WHERE id = $1`, [customer.customerId]);
    expect(new Date(row.archived_at).toISOString()).toBe('2026-11-20T10:00:00.000Z');

    const newQuote = await t.http().post('/api/quotes').set(bearer(a.backoffice)).send(quoteBody(customer.customerId));
    expect(newQuote.status).toBe(409);
    expect(newQuote.body).toMatchObject({
      code: 'customer_archived',
      error:
        'Der Kunde ist archiviert. Stellen Sie ihn unter Kunden wieder her, um ein neues Dokument für ihn zu erstellen.',
    });
    const newInvoice = await t.http().post('/api/invoices').set(bearer(a.admin)).send(invoiceBody(customer.customerId));
    expect(newInvoice.status).toBe(409);
    expect(newInvoice.body.code).toBe('customer_archived');
    const stage = await t
      .http()
      .post('/api/invoices')
      .set(bearer(a.admin))
      .send({ kind: 'down_payment', projectId, amount: 1000, items: [] });
    expect(stage.status).toBe(409);
    expect(stage.body.code).toBe('customer_archived');
    const french = await t
      .http()
      .post('/api/quotes')
      .set(bearer(a.backoffice))
      .set('accept-language', 'fr')
      .send(quoteBody(customer.customerId));
    expect(french.body.error).toBe(
      'Le client est archivé. Restaurez-le sous Clients pour créer un nouveau document pour lui.',
    );

    // The documents that name it stay as they are: shown, listed, the older quote still editable.
    const shownQuote = await t.http().get(`/api/quotes/${quote.id}`).set(bearer(a.backoffice));
    expect(shownQuote.status).toBe(200);
    expect(shownQuote.body.customer_name).toBe('Archiv AG');
    const shownInvoice = await t.http().get(`/api/invoices/${invoice.id}`).set(bearer(a.backoffice));
    expect(shownInvoice.status).toBe(200);
    expect(shownInvoice.body.customer_name).toBe('Archiv AG');
    const list = await t.http().get('/api/invoices?page=1&pageSize=50').set(bearer(a.backoffice));
    expect(list.body.items.map((i: { id: string }) => i.id)).toContain(invoice.id);
    const edit = await t
      .http()
      .put(`/api/quotes/${quote.id}`)
      .set(bearer(a.backoffice))
      .send(quoteBody(customer.customerId, { title: 'Nachtrag' }));
    expect(edit.status).toBe(200);

    // An older event without the field keeps the mark.
    const { archivedAt: _absent, ...older } = { ...customer, archivedAt: undefined };
    const olderId = await t.publish('operations.customer.updated', a.id, older);
    await waitFor(() => processed(olderId));
    expect(
      (await t.http().post('/api/quotes').set(bearer(a.backoffice)).send(quoteBody(customer.customerId))).status,
    ).toBe(409);

    await setArchived(a.id, customer, null);
    const again = await t.http().post('/api/quotes').set(bearer(a.backoffice)).send(quoteBody(customer.customerId));
    expect(again.status).toBe(201);
    expect(
      (await t.http().post('/api/invoices').set(bearer(a.admin)).send(invoiceBody(customer.customerId))).status,
    ).toBe(201);
  });

  it("another company's event never archives this company's customer", async () => {
    const customer = await addCustomer(t, a.id, { name: 'Fremd GmbH' });
    const id = await t.publish('operations.customer.updated', b.id, {
      ...customer,
      archivedAt: '2026-11-20T10:00:00.000Z',
    });
    await waitFor(() => processed(id));
    const [row] = await t.dataSource.query(`SELECT archived_at, company_id FROM customers WHERE id = $1`, [
      customer.customerId,
    ]);
    expect(row).toEqual({ archived_at: null, company_id: a.id });
    expect(
      (await t.http().post('/api/quotes').set(bearer(a.backoffice)).send(quoteBody(customer.customerId))).status,
    ).toBe(201);
    // And company B cannot use A's customer at all.
    expect(
      (await t.http().post('/api/quotes').set(bearer(b.backoffice)).send(quoteBody(customer.customerId))).status,
    ).toBe(404);
  });
});
