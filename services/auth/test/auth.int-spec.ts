import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, LIMITS, accessTokenClaimsSchema } from '@zunft/contracts';
import { createPublicKey, verify } from 'node:crypto';
import { SuperAdminService } from '../src/auth/index.js';
import { RefreshTokenEntity } from '../src/sessions/refresh-token.entity.js';
import { ROTATION_GRACE_SECONDS, sha256 } from '../src/sessions/sessions.service.js';
import {
  PASSWORD,
  bearer,
  createStaff,
  login,
  outboxTypes,
  refreshCookieOf,
  registerCompany,
  uniqueEmail,
} from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Checks the JWT signature with the public key only, as every other service does. */
function decodeVerified(token: string, publicKeyPem: string) {
  const [header, payload, signature] = token.split('.');
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key: createPublicKey(publicKeyPem), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  expect(ok).toBe(true);
  expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toMatchObject({ alg: 'ES256' });
  return JSON.parse(Buffer.from(payload!, 'base64url').toString());
}

describe('POST /api/auth/register', () => {
  it('creates company and admin, answers a session and sets a persistent refresh cookie', async () => {
    const email = uniqueEmail('owner');
    const res = await t.http().post('/api/auth/register').send({
      companyName: 'Elektro Beispiel AG',
      firstName: 'Urs',
      lastName: 'Beispiel',
      email: email.toUpperCase(),
      password: 'geheim1',
      language: 'fr',
    });
    expect(res.status).toBe(201);
    expect(res.body.expiresIn).toBe(900);
    expect(res.body.user).toMatchObject({
      email,
      role: 'admin',
      companyName: 'Elektro Beispiel AG',
      firstName: 'Urs',
      first_name: 'Urs',
      last_name: 'Beispiel',
      language: 'fr',
      subscriptionStatus: 'trial',
      requiresPayment: false,
      lastLoginAt: null,
    });
    const trialDays = (Date.parse(res.body.user.trialEndsAt) - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(LIMITS.trialDays - 0.01);
    expect(trialDays).toBeLessThanOrEqual(LIMITS.trialDays);

    const claims = decodeVerified(res.body.token, t.config.jwtPublicKey);
    expect(accessTokenClaimsSchema.parse(claims)).toMatchObject({ userId: res.body.user.id, role: 'admin' });
    expect(claims).toMatchObject({ iss: ACCESS_TOKEN_ISSUER, aud: ACCESS_TOKEN_AUDIENCE, sub: res.body.user.id });
    expect(claims.exp - claims.iat).toBe(900);

    const setCookie = (res.headers['set-cookie'] as unknown as string[]).join('\n');
    expect(setCookie).toMatch(/zunft_refresh=[\w-]{40,};/);
    expect(setCookie).toMatch(/Max-Age=2592000/);
    expect(setCookie).toMatch(/Path=\/api\/auth/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).not.toMatch(/Secure/);

    const categories = await t.http().get('/api/users/craftsman-categories').set(bearer(res.body));
    expect(categories.body.map((c: { name: string }) => c.name)).toEqual([
      'Bodenleger',
      'Dachdecker',
      'Elektriker',
      'Gärtner',
      'Gipser',
      'Heizung',
      'Maler',
      'Maurer',
      'Metallbauer',
      'Plattenleger',
      'Sanitär',
      'Schreiner',
      'Spengler',
      'Zimmermann',
    ]);
    expect((await outboxTypes(t, res.body.user.companyId)).sort()).toEqual([
      'auth.company.email-verification-requested',
      'auth.company.registered',
      'auth.user.created',
    ]);
    const [registered] = await t.dataSource.query(
      `SELECT data AS payload FROM outbox_events WHERE company_id = $1 AND type = 'auth.company.registered'`,
      [res.body.user.companyId],
    );
    expect(registered.payload).toMatchObject({
      name: 'Elektro Beispiel AG',
      language: 'fr',
      adminUserId: res.body.user.id,
      settings: { vat_rate: 8.1 },
      emailVerified: false,
    });
    expect(res.body.user.emailVerified).toBe(false);
  });

  it('answers German validation errors', async () => {
    const base = { companyName: 'X', firstName: 'A', lastName: 'B', email: uniqueEmail(), password: 'geheim1' };
    const cases: Array<[object, string]> = [
      [{ ...base, companyName: '  ' }, 'Firmenname ist erforderlich'],
      [{ ...base, firstName: undefined }, 'Vorname ist erforderlich'],
      [{ ...base, email: 'keine-mail' }, 'Bitte geben Sie eine gültige E-Mail-Adresse ein'],
      [{ ...base, password: '12345' }, 'Das Passwort muss mindestens 6 Zeichen lang sein'],
      [{ ...base, language: 'en' }, 'Ungültige Sprache. Erlaubt: de, fr, it'],
    ];
    for (const [body, message] of cases) {
      const res = await t.http().post('/api/auth/register').send(body);
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 400, error: message });
    }
    const broken = await t
      .http()
      .post('/api/auth/register')
      .set('content-type', 'application/json')
      .send('{"companyName":');
    expect(broken.status).toBe(400);
    expect(broken.body.error).toBe('Ungültiges JSON');
  });

  it('refuses an e-mail that is already registered (case-insensitive) with 409', async () => {
    const first = await registerCompany(t);
    const res = await t.http().post('/api/auth/register').send({
      companyName: 'Zweite AG',
      firstName: 'B',
      lastName: 'C',
      email: first.email.toUpperCase(),
      password: 'geheim1',
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('Diese E-Mail-Adresse ist bereits registriert');
  });
});

describe('POST /api/auth/login', () => {
  it('signs in, answers the PREVIOUS login time and records the new one', async () => {
    const admin = await registerCompany(t);
    // Registering signed the admin in: the first login answers the registration moment.
    const [{ last_login_at: registeredAt }] = await t.dataSource.query(
      `SELECT last_login_at FROM users WHERE id = $1`,
      [admin.user.id],
    );
    expect(registeredAt).not.toBeNull();
    const first = await t.http().post('/api/auth/login').send({ email: admin.email, password: PASSWORD });
    expect(first.status).toBe(200);
    expect(first.body.user.lastLoginAt).toBe(new Date(registeredAt).toISOString());
    const [{ last_login_at: recorded }] = await t.dataSource.query(`SELECT last_login_at FROM users WHERE id = $1`, [
      admin.user.id,
    ]);
    const second = await t.http().post('/api/auth/login').send({ email: admin.email, password: PASSWORD });
    expect(second.body.user.lastLoginAt).toBe(new Date(recorded).toISOString());
  });

  it('keeps showing the previous login after a reload (profile) and a token refresh', async () => {
    const admin = await registerCompany(t);
    const [{ last_login_at: registeredAt }] = await t.dataSource.query(
      `SELECT last_login_at FROM users WHERE id = $1`,
      [admin.user.id],
    );
    const login = await t.http().post('/api/auth/login').send({ email: admin.email, password: PASSWORD });
    const previous = new Date(registeredAt).toISOString();
    expect(login.body.user.lastLoginAt).toBe(previous);
    const profile = await t.http().get('/api/auth/profile').set(bearer(login.body));
    expect(profile.body.user.lastLoginAt).toBe(previous);
    const refreshed = await t.http().post('/api/auth/refresh').set('cookie', refreshCookieOf(login)!);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.user.lastLoginAt).toBe(previous);
  });

  it('sets a session cookie without rememberMe and a 30-day cookie with it', async () => {
    const admin = await registerCompany(t);
    const session = await t.http().post('/api/auth/login').send({ email: admin.email, password: PASSWORD });
    const sessionCookie = (session.headers['set-cookie'] as unknown as string[]).join();
    expect(sessionCookie).toMatch(/zunft_refresh=/);
    expect(sessionCookie).not.toMatch(/Max-Age|Expires/);
    const remembered = await t
      .http()
      .post('/api/auth/login')
      .send({ email: admin.email, password: PASSWORD, rememberMe: true });
    expect((remembered.headers['set-cookie'] as unknown as string[]).join()).toMatch(/Max-Age=2592000/);
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const admin = await registerCompany(t);
    for (const body of [
      { email: admin.email, password: 'falsch123' },
      { email: uniqueEmail('nobody'), password: PASSWORD },
    ]) {
      const res = await t.http().post('/api/auth/login').send(body);
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('E-Mail oder Passwort ist falsch');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('tells a deactivated user so (403), only with the right password', async () => {
    const admin = await registerCompany(t);
    const { user } = await createStaff(t, admin, 'employee');
    await t.http().put(`/api/users/${user.id}/deactivate`).set(bearer(admin)).expect(200);
    const res = await t.http().post('/api/auth/login').send({ email: user.email, password: PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Ihr Konto ist deaktiviert. Bitte wenden Sie sich an Ihren Administrator.');
    const wrong = await t.http().post('/api/auth/login').send({ email: user.email, password: 'falsch123' });
    expect(wrong.status).toBe(401);
  });

  it('validates the body', async () => {
    const res = await t.http().post('/api/auth/login').send({ email: 'a@b.ch' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Passwort ist erforderlich');
  });
});

/** Moves the rotation of a cookie's (already rotated) refresh token back, as if it were `seconds` ago. */
async function rotatedSecondsAgo(cookie: string, seconds: number) {
  const tokenHash = sha256(cookie.slice(cookie.indexOf('=') + 1));
  const { affected } = await t.dataSource
    .getRepository(RefreshTokenEntity)
    .update({ tokenHash }, { revokedAt: new Date(Date.now() - seconds * 1000) });
  expect(affected).toBe(1);
}

describe('POST /api/auth/refresh and /api/auth/logout', () => {
  it('rotates the refresh token and answers a new access token', async () => {
    const admin = await registerCompany(t);
    const res = await t.http().post('/api/auth/refresh').set('cookie', admin.cookie!);
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(admin.user.id);
    const rotated = refreshCookieOf(res);
    expect(rotated).not.toBeNull();
    expect(rotated).not.toBe(admin.cookie);
    await t.http().get('/api/auth/profile').set(bearer(res.body)).expect(200);
    await t.http().post('/api/auth/refresh').set('cookie', rotated!).expect(200);
  });

  it('detects reuse of a rotated token after the grace window and revokes the whole family', async () => {
    const admin = await registerCompany(t);
    const next = await t.http().post('/api/auth/refresh').set('cookie', admin.cookie!);
    const successor = refreshCookieOf(next)!;
    await rotatedSecondsAgo(admin.cookie!, ROTATION_GRACE_SECONDS + 1);
    const replay = await t.http().post('/api/auth/refresh').set('cookie', admin.cookie!);
    expect(replay.status).toBe(401);
    expect(replay.body.error).toBe('Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.');
    expect((replay.headers['set-cookie'] as unknown as string[]).join()).toMatch(
      /zunft_refresh=;.*Expires=Thu, 01 Jan 1970/,
    );
    const stolen = await t.http().post('/api/auth/refresh').set('cookie', successor);
    expect(stolen.status).toBe(401);
  });

  it('two tabs refreshing with the same cookie at once both get a working session', async () => {
    const admin = await registerCompany(t);
    const [a, b] = await Promise.all([
      t.http().post('/api/auth/refresh').set('cookie', admin.cookie!),
      t.http().post('/api/auth/refresh').set('cookie', admin.cookie!),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const cookies = [refreshCookieOf(a)!, refreshCookieOf(b)!];
    expect(new Set([...cookies, admin.cookie]).size).toBe(3);
    for (const res of [a, b]) await t.http().get('/api/auth/profile').set(bearer(res.body)).expect(200);
    // Neither tab's new token was revoked by the other's refresh.
    for (const cookie of cookies) await t.http().post('/api/auth/refresh').set('cookie', cookie).expect(200);
  });

  it('a refresh whose answer got lost can be repeated with the old cookie within the grace window', async () => {
    const admin = await registerCompany(t);
    const lost = await t.http().post('/api/auth/refresh').set('cookie', admin.cookie!).expect(200);
    await rotatedSecondsAgo(admin.cookie!, ROTATION_GRACE_SECONDS * 0.8);
    const again = await t.http().post('/api/auth/refresh').set('cookie', admin.cookie!);
    expect(again.status).toBe(200);
    expect(again.body.user.id).toBe(admin.user.id);
    const sibling = refreshCookieOf(again)!;
    expect(sibling).not.toBe(refreshCookieOf(lost));
    await t.http().post('/api/auth/refresh').set('cookie', sibling).expect(200);
    await t.http().post('/api/auth/refresh').set('cookie', refreshCookieOf(lost)!).expect(200);
  });

  it('the grace window does not bring back a session that was logged out', async () => {
    const admin = await registerCompany(t);
    const next = await t.http().post('/api/auth/refresh').set('cookie', admin.cookie!).expect(200);
    await t.http().post('/api/auth/logout').set('cookie', refreshCookieOf(next)!).expect(200);
    expect((await t.http().post('/api/auth/refresh').set('cookie', admin.cookie!)).status).toBe(401);
  });

  it('the grace window does not survive a password change', async () => {
    const admin = await registerCompany(t);
    await t.http().post('/api/auth/refresh').set('cookie', admin.cookie!).expect(200);
    await t
      .http()
      .put('/api/auth/change-password')
      .set(bearer(admin))
      .send({ currentPassword: PASSWORD, newPassword: 'neuesPasswort' })
      .expect(200);
    expect((await t.http().post('/api/auth/refresh').set('cookie', admin.cookie!)).status).toBe(401);
  });

  it('answers 401 without a cookie or with an unknown one', async () => {
    expect((await t.http().post('/api/auth/refresh')).status).toBe(401);
    expect((await t.http().post('/api/auth/refresh').set('cookie', 'zunft_refresh=nope')).status).toBe(401);
  });

  it('logout revokes the session and clears the cookie', async () => {
    const admin = await registerCompany(t);
    const res = await t.http().post('/api/auth/logout').set('cookie', admin.cookie!);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Erfolgreich abgemeldet' });
    expect((res.headers['set-cookie'] as unknown as string[]).join()).toMatch(/zunft_refresh=;/);
    expect((await t.http().post('/api/auth/refresh').set('cookie', admin.cookie!)).status).toBe(401);
    expect((await t.http().post('/api/auth/logout')).status).toBe(200);
  });
});

describe('GET/PUT /api/auth/profile', () => {
  it('answers the signed-in user, 401 without token', async () => {
    const admin = await registerCompany(t);
    const res = await t.http().get('/api/auth/profile').set(bearer(admin));
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: admin.user.id, companyName: 'Holzbau Test GmbH', role: 'admin' });
    const anonymous = await t.http().get('/api/auth/profile');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toBe('Bitte melden Sie sich an');
    expect((await t.http().get('/api/auth/profile').set('authorization', 'Bearer abc.def.ghi')).status).toBe(401);
  });

  it('updates own name and e-mail (any role) and publishes auth.user.updated', async () => {
    const admin = await registerCompany(t);
    const { session } = await createStaff(t, admin, 'employee');
    const email = uniqueEmail('renamed');
    const res = await t
      .http()
      .put('/api/auth/profile')
      .set(bearer(session))
      .send({ firstName: 'Lea', lastName: 'Neu', email });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ firstName: 'Lea', lastName: 'Neu', email, role: 'employee' });
    await login(t, email);
    expect((await outboxTypes(t, admin.user.companyId)).at(-1)).toBe('auth.user.updated');
  });

  it('refuses a taken e-mail (409) and invalid input (400), 401 without token', async () => {
    const admin = await registerCompany(t);
    const other = await registerCompany(t);
    const taken = await t
      .http()
      .put('/api/auth/profile')
      .set(bearer(admin))
      .send({ firstName: 'A', lastName: 'B', email: other.email });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('Diese E-Mail-Adresse ist bereits registriert');
    const invalid = await t
      .http()
      .put('/api/auth/profile')
      .set(bearer(admin))
      .send({ firstName: '', lastName: 'B', email: admin.email });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toBe('Vorname ist erforderlich');
    expect(
      (await t.http().put('/api/auth/profile').send({ firstName: 'A', lastName: 'B', email: admin.email })).status,
    ).toBe(401);
  });
});

describe('The user language (issue 15)', () => {
  it('starts as the company language for the admin and for users the admin creates, and the token carries it', async () => {
    const admin = await registerCompany(t, { language: 'fr' });
    expect(admin.user).toMatchObject({ language: 'fr', companyLanguage: 'fr' });
    expect(decodeVerified(admin.token, t.config.jwtPublicKey).language).toBe('fr');
    const { user, session } = await createStaff(t, admin, 'employee');
    expect(user.language).toBe('fr');
    expect(session.user.language).toBe('fr');
    expect(decodeVerified(session.token, t.config.jwtPublicKey).language).toBe('fr');
    // The admin may give a new user another language.
    const { user: italian, session: italianSession } = await createStaff(t, admin, 'backoffice', { language: 'it' });
    expect(italian.language).toBe('it');
    expect(italianSession.user).toMatchObject({ language: 'it', companyLanguage: 'fr' });
    const rows: Array<{ language: string }> = await t.dataSource.query(
      `SELECT language FROM users WHERE company_id = $1 ORDER BY created_at`,
      [admin.user.companyId],
    );
    expect(rows.map((r) => r.language)).toEqual(['fr', 'fr', 'it']);
  });

  it('is changed in the profile: stored, answered with a fresh token carrying it, kept on refresh and login', async () => {
    const admin = await registerCompany(t, { language: 'fr' });
    const res = await t
      .http()
      .put('/api/auth/profile')
      .set(bearer(admin))
      .send({ firstName: 'Urs', lastName: 'Meier', email: admin.email, language: 'it' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ language: 'it', companyLanguage: 'fr' });
    expect(res.body.expiresIn).toBe(900);
    const claims = decodeVerified(res.body.token, t.config.jwtPublicKey);
    expect(accessTokenClaimsSchema.parse(claims)).toMatchObject({ userId: admin.user.id, language: 'it' });
    const profile = await t
      .http()
      .get('/api/auth/profile')
      .set({ authorization: `Bearer ${res.body.token}` });
    expect(profile.body.user.language).toBe('it');
    const refreshed = await t.http().post('/api/auth/refresh').set('cookie', admin.cookie!);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.user.language).toBe('it');
    expect(decodeVerified(refreshed.body.token, t.config.jwtPublicKey).language).toBe('it');
    const again = await login(t, admin.email);
    expect(again.user.language).toBe('it');
    // Without `language` the profile keeps it; the company's language is untouched.
    const rename = await t
      .http()
      .put('/api/auth/profile')
      .set(bearer(admin))
      .send({ firstName: 'Urs', lastName: 'Muster', email: admin.email });
    expect(rename.body.user).toMatchObject({ lastName: 'Muster', language: 'it', companyLanguage: 'fr' });
    const company: Array<{ language: string }> = await t.dataSource.query(
      `SELECT language FROM companies WHERE id = $1`,
      [admin.user.companyId],
    );
    expect(company[0]!.language).toBe('fr');
  });

  it('refuses a language other than de, fr, it with a 400 (in the Italian user’s language) and changes nothing', async () => {
    const admin = await registerCompany(t, { language: 'it' });
    // The admin's token says Italian: server messages answer in it (issue 15, message catalogue).
    const refused = 'Lingua: valore non valido. Valori consentiti: de, fr, it';
    for (const language of ['en', 'DE', '', 42]) {
      const res = await t
        .http()
        .put('/api/auth/profile')
        .set(bearer(admin))
        .send({ firstName: 'Urs', lastName: 'Meier', email: admin.email, language });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(refused);
    }
    expect((await t.http().get('/api/auth/profile').set(bearer(admin))).body.user.language).toBe('it');
    const staff = await t
      .http()
      .post('/api/users')
      .set(bearer(admin))
      .send({
        firstName: 'A',
        lastName: 'B',
        email: uniqueEmail('lang'),
        password: PASSWORD,
        role: 'employee',
        language: 'en',
      });
    expect(staff.status).toBe(400);
    expect(staff.body.error).toBe(refused);
  });
});

describe('PUT /api/auth/change-password', () => {
  it('changes the password, ends all other sessions and keeps this browser signed in', async () => {
    const admin = await registerCompany(t);
    const otherDevice = await login(t, admin.email, PASSWORD, true);
    const res = await t
      .http()
      .put('/api/auth/change-password')
      .set(bearer(admin))
      .set('cookie', admin.cookie!)
      .send({ currentPassword: PASSWORD, newPassword: 'neuesPasswort' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Passwort erfolgreich geändert' });
    const fresh = refreshCookieOf(res)!;
    expect((await t.http().post('/api/auth/refresh').set('cookie', otherDevice.cookie!)).status).toBe(401);
    expect((await t.http().post('/api/auth/refresh').set('cookie', admin.cookie!)).status).toBe(401);
    const kept = await t.http().post('/api/auth/refresh').set('cookie', fresh);
    expect(kept.status).toBe(200);
    expect((await t.http().post('/api/auth/login').send({ email: admin.email, password: PASSWORD })).status).toBe(401);
    await login(t, admin.email, 'neuesPasswort');
  });

  it('refuses a wrong current password and a short new one; 401 without token', async () => {
    const admin = await registerCompany(t);
    const wrong = await t
      .http()
      .put('/api/auth/change-password')
      .set(bearer(admin))
      .send({ currentPassword: 'falsch', newPassword: 'abcdefg' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('Das aktuelle Passwort ist falsch');
    const short = await t
      .http()
      .put('/api/auth/change-password')
      .set(bearer(admin))
      .send({ currentPassword: PASSWORD, newPassword: 'abc' });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe('Das neue Passwort muss mindestens 6 Zeichen lang sein');
    expect(
      (await t.http().put('/api/auth/change-password').send({ currentPassword: 'a', newPassword: 'abcdefg' })).status,
    ).toBe(401);
  });
});

describe('GET /api/auth/demo', () => {
  it('tells the landing page whether to offer the demo login (public; off unless configured)', async () => {
    const res = await t.http().get('/api/auth/demo');
    expect([res.status, res.body]).toEqual([200, { enabled: false }]);
  });
});

describe('POST /api/auth/superadmin-login', () => {
  it('exchanges a one-time token for the admin session marked isSuperAdmin, once', async () => {
    const admin = await registerCompany(t);
    await createStaff(t, admin, 'employee');
    const { token } = await t.app.get(SuperAdminService).issue(admin.user.companyId);
    const res = await t.http().post('/api/auth/superadmin-login').send({ token });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: admin.user.id, role: 'admin', isSuperAdmin: true });
    expect(decodeVerified(res.body.token, t.config.jwtPublicKey).isSuperAdmin).toBe(true);
    const cookie = (res.headers['set-cookie'] as unknown as string[]).join();
    expect(cookie).not.toMatch(/Max-Age/);
    const refreshed = await t.http().post('/api/auth/refresh').set('cookie', refreshCookieOf(res)!);
    expect(refreshed.body.user.isSuperAdmin).toBe(true);

    const again = await t.http().post('/api/auth/superadmin-login').send({ token });
    expect(again.status).toBe(401);
    expect(again.body.error).toBe('Ungültiger oder abgelaufener SuperAdmin-Token');
  });

  it('ends the support session 8 hours after the link was used, however often it is refreshed', async () => {
    const admin = await registerCompany(t);
    const { token } = await t.app.get(SuperAdminService).issue(admin.user.companyId);
    const res = await t.http().post('/api/auth/superadmin-login').send({ token });
    const expiries = async () =>
      (
        await t.dataSource.query(
          `SELECT expires_at FROM refresh_tokens WHERE user_id = $1 AND super_admin ORDER BY created_at`,
          [admin.user.id],
        )
      ).map((r: { expires_at: Date }) => new Date(r.expires_at).getTime());
    const [first] = await expiries();
    expect(Math.abs(first! - (Date.now() + 8 * 3600_000))).toBeLessThan(60_000);
    let cookie = refreshCookieOf(res)!;
    for (let i = 0; i < 2; i++) {
      const refreshed = await t.http().post('/api/auth/refresh').set('cookie', cookie);
      expect(refreshed.status).toBe(200);
      cookie = refreshCookieOf(refreshed)!;
    }
    // Every successor keeps the first token's end (no renewal); once it has passed, refresh fails.
    expect(await expiries()).toEqual([first, first, first]);
    await t.dataSource.query(
      `UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND super_admin`,
      [admin.user.id],
    );
    expect((await t.http().post('/api/auth/refresh').set('cookie', cookie)).status).toBe(401);
  });

  it('accepts an admin e-mail as company reference and refuses expired tokens', async () => {
    const admin = await registerCompany(t);
    // Issued as the CLI does (cli/superadmin-token.ts): without Nest, on a bare DataSource.
    const { token, company, admin: actingAs } = await SuperAdminService.on(t.dataSource).issue(admin.email);
    expect([company.id, actingAs.id]).toEqual([admin.user.companyId, admin.user.id]);
    await t.dataSource.query(`UPDATE superadmin_tokens SET expires_at = now() - interval '1 second'`);
    const res = await t.http().post('/api/auth/superadmin-login').send({ token });
    expect(res.status).toBe(401);
    const invalid = await t.http().post('/api/auth/superadmin-login').send({ token: 'kurz' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toBe('Ungültiger Token');
  });
});
