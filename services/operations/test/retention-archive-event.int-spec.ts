// Issue 26: archiving or restoring a customer tells billing (operations.customer.updated with
// archivedAt), whose copy then refuses the customer for new quotes and invoices; the read-through
// record billing asks for an unknown id carries the mark too.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { appWithTwoCompanies, bearer, createCustomer, type Company } from './support/factories.js';
import type { TestApp } from './support/test-app.js';
import { DirectoryRecordsRepository } from '../src/directory-records/directory-records.repository.js';

let t: TestApp, a: Company, b: Company;
beforeAll(async () => ({ t, a, b } = await appWithTwoCompanies()));
afterAll(() => t?.close());

const updates = async (companyId: string, customerId: string) =>
  (
    (await t.dataSource.query(
      `SELECT data FROM outbox_events WHERE company_id = $1 AND type = 'operations.customer.updated'
        AND data->>'customerId' = $2 ORDER BY occurred_at, id`,
      [companyId, customerId],
    )) as Array<{ data: { archivedAt?: string | null; name: string } }>
  ).map((r) => r.data);

describe('archive mark travels to billing', () => {
  it('archive publishes the time, unarchive null; the directory record carries it', async () => {
    const customer = await createCustomer(t, a.admin);
    const archived = await t.http().post(`/api/customers/${customer.id}/archive`).set(bearer(a.admin));
    expect(archived.status).toBe(200);
    const at = archived.body.archived_at as string;
    expect(at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await updates(a.id, customer.id)).toEqual([
      expect.objectContaining({ archivedAt: at, name: customer.name }),
    ]);
    const record = await new DirectoryRecordsRepository().customer(t.dataSource.manager, a.id, customer.id);
    expect(new Date(record!.archivedAt!).toISOString()).toBe(at);

    expect((await t.http().post(`/api/customers/${customer.id}/unarchive`).set(bearer(a.admin))).status).toBe(200);
    expect((await updates(a.id, customer.id)).map((d) => d.archivedAt)).toEqual([at, null]);
    expect((await new DirectoryRecordsRepository().customer(t.dataSource.manager, a.id, customer.id))!.archivedAt).toBe(
      null,
    );
  });

  it("another company's admin cannot archive it: 404, no event", async () => {
    const customer = await createCustomer(t, a.admin);
    const refused = await t.http().post(`/api/customers/${customer.id}/archive`).set(bearer(b.admin));
    expect(refused.status).toBe(404);
    expect(await updates(a.id, customer.id)).toEqual([]);
    expect(await updates(b.id, customer.id)).toEqual([]);
  });
});
