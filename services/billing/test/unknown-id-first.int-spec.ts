import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { matchGermanMessage } from '@zunft/contracts';
import { walkUnknownIdRoutes } from '@zunft/nest-common/testing';
import { addCustomer, bearer, createCompany, createQuote, type Company } from './support/factories.js';
import { createInvoice } from './support/invoices.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { FakeOperations, projectFixture } from './reports/support.js';

/**
 * Issue 28: look-ups of another company's ids (or of none) answer 404 before any body validation.
 * Every billing route with a record id and a body is walked (read from the router) with an unknown
 * id and a bad body; the invoice, quote and report routes are then called with a real record of
 * another company (404) and with the caller's own record (the same German 400 as before).
 */

/** The routes of billing with a record id and a body, and the code of their 404. */
const ROUTES = {
  'POST /api/invoices/:id/apply-credit': 'invoice_not_found',
  'POST /api/invoices/:id/cancel': 'invoice_not_found',
  'POST /api/invoices/:id/credit-notes': 'invoice_not_found',
  'POST /api/invoices/:id/mark-paid': 'invoice_not_found',
  'PUT /api/invoices/:id/payment-method': 'invoice_not_found',
  'POST /api/invoices/:id/payments': 'invoice_not_found',
  'POST /api/invoices/:id/refund': 'invoice_not_found',
  'POST /api/invoices/:id/send-reminder': 'invoice_not_found',
  'PUT /api/invoices/:id/status': 'invoice_not_found',
  'POST /api/invoices/:id/write-off': 'invoice_not_found',
  'POST /api/invoices/payments/unmatched/:id/assign': 'unmatched_credit_not_found',
  'PUT /api/quotes/:id': 'quote_not_found',
  'POST /api/reports/:id/create-invoice': 'report_not_found',
  'POST /api/reports/:id/send-to-customer': 'report_not_found',
  'POST /api/reports/:id/signature': 'report_not_found',
  'PUT /api/reports/:id/status': 'report_not_found',
} as const;
type Route = keyof typeof ROUTES;

describe('billing: unknown ids answer 404 before the body is validated', () => {
  let t: TestApp;
  let a: Company;
  let b: Company;
  /** Company b's invoice, quote and report. */
  let invoiceId: string;
  let quoteId: string;
  let reportId: string;
  const operations = new FakeOperations();

  beforeAll(async () => {
    t = await createTestApp();
    [a, b] = [await createCompany(t), await createCompany(t)];
    const customer = await addCustomer(t, b.id);
    invoiceId = (await createInvoice(t, b.admin, customer.customerId)).id;
    quoteId = (await createQuote(t, b.admin, customer.customerId)).id;
    await operations.start(t);
    const project = projectFixture();
    operations.projects.set(project.projectId, project.data);
    const report = await t
      .http()
      .post('/api/reports/generate')
      .set(bearer(b.backoffice))
      .send({ projectId: project.projectId, periodStart: '2026-03-02', periodEnd: '2026-03-08' });
    if (report.status !== 201) throw new Error(`report: ${report.status} ${JSON.stringify(report.body)}`);
    reportId = report.body.id;
  }, 60_000);
  afterAll(async () => {
    await operations.stop();
    await t?.close();
  });

  it('every route with an id and a body: 404 for an unknown id, whatever the body', async () => {
    const answers = await walkUnknownIdRoutes({ app: t.app, http: t.http, headers: bearer(a.admin) });
    const sorted = [...answers].sort((x, y) => x.route.localeCompare(y.route));
    expect(sorted).toEqual(
      Object.entries(ROUTES)
        .map(([route, code]) => ({ route, status: 404, code }))
        .sort((x, y) => x.route.localeCompare(y.route)),
    );
  });

  it("another company's invoice, quote or report answers 404 with a bad body; the own one the same German 400", async () => {
    const own = (route: Route) =>
      route.replace(':id', route.includes('/quotes/') ? quoteId : route.includes('/reports/') ? reportId : invoiceId);
    // the unmatched credit (made only by a bank-file import) is walked above with an unknown id
    const routes = (Object.keys(ROUTES) as Route[]).filter((r) => !r.includes('/unmatched/'));
    expect(routes).toHaveLength(15);
    for (const route of routes) {
      const [method, path] = own(route).split(' ') as ['PUT' | 'POST', string];
      const send = (by: Company) =>
        t
          .http()
          [method === 'PUT' ? 'put' : 'post'](path)
          .set(bearer(by.admin))
          .set('content-type', 'application/json')
          .send('[1]');
      const foreign = await send(a);
      expect({ route, status: foreign.status, code: foreign.body.code }).toEqual({
        route,
        status: 404,
        code: ROUTES[route],
      });
      const mine = await send(b);
      expect({ route, status: mine.status, code: mine.body.code }).toEqual({
        route,
        status: 400,
        code: 'validation_failed',
      });
      expect(matchGermanMessage(mine.body.error)).toBeDefined();
    }
    // a good body on the own record still works after its look-up
    const method = await t
      .http()
      .put(`/api/invoices/${invoiceId}/payment-method`)
      .set(bearer(b.admin))
      .send({ paymentMethod: 'card' });
    expect([method.status, method.body.payment_method]).toEqual([200, 'card']);
  });
});
