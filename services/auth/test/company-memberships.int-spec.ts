import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EventsConnection, RpcClient } from '@zunft/nest-common';
import { waitFor } from '@zunft/nest-common/testing';
import { randomUUID } from 'node:crypto';
import {
  bearer,
  createStaff,
  login,
  PASSWORD,
  refreshCookieOf,
  registerCompany,
  uniqueEmail,
  type Session,
} from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * One fiduciary in several companies (issue 26): the admin invites by e-mail, the link (drawn when
 * billing asks for it over NATS) is accepted by a new or an existing account, the person switches
 * between companies with a token scoped to one at a time, the admin removes the access.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const invite = (admin: Session, body: object) => t.http().post('/api/users/invitations').set(bearer(admin)).send(body);
/** The invitations announced to billing (auth.user.invited), newest last. */
async function announced(companyId: string) {
  const rows: Array<{ data: { invitationId: string; email: string; companyName: string; language: string } }> =
    await t.dataSource.query(
      `SELECT data FROM outbox_events WHERE company_id = $1 AND type = 'auth.user.invited' ORDER BY occurred_at, id`,
      [companyId],
    );
  return rows.map((r) => r.data);
}
/** What billing's mailer gets: auth's answer to rpc.auth.invitation-link over the real NATS. */
async function linkToken(companyId: string, invitationId: string): Promise<string> {
  const link = await t.app.get(RpcClient).request('rpc.auth.invitation-link', { companyId, invitationId });
  if (link.state !== 'issued') throw new Error(`link ${link.state}`);
  return link.token;
}
async function invitedToken(admin: Session, email: string): Promise<string> {
  const res = await invite(admin, { email, role: 'accountant' });
  expect(res.status).toBe(201);
  return linkToken(admin.user.companyId, res.body.id);
}
const accept = (body: Record<string, unknown>) => t.http().post('/api/auth/invitations/accept').send(body);
function sessionOf(
  res: { status: number; body: { token: string; user: Session['user'] } } & Parameters<typeof refreshCookieOf>[0],
  email: string,
): Session {
  expect(res.status).toBe(200);
  return { token: res.body.token, user: res.body.user, cookie: refreshCookieOf(res), email, password: PASSWORD };
}
const companies = (s: Session) => t.http().get('/api/auth/companies').set(bearer(s));
const switchTo = (s: Session, companyId: unknown) => {
  const req = t.http().post('/api/auth/switch-company').set(bearer(s));
  if (s.cookie) req.set('Cookie', s.cookie);
  return req.send({ companyId });
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('fiduciary invitations and company switching (issue 26)', () => {
  let adminA: Session;
  let adminB: Session;
  const fiduciaryEmail = uniqueEmail('treuhand');
  let fiduciaryInA: Session;

  beforeAll(async () => {
    adminA = await registerCompany(t, { companyName: 'Elektro Alpha AG' });
    adminB = await registerCompany(t, { companyName: 'Sanitär Beta GmbH', language: 'fr' });
  }, 60_000);

  it('invitation → a new address sets name and password and is an accountant of company A', async () => {
    const token = await invitedToken(adminA, fiduciaryEmail);
    const [event] = await announced(adminA.user.companyId);
    expect(event).toMatchObject({ email: fiduciaryEmail, companyName: 'Elektro Alpha AG', language: 'de' });
    // the event carries no token; auth keeps only its hash
    expect(JSON.stringify(event)).not.toContain(token);
    const stored: Array<{ token_hash: string }> = await t.dataSource.query(
      `SELECT token_hash FROM user_invitations WHERE company_id = $1`,
      [adminA.user.companyId],
    );
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.token_hash).not.toBe(token);

    const info = await t.http().get(`/api/auth/invitations/${token}`);
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ email: fiduciaryEmail, companyName: 'Elektro Alpha AG', accountExists: false });

    const noName = await accept({ token, password: 'Treuhand-2026!' });
    expect(noName.status).toBe(400);
    expect(noName.body.error).toBe('Für ein neues Konto sind Vorname und Nachname erforderlich');
    const common = await accept({ token, password: 'password', firstName: 'Tina', lastName: 'Treuhand' });
    expect(common.status).toBe(400);
    expect(common.body.code).toBe('password_too_common');

    const res = await accept({ token, password: PASSWORD + 'X', firstName: 'Tina', lastName: 'Treuhand' });
    fiduciaryInA = sessionOf(res, fiduciaryEmail);
    fiduciaryInA.password = PASSWORD + 'X';
    expect(fiduciaryInA.user).toMatchObject({ role: 'accountant', companyId: adminA.user.companyId });
    // used once: the same link again is gone (410, German)
    const again = await accept({ token, password: PASSWORD + 'X', firstName: 'Tina', lastName: 'Treuhand' });
    expect(again.status).toBe(410);
    expect(again.body.error).toBe(
      'Diese Einladung ist abgelaufen oder wurde bereits verwendet. Bitte bitten Sie die Firma um eine neue Einladung.',
    );
    const list = await t.http().get('/api/users/invitations').set(bearer(adminA));
    expect(list.body[0]).toMatchObject({ email: fiduciaryEmail, state: 'accepted' });
  });

  it('an existing account accepts with its password → two companies → switch → B only; A’s token ends', async () => {
    const token = await invitedToken(adminB, fiduciaryEmail);
    const info = await t.http().get(`/api/auth/invitations/${token}`);
    expect(info.body).toMatchObject({ companyName: 'Sanitär Beta GmbH', accountExists: true });
    const wrong = await accept({ token, password: 'falsch-123' });
    expect(wrong.status).toBe(401);
    const res = await accept({ token, password: fiduciaryInA.password });
    const inB = sessionOf(res, fiduciaryEmail);
    expect(inB.user).toMatchObject({
      role: 'accountant',
      companyId: adminB.user.companyId,
      companyName: 'Sanitär Beta GmbH',
    });
    expect(inB.user.id).not.toBe(fiduciaryInA.user.id);

    // B's admin sees the fiduciary as a linked accountant; A's user list does not show B's account
    const usersB = await t.http().get('/api/users').set(bearer(adminB));
    expect(usersB.body.find((u: { email: string }) => u.email === fiduciaryEmail)).toMatchObject({
      role: 'accountant',
      linked_account: true,
    });
    const usersA = await t.http().get('/api/users').set(bearer(adminA));
    expect(usersA.body.filter((u: { email: string }) => u.email === fiduciaryEmail)).toHaveLength(1);

    // the login still opens the home company; both companies are listed
    const home = await login(t, fiduciaryEmail, fiduciaryInA.password);
    expect(home.user.companyId).toBe(adminA.user.companyId);
    const listed = await companies(home);
    expect(listed.status).toBe(200);
    expect(listed.body.companies).toEqual([
      { companyId: adminA.user.companyId, companyName: 'Elektro Alpha AG', role: 'accountant', current: true },
      { companyId: adminB.user.companyId, companyName: 'Sanitär Beta GmbH', role: 'accountant', current: false },
    ]);

    await sleep(1100); // access tokens carry whole seconds: the switch must end A's token of an earlier second
    const switched = await switchTo(home, adminB.user.companyId);
    expect(switched.status).toBe(200);
    const inBAgain = sessionOf(switched, fiduciaryEmail);
    expect(inBAgain.user.companyId).toBe(adminB.user.companyId);
    const profile = await t.http().get('/api/auth/profile').set(bearer(inBAgain));
    expect(profile.body.user).toMatchObject({ companyId: adminB.user.companyId, companyName: 'Sanitär Beta GmbH' });
    // the old session ended as on logout: A's access token and refresh cookie no longer work
    expect((await t.http().get('/api/auth/profile').set(bearer(home))).status).toBe(401);
    expect(
      (
        await t
          .http()
          .post('/api/auth/refresh')
          .set('Cookie', home.cookie ?? '')
      ).status,
    ).toBe(401);
    // the new refresh cookie stays in B
    const refreshed = await t.http().post('/api/auth/refresh').set('Cookie', inBAgain.cookie!);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.user.companyId).toBe(adminB.user.companyId);

    // B's audit trail shows the switch into B (and the accepting sign-in), A's does not
    const logB = await t.http().get('/api/audit-log').set(bearer(adminB));
    const actionsB = logB.body.entries.map((e: { action: string; userId: string }) => [e.action, e.userId]);
    expect(actionsB).toEqual(
      expect.arrayContaining([
        ['accountant.company-switched', inB.user.id],
        ['accountant.session-started', inB.user.id],
      ]),
    );
    const logA = await t.http().get('/api/audit-log').set(bearer(adminA));
    expect(logA.body.entries.filter((e: { action: string }) => e.action === 'accountant.company-switched')).toEqual([]);
  });

  it('a company the person has no access to: 404 (another tenant) in German; bad input 400', async () => {
    const home = await login(t, fiduciaryEmail, fiduciaryInA.password);
    const other = await registerCompany(t, { companyName: 'Fremd AG' });
    const res = await switchTo(home, other.user.companyId);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Firma nicht gefunden');
    const bad = await switchTo(home, 'keine-uuid');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('Ungültige Firma');
    // an ordinary admin has only their own company
    expect((await companies(adminA)).body.companies).toEqual([
      { companyId: adminA.user.companyId, companyName: 'Elektro Alpha AG', role: 'admin', current: true },
    ]);
  });

  it('the admin removes the fiduciary: no more switching into B (403), B no longer listed', async () => {
    const usersB = await t.http().get('/api/users').set(bearer(adminB));
    const linked = usersB.body.find((u: { email: string }) => u.email === fiduciaryEmail);
    const removed = await t.http().put(`/api/users/${linked.id}/deactivate`).set(bearer(adminB));
    expect(removed.status).toBe(200);
    const home = await login(t, fiduciaryEmail, fiduciaryInA.password);
    expect((await companies(home)).body.companies.map((c: { companyId: string }) => c.companyId)).toEqual([
      adminA.user.companyId,
    ]);
    const res = await switchTo(home, adminB.user.companyId);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Sie haben keinen Zugriff (mehr) auf diese Firma');
    // a new invitation gives the access back
    const token = await invitedToken(adminB, fiduciaryEmail);
    expect((await accept({ token, password: fiduciaryInA.password })).status).toBe(200);
    expect((await switchTo(await login(t, fiduciaryEmail, fiduciaryInA.password), adminB.user.companyId)).status).toBe(
      200,
    );
  });

  it('the linked account keeps the home address; a password change applies to the home account', async () => {
    const home = await login(t, fiduciaryEmail, fiduciaryInA.password);
    const inB = sessionOf(await switchTo(home, adminB.user.companyId), fiduciaryEmail);
    const changeEmail = await t
      .http()
      .put('/api/auth/profile')
      .set(bearer(inB))
      .send({ firstName: 'Tina', lastName: 'Treuhand', email: uniqueEmail('anders') });
    expect(changeEmail.status).toBe(400);
    expect(changeEmail.body.code).toBe('membership_email_fixed');
    const renamed = await t
      .http()
      .put('/api/auth/profile')
      .set(bearer(await login(t, fiduciaryEmail, fiduciaryInA.password)))
      .send({ firstName: 'Tina', lastName: 'Treuhand-Muster', email: fiduciaryEmail });
    expect(renamed.status).toBe(200);
    const usersB = await t.http().get('/api/users').set(bearer(adminB));
    expect(usersB.body.find((u: { email: string }) => u.email === fiduciaryEmail).last_name).toBe('Treuhand-Muster');

    // from B's session: the current password is the home account's, the new one signs in at home
    const inBNow = sessionOf(
      await switchTo(await login(t, fiduciaryEmail, fiduciaryInA.password), adminB.user.companyId),
      fiduciaryEmail,
    );
    const changed = await t
      .http()
      .put('/api/auth/change-password')
      .set(bearer(inBNow))
      .set('Cookie', inBNow.cookie!)
      .send({ currentPassword: fiduciaryInA.password, newPassword: 'Neues-Treuhand-7' });
    expect(changed.status).toBe(200);
    expect(
      (await t.http().post('/api/auth/login').send({ email: fiduciaryEmail, password: fiduciaryInA.password })).status,
    ).toBe(401);
    fiduciaryInA.password = 'Neues-Treuhand-7';
    expect((await login(t, fiduciaryEmail, fiduciaryInA.password)).user.companyId).toBe(adminA.user.companyId);
  });
});

