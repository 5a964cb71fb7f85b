import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CreditNoteDto, InvoiceDetailDto } from '@zunft/contracts';
import { addCustomer, bearer, createCompany, type Company } from './support/factories.js';
import { createInvoice } from './support/invoices.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Credit notes (issue 22): GS numbers, VAT reversed per rate, the ledger's credit_note entry. */

let t: TestApp;
let a: Company;
let b: Company;
let customerA: string;

const year = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric' }).format(new Date());
const issued = async (c: Company, customer: string): Promise<InvoiceDetailDto> => {
  const inv = await createInvoice(t, c.backoffice, customer); // 799.10 (739.20 net at 8.1 %)
  await t.http().put(`/api/invoices/${inv.id}/status`).set(bearer(c.admin)).send({ status: 'sent' }).expect(200);
  return inv;
};
const credit = (c: Company, id: string, body: object) =>
  t.http().post(`/api/invoices/${id}/credit-notes`).set(bearer(c.backoffice)).send(body);

beforeAll(async () => {
  t = await createTestApp();
  a = await createCompany(t, { settings: { vat_rate: 8.1 } });
  b = await createCompany(t);
  customerA = (await addCustomer(t, a.id)).customerId;
});
afterAll(() => t?.close());

describe('credit notes', () => {
  it('lines or a gross amount: numbered GS-YYYY-NNNN, VAT reversed, the open amount lowered; never above the invoice', async () => {
    const inv = await issued(a, customerA);
    const lines = await credit(a, inv.id, {
      reason: 'Farbe zurückgenommen',
      items: [{ title: 'Farbe weiss', quantity: 3, unitPrice: 8.9 }],
    });
    expect(lines.status).toBe(201);
    // 26.70 net + 8.1 % (2.1627 → 2.16) = 28.86 → 28.85 (0.05 CHF)
    expect(lines.body).toMatchObject({
      credit_note_number: `GS-${year()}-0001`,
      net: 26.7,
      vat_amount: 2.16,
      total: 28.85,
      vat_breakdown: [{ rate: 8.1, net: 26.7, vat: 2.16 }],
    });
    // 100.00 gross at 8.1 %: net 100 / 1.081 = 92.5069 → 92.51, VAT 7.49
    const gross = await credit(a, inv.id, { reason: 'Kulanz', amount: 100 });
    expect(gross.status).toBe(201);
    expect(gross.body).toMatchObject({
      credit_note_number: `GS-${year()}-0002`,
      net: 92.51,
      vat_amount: 7.49,
      total: 100,
    });
    const after = (await t.http().get(`/api/invoices/${inv.id}`).set(bearer(a.admin))).body;
    // 799.10 − 28.85 − 100 = 670.25
    expect(after).toMatchObject({ open_amount: 670.25, credited_amount: 128.85, status: 'sent' });
    const ledger = (await t.http().get(`/api/invoices/${inv.id}/ledger`).set(bearer(a.admin))).body;
    expect(
      ledger.entries.map((e: { type: string; amount: number; reference: string }) => [e.type, e.amount, e.reference]),
    ).toEqual([
      ['invoice', 799.1, inv.invoice_number],
      ['credit_note', -28.85, `GS-${year()}-0001`],
      ['credit_note', -100, `GS-${year()}-0002`],
    ]);
    // 128.85 + 700 > 799.10
    const tooHigh = await credit(a, inv.id, { reason: 'Zu viel', amount: 700 });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.error).toBe('Die Gutschrift ist höher als der noch nicht gutgeschriebene Rechnungsbetrag');
    const list = await t.http().get(`/api/invoices/${inv.id}/credit-notes`).set(bearer(a.admin));
    expect(list.body.map((n: CreditNoteDto) => n.credit_note_number)).toEqual([
      `GS-${year()}-0001`,
      `GS-${year()}-0002`,
    ]);
    expect(list.body[0].created_by_name).toMatch(/^Bea /);
  });

  it('lines at several rates: the VAT per rate', async () => {
    const inv = await issued(a, customerA);
    const res = await credit(a, inv.id, {
      reason: 'Teilgutschrift',
      items: [
        { title: 'Pflanzen', quantity: 1, unitPrice: 100, vatRate: 2.6 },
        { title: 'Montage', quantity: 1, unitPrice: 50 },
      ],
    });
    expect(res.status).toBe(201);
    // 100 @ 2.6 % = 2.60; 50 @ 8.1 % = 4.05; 156.65
    // rates in descending order (computeInvoiceTotals)
    expect(res.body.vat_breakdown).toEqual([
      { rate: 8.1, net: 50, vat: 4.05 },
      { rate: 2.6, net: 100, vat: 2.6 },
    ]);
    expect(res.body).toMatchObject({ net: 150, vat_amount: 6.65, total: 156.65 });
  });

  it('a draft is deleted, not credited (409); bad input is a German 400', async () => {
    const draft = await createInvoice(t, a.backoffice, customerA);
    const res = await credit(a, draft.id, { reason: 'x', amount: 1 });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('credit_note_draft');
    const inv = await issued(a, customerA);
    const cases: Array<[object, string]> = [
      [{ reason: 'x' }, 'Bitte geben Sie Positionen oder einen Betrag an'],
      [{ amount: 5 }, 'Grund ist erforderlich'],
      [{ reason: 'x', items: [{ title: 'y', quantity: 1, unitPrice: 5, vatRate: 7.7 }] }, 'Ungültiger MWST-Satz'],
      [{ reason: 'x', amount: -3 }, 'Betrag muss mindestens 0.01 sein'],
    ];
    for (const [body, message] of cases) {
      const bad = await credit(a, inv.id, body);
      expect(bad.status).toBe(400);
      expect(bad.body.error).toContain(message);
    }
  });

  it('numbers per company; employees 403; another company 404', async () => {
    const customerB = (await addCustomer(t, b.id)).customerId;
    const invB = await issued(b, customerB);
    const first = await credit(b, invB.id, { reason: 'Kulanz', amount: 10 });
    expect(first.body.credit_note_number).toBe(`GS-${year()}-0001`);
    const inv = await issued(a, customerA);
    for (const res of [
      await t.http().get(`/api/invoices/${inv.id}/credit-notes`).set(bearer(a.employee)),
      await t
        .http()
        .post(`/api/invoices/${inv.id}/credit-notes`)
        .set(bearer(a.employee))
        .send({ reason: 'x', amount: 1 }),
    ])
      expect(res.status).toBe(403);
    for (const res of [
      await t.http().get(`/api/invoices/${inv.id}/credit-notes`).set(bearer(b.admin)),
      await credit(b, inv.id, { reason: 'x', amount: 1 }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Rechnung nicht gefunden');
    }
  });
});
