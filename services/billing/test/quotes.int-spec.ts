import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { QuoteDto, QuoteTemplateDto } from '@zunft/contracts';
import { randomUUID } from 'node:crypto';
import {
  addCustomer,
  addMember,
  bearer,
  createCompany,
  createQuote,
  dayFromToday,
  markSent,
  outboxEvents,
  PNG_DATA_URL,
  quoteBody,
  type Company,
} from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let a: Company;
let b: Company;
let customerA: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await createCompany(t, { settings: { default_hourly_rate: 95 } });
  b = await createCompany(t);
  customerA = (await addCustomer(t, a.id, { name: 'Huber Immobilien AG' })).customerId;
});
afterAll(() => t?.close());

const year = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric' }).format(new Date());

describe('quotes: create, read, list', () => {
  it('creates a quote with numbers per company and year and server-side totals (5-Rappen rounding)', async () => {
    const c = await createCompany(t);
    const cust = await addCustomer(t, c.id, {
      name: 'Meier GmbH',
      contactPerson: 'Hans Meier',
      email: 'hans@meier.test',
    });
    const res = await t
      .http()
      .post('/api/quotes')
      .set(bearer(c.backoffice))
      .send({
        customerId: cust.customerId,
        title: '  Fassade streichen ',
        description: '',
        validUntil: dayFromToday(30),
        discountPercent: 10,
        travelAllowance: '25',
        vatRate: 8.1,
        notes: 'Gerüst inklusive',
        termsConditions: null,
        items: [
          { type: 'labor', title: 'Malerarbeiten', quantity: 10, unitPrice: 85 },
          { type: 'material', title: 'Farbe weiss', description: '10 l Kessel', quantity: '2.5', unitPrice: 49.9 },
          { type: 'travel', title: 'Anfahrt', quantity: 1, unitPrice: 0 },
          { type: 'other', title: 'Entsorgung', quantity: 1, unit: 'Pauschale', unitPrice: 0.02 },
        ],
      });
    expect(res.status).toBe(201);
    const q: QuoteDto = res.body;
    expect(q).toMatchObject({
      quote_number: `A-${year()}-0001`,
      title: 'Fassade streichen',
      description: null,
      customer_id: cust.customerId,
      customer_name: 'Meier GmbH',
      contact_person: 'Hans Meier',
      customer_email: 'hans@meier.test',
      status: 'draft',
      discount_percent: 10,
      travel_allowance: 25,
      vat_rate: 8.1,
      // items: 850 + 124.75 + 0 + 0.02 = 974.77; discount 97.48 (97.477); net 974.77 − 97.48 + 25 = 902.29
      subtotal: 974.77,
      discount_amount: 97.48,
      net_amount: 902.29,
      vat_amount: 73.09, // 73.085… → 73.09
      total_before_rounding: 975.38,
      rounding: 0.02,
      total: 975.4,
      total_amount: 975.4,
      notes: 'Gerüst inklusive',
      terms_conditions: null,
      sent_at: null,
      accepted_at: null,
      has_signature: false,
      project_id: null,
    });
    expect(q.items.map((i) => [i.position, i.type, i.unit, i.quantity, i.unit_price, i.total_price])).toEqual([
      [1, 'labor', 'h', 10, 85, 850],
      [2, 'material', 'Stk', 2.5, 49.9, 124.75],
      [3, 'travel', 'h', 1, 0, 0],
      [4, 'other', 'Pauschale', 1, 0.02, 0.02],
    ]);
    expect(q.items[1]!.description).toBe('10 l Kessel');
    expect(q.quote_date).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date()));

    const second = await createQuote(t, c.admin, cust.customerId);
    expect(second.quote_number).toBe(`A-${year()}-0002`);
    // another company starts at 0001 again
    const other = await createCompany(t);
    const otherCustomer = await addCustomer(t, other.id);
    expect((await createQuote(t, other.admin, otherCustomer.customerId)).quote_number).toBe(`A-${year()}-0001`);

    const events = await outboxEvents(t, c.id);
    expect(events.map((e) => e.type)).toEqual(['billing.quote.created', 'billing.quote.created']);
    expect(events[0]!.data).toMatchObject({
      quoteId: q.id,
      quoteNumber: q.quote_number,
      total: 975.4,
      status: 'draft',
    });
    expect(events[0]!.actor_id).toBe(c.backoffice.id);
  });

  it('numbers stay unique under concurrent creation', async () => {
    const c = await createCompany(t);
    const cust = await addCustomer(t, c.id);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.http().post('/api/quotes').set(bearer(c.admin)).send(quoteBody(cust.customerId)),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    const numbers = results.map((r) => r.body.quote_number).sort();
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => `A-${year()}-${String(i + 1).padStart(4, '0')}`));
  });

  it('defaults: no items, discount 0, travel 0, VAT 8.1', async () => {
    const res = await t
      .http()
      .post('/api/quotes')
      .set(bearer(a.admin))
      .send({ customerId: customerA, title: 'Leer', validUntil: dayFromToday(10) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      items: [],
      subtotal: 0,
      total: 0,
      vat_rate: 8.1,
      discount_percent: 0,
      travel_allowance: 0,
    });
  });

  it('lists the company’s quotes (newest first, with items), filters by status and search', async () => {
    const c = await createCompany(t);
    const cust = await addCustomer(t, c.id, { name: 'Zürcher Bau' });
    const q1 = await createQuote(t, c.admin, cust.customerId, { title: 'Dach' });
    const q2 = await createQuote(t, c.admin, cust.customerId, { title: 'Keller' });
    await markSent(t, q2.id);
    const list = await t.http().get('/api/quotes').set(bearer(c.backoffice));
    expect(list.status).toBe(200);
    expect(list.body.map((q: QuoteDto) => q.id)).toEqual([q2.id, q1.id]);
    expect(list.body[0].items).toHaveLength(2);
    expect(
      (await t.http().get('/api/quotes?status=sent').set(bearer(c.admin))).body.map((q: QuoteDto) => q.id),
    ).toEqual([q2.id]);
    expect(
      (await t.http().get('/api/quotes?search=dach').set(bearer(c.admin))).body.map((q: QuoteDto) => q.id),
    ).toEqual([q1.id]);
    expect((await t.http().get('/api/quotes?search=zürcher').set(bearer(c.admin))).body).toHaveLength(2);
    const bad = await t.http().get('/api/quotes?status=offen').set(bearer(c.admin));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/Ungültiger Status/);
    expect((await t.http().get(`/api/quotes/${q1.id}`).set(bearer(c.admin))).body).toEqual(list.body[1]);
  });

  it('400 with German messages', async () => {
    const cases: Array<[object, string]> = [
      [{ ...quoteBody(customerA), customerId: undefined }, 'Kunde ist erforderlich'],
      [{ ...quoteBody(customerA), title: '' }, 'Titel ist erforderlich'],
      [{ ...quoteBody(customerA), validUntil: undefined }, 'Gültig bis ist erforderlich'],
      [{ ...quoteBody(customerA), discountPercent: 120 }, 'Rabatt muss zwischen 0 und 100 liegen'],
      [{ ...quoteBody(customerA), vatRate: -1 }, 'MWST-Satz muss zwischen 0 und 100 liegen'],
      [{ ...quoteBody(customerA), travelAllowance: 'viel' }, 'Reisepauschale muss eine Zahl sein'],
      [
        { ...quoteBody(customerA), items: [{ title: '', quantity: 1, unitPrice: 1 }] },
        'Jede Position braucht einen Titel',
      ],
      [
        { ...quoteBody(customerA), items: [{ title: 'A', quantity: 0, unitPrice: 1 }] },
        'Menge muss mindestens 0.01 sein',
      ],
      [{ ...quoteBody(customerA), items: [{ title: 'A', quantity: 1 }] }, 'Einzelpreis ist erforderlich'],
      [
        { ...quoteBody(customerA), items: [{ type: 'service', title: 'A', quantity: 1, unitPrice: 1 }] },
        'Ungültiger Positionstyp. Erlaubt: material, labor, travel, other',
      ],
    ];
    for (const [body, error] of cases) {
      const res = await t.http().post('/api/quotes').set(bearer(a.admin)).send(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(error);
    }
    expect((await t.http().get('/api/quotes/nicht-da').set(bearer(a.admin))).status).toBe(400);
  });

  it('400 (not 500) when an amount would not fit the stored columns; the largest accepted amounts are stored', async () => {
    const totalTooHigh = "Gesamtbetrag ist zu hoch (max. CHF 999'999'999'999.99)";
    const items = (n: number, quantity: number, unitPrice: number) =>
      Array.from({ length: n }, (_, i) => ({
        type: 'material' as const,
        title: `Anlage ${i + 1}`,
        quantity,
        unitPrice,
      }));
    const cases: Array<[object, string]> = [
      // 1 000 × CHF 1 000 000 000 used to overflow numeric(14,2): a 500.
      [quoteBody(customerA, { items: items(1, 1000, 1_000_000_000) }), "Einzelpreis ist zu hoch (max. CHF 1'000'000)"],
      [quoteBody(customerA, { items: items(1, 100_000.01, 1) }), "Menge ist zu hoch (max. 100'000)"],
      [quoteBody(customerA, { travelAllowance: 2_000_000 }), "Reisepauschale ist zu hoch (max. CHF 1'000'000)"],
      // Each item within its limits, the sum not: 200 × 100 000 × CHF 1 000 000.
      [quoteBody(customerA, { items: items(200, 100_000, 1_000_000) }), totalTooHigh],
      // The subtotal fits (900 000 000 000), 12 % VAT takes the total beyond it.
      [quoteBody(customerA, { vatRate: 12, items: items(9, 100_000, 1_000_000) }), totalTooHigh],
    ];
    for (const [body, error] of cases) {
      const res = await t.http().post('/api/quotes').set(bearer(a.admin)).send(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(error);
    }

    // The same check on PUT; the quote stays unchanged.
    const q = await createQuote(t, a.admin, customerA);
    const put = await t
      .http()
      .put(`/api/quotes/${q.id}`)
      .set(bearer(a.admin))
      .send(quoteBody(customerA, { items: items(10, 100_000, 1_000_000) }));
    expect(put.status).toBe(400);
    expect(put.body.error).toBe(totalTooHigh);
    expect((await t.http().get(`/api/quotes/${q.id}`).set(bearer(a.admin))).body.total).toBe(q.total);

    // The largest accepted content is stored and read back exactly.
    const big = await t
      .http()
      .post('/api/quotes')
      .set(bearer(a.admin))
      .send(quoteBody(customerA, { travelAllowance: 1_000_000, items: items(9, 100_000, 1_000_000) }));
    expect(big.status).toBe(201);
    expect(big.body).toMatchObject({
      subtotal: 900_000_000_000,
      net_amount: 900_001_000_000,
      vat_amount: 72_900_081_000,
      total: 972_901_081_000,
    });
    expect(big.body.items[0]).toMatchObject({ quantity: 100_000, unit_price: 1_000_000, total_price: 100_000_000_000 });
  });

  it('404 for a customer billing does not know (or another company’s customer)', async () => {
    const otherCustomer = await addCustomer(t, b.id);
    for (const customerId of [randomUUID(), otherCustomer.customerId]) {
      const res = await t.http().post('/api/quotes').set(bearer(a.admin)).send(quoteBody(customerId));
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Kunde nicht gefunden');
    }
  });
});

