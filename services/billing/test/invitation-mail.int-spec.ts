import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EventsConnection } from '@zunft/nest-common';
import { waitFor } from '@zunft/nest-common/testing';
import { randomBytes, randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

type StoredMail = { recipient: string; subject: string; text_body: string; html_body: string; ref: string };
const mailsOf = (companyId: string) =>
  t.dataSource.query(`SELECT recipient, subject, text_body, html_body, ref FROM mails WHERE company_id = $1`, [
    companyId,
  ]) as Promise<StoredMail[]>;

/** auth's side of rpc.auth.invitation-link (auth's own spec tests the real responder). */
async function standInAuth(answer: () => object) {
  const events = t.app.get(EventsConnection);
  const asked: unknown[] = [];
  const sub = events.nc.subscribe(events.subjectFor('rpc.auth.invitation-link'), {
    callback: (_err, msg) => {
      asked.push(msg.json());
      msg.respond(JSON.stringify({ ok: true, data: answer() }));
    },
  });
  await events.nc.flush();
  return { asked, stop: () => sub.unsubscribe() };
}

const invited = (language: 'de' | 'fr' | 'it') => ({
  invitationId: randomUUID(),
  email: `treuhand.${randomUUID().slice(0, 8)}@example.ch`,
  companyName: 'Sanitär Beta GmbH',
  inviterName: 'Anna Admin',
  language,
  expiresAt: '2026-12-05T15:30:00.000Z',
});

describe("a fiduciary's invitation mail (issue 26)", () => {
  it('mails the link to the shell page in the company language, once per event; auth asked once', async () => {
    const companyId = randomUUID();
    const token = randomBytes(32).toString('base64url');
    const auth = await standInAuth(() => ({ state: 'issued', token }));
    const data = invited('fr');
    const eventId = await t.publish('auth.user.invited', companyId, data);
    const [mail] = await waitFor(async () => {
      const rows = await mailsOf(companyId);
      return rows.length ? rows : undefined;
    });
    expect(mail).toMatchObject({
      recipient: data.email,
      subject: 'Invitation en tant que fiduciaire pour «Sanitär Beta GmbH» sur Zunft',
      ref: `invitation:${data.invitationId}:${eventId}`,
    });
    expect(mail!.text_body).toContain(`http://zunft.test/einladung?token=${token}`);
    expect(mail!.text_body).toContain('Le lien est valable jusqu’au 05.12.2026, 16:30');
    expect(mail!.html_body).toContain(`<a href="http://zunft.test/einladung?token=${token}">`);

    // redelivered after the mail was stored (processed_events row lost): no second mail, auth not asked again
    const processed = () =>
      t.dataSource.query(`SELECT 1 FROM processed_events WHERE consumer = 'billing-auth-directory' AND event_id = $1`, [
        eventId,
      ]) as Promise<unknown[]>;
    await waitFor(async () => (await processed()).length === 1);
    await t.dataSource.query(
      `DELETE FROM processed_events WHERE consumer = 'billing-auth-directory' AND event_id = $1`,
      [eventId],
    );
    await t.publish('auth.user.invited', companyId, data, eventId);
    await waitFor(async () => (await processed()).length === 1);
    expect(await mailsOf(companyId)).toHaveLength(1);
    auth.stop();
    expect(auth.asked).toEqual([{ companyId, invitationId: data.invitationId }]);
  });

  it('sends nothing when auth answers that the invitation is closed (accepted, withdrawn, expired)', async () => {
    const companyId = randomUUID();
    const auth = await standInAuth(() => ({ state: 'closed' }));
    const eventId = await t.publish('auth.user.invited', companyId, invited('de'));
    await waitFor(
      async () =>
        (
          (await t.dataSource.query(
            `SELECT 1 FROM processed_events WHERE consumer = 'billing-auth-directory' AND event_id = $1`,
            [eventId],
          )) as unknown[]
        ).length === 1,
    );
    auth.stop();
    expect(auth.asked).toHaveLength(1);
    expect(await mailsOf(companyId)).toEqual([]);
  });
});
