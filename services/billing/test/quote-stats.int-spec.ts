import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectDocumentedResponse } from '@zunft/nest-common';
import { BILLING_OPENAPI } from '../src/openapi.js';
import { addCustomer, bearer, createCompany, type Company } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * GET /quotes/stats: the quotes screen's four tiles (part 2: total, accepted, pending, total value
 * in CHF) over all quotes of the company, counted by the server so the screen never loads the whole
 * list (issue 13). Quotes are inserted in SQL with every status and known totals.
 */
let t: TestApp;
let a: Company;
let b: Company;

async function insertQuotes(co: Company, quotes: Array<{ status: string; total: number }>): Promise<void> {
  const customerId = (await addCustomer(t, co.id)).customerId;
  let n = 0;
  for (const q of quotes) {
    await t.dataSource.query(
      `INSERT INTO quotes (company_id, quote_number, customer_id, customer_name, title, status, quote_date, valid_until,
         total, accepted_at, signature_png)
       VALUES ($1, $2, $3, 'Kunde', 'Offerte', $4::text, current_date, current_date + 30, $5,
         CASE WHEN $4::text = 'accepted' THEN now() END, CASE WHEN $4::text = 'accepted' THEN '\\x00'::bytea END)`,
      [co.id, `A-S-${co.id.slice(0, 6)}-${++n}`, customerId, q.status, q.total],
    );
  }
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createCompany(t);
  b = await createCompany(t);
});
afterAll(() => t?.close());

describe('GET /api/quotes/stats', () => {
  it('an empty company: zeros', async () => {
    const res = await t.http().get('/api/quotes/stats').set(bearer(a.admin));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ total: 0, accepted: 0, pending: 0, totalValue: 0 });
  });

  it('counts every status and sums the totals Rappen-exact; another company is not counted', async () => {
    await insertQuotes(a, [
      { status: 'draft', total: 100.1 },
      { status: 'sent', total: 200.2 },
      { status: 'sent', total: 0.05 },
      { status: 'accepted', total: 1500 },
      { status: 'rejected', total: 80 },
      { status: 'expired', total: 19.95 },
    ]);
    await insertQuotes(b, [{ status: 'accepted', total: 999 }]);
    for (const who of [a.admin, a.backoffice]) {
      const res = await t.http().get('/api/quotes/stats').set(bearer(who));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ total: 6, accepted: 1, pending: 3, totalValue: 1900.3 });
      expectDocumentedResponse(BILLING_OPENAPI, res);
    }
    const other = await t.http().get('/api/quotes/stats').set(bearer(b.admin));
    expect(other.body).toEqual({ total: 1, accepted: 1, pending: 0, totalValue: 999 });
  });

  it('employees get 403, no token 401 (quotes are back-office only)', async () => {
    const employee = await t.http().get('/api/quotes/stats').set(bearer(a.employee));
    expect(employee.status).toBe(403);
    expect(typeof employee.body.error).toBe('string');
    expectDocumentedResponse(BILLING_OPENAPI, employee);
    const anonymous = await t.http().get('/api/quotes/stats');
    expect(anonymous.status).toBe(401);
    expectDocumentedResponse(BILLING_OPENAPI, anonymous);
  });
});
