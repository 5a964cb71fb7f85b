import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  PASSWORD,
  bearer,
  createStaff,
  login,
  outboxTypes,
  registerCompany,
  type Session,
} from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** `iat` has whole seconds: a token of the same second as the revocation still counts. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1010 - (Date.now() % 1000)));
const profile = (s: Pick<Session, 'token'>) => t.http().get('/api/auth/profile').set(bearer(s));
const expectRevoked = async (s: Session) => {
  const res = await profile(s);
  expect([res.status, res.body.code]).toEqual([401, 'token_expired']);
};

describe('access tokens end with the session (sessions_valid_after)', () => {
  it('logout: the access token is refused at once, and auth.user.sessions-revoked is published', async () => {
    const admin = await registerCompany(t);
    const otherDevice = await login(t, admin.email);
    await nextSecond();
    expect((await profile(admin)).status).toBe(200);
    expect((await t.http().post('/api/auth/logout').set('cookie', admin.cookie!)).status).toBe(200);
    await expectRevoked(admin);
    await expectRevoked(otherDevice);
    // The other device's refresh cookie still works and gives it a fresh token.
    const refreshed = await t.http().post('/api/auth/refresh').set('cookie', otherDevice.cookie!);
    expect(refreshed.status).toBe(200);
    expect((await profile({ token: refreshed.body.token })).status).toBe(200);
    expect(await outboxTypes(t, admin.user.companyId)).toContain('auth.user.sessions-revoked');
  });

  it('password change: tokens of every device are refused, the changing browser refreshes and stays in', async () => {
    const admin = await registerCompany(t);
    const phone = await login(t, admin.email);
    await nextSecond();
    const changed = await t
      .http()
      .put('/api/auth/change-password')
      .set(bearer(admin))
      .set('cookie', admin.cookie!)
      .send({ currentPassword: PASSWORD, newPassword: 'Werkbank-2026' });
    expect(changed.status).toBe(200);
    await expectRevoked(admin);
    await expectRevoked(phone);
    const cookie = (changed.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
    const refreshed = await t.http().post('/api/auth/refresh').set('cookie', cookie);
    expect(refreshed.status).toBe(200);
    expect((await profile({ token: refreshed.body.token })).status).toBe(200);
    expect((await t.http().post('/api/auth/refresh').set('cookie', phone.cookie!)).status).toBe(401);
  });

  it('deactivation: refused at once, and still refused after re-activation (a new login is needed)', async () => {
    const admin = await registerCompany(t);
    const { user, session: employee } = await createStaff(t, admin, 'employee');
    await nextSecond();
    expect((await profile(employee)).status).toBe(200);
    expect((await t.http().put(`/api/users/${user.id}`).set(bearer(admin)).send({ isActive: false })).status).toBe(200);
    expect((await profile(employee)).body.code).toBe('account_deactivated');
    expect((await t.http().put(`/api/users/${user.id}`).set(bearer(admin)).send({ isActive: true })).status).toBe(200);
    await expectRevoked(employee);
    expect((await profile(await login(t, employee.email))).status).toBe(200);
  });
});
