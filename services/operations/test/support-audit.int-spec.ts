// Changes made in a support (super-admin) session are reported to auth's audit trail (issue 25):
// every successful write of a token with isSuperAdmin enqueues operations.support.action-performed;
// reads, failed writes and the admin's own writes do not. (billing and auth use the same
// interceptor of nest-common; auth's audit-log.int-spec covers the trail itself.)
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OutboxRelay } from '@zunft/nest-common';
import { testClaims } from '@zunft/nest-common/testing';
import { appWithTwoCompanies, bearer, createCompany, type Company } from './support/factories.js';
import type { TestApp } from './support/test-app.js';

let t: TestApp;
let a: Company;
beforeAll(async () => {
  ({ t, a } = await appWithTwoCompanies());
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const supportEvents = async (companyId: string) =>
  (await t.dataSource.query(
    `SELECT data FROM outbox_events WHERE company_id = $1 AND type = 'operations.support.action-performed' ORDER BY occurred_at`,
    [companyId],
  )) as { data: Record<string, unknown> }[];

describe('support actions in operations', () => {
  it('a support session’s successful write is reported with method, path and status; nothing else is', async () => {
    const support = {
      token: await t.sign(testClaims(a.id, a.admin.id, 'admin', { isSuperAdmin: true })),
    };
    const created = await t.http().post('/api/customers').set(bearer(support)).send({ name: 'Bäckerei Support AG' });
    expect(created.status).toBe(201);
    expect((await t.http().get('/api/customers').set(bearer(support))).status).toBe(200);
    const bad = await t.http().post('/api/customers').set(bearer(support)).send({ name: '' });
    expect(bad.status).toBe(400);
    // the admin in person
    expect((await t.http().post('/api/customers').set(bearer(a.admin)).send({ name: 'Eigene AG' })).status).toBe(201);

    const events = await supportEvents(a.id);
    expect(events.map((e) => e.data)).toEqual([
      {
        userId: a.admin.id,
        method: 'POST',
        path: '/api/customers',
        status: 201,
        requestId: expect.any(String),
        occurredAt: expect.any(String),
      },
    ]);
  });

  it('the support change is recorded in the transaction that makes it; a refused write records nothing', async () => {
    // The relay would mark the outbox rows published (an UPDATE: a new xmin) right after the commit;
    // stopped, the rows keep the transaction id of the transaction that wrote them.
    await t.app.get(OutboxRelay).onModuleDestroy();
    const c = await createCompany(t);
    const support = { token: await t.sign(testClaims(c.id, c.admin.id, 'admin', { isSuperAdmin: true })) };
    const created = await t.http().post('/api/customers').set(bearer(support)).send({ name: 'Transaktion AG' });
    expect(created.status).toBe(201);
    // same PostgreSQL transaction id (xmin) on the new customer and on its audit event in the
    // outbox: they commit together, so a process dying after the change cannot lose the line
    const [customer] = (await t.dataSource.query(`SELECT xmin::text AS tx FROM customers WHERE id = $1`, [
      created.body.id,
    ])) as { tx: string }[];
    const lines = (await t.dataSource.query(
      `SELECT xmin::text AS tx, data->>'status' AS status FROM outbox_events
        WHERE company_id = $1 AND type = 'operations.support.action-performed'`,
      [c.id],
    )) as { tx: string; status: string }[];
    expect(lines).toEqual([{ tx: customer!.tx, status: '201' }]);
    // a customer of no company of ours: German 404 inside the write's transaction, rolled back, no event
    const missing = await t
      .http()
      .put('/api/customers/00000000-0000-4000-8000-000000000000')
      .set(bearer(support))
      .send({ name: 'Niemand AG' });
    expect(missing.status).toBe(404);
    expect(await supportEvents(c.id)).toHaveLength(1);
  });
});
