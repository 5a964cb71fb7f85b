import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_COMPANY_SETTINGS, type MailJob } from '@zunft/contracts';
import { EventsConnection } from '@zunft/nest-common';
import { waitFor } from '@zunft/nest-common/testing';
import { randomBytes, randomUUID } from 'node:crypto';
import { DocumentQueues, MailDailyLimitError } from '../src/queues/index.js';
import { createCompany } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let queues: DocumentQueues;
beforeAll(async () => {
  t = await createTestApp();
  queues = t.app.get(DocumentQueues);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const GERMAN_LIMIT =
  'Tageslimit erreicht: Solange die E-Mail-Adresse des Inhabers nicht bestätigt ist, sendet ein Testkonto höchstens 20 E-Mails pro Tag an Kunden. Bestätigen Sie die Adresse mit dem Link aus der Registrierungs-E-Mail (neuer Link im Profil), dann entfällt das Limit.';

const companyRow = (id: string) =>
  t.dataSource
    .query(`SELECT email_verified, subscription_status FROM companies WHERE id = $1`, [id])
    .then((rows: Array<{ email_verified: boolean; subscription_status: string | null }>) => rows[0]);

/** A company as auth registers it today: trial, owner's address not confirmed. */
async function registerUnverified(): Promise<string> {
  const companyId = randomUUID();
  await t.publish('auth.company.registered', companyId, {
    companyId,
    name: 'Sanitär Neu GmbH',
    email: 'inhaber@neu.test',
    language: 'de',
    trialEndsAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    adminUserId: randomUUID(),
    settings: DEFAULT_COMPANY_SETTINGS,
    emailVerified: false,
  });
  await waitFor(async () => (await companyRow(companyId))?.email_verified === false);
  return companyId;
}

let n = 0;
const customerMail = (companyId: string, kind = 'quote'): MailJob => ({
  companyId,
  to: `kunde${++n}@example.ch`,
  subject: 'Angebot',
  text: 'Guten Tag',
  ref: `${kind}:${randomUUID()}`,
});
/** The error of a refused enqueue (or null when the mail was accepted). */
const refused = (mail: MailJob) =>
  queues.enqueueMail(mail).then(
    () => null,
    (error: unknown) => error,
  );
const sendMany = async (companyId: string, count: number) => {
  const kinds = ['quote', 'report', 'invoice', 'invoice-reminder'];
  for (let i = 0; i < count; i++) await queues.enqueueMail(customerMail(companyId, kinds[i % kinds.length]));
};

describe('trial mail limit while the owner has not confirmed the e-mail address (issue 25)', () => {
  it('mails the verification link in German; it does not count as a customer mail', async () => {
    const companyId = await registerUnverified();
    expect(await companyRow(companyId)).toEqual({ email_verified: false, subscription_status: 'trial' });
    const token = randomBytes(32).toString('base64url');
    const userId = randomUUID();
    // auth's side of rpc.auth.email-verification-link (auth's own spec tests the real responder):
    // the event carries no token, billing asks for it when it mails the link
    const events = t.app.get(EventsConnection);
    const asked: unknown[] = [];
    const standIn = events.nc.subscribe(events.subjectFor('rpc.auth.email-verification-link'), {
      callback: (_err, msg) => {
        asked.push(msg.json());
        msg.respond(JSON.stringify({ ok: true, data: { state: 'issued', token } }));
      },
    });
    await events.nc.flush();
    const requested = {
      userId,
      email: 'inhaber@neu.test',
      firstName: 'Nina',
      companyName: 'Sanitär Neu GmbH',
      language: 'de' as const,
      expiresAt: '2026-12-05T15:30:00.000Z',
    };
    const eventId = await t.publish('auth.company.email-verification-requested', companyId, requested);
    const mail = await waitFor(
      async () =>
        (
          await t.dataSource.query(`SELECT recipient, subject, text_body, ref FROM mails WHERE company_id = $1`, [
            companyId,
          ])
        )[0],
    );
    expect(mail).toMatchObject({
      recipient: 'inhaber@neu.test',
      subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse für Zunft',
      ref: `email-verification:${userId}:${eventId}`,
    });
    // Redelivered as if billing's commit had been lost after the mail was stored (processed_events
    // row gone): no second mail, and auth is not asked again (a new token would break the first link)
    const processed = () =>
      t.dataSource.query(`SELECT 1 FROM processed_events WHERE consumer = 'billing-auth-directory' AND event_id = $1`, [
        eventId,
      ]) as Promise<unknown[]>;
    await waitFor(async () => (await processed()).length === 1);
    await t.dataSource.query(
      `DELETE FROM processed_events WHERE consumer = 'billing-auth-directory' AND event_id = $1`,
      [eventId],
    );
    await t.publish('auth.company.email-verification-requested', companyId, requested, eventId);
    await waitFor(async () => (await processed()).length === 1);
    const mails = (await t.dataSource.query(`SELECT id FROM mails WHERE company_id = $1`, [companyId])) as unknown[];
    expect(mails).toHaveLength(1);
    standIn.unsubscribe();
    expect(asked).toEqual([{ companyId, userId, expiresAt: '2026-12-05T15:30:00.000Z' }]);
    expect(mail.text_body).toContain(`http://zunft.test/verify-email/${token}`);
    expect(mail.text_body).toContain('Der Link ist gültig bis 05.12.2026, 16:30.');
    // The verification mail is there, yet all 20 customer mails still go out.
    await sendMany(companyId, 20);
  });

  it('the 21st customer mail of the day → 429 naming the limit and how to lift it; after verification accepted', async () => {
    const companyId = await registerUnverified();
    await sendMany(companyId, 20);
    const error = await refused(customerMail(companyId, 'invoice'));
    expect(error).toBeInstanceOf(MailDailyLimitError);
    expect(error).toMatchObject({ status: 429, code: 'mail_daily_limit', message: GERMAN_LIMIT });
    // Nothing stored for the refused mail: 20 rows.
    const [{ count }] = await t.dataSource.query(`SELECT count(*)::int AS count FROM mails WHERE company_id = $1`, [
      companyId,
    ]);
    expect(count).toBe(20);
    // The office's notice of a customer's answer is not a customer mail.
    expect(await refused({ ...customerMail(companyId, 'quote-answer'), to: 'inhaber@neu.test' })).toBeNull();
    // Another company's count is its own (cross-tenant).
    const other = await registerUnverified();
    expect(await refused(customerMail(other))).toBeNull();

    await t.publish('auth.company.email-verified', companyId, { verifiedAt: new Date().toISOString() });
    await waitFor(async () => (await companyRow(companyId))?.email_verified === true);
    expect(await refused(customerMail(companyId, 'invoice'))).toBeNull();
    expect(await refused(customerMail(companyId, 'invoice-reminder'))).toBeNull();
  });

  it('counts per day in Europe/Zurich: yesterday’s mails do not count', async () => {
    const companyId = await registerUnverified();
    await sendMany(companyId, 20);
    expect(await refused(customerMail(companyId))).toBeInstanceOf(MailDailyLimitError);
    // 20 mails sent just before midnight in Zurich yesterday.
    await t.dataSource.query(
      `UPDATE mails SET created_at = (date_trunc('day', now() AT TIME ZONE 'Europe/Zurich') AT TIME ZONE 'Europe/Zurich') - interval '1 second'
        WHERE company_id = $1`,
      [companyId],
    );
    expect(await refused(customerMail(companyId))).toBeNull();
  });

  it('no limit for a paying company, nor for companies copied before issue 25', async () => {
    const paying = await registerUnverified();
    await t.publish('auth.company.subscription-changed', paying, {
      status: 'active',
      billingCycle: 'monthly',
      paidSeats: 2,
      nextBillingDate: '2026-12-28',
      cancelAtPeriodEnd: false,
      gracePeriodEndsAt: null,
      reason: null,
    });
    await waitFor(async () => (await companyRow(paying))?.subscription_status === 'active');
    await sendMany(paying, 21);

    const legacy = await createCompany(t);
    expect((await companyRow(legacy.id))?.email_verified).toBe(true);
    await sendMany(legacy.id, 21);
  });
});
