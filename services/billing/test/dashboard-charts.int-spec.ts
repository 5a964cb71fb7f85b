// Issue 28: GET /invoices/charts — invoiced vs paid per month (12 months) and open receivables by
// age, from the invoice ledger. Figures by hand: every invoice is 10 h × CHF 100 = 1000.00 + 8.1 %
// VAT 81.00 = 1081.00.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { InvoiceChartsResponse } from '@zunft/contracts';
import { expectDocumentedResponse } from '@zunft/nest-common';
import { BILLING_OPENAPI } from '../src/openapi.js';
import { addCustomer, bearer, createCompany, type Company } from './support/factories.js';
import { backdate, createInvoice, syncLedger, zurichDay } from './support/invoices.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let c: Company;
let other: Company;
const ITEMS = [{ type: 'labor' as const, title: 'Arbeit', quantity: 10, unit: 'h', unitPrice: 100 }];

async function invoice(company: Company, invoiceDaysAgo: number, dueDaysAgo: number): Promise<string> {
  const customer = await addCustomer(t, company.id);
  const created = await createInvoice(t, company.admin, customer.customerId, { items: ITEMS });
  await backdate(t, created.id, invoiceDaysAgo, dueDaysAgo);
  await syncLedger(t, { invoiceId: created.id });
  return created.id;
}

/** A payment booked in the ledger today (the ledger's open amount recomputed). */
async function pay(company: Company, invoiceId: string, amount: number): Promise<void> {
  await t.dataSource.query(
    `INSERT INTO invoice_ledger_entries (company_id, invoice_id, type, entry_date, amount, reference)
     VALUES ($1, $2, 'payment', $3::date, $4, 'Test')`,
    [company.id, invoiceId, zurichDay(0), -amount],
  );
  await t.dataSource.query(`UPDATE invoices SET status = 'paid' WHERE id = $1 AND $2::numeric >= total_amount`, [
    invoiceId,
    amount,
  ]);
  await syncLedger(t, { invoiceId });
}

beforeAll(async () => {
  t = await createTestApp();
  c = await createCompany(t);
  other = await createCompany(t);
  const a = await invoice(c, 40, 10); // 10 days overdue, CHF 300 paid today → 781.00 open
  await pay(c, a, 300);
  await invoice(c, 100, 95); // 95 days overdue, nothing paid → 1081.00 open
  const paid = await invoice(c, 0, -30); // today, paid in full today
  await pay(c, paid, 1081);
  const customer = await addCustomer(t, c.id);
  await createInvoice(t, c.admin, customer.customerId, { items: ITEMS }); // a draft: counts nowhere
  await invoice(other, 5, 2); // another company's
});
afterAll(() => t?.close());

describe('GET /invoices/charts', () => {
  it('office: invoiced and paid per month, open receivables by age', async () => {
    const res = await t.http().get('/api/invoices/charts').set(bearer(c.backoffice));
    expect(res.status).toBe(200);
    expectDocumentedResponse(BILLING_OPENAPI, res);
    const body = res.body as InvoiceChartsResponse;
    expect(body.months).toHaveLength(12);
    expect(body.months.at(-1)!.month).toBe(zurichDay(0).slice(0, 7));
    // Expected per month: 1081.00 issued 100, 40 and 0 days ago; 300.00 + 1081.00 = 1381.00 paid today.
    const expected = new Map<string, { invoiced: number; paid: number }>();
    const add = (daysAgo: number, invoiced: number, paid: number) => {
      const month = zurichDay(-daysAgo).slice(0, 7);
      const m = expected.get(month) ?? { invoiced: 0, paid: 0 };
      expected.set(month, { invoiced: m.invoiced + invoiced, paid: m.paid + paid });
    };
    add(100, 1081, 0);
    add(40, 1081, 0);
    add(0, 1081, 1381);
    expect(body.months).toEqual(
      body.months.map((m) => ({ month: m.month, ...(expected.get(m.month) ?? { invoiced: 0, paid: 0 }) })),
    );
    expect(body.months.reduce((sum, m) => sum + m.invoiced, 0)).toBe(3243); // 3 × 1081.00
    expect(body.receivables).toEqual([
      { bucket: 'not_due', amount: 0, count: 0 },
      { bucket: 'days_1_30', amount: 781, count: 1 },
      { bucket: 'days_31_60', amount: 0, count: 0 },
      { bucket: 'days_61_90', amount: 0, count: 0 },
      { bucket: 'days_over_90', amount: 1081, count: 1 },
    ]);
  });

  it('another company sees only its own; employees 403; no token 401', async () => {
    const res = await t.http().get('/api/invoices/charts').set(bearer(other.admin));
    expect(res.body.months.reduce((sum: number, m: { invoiced: number }) => sum + m.invoiced, 0)).toBe(1081);
    expect(res.body.receivables.find((r: { bucket: string }) => r.bucket === 'days_1_30')).toEqual({
      bucket: 'days_1_30',
      amount: 1081,
      count: 1,
    });
    expect((await t.http().get('/api/invoices/charts').set(bearer(c.employee))).status).toBe(403);
    expect((await t.http().get('/api/invoices/charts')).status).toBe(401);
  });
});