describe('quotes: access', () => {
  it('401 without a token; 403 for employees on every quote route', async () => {
    const q = await createQuote(t, a.admin, customerA);
    expect((await t.http().get('/api/quotes')).status).toBe(401);
    const calls = [
      t.http().get('/api/quotes'),
      t.http().post('/api/quotes').send(quoteBody(customerA)),
      t.http().get(`/api/quotes/${q.id}`),
      t.http().put(`/api/quotes/${q.id}`).send(quoteBody(customerA)),
      t.http().delete(`/api/quotes/${q.id}`),
      t.http().get(`/api/quotes/${q.id}/pdf`),
      t.http().post(`/api/quotes/${q.id}/send`),
      t.http().get(`/api/quotes/${q.id}/signature`),
      t.http().post(`/api/quotes/${q.id}/create-project`),
      t.http().get('/api/quotes/templates'),
      t.http().post('/api/quotes/templates').send({ name: 'X', fromQuoteId: q.id }),
    ];
    for (const call of calls) {
      const res = await call.set(bearer(a.employee));
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('Keine Berechtigung für diese Aktion');
    }
  });

  it('403 requires_payment when the trial ended (payment gate)', async () => {
    const expired = await addMember(t, a.id, 'admin', 'Alt', {
      subscriptionStatus: 'trial',
      trialEndsAt: new Date(Date.now() - 86_400_000).toISOString(),
    });
    const res = await t.http().get('/api/quotes').set(bearer(expired));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'requires_payment', requires_payment: true });
  });

  it('404 for another company’s quote on every route', async () => {
    const q = await createQuote(t, a.admin, customerA);
    const calls = [
      t.http().get(`/api/quotes/${q.id}`),
      t.http().put(`/api/quotes/${q.id}`).send(quoteBody(customerA)),
      t.http().delete(`/api/quotes/${q.id}`),
      t.http().get(`/api/quotes/${q.id}/pdf`),
      t.http().post(`/api/quotes/${q.id}/send`),
      t.http().get(`/api/quotes/${q.id}/signature`),
      t.http().post(`/api/quotes/${q.id}/create-project`),
    ];
    for (const call of calls) {
      const res = await call.set(bearer(b.admin));
      expect(res.status).toBe(404);
      expect(res.body.error).toMatch(/nicht gefunden/);
    }
    expect((await t.http().get('/api/quotes').set(bearer(b.admin))).body.map((x: QuoteDto) => x.id)).not.toContain(
      q.id,
    );
    expect((await t.http().get(`/api/quotes/${q.id}`).set(bearer(a.admin))).status).toBe(200);
  });
});

