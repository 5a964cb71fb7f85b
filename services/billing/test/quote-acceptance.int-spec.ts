import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { QUOTE_ACCEPTANCE_MESSAGES, type PublicQuoteDto } from '@zunft/contracts';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { QuotesService } from '../src/quotes/quotes.service.js';
import {
  PNG_DATA_URL,
  addCustomer,
  bearer,
  createCompany,
  createQuote,
  dayFromToday,
  markSent,
  outboxEvents,
  type Company,
} from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let a: Company;
let customerA: string;
/** Public pages answer in the customer's language (issue 15): the German texts are checked on a German customer's link. */
let customerDe: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await createCompany(t, { name: 'Schreinerei Holz AG', logoUrl: '/api/companies/logo/abc.png' });
  customerA = (await addCustomer(t, a.id, { name: 'Familie Keller', language: 'fr' })).customerId;
  customerDe = (await addCustomer(t, a.id, { name: 'Familie Meier', language: 'de' })).customerId;
});
afterAll(() => t?.close());

const acceptBody = { name: '  Anna Keller ', email: ' Anna@Keller.test ', signature: PNG_DATA_URL, consent: true };

async function sentQuote(over: Parameters<typeof createQuote>[3] = {}, customer = customerA) {
  const q = await createQuote(t, a.admin, customer, over);
  return { quote: q, token: await markSent(t, q.id) };
}