describe('the home account ends the linked ones (issue 26)', () => {
  it('home account deactivated in A: the session in B is not refreshed, no company to switch to', async () => {
    const adminA = await registerCompany(t);
    const adminB = await registerCompany(t);
    const email = uniqueEmail('treuhand');
    const { user: home } = await createStaff(t, adminA, 'accountant', { email });
    const token = await invitedToken(adminB, email);
    const inB = sessionOf(await accept({ token, password: PASSWORD }), email);
    expect(inB.user.companyId).toBe(adminB.user.companyId);
    expect((await t.http().put(`/api/users/${home.id}/deactivate`).set(bearer(adminA))).status).toBe(200);
    expect((await t.http().post('/api/auth/refresh').set('Cookie', inB.cookie!)).status).toBe(401);
    expect((await companies(inB)).body.companies).toEqual([]);
    expect((await switchTo(inB, adminA.user.companyId)).status).toBe(404);
  });
});

describe('invitations: roles, tenants and bad input (issue 26)', () => {
  let admin: Session;
  beforeAll(async () => {
    admin = await registerCompany(t);
  }, 60_000);

  it('only the admin invites (backoffice 403, accountant 403 read-only), in German', async () => {
    const office = (await createStaff(t, admin, 'backoffice')).session;
    const accountant = (await createStaff(t, admin, 'accountant')).session;
    const byOffice = await invite(office, { email: uniqueEmail(), role: 'accountant' });
    expect(byOffice.status).toBe(403);
    expect(byOffice.body.error).toMatch(/Berechtigung|Zugriff/);
    const byAccountant = await invite(accountant, { email: uniqueEmail(), role: 'accountant' });
    expect(byAccountant.status).toBe(403);
    expect(byAccountant.body.code).toBe('accountant_read_only');
    expect((await t.http().get('/api/users/invitations').set(bearer(office))).status).toBe(403);
  });

  it('bad input: 400 German (address, role, token); someone already in the company: 409', async () => {
    const badEmail = await invite(admin, { email: 'kein-mail', role: 'accountant' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.error).toContain('Bitte geben Sie eine gültige E-Mail-Adresse ein');
    const badRole = await invite(admin, { email: uniqueEmail(), role: 'admin' });
    expect(badRole.status).toBe(400);
    expect(badRole.body.error).toContain('Eingeladen werden können nur Treuhänder');
    const member = await invite(admin, { email: admin.email, role: 'accountant' });
    expect(member.status).toBe(409);
    expect(member.body.error).toBe('Diese Person hat bereits Zugriff auf Ihre Firma');
    const badToken = await t.http().get('/api/auth/invitations/zu-kurz');
    expect(badToken.status).toBe(400);
    const unknown = await accept({ token: 'A'.repeat(43), password: PASSWORD, firstName: 'A', lastName: 'B' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe(
      'Der Einladungslink ist ungültig. Bitte bitten Sie die Firma um eine neue Einladung.',
    );
  });

  it('an expired or withdrawn invitation answers 410; the link rpc answers closed', async () => {
    const expired = await invite(admin, { email: uniqueEmail('alt'), role: 'accountant' });
    const expiredToken = await linkToken(admin.user.companyId, expired.body.id);
    await t.dataSource.query(`UPDATE user_invitations SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      expired.body.id,
    ]);
    expect((await t.http().get(`/api/auth/invitations/${expiredToken}`)).status).toBe(410);
    const withdrawn = await invite(admin, { email: uniqueEmail('zurueck'), role: 'accountant' });
    const withdrawnToken = await linkToken(admin.user.companyId, withdrawn.body.id);
    const revoke = await t.http().delete(`/api/users/invitations/${withdrawn.body.id}`).set(bearer(admin));
    expect(revoke.body.state).toBe('revoked');
    expect(
      (await accept({ token: withdrawnToken, password: 'Neu-Passwort-9', firstName: 'A', lastName: 'B' })).status,
    ).toBe(410);
    const link = await t.app
      .get(RpcClient)
      .request('rpc.auth.invitation-link', { companyId: admin.user.companyId, invitationId: withdrawn.body.id });
    expect(link).toEqual({ state: 'closed' });
  });

  it("another company's invitation is 404 for this admin (withdraw) and never listed", async () => {
    const other = await registerCompany(t);
    const theirs = await invite(other, { email: uniqueEmail(), role: 'accountant' });
    const res = await t.http().delete(`/api/users/invitations/${theirs.body.id}`).set(bearer(admin));
    expect(res.status).toBe(404);
    const mine = await t.http().get('/api/users/invitations').set(bearer(admin));
    expect(mine.body.map((i: { id: string }) => i.id)).not.toContain(theirs.body.id);
  });
});

describe("a fiduciary's export downloads in billing, in the audit trail (issue 26)", () => {
  it('billing.accountant.export-downloaded becomes one «Treuhänder» line, also when delivered twice', async () => {
    const admin = await registerCompany(t);
    const accountant = (await createStaff(t, admin, 'accountant')).user;
    const id = randomUUID();
    const data = {
      userId: accountant.id,
      export: 'open-items',
      format: 'pdf',
      path: '/api/invoices/open-items',
      requestId: 'req-77',
      occurredAt: '2026-11-28T10:15:00.000Z',
    };
    const envelope = {
      id,
      type: 'billing.accountant.export-downloaded',
      version: 1,
      occurredAt: data.occurredAt,
      companyId: admin.user.companyId,
      actorId: accountant.id,
      requestId: 'req-77',
      data,
    };
    const events = t.app.get(EventsConnection);
    for (let i = 0; i < 2; i++) {
      await events.js.publish(events.subjectFor('billing.accountant.export-downloaded'), JSON.stringify(envelope), {
        msgID: `${id}-${randomUUID()}`,
      });
    }
    const exported = async () =>
      ((await t.http().get('/api/audit-log').set(bearer(admin))).body.entries as Array<{ action: string }>).filter(
        (e) => e.action === 'accountant.export',
      );
    await waitFor(async () => ((await exported()).length > 0 ? true : undefined));
    await new Promise((r) => setTimeout(r, 300));
    expect(await exported()).toEqual([
      expect.objectContaining({
        actor: 'accountant',
        service: 'billing',
        method: 'GET',
        path: '/api/invoices/open-items?format=pdf',
        userId: accountant.id,
        occurredAt: '2026-11-28T10:15:00.000Z',
      }),
    ]);
  });
});
