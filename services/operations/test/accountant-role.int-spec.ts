import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { accountantClosedWrites, walkAccountantWrites } from '@zunft/nest-common/testing';
import { addMember, bearer, createCompany, createCustomer, type Company, type Member } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * The read-only accountant (Treuhänder, issue 26) in operations: every write route (walked from the
 * router) answers 403 accountant_read_only in German and writes nothing; the customers answer 200;
 * another company's customer 404.
 */
describe('operations: the accountant reads and writes nothing', () => {
  let t: TestApp;
  let a: Company;
  let b: Company;
  let accountant: Member;
  let customerId: string;
  let foreignCustomerId: string;

  beforeAll(async () => {
    t = await createTestApp();
    [a, b] = [await createCompany(t), await createCompany(t)];
    accountant = await addMember(t, a.id, 'accountant', 'Tina');
    customerId = (await createCustomer(t, a.admin)).id;
    foreignCustomerId = (await createCustomer(t, b.admin)).id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('every write route answers 403 accountant_read_only (German), whatever the ids and the body', async () => {
    const closed = accountantClosedWrites(t.app);
    expect(closed).toEqual(expect.arrayContaining(['POST /api/customers', 'DELETE /api/customers/:id']));
    const answers = await walkAccountantWrites({ app: t.app, http: t.http, headers: bearer(accountant) });
    expect(answers).toHaveLength(closed.length);
    expect(answers.length).toBeGreaterThan(30);
    expect(answers.filter((x) => x.status !== 403 || x.code !== 'accountant_read_only')).toEqual([]);
    const res = await t.http().delete(`/api/customers/${customerId}`).set(bearer(accountant));
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Treuhänder haben nur Lesezugriff: Sie können hier nichts ändern');
    expect((await t.http().get(`/api/customers/${customerId}`).set(bearer(a.admin))).status).toBe(200);
  });

  it("reads the customers; another company's customer answers 404", async () => {
    const list = await t.http().get('/api/customers').set(bearer(accountant));
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).toContain(customerId);
    expect((await t.http().get(`/api/customers/${customerId}`).set(bearer(accountant))).status).toBe(200);
    expect((await t.http().get(`/api/customers/${foreignCustomerId}`).set(bearer(accountant))).status).toBe(404);
  });
});
