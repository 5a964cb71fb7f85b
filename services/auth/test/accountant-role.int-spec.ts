import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { accountantClosedWrites, walkAccountantWrites } from '@zunft/nest-common/testing';
import { bearer, createStaff, registerCompany, type Session } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * The read-only accountant (Treuhänder, issue 26) in auth: the admin creates one with POST /users;
 * every write route (walked from the router) answers 403 accountant_read_only in German, except
 * their own profile and password; the accountant signs in and reads their profile.
 */
describe('auth: the accountant', () => {
  let t: TestApp;
  let admin: Session;
  let accountant: Session;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerCompany(t);
    const created = await createStaff(t, admin, 'accountant', { firstName: 'Tina', lastName: 'Treuhand' });
    expect(created.user.role).toBe('accountant');
    accountant = created.session;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('is created by the admin, signs in with its role and reads its profile', async () => {
    expect(accountant.user.role).toBe('accountant');
    const profile = await t.http().get('/api/auth/profile').set(bearer(accountant));
    expect(profile.status).toBe(200);
    const listed = await t.http().get('/api/users').set(bearer(admin));
    expect(listed.body.find((u: { email: string }) => u.email === accountant.email)?.role).toBe('accountant');
  });

  it("logs the accountant's sign-in in the company's audit trail, which the admin reads (not the accountant)", async () => {
    const log = await t.http().get('/api/audit-log').set(bearer(admin));
    expect(log.status).toBe(200);
    expect(log.body.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          actor: 'accountant',
          action: 'accountant.session-started',
          userId: accountant.user.id,
        }),
      ]),
    );
    expect((await t.http().get('/api/audit-log').set(bearer(accountant))).status).toBe(403);
  });

  it('every write route answers 403 accountant_read_only (German); their own profile stays theirs', async () => {
    const closed = accountantClosedWrites(t.app);
    expect(closed).toEqual(expect.arrayContaining(['POST /api/users', 'PUT /api/companies/profile']));
    expect(closed).not.toContain('PUT /api/auth/profile');
    const answers = await walkAccountantWrites({ app: t.app, http: t.http, headers: bearer(accountant) });
    expect(answers).toHaveLength(closed.length);
    expect(answers.filter((x) => x.status !== 403 || x.code !== 'accountant_read_only')).toEqual([]);
    const res = await t
      .http()
      .post('/api/users')
      .set(bearer(accountant))
      .send({ firstName: 'X', lastName: 'Y', email: 'x@y.ch', password: 'geheim123', role: 'admin' });
    expect(res.body.error).toBe('Treuhänder haben nur Lesezugriff: Sie können hier nichts ändern');
    const own = await t
      .http()
      .put('/api/auth/profile')
      .set(bearer(accountant))
      .send({ firstName: 'Tina', lastName: 'Treuhand-Muster', email: accountant.email });
    expect(own.status).toBe(200);
  });
});
