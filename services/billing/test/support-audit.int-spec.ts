// Changes made in a support (super-admin) session in billing are reported to auth's audit trail
// (issue 25) by billing.support.action-performed, written to the outbox in the transaction that
// makes the change (nest-common OutboxSupportActionSink); reads, refused writes and the admin's own
// writes are not reported. auth's audit-log.int-spec covers the trail itself.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OutboxRelay } from '@zunft/nest-common';
import { randomUUID } from 'node:crypto';
import { addCustomer, addMember, bearer, createCompany, quoteBody } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The relay would mark the outbox rows published (an UPDATE: a new xmin) right after the commit;
  // stopped, the rows keep the transaction id of the transaction that wrote them.
  await t.app.get(OutboxRelay).onModuleDestroy();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const supportEvents = async (companyId: string) =>
  (await t.dataSource.query(
    `SELECT xmin::text AS tx, data FROM outbox_events
      WHERE company_id = $1 AND type = 'billing.support.action-performed' ORDER BY occurred_at`,
    [companyId],
  )) as { tx: string; data: Record<string, unknown> }[];

describe('support actions in billing', () => {
  it('a support change is recorded in the transaction that makes it; reads, refused and own writes are not', async () => {
    const company = await createCompany(t);
    const support = await addMember(t, company.id, 'admin', 'Support', { isSuperAdmin: true });
    const customer = await addCustomer(t, company.id);

    const created = await t.http().post('/api/quotes').set(bearer(support)).send(quoteBody(customer.customerId));
    expect(created.status).toBe(201);
    expect((await t.http().get('/api/quotes').set(bearer(support))).status).toBe(200);
    // a customer billing does not know: refused, nothing changed, nothing reported
    const refused = await t.http().post('/api/quotes').set(bearer(support)).send(quoteBody(randomUUID()));
    expect(refused.status).toBeGreaterThanOrEqual(400);
    // the admin in person
    expect(
      (await t.http().post('/api/quotes').set(bearer(company.admin)).send(quoteBody(customer.customerId))).status,
    ).toBe(201);

    // same PostgreSQL transaction id (xmin) on the new quote and on its audit event: they commit
    // together, so a process dying after the change cannot lose the line
    const [quote] = (await t.dataSource.query(`SELECT xmin::text AS tx FROM quotes WHERE id = $1`, [
      created.body.id,
    ])) as { tx: string }[];
    expect(await supportEvents(company.id)).toEqual([
      {
        tx: quote!.tx,
        data: {
          userId: support.id,
          method: 'POST',
          path: '/api/quotes',
          status: 201,
          requestId: expect.any(String),
          occurredAt: expect.any(String),
        },
      },
    ]);
  });
});
