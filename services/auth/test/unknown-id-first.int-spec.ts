import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { walkUnknownIdRoutes } from '@zunft/nest-common/testing';
import { bearer, registerCompany, type Session } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 28: look-ups of another company's ids (or of none) answer 404 before any body validation.
 * Every route with a record id and a body is walked (read from the router) with an unknown id and
 * a bad body (the bad body's 400 comes only once the record is known: see the bad-input suite).
 */

describe('auth: unknown ids answer 404 before the body is validated', () => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerCompany(t);
  }, 60_000);
  afterAll(() => t?.close());

  it('every route with an id and a body: 404 for an unknown id, whatever the body', async () => {
    const answers = await walkUnknownIdRoutes({ app: t.app, http: t.http, headers: bearer(admin) });
    expect(answers).toEqual(
      expect.arrayContaining([
        { route: 'PUT /api/users/:id', status: 404, code: 'user_not_found' },
        { route: 'PUT /api/users/:id/activate-payment', status: 404, code: 'user_not_found' },
      ]),
    );
    expect(answers.filter((a) => a.status === 400)).toEqual([]);
  });
});
