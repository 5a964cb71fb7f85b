import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { runBadInputSuite } from '@zunft/nest-common/testing';
import { bearer, createStaff, registerCompany, type Session } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Issue 13: no input answers 5xx, every 4xx in German, for every route (read from the router). */
describe('auth: generated bad input on every route', () => {
  let t: TestApp;
  let admin: Session;
  let ids: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerCompany(t);
    const staff = await createStaff(t, admin, 'employee');
    ids = { userId: staff.user.id, 'path:users': staff.user.id };
  }, 60_000);
  afterAll(() => t?.close());

  it('answers no 5xx and every 4xx with a German error', async () => {
    const result = await runBadInputSuite({
      app: t.app,
      http: t.http,
      headers: bearer(admin),
      ids,
      // No payment provider runs in this test: creating a subscription answers 502 in German.
      upstreamStatuses: {
        'POST /api/subscriptions/create': [502],
        'POST /api/subscriptions/create-user-addition': [502],
      },
    });
    expect(result.routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['post /api/auth/register', 'put /api/companies/profile', 'put /api/users/:id']),
    );
    if (process.env.BAD_INPUT_DEBUG) console.log(result.requests, result.statuses);
    expect(result.failures).toEqual([]);
  }, 240_000);
});