describe('quotes: update and delete', () => {
  it('PUT replaces content and items and recomputes the totals; publishes billing.quote.updated', async () => {
    const c = await createCompany(t);
    const cust = await addCustomer(t, c.id);
    const cust2 = await addCustomer(t, c.id, { name: 'Neuer Kunde' });
    const q = await createQuote(t, c.admin, cust.customerId);
    const res = await t
      .http()
      .put(`/api/quotes/${q.id}`)
      .set(bearer(c.backoffice))
      .send(
        quoteBody(cust2.customerId, {
          title: 'Neu',
          vatRate: 2.6,
          items: [{ type: 'material', title: 'Platten', quantity: 3, unitPrice: 33.33 }],
        }),
      );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: q.id,
      quote_number: q.quote_number,
      title: 'Neu',
      customer_name: 'Neuer Kunde',
      subtotal: 99.99,
      vat_amount: 2.6,
      total_before_rounding: 102.59,
      total: 102.6,
      rounding: 0.01,
    });
    expect(res.body.items).toHaveLength(1);
    expect((await outboxEvents(t, c.id)).map((e) => e.type)).toEqual([
      'billing.quote.created',
      'billing.quote.updated',
    ]);
  });

  it('editing a sent quote makes it a draft again and its link stops working', async () => {
    const q = await createQuote(t, a.admin, customerA);
    const token = await markSent(t, q.id);
    expect((await t.http().get(`/api/quotes/${q.id}`).set(bearer(a.admin))).body.status).toBe('sent');
    expect((await t.http().get(`/api/quote-acceptance/${token}`)).status).toBe(200);
    const res = await t.http().put(`/api/quotes/${q.id}`).set(bearer(a.admin)).send(quoteBody(customerA));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'draft', sent_at: null });
    expect((await t.http().get(`/api/quotes/${q.id}`).set(bearer(a.admin))).body.status).toBe('draft');
    const [row] = await t.dataSource.query(`SELECT acceptance_token_hash FROM quotes WHERE id = $1`, [q.id]);
    expect(row.acceptance_token_hash).toBeNull();
    // The customer's e-mailed link neither shows nor accepts the changed content.
    const view = await t.http().get(`/api/quote-acceptance/${token}`);
    expect(view.status).toBe(404);
    expect(view.body.error).toBe('Angebot nicht gefunden oder Link abgelaufen.');
    const accept = await t
      .http()
      .post(`/api/quote-acceptance/${token}/accept`)
      .send({ name: 'Peter Kunde', email: 'peter@kunde.test', signature: PNG_DATA_URL, consent: true });
    expect(accept.status).toBe(404);
    expect((await t.http().get(`/api/quotes/${q.id}`).set(bearer(a.admin))).body.status).toBe('draft');
  });

  it('deletes a draft (event), 404 afterwards; an accepted quote can be neither deleted nor changed (409)', async () => {
    const c = await createCompany(t);
    const cust = await addCustomer(t, c.id);
    const q = await createQuote(t, c.admin, cust.customerId);
    const del = await t.http().delete(`/api/quotes/${q.id}`).set(bearer(c.backoffice));
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: 'Angebot erfolgreich gelöscht' });
    expect((await t.http().get(`/api/quotes/${q.id}`).set(bearer(c.admin))).status).toBe(404);
    expect((await t.http().delete(`/api/quotes/${q.id}`).set(bearer(c.admin))).status).toBe(404);
    const events = await outboxEvents(t, c.id);
    expect(events.at(-1)).toMatchObject({
      type: 'billing.quote.deleted',
      data: { quoteId: q.id, quoteNumber: q.quote_number },
    });

    const accepted = await createQuote(t, c.admin, cust.customerId);
    await t.dataSource.query(
      `UPDATE quotes SET status = 'accepted', accepted_at = now(), signature_png = '\\x89504e47'::bytea WHERE id = $1`,
      [accepted.id],
    );
    const delAccepted = await t.http().delete(`/api/quotes/${accepted.id}`).set(bearer(c.admin));
    expect(delAccepted.status).toBe(409);
    expect(delAccepted.body.error).toBe('Angenommene Angebote können nicht gelöscht werden');
    const put = await t.http().put(`/api/quotes/${accepted.id}`).set(bearer(c.admin)).send(quoteBody(cust.customerId));
    expect(put.status).toBe(409);
    expect(put.body.error).toBe('Angenommene Angebote können nicht bearbeitet werden');
    expect((await t.http().get(`/api/quotes/${accepted.id}`).set(bearer(c.admin))).body.status).toBe('accepted');
  });
});

