// Changes made in a support (super-admin) session are reported to auth's audit trail (issue 25):
// every successful write of a token with isSuperAdmin enqueues operations.support.action-performed;
// reads, failed writes and the admin's own writes do not. (billing and auth use the same
// interceptor of nest-common; auth's audit-log.int-spec covers the trail itself.)
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testClaims } from '@zunft/nest-common/testing';
import { appWithTwoCompanies, bearer, type Company } from './support/factories.js';
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
});
