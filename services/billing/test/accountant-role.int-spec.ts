import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { accountantClosedWrites, accountantReadableRoutes, walkAccountantWrites } from '@zunft/nest-common/testing';
import { addCustomer, addMember, bearer, createCompany, type Company, type Member } from './support/factories.js';
import { createInvoice } from './support/invoices.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * The read-only accountant (Treuhänder, issue 26) in billing: every write route (walked from the
 * router, so a route added later is walked too) answers 403 accountant_read_only in German; the
 * invoices, credit notes, payments, reminders, reports, journal, open items and VAT figures answer
 * 200; another company's invoice 404.
 */
describe('billing: the accountant reads and writes nothing', () => {
  let t: TestApp;
  let a: Company;
  let b: Company;
  let accountant: Member;
  let invoiceId: string;
  let foreignInvoiceId: string;

  beforeAll(async () => {
    t = await createTestApp();
    [a, b] = [await createCompany(t), await createCompany(t)];
    accountant = await addMember(t, a.id, 'accountant', 'Tina');
    invoiceId = (await createInvoice(t, a.admin, (await addCustomer(t, a.id)).customerId)).id;
    foreignInvoiceId = (await createInvoice(t, b.admin, (await addCustomer(t, b.id)).customerId)).id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('every write route answers 403 accountant_read_only (German), whatever the ids and the body', async () => {
    const closed = accountantClosedWrites(t.app);
    expect(closed.length).toBeGreaterThan(30);
    expect(closed).toEqual(expect.arrayContaining(['POST /api/invoices', 'POST /api/invoices/:id/payments']));
    const answers = await walkAccountantWrites({ app: t.app, http: t.http, headers: bearer(accountant) });
    expect(answers).toHaveLength(closed.length);
    expect(answers.filter((x) => x.status !== 403 || x.code !== 'accountant_read_only')).toEqual([]);
    const res = await t.http().post('/api/invoices').set(bearer(accountant)).send({});
    expect(res.body.error).toBe('Treuhänder haben nur Lesezugriff: Sie können hier nichts ändern');
    // nothing was written
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM invoices WHERE company_id = $1`, [a.id]);
    expect(n).toBe(1);
  });

  it('reads the invoices, credit notes, payments, reminders, reports, journal, open items and VAT figures', async () => {
    const readable = accountantReadableRoutes(t.app);
    for (const path of [
      '/api/invoices',
      `/api/invoices/${invoiceId}`,
      `/api/invoices/${invoiceId}/credit-notes`,
      `/api/invoices/${invoiceId}/payments`,
      `/api/invoices/${invoiceId}/reminders`,
      `/api/invoices/${invoiceId}/ledger`,
      '/api/invoices/payments/unmatched',
      '/api/reports',
      '/api/accounting/journal?from=2026-01-01&to=2026-12-31',
      '/api/accounting/vat?year=2026&period=Q1',
      '/api/invoices/open-items?date=2026-12-31',
    ]) {
      const res = await t.http().get(path).set(bearer(accountant));
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      const route = `GET ${path.split('?')[0]!.replace(invoiceId, ':id')}`;
      expect(readable).toContain(route);
    }
    // quotes are no bookkeeping record: not the accountant's
    expect((await t.http().get('/api/quotes').set(bearer(accountant))).status).toBe(403);
  });

  it("another company's invoice answers 404", async () => {
    const res = await t.http().get(`/api/invoices/${foreignInvoiceId}`).set(bearer(accountant));
    expect(res.status).toBe(404);
  });
});