describe('public quote acceptance', () => {
  it('GET shows the quote as the customer reads it (no login), with company name and logo url', async () => {
    const { quote, token } = await sentQuote({ title: 'Einbauschrank', discountPercent: 5 });
    const res = await t.http().get(`/api/quote-acceptance/${token}`);
    expect(res.status).toBe(200);
    const body: PublicQuoteDto = res.body;
    expect(body).toMatchObject({
      quote_number: quote.quote_number,
      title: 'Einbauschrank',
      status: 'sent',
      customer_name: 'Familie Keller',
      language: 'fr',
      company: {
        name: 'Schreinerei Holz AG',
        logo_url: '/api/companies/logo/abc.png',
        address: 'Werkstrasse 1\n8000 Zürich',
      },
      total: quote.total,
      rounding: quote.rounding,
      discount_percent: 5,
    });
    expect(body.items).toHaveLength(2);
    expect(body.items[0]).toEqual({
      position: 1,
      type: 'labor',
      title: 'Montage',
      description: null,
      quantity: 2,
      unit: 'h',
      unit_price: 95,
      total_price: 190,
    });
    expect(JSON.stringify(body)).not.toContain(quote.id);
  });

  it('accept: trimmed name/e-mail, signature stored, billing.quote.accepted in the outbox, office sees it', async () => {
    const { quote, token } = await sentQuote();
    const res = await t.http().post(`/api/quote-acceptance/${token}/accept`).set('user-agent', 'jest').send(acceptBody);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: QUOTE_ACCEPTANCE_MESSAGES.accepted,
      status: 'accepted',
      quote_number: quote.quote_number,
    });

    const office = await t.http().get(`/api/quotes/${quote.id}`).set(bearer(a.backoffice));
    expect(office.body).toMatchObject({
      status: 'accepted',
      accepted_by_name: 'Anna Keller',
      accepted_by_email: 'anna@keller.test',
      has_signature: true,
    });
    expect(office.body.accepted_at).toEqual(expect.any(String));
    const sig = await t.http().get(`/api/quotes/${quote.id}/signature`).set(bearer(a.admin));
    expect(sig.status).toBe(200);
    expect(sig.headers['content-type']).toBe('image/png');
    // Stored re-encoded (issue 25: the PDF only ever gets re-encoded images): still the 1×1 PNG.
    const stored = await sharp(Buffer.from(sig.body)).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['png', 1, 1]);

    const event = (await outboxEvents(t, a.id)).find(
      (e) => e.type === 'billing.quote.accepted' && e.data.quoteId === quote.id,
    );
    expect(event).toMatchObject({
      actor_id: null,
      data: {
        quoteNumber: quote.quote_number,
        status: 'accepted',
        acceptedByName: 'Anna Keller',
        acceptedByEmail: 'anna@keller.test',
      },
    });
    const [row] = await t.dataSource.query(`SELECT acceptance_user_agent FROM quotes WHERE id = $1`, [quote.id]);
    expect(row.acceptance_user_agent).toBe('jest');
  });

  it('the link works once: after accepting, GET and POST give 410 "bereits beantwortet"', async () => {
    const { token } = await sentQuote({}, customerDe);
    expect((await t.http().post(`/api/quote-acceptance/${token}/accept`).send(acceptBody)).status).toBe(200);
    for (const res of [
      await t.http().get(`/api/quote-acceptance/${token}`),
      await t.http().post(`/api/quote-acceptance/${token}/accept`).send(acceptBody),
      await t.http().post(`/api/quote-acceptance/${token}/reject`).send({}),
    ]) {
      expect(res.status).toBe(410);
      expect(res.body.error).toBe('Dieses Angebot wurde bereits beantwortet.');
    }
  });

  it('two concurrent accepts: exactly one wins', async () => {
    const { quote, token } = await sentQuote();
    const results = await Promise.all(
      [1, 2, 3].map(() => t.http().post(`/api/quote-acceptance/${token}/accept`).send(acceptBody)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 410, 410]);
    const accepted = (await outboxEvents(t, a.id)).filter(
      (e) => e.type === 'billing.quote.accepted' && e.data.quoteId === quote.id,
    );
    expect(accepted).toHaveLength(1);
  });

  it('reject with an optional reason: 200, rejected with the reason, event', async () => {
    const { quote, token } = await sentQuote();
    const res = await t.http().post(`/api/quote-acceptance/${token}/reject`).send({ reason: ' Zu teuer ' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('rejected');
    const office = await t.http().get(`/api/quotes/${quote.id}`).set(bearer(a.admin));
    expect(office.body).toMatchObject({ status: 'rejected', rejection_reason: 'Zu teuer', has_signature: false });
    expect(office.body.rejected_at).toEqual(expect.any(String));
    expect(
      (await outboxEvents(t, a.id)).find((e) => e.type === 'billing.quote.rejected' && e.data.quoteId === quote.id)
        ?.data,
    ).toMatchObject({ rejectionReason: 'Zu teuer' });
    const second = await sentQuote();
    expect((await t.http().post(`/api/quote-acceptance/${second.token}/reject`)).status).toBe(200);
  });

  it('404 for an unknown or malformed token', async () => {
    for (const token of [randomBytes(32).toString('base64url'), 'abc', 'x'.repeat(200)]) {
      for (const res of [
        await t.http().get(`/api/quote-acceptance/${token}`),
        await t.http().post(`/api/quote-acceptance/${token}/accept`).send(acceptBody),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.error).toBe('Angebot nicht gefunden oder Link abgelaufen.');
      }
    }
  });

  it('410 "abgelaufen" after valid_until (even before the daily job) and once expired', async () => {
    const { quote, token } = await sentQuote({}, customerDe);
    await t.dataSource.query(`UPDATE quotes SET valid_until = $2 WHERE id = $1`, [quote.id, dayFromToday(-2)]);
    for (const res of [
      await t.http().get(`/api/quote-acceptance/${token}`),
      await t.http().post(`/api/quote-acceptance/${token}/accept`).send(acceptBody),
    ]) {
      expect(res.status).toBe(410);
      expect(res.body.error).toBe('Dieser Link ist abgelaufen.');
    }
    const todayValid = await sentQuote({ validUntil: dayFromToday(1) });
    expect((await t.http().get(`/api/quote-acceptance/${todayValid.token}`)).status).toBe(200);
  });

  it("400 with the spec's German messages; nothing changes", async () => {
    const { quote, token } = await sentQuote({}, customerDe);
    const cases: Array<[object, string]> = [
      [{ ...acceptBody, name: '   ' }, 'Bitte geben Sie Ihren Namen ein.'],
      [{ ...acceptBody, email: '' }, 'Bitte geben Sie Ihre E-Mail-Adresse ein.'],
      [{ ...acceptBody, email: 'anna' }, 'Bitte geben Sie eine gültige E-Mail-Adresse ein.'],
      [{ ...acceptBody, signature: '' }, 'Bitte unterschreiben Sie im Feld oben.'],
      [{ ...acceptBody, signature: 'data:image/jpeg;base64,/9j/4AAQ' }, 'Die Unterschrift muss ein PNG-Bild sein.'],
      // valid base64 but no PNG inside
      [
        { ...acceptBody, signature: 'data:image/png;base64,aGVsbG8gd29ybGQ=' },
        'Die Unterschrift muss ein PNG-Bild sein.',
      ],
      [{ ...acceptBody, consent: false }, 'Bitte bestätigen Sie Ihr Einverständnis.'],
      [{ name: 'A', email: 'a@b.ch', signature: PNG_DATA_URL }, 'Bitte bestätigen Sie Ihr Einverständnis.'],
    ];
    for (const [body, error] of cases) {
      const res = await t.http().post(`/api/quote-acceptance/${token}/accept`).send(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(error);
    }
    // a signature above 500 KB (the body itself is accepted up to 1 MB)
    const big = `data:image/png;base64,${Buffer.alloc(520 * 1024, 1).toString('base64')}`;
    const tooBig = await t
      .http()
      .post(`/api/quote-acceptance/${token}/accept`)
      .send({ ...acceptBody, signature: big });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error).toBe('Die Unterschrift ist zu gross (max. 500 KB).');
    expect((await t.http().get(`/api/quotes/${quote.id}`).set(bearer(a.admin))).body.status).toBe('sent');
  });
});

