import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, createStaff, registerCompany, type Session } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** The link tokens mailed to the company so far (billing sends them from these events), newest last. */
async function linkTokens(companyId: string): Promise<string[]> {
  const rows: Array<{ data: { token: string; email: string } }> = await t.dataSource.query(
    `SELECT data FROM outbox_events WHERE company_id = $1 AND type = 'auth.company.email-verification-requested'
      ORDER BY occurred_at, id`,
    [companyId],
  );
  return rows.map((r) => r.data.token);
}
const verify = (token: unknown) => t.http().post('/api/auth/verify-email').send({ token });
const resend = (s: Session) => t.http().post('/api/auth/verify-email/resend').set(bearer(s));
const profile = (s: Session) => t.http().get('/api/auth/profile').set(bearer(s));
/** Moves the latest link's issue time back (the resend interval and the expiry count from it). */
const ageLink = (companyId: string, seconds: number) =>
  t.dataSource.query(
    `UPDATE companies SET email_verification_expires_at = email_verification_expires_at - make_interval(secs => $2)
      WHERE id = $1`,
    [companyId, seconds],
  );

describe('e-mail verification of the owner (issue 25)', () => {
  it('registering mails a link; the link confirms the address once, a second click says it is confirmed', async () => {
    const admin = await registerCompany(t);
    expect(admin.user.emailVerified).toBe(false);
    // The spec's flows work at once: the session is there and the profile answers.
    expect((await profile(admin)).body.user.emailVerified).toBe(false);
    const [token] = await linkTokens(admin.user.companyId);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored.
    const [row] = await t.dataSource.query(`SELECT email_verification_token_hash AS h FROM companies WHERE id = $1`, [
      admin.user.companyId,
    ]);
    expect(row.h).toMatch(/^[0-9a-f]{64}$/);
    expect(row.h).not.toContain(token);

    const first = await verify(token);
    expect([first.status, first.body]).toEqual([
      200,
      { message: 'E-Mail-Adresse bestätigt', emailVerified: true, newlyVerified: true },
    ]);
    expect((await verify(token)).body.newlyVerified).toBe(false);
    expect((await profile(admin)).body.user.emailVerified).toBe(true);
    const events: Array<{ type: string }> = await t.dataSource.query(
      `SELECT type FROM outbox_events WHERE company_id = $1 AND type = 'auth.company.email-verified'`,
      [admin.user.companyId],
    );
    expect(events).toHaveLength(1);
    // Confirmed: no new link.
    expect([(await resend(admin)).status, (await resend(admin)).body.code]).toEqual([409, 'email_already_verified']);
  });

  it('bad, unknown and expired links: German 400, nothing confirmed', async () => {
    const admin = await registerCompany(t);
    const invalid = 'Der Bestätigungslink ist ungültig oder abgelaufen. Fordern Sie im Profil einen neuen an.';
    for (const token of [undefined, '', 'kurz', 42, 'x'.repeat(44)]) {
      const res = await verify(token);
      expect([res.status, res.body.error]).toEqual([400, invalid]);
    }
    const french = await t.http().post('/api/auth/verify-email').set('accept-language', 'fr').send({ token: 'kurz' });
    expect(french.body.error).toBe(
      'Le lien de confirmation n’est pas valable ou a expiré. Demandez-en un nouveau dans le profil.',
    );
    const unknown = await verify('A'.repeat(43));
    expect([unknown.status, unknown.body.code, unknown.body.error]).toEqual([
      400,
      'email_verification_invalid',
      invalid,
    ]);
    const [token] = await linkTokens(admin.user.companyId);
    await ageLink(admin.user.companyId, 8 * 86_400);
    const expired = await verify(token);
    expect([expired.status, expired.body.code]).toEqual([400, 'email_verification_invalid']);
    expect((await profile(admin)).body.user.emailVerified).toBe(false);
  });

  it('resend: admin only, at most every 5 minutes, the new link replaces the old one', async () => {
    const admin = await registerCompany(t);
    const { session: office } = await createStaff(t, admin, 'backoffice');
    const { session: employee } = await createStaff(t, admin, 'employee');
    expect((await resend(office)).status).toBe(403);
    expect((await resend(employee)).status).toBe(403);

    const tooSoon = await resend(admin);
    expect([tooSoon.status, tooSoon.body.code]).toEqual([429, 'email_verification_resend_wait']);
    expect(tooSoon.body.error).toMatch(
      /^Ein Bestätigungslink wurde eben erst gesendet\. Bitte warten Sie \d+ Sekunden/,
    );
    expect(tooSoon.body.retry_after_seconds).toBeGreaterThan(290);

    await ageLink(admin.user.companyId, 301);
    const again = await resend(admin);
    expect([again.status, again.body]).toEqual([
      200,
      { message: `Bestätigungslink an ${admin.email} gesendet`, sentTo: admin.email },
    ]);
    const [oldToken, newToken] = await linkTokens(admin.user.companyId);
    expect(newToken).not.toBe(oldToken);
    expect((await verify(oldToken)).status).toBe(400);
    expect((await verify(newToken)).status).toBe(200);
  });

  it('a link confirms only its own company (another tenant stays unconfirmed)', async () => {
    const a = await registerCompany(t);
    const b = await registerCompany(t);
    const [tokenA] = await linkTokens(a.user.companyId);
    expect((await verify(tokenA)).status).toBe(200);
    expect((await profile(a)).body.user.emailVerified).toBe(true);
    expect((await profile(b)).body.user.emailVerified).toBe(false);
  });
});