describe('quotes: send preconditions (no worker needed)', () => {
  it('409 for a quote that is not a draft', async () => {
    const q = await createQuote(t, a.admin, customerA);
    await markSent(t, q.id);
    const res = await t.http().post(`/api/quotes/${q.id}/send`).set(bearer(a.admin));
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('Nur Angebote im Status Entwurf können versendet werden');
  });

  it('400 when the customer has no e-mail address', async () => {
    const noMail = await addCustomer(t, a.id, { email: null });
    const q = await createQuote(t, a.admin, noMail.customerId);
    const res = await t.http().post(`/api/quotes/${q.id}/send`).set(bearer(a.admin));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Der Kunde hat keine E-Mail-Adresse. Bitte ergänzen Sie sie beim Kunden.');
    expect((await t.http().get(`/api/quotes/${q.id}`).set(bearer(a.admin))).body.status).toBe('draft');
  });

  it('400 when valid until already passed', async () => {
    const q = await createQuote(t, a.admin, customerA, { validUntil: dayFromToday(-3) });
    const res = await t.http().post(`/api/quotes/${q.id}/send`).set(bearer(a.admin));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Das Gültigkeitsdatum liegt in der Vergangenheit. Bitte passen Sie es an.');
  });
});

describe('quote templates', () => {
  it('saves a quote as template, lists and searches, gets one, deletes it; routes do not clash with :id', async () => {
    const c = await createCompany(t);
    const cust = await addCustomer(t, c.id);
    const q = await createQuote(t, c.admin, cust.customerId, { title: 'Badsanierung Standard', discountPercent: 5 });
    const fromQuote = await t
      .http()
      .post('/api/quotes/templates')
      .set(bearer(c.backoffice))
      .send({ name: ' Bad Standard ', description: 'Unser Standardbad', fromQuoteId: q.id });
    expect(fromQuote.status).toBe(201);
    const tpl: QuoteTemplateDto = fromQuote.body;
    expect(tpl).toMatchObject({
      name: 'Bad Standard',
      description: 'Unser Standardbad',
      item_count: 2,
      total: q.total,
      payload: {
        title: 'Badsanierung Standard',
        discountPercent: 5,
        vatRate: 8.1,
        items: [
          {
            type: 'labor',
            title: 'Montage',
            quantity: 2,
            unit: 'h',
            unitPrice: 95,
            materialId: null,
            description: null,
          },
          {
            type: 'material',
            title: 'Silikon',
            quantity: 3,
            unit: 'Stk',
            unitPrice: 8.9,
            materialId: null,
            description: null,
          },
        ],
      },
    });

    const fromPayload = await t
      .http()
      .post('/api/quotes/templates')
      .set(bearer(c.admin))
      .send({
        name: 'Anfahrt Zürich',
        payload: { items: [{ type: 'travel', title: 'Anfahrt', quantity: 1, unitPrice: 60 }] },
      });
    expect(fromPayload.status).toBe(201);
    expect(fromPayload.body.payload).toMatchObject({
      title: null,
      vatRate: 8.1,
      items: [{ unit: 'h', unitPrice: 60 }],
    });
    expect(fromPayload.body.total).toBe(64.85); // 60 + 4.86 = 64.86 → 64.85

    const list = await t.http().get('/api/quotes/templates').set(bearer(c.admin));
    expect(list.status).toBe(200);
    expect(list.body.map((x: QuoteTemplateDto) => x.name)).toEqual(['Anfahrt Zürich', 'Bad Standard']);
    const search = await t.http().get('/api/quotes/templates?search=standard').set(bearer(c.admin));
    expect(search.body.map((x: QuoteTemplateDto) => x.id)).toEqual([tpl.id]);
    expect((await t.http().get(`/api/quotes/templates/${tpl.id}`).set(bearer(c.admin))).body).toEqual(tpl);

    // start a quote from the template: the form sends the payload with customer and date
    const started = await t
      .http()
      .post('/api/quotes')
      .set(bearer(c.admin))
      .send({ ...tpl.payload, customerId: cust.customerId, validUntil: dayFromToday(30) });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ title: 'Badsanierung Standard', total: q.total });

    // another company sees none of it
    expect((await t.http().get('/api/quotes/templates').set(bearer(b.admin))).body).toEqual([]);
    expect((await t.http().get(`/api/quotes/templates/${tpl.id}`).set(bearer(b.admin))).status).toBe(404);
    expect((await t.http().delete(`/api/quotes/templates/${tpl.id}`).set(bearer(b.admin))).status).toBe(404);
    const fromForeign = await t
      .http()
      .post('/api/quotes/templates')
      .set(bearer(b.admin))
      .send({ name: 'X', fromQuoteId: q.id });
    expect(fromForeign.status).toBe(404);

    const del = await t.http().delete(`/api/quotes/templates/${tpl.id}`).set(bearer(c.admin));
    expect(del.status).toBe(200);
    expect((await t.http().get(`/api/quotes/templates/${tpl.id}`).set(bearer(c.admin))).body.error).toBe(
      'Vorlage nicht gefunden',
    );
  });

  it('400 with German messages', async () => {
    const cases: Array<[object, string]> = [
      [{ fromQuoteId: randomUUID() }, 'Name der Vorlage ist erforderlich'],
      [{ name: 'X' }, 'Bitte entweder ein Angebot (fromQuoteId) oder den Inhalt (payload) angeben'],
      [
        { name: 'X', payload: { items: [{ title: 'A', quantity: 1, unitPrice: -1 }] } },
        'Einzelpreis darf nicht negativ sein',
      ],
    ];
    for (const [body, error] of cases) {
      const res = await t.http().post('/api/quotes/templates').set(bearer(a.admin)).send(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(error);
    }
  });
});