describe('daily expiry (QuotesService.expireOverdue, the quotes.expire-overdue daily task)', () => {
  const expireOverdueQuotes = (day: string) =>
    t.dataSource.transaction((manager) => t.app.get(QuotesService).expireOverdue(manager, day));

  it('expires sent quotes whose valid_until lies before today, not drafts or answered ones; publishes billing.quote.expired', async () => {
    const c = await createCompany(t);
    const cust = await addCustomer(t, c.id);
    const overdue = await createQuote(t, c.admin, cust.customerId);
    const overdueToken = await markSent(t, overdue.id);
    const lastDay = await createQuote(t, c.admin, cust.customerId);
    await markSent(t, lastDay.id);
    const draft = await createQuote(t, c.admin, cust.customerId);
    await t.dataSource.query(`UPDATE quotes SET valid_until = '2026-03-09' WHERE id = ANY($1::uuid[])`, [
      [overdue.id, draft.id],
    ]);
    await t.dataSource.query(`UPDATE quotes SET valid_until = '2026-03-10' WHERE id = $1`, [lastDay.id]);

    const count = await expireOverdueQuotes('2026-03-10');
    expect(count).toBeGreaterThanOrEqual(1);
    const status = async (id: string) => (await t.http().get(`/api/quotes/${id}`).set(bearer(c.admin))).body.status;
    expect(await status(overdue.id)).toBe('expired');
    expect(await status(lastDay.id)).toBe('sent');
    expect(await status(draft.id)).toBe('draft');
    const expiredEvents = (await outboxEvents(t, c.id)).filter((e) => e.type === 'billing.quote.expired');
    expect(expiredEvents.map((e) => e.data.quoteId)).toEqual([overdue.id]);
    expect(expiredEvents[0]!.data).toMatchObject({ status: 'expired', quoteNumber: overdue.quote_number });
    // idempotent
    await expireOverdueQuotes('2026-03-10');
    expect((await outboxEvents(t, c.id)).filter((e) => e.type === 'billing.quote.expired')).toHaveLength(1);
    const link = await t.http().get(`/api/quote-acceptance/${overdueToken}`);
    expect(link.status).toBe(410);
    expect(link.body.error).toBe('Dieser Link ist abgelaufen.');
    await expect(expireOverdueQuotes('10.03.2026')).rejects.toThrow(/invalid day/);
  });
});
