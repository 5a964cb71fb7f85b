import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { addCustomer, addMember, bearer, createCompany, type Company, type Member } from './support/factories.js';
import { createInvoice } from './support/invoices.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * A fiduciary's downloads of the books (issue 26): journal files and open items as CSV or PDF are
 * reported with billing.accountant.export-downloaded (outbox) for auth's audit trail; the JSON views
 * and the company's own people's downloads are not.
 */
describe("billing: the accountant's exports are logged for the admin", () => {
  let t: TestApp;
  let a: Company;
  let accountant: Member;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createCompany(t);
    accountant = await addMember(t, a.id, 'accountant', 'Tina');
    await createInvoice(t, a.admin, (await addCustomer(t, a.id)).customerId);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const logged = async () =>
    (
      (await t.dataSource.query(
        `SELECT data FROM outbox_events WHERE company_id = $1 AND type = 'billing.accountant.export-downloaded'
          ORDER BY occurred_at, id`,
        [a.id],
      )) as Array<{ data: { userId: string; export: string; format: string; path: string } }>
    ).map((r) => r.data);

  it('the open items as CSV and the journal as a file: one line each; JSON and the admin: none', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect((await t.http().get('/api/invoices/open-items').query({ date: today }).set(bearer(accountant))).status).toBe(
      200,
    );
    expect(
      (await t.http().get('/api/invoices/open-items').query({ date: today, format: 'csv' }).set(bearer(a.admin)))
        .status,
    ).toBe(200);
    expect(await logged()).toEqual([]);

    const csv = await t
      .http()
      .get('/api/invoices/open-items')
      .query({ date: today, format: 'csv' })
      .set(bearer(accountant));
    expect(csv.status).toBe(200);
    const journal = await t
      .http()
      .get('/api/accounting/journal')
      .query({ from: today, to: today, format: 'csv' })
      .set(bearer(accountant));
    expect(journal.status).toBe(200);
    expect(await logged()).toEqual([
      expect.objectContaining({
        userId: accountant.id,
        export: 'open-items',
        format: 'csv',
        path: '/api/invoices/open-items',
      }),
      expect.objectContaining({
        userId: accountant.id,
        export: 'journal',
        format: 'csv',
        path: '/api/accounting/journal',
      }),
    ]);
  });
});