describe('create project from an accepted quote', () => {
  it('accepted only (409 otherwise), once, publishes billing.quote.project-requested', async () => {
    const c = await createCompany(t);
    const cust = await addCustomer(t, c.id);
    const q = await createQuote(t, c.admin, cust.customerId, { title: 'Umbau', description: 'Küche' });
    const draft = await t.http().post(`/api/quotes/${q.id}/create-project`).set(bearer(c.admin));
    expect(draft.status).toBe(409);
    expect(draft.body.error).toBe('Nur aus angenommenen Angeboten kann ein Projekt erstellt werden');

    await t.dataSource.query(
      `UPDATE quotes SET status = 'accepted', accepted_at = now(), signature_png = '\\x89504e47'::bytea WHERE id = $1`,
      [q.id],
    );
    const res = await t.http().post(`/api/quotes/${q.id}/create-project`).set(bearer(c.backoffice));
    expect(res.status).toBe(202);
    expect(res.body.quote.project_requested_at).toEqual(expect.any(String));
    const again = await t.http().post(`/api/quotes/${q.id}/create-project`).set(bearer(c.admin));
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Für dieses Angebot wurde bereits ein Projekt erstellt');
    const event = (await outboxEvents(t, c.id)).find((e) => e.type === 'billing.quote.project-requested');
    expect(event?.data).toEqual({
      quoteId: q.id,
      quoteNumber: q.quote_number,
      customerId: cust.customerId,
      title: 'Umbau',
      description: 'Küche',
      requestedBy: c.backoffice.id,
    });
  });
});
