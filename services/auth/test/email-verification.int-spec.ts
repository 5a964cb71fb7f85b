import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EventsConnection, RpcClient, RpcRemoteError } from '@zunft/nest-common';
import { waitFor } from '@zunft/nest-common/testing';
import { randomUUID } from 'node:crypto';
import { bearer, createStaff, registerCompany, type Session } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** The links announced to the company so far (auth.company.email-verification-requested), newest last. */
async function announced(companyId: string): Promise<Array<{ userId: string; expiresAt: string }>> {
  const rows: Array<{ data: { userId: string; expiresAt: string } }> = await t.dataSource.query(
    `SELECT data FROM outbox_events WHERE company_id = $1 AND type = 'auth.company.email-verification-requested'
      ORDER BY occurred_at, id`,
    [companyId],
  );
  return rows.map((r) => r.data);
}
/** What billing gets when it mails a link: auth's answer to rpc.auth.email-verification-link over NATS. */
const askLink = (companyId: string, link: { userId: string; expiresAt: string }) =>
  t.app.get(RpcClient).request('rpc.auth.email-verification-link', { companyId, ...link });
/** The token billing mails for the company's newest link. */
async function linkToken(companyId: string): Promise<string> {
  const link = await askLink(companyId, (await announced(companyId)).at(-1)!);
  if (link.state !== 'issued') throw new Error(`link ${link.state}`);
  return link.token;
}
/** Every message of the run's event stream, raw (subjects and payloads as NATS keeps them). */
async function rawStream(): Promise<string> {
  const events = t.app.get(EventsConnection);
  const { state } = await events.jsm.streams.info(events.streamName);
  const parts: string[] = [];
  for (let seq = state.first_seq; seq <= state.last_seq; seq++) {
    const m = await events.jsm.streams.getMessage(events.streamName, { seq }).catch(() => null);
    if (m) parts.push(`${m.subject} ${new TextDecoder().decode(m.data)}`);
  }
  return parts.join('\n');
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
    const token = await linkToken(admin.user.companyId);
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
    const token = await linkToken(admin.user.companyId);
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

    const oldToken = await linkToken(admin.user.companyId);
    await ageLink(admin.user.companyId, 301);
    const again = await resend(admin);
    expect([again.status, again.body]).toEqual([
      200,
      { message: `Bestätigungslink an ${admin.email} gesendet`, sentTo: admin.email },
    ]);
    const [first, second] = await announced(admin.user.companyId);
    // the replaced link's announcement gets no token any more; the new one's does
    expect(await askLink(admin.user.companyId, first!)).toEqual({ state: 'superseded' });
    const newToken = await linkToken(admin.user.companyId);
    expect(second!.expiresAt).not.toBe(first!.expiresAt);
    expect(newToken).not.toBe(oldToken);
    expect((await verify(oldToken)).status).toBe(400);
    expect((await verify(newToken)).status).toBe(200);
  });

  it('the token never enters the event stream: billing asks auth for it at send time (issue 25)', async () => {
    const admin = await registerCompany(t);
    const companyId = admin.user.companyId;
    const [link] = await announced(companyId);
    expect(Object.keys(link!).sort()).toEqual(['companyName', 'email', 'expiresAt', 'firstName', 'language', 'userId']);
    // the relay has published the announcement; then billing asks and mails the token
    await waitFor(async () => (await rawStream()).includes(companyId));
    const token = await linkToken(companyId);
    const raw = await rawStream();
    expect(raw).toContain(`auth.company.email-verification-requested`);
    expect(raw).not.toContain(token);
    // only the hash is kept: the outbox row has no token either
    expect(JSON.stringify(await announced(companyId))).not.toContain(token);
    // asked again (a redelivered event): a new token, the one before stops working
    const again = await linkToken(companyId);
    expect(again).not.toBe(token);
    expect((await verify(token)).status).toBe(400);
    expect((await verify(again)).status).toBe(200);
    // confirmed: no token any more; unknown user: not found
    expect(await askLink(companyId, link!)).toEqual({ state: 'verified' });
    await expect(askLink(companyId, { ...link!, userId: randomUUID() })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('a link confirms only its own company (another tenant stays unconfirmed)', async () => {
    const a = await registerCompany(t);
    const b = await registerCompany(t);
    const tokenA = await linkToken(a.user.companyId);
    // b's link asked for with a's company id: not found (nothing drawn for b)
    await expect(askLink(a.user.companyId, (await announced(b.user.companyId))[0]!)).rejects.toBeInstanceOf(
      RpcRemoteError,
    );
    expect((await verify(tokenA)).status).toBe(200);
    expect((await profile(a)).body.user.emailVerified).toBe(true);
    expect((await profile(b)).body.user.emailVerified).toBe(false);
  });
});
