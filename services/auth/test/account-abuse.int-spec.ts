import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LoginThrottle, lockSecondsAfter } from '../src/auth/login-throttle.service.js';
import { isCommonPassword } from '../src/auth/password-policy.js';
import { PASSWORD, bearer, registerCompany, uniqueEmail } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const attempt = (email: string, password: string) =>
  t.http().post('/api/auth/login').send({ email, password, rememberMe: false });

/** Lets the current lock run out without waiting for it. */
const expireLock = (email: string) =>
  t.dataSource.query(`UPDATE login_throttles SET locked_until = now() - interval '1 second' WHERE email = $1`, [
    email.toLowerCase(),
  ]);

describe('login throttle per account (on top of the per-IP limit of the gateway)', () => {
  it('grows the delay: 30 s after the 5th wrong password in a row, then 60 s, 2, 4, 8 and at most 15 min', () => {
    expect([1, 4, 5, 6, 7, 8, 9, 10, 30].map(lockSecondsAfter)).toEqual([0, 0, 30, 60, 120, 240, 480, 900, 900]);
  });

  it('locks the address after 5 failures (German 429 with the wait and Retry-After), even for the right password', async () => {
    const admin = await registerCompany(t);
    for (let i = 0; i < 5; i++) expect((await attempt(admin.email, 'falsch123')).status).toBe(401);

    const locked = await attempt(admin.email.toUpperCase(), PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.headers['retry-after']).toBe('30');
    expect(locked.body).toMatchObject({
      code: 'login_throttled',
      retry_after_seconds: 30,
      error:
        'Zu viele fehlgeschlagene Anmeldeversuche für dieses Konto. Bitte warten Sie 30 Sekunden und versuchen Sie es dann erneut.',
    });
    const french = await attempt(admin.email, PASSWORD).set('accept-language', 'fr');
    expect(french.body.error).toMatch(/^Trop de tentatives de connexion échouées pour ce compte\. .* \d+ secondes/);

    // The next failure after the lock doubles the wait.
    await expireLock(admin.email);
    expect((await attempt(admin.email, 'falsch123')).status).toBe(401);
    const longer = await attempt(admin.email, PASSWORD);
    expect([longer.status, longer.headers['retry-after']]).toEqual([429, '60']);

    // Once the lock ran out, the right password signs in and the count starts again.
    await expireLock(admin.email);
    expect((await attempt(admin.email, PASSWORD)).status).toBe(200);
    expect((await attempt(admin.email, 'falsch123')).status).toBe(401);
    expect((await attempt(admin.email, PASSWORD)).status).toBe(200);
  });

  it('forgets finished series after a day (the table does not grow with every address tried)', async () => {
    const old = uniqueEmail('old');
    const locked = uniqueEmail('locked');
    const recent = uniqueEmail('recent');
    for (const email of [old, locked, recent]) expect((await attempt(email, 'falsch123')).status).toBe(401);
    await t.dataSource.query(
      `UPDATE login_throttles SET last_failed_at = now() - interval '25 hours' WHERE email = ANY($1)`,
      [[old, locked]],
    );
    await t.dataSource.query(
      `UPDATE login_throttles SET locked_until = now() + interval '5 minutes' WHERE email = $1`,
      [locked],
    );
    expect(await t.app.get(LoginThrottle).prune()).toBeGreaterThanOrEqual(1);
    const left = await t.dataSource.query(`SELECT email FROM login_throttles WHERE email = ANY($1) ORDER BY email`, [
      [old, locked, recent],
    ]);
    expect(left.map((r: { email: string }) => r.email).sort()).toEqual([locked, recent].sort());
  });

  it('treats an unknown address the same way (the answer does not tell whether an account exists)', async () => {
    const email = uniqueEmail('nobody');
    for (let i = 0; i < 5; i++) expect((await attempt(email, 'falsch123')).status).toBe(401);
    expect((await attempt(email, 'falsch123')).status).toBe(429);
    // Another address is not affected.
    const other = await registerCompany(t);
    expect((await attempt(other.email, PASSWORD)).status).toBe(200);
  });
});

describe('common passwords are refused (the minimum length stays 6)', () => {
  it('knows the list, ignoring case', () => {
    expect(isCommonPassword('Password1')).toBe(true);
    expect(isCommonPassword('passwort123')).toBe(true);
    expect(isCommonPassword('qwertz')).toBe(true);
    expect(isCommonPassword(PASSWORD)).toBe(false);
  });

  it('at registration, password change and when the admin creates a user: German 400', async () => {
    const common = 'Passwort123';
    const message = 'Dieses Passwort gehört zu den häufigsten und ist leicht zu erraten. Bitte wählen Sie ein anderes.';
    const registered = await t
      .http()
      .post('/api/auth/register')
      .send({
        companyName: 'Maler Test AG',
        firstName: 'Mia',
        lastName: 'Maler',
        email: uniqueEmail('common'),
        password: common,
        language: 'de',
      });
    expect([registered.status, registered.body.code, registered.body.error]).toEqual([
      400,
      'password_too_common',
      message,
    ]);

    const admin = await registerCompany(t);
    const changed = await t
      .http()
      .put('/api/auth/change-password')
      .set(bearer(admin))
      .send({ currentPassword: PASSWORD, newPassword: '123456789' });
    expect([changed.status, changed.body.error]).toEqual([400, message]);
    const created = await t
      .http()
      .post('/api/users')
      .set(bearer(admin))
      .send({
        firstName: 'Eva',
        lastName: 'Einfach',
        email: uniqueEmail('staff'),
        password: 'qwerty123',
        role: 'employee',
      });
    expect([created.status, created.body.code]).toEqual([400, 'password_too_common']);
    // A short one is still refused by the length rule first.
    const short = await t
      .http()
      .put('/api/auth/change-password')
      .set(bearer(admin))
      .send({ currentPassword: PASSWORD, newPassword: 'abc' });
    expect(short.status).toBe(400);
    expect(short.body.code).not.toBe('password_too_common');
  });
});
