import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EventsConnection } from '@zunft/nest-common';
import { runBadInputSuite } from '@zunft/nest-common/testing';
import { addCustomer, bearer, createCompany, createQuote, type Company } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Issue 13: no input answers 5xx, every 4xx in German, for every route (read from the router). */
describe('billing: generated bad input on every route', () => {
  let t: TestApp;
  let company: Company;
  let ids: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    company = await createCompany(t);
    const customer = await addCustomer(t, company.id);
    const quote = await createQuote(t, company.admin, customer.customerId);
    ids = { customerId: customer.customerId, 'path:quotes': quote.id };
    // A stand-in for operations on the run's own subjects (report data, material check…): it knows
    // no record of the company, as for ids that belong to nobody.
    const events = t.app.get(EventsConnection);
    events.nc.subscribe(events.subjectFor('rpc.operations.>'), {
      callback: (_err, msg) => {
        if (msg.subject.endsWith('rpc.operations.materials-owned')) {
          const { materialIds } = msg.json<{ materialIds: string[] }>();
          msg.respond(JSON.stringify({ ok: true, data: { unknown: materialIds } }));
        } else {
          msg.respond(JSON.stringify({ ok: false, error: { code: 'not_found', message: 'Nicht gefunden' } }));
        }
      },
    });
  }, 60_000);
  afterAll(() => t?.close());

  it('answers no 5xx and every 4xx with a German error', async () => {
    const result = await runBadInputSuite({ app: t.app, http: t.http, headers: bearer(company.admin), ids });
    expect(result.routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['post /api/quotes', 'put /api/quotes/:id', 'post /api/quotes/templates']),
    );
    if (process.env.BAD_INPUT_DEBUG) console.log(result.requests, result.statuses);
    expect(result.failures).toEqual([]);
  }, 240_000);
});
