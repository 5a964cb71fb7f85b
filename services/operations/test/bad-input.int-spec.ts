import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { runBadInputSuite } from '@zunft/nest-common/testing';
import { bearer, createCompany, createCustomer, createProject, type Company } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Issue 13: no input answers 5xx, every 4xx in German, for every route (read from the router). */
describe('operations: generated bad input on every route', () => {
  let t: TestApp;
  let company: Company;
  let ids: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    company = await createCompany(t);
    const customer = await createCustomer(t, company.admin);
    const project = await createProject(t, company.admin, { customerId: customer.id }, [company.employee]);
    ids = {
      customerId: customer.id,
      projectId: project.id,
      userId: company.employee.id,
      'path:customers': customer.id,
      'path:projects': project.id,
    };
  }, 60_000);
  afterAll(() => t?.close());

  it('answers no 5xx and every 4xx with a German error', async () => {
    const result = await runBadInputSuite({ app: t.app, http: t.http, headers: bearer(company.admin), ids });
    expect(result.routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['post /api/customers', 'get /api/time-entries', 'put /api/projects/:id']),
    );
    if (process.env.BAD_INPUT_DEBUG) console.log(result.requests, result.statuses);
    expect(result.failures).toEqual([]);
  }, 240_000);
});
