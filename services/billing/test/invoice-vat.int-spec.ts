import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { addCustomer, bearer, createCompany, quoteBody, type Company } from './support/factories.js';
import { createInvoice, setQrBillSettings } from './support/invoices.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { TenantScope } from '@zunft/nest-common';
import { renderInvoiceHtml } from '../src/documents/invoice/index.js';
import { InvoiceDocumentBuilder } from '../src/invoices/invoice-document.builder.js';

/** VAT per line (issue 22): each line's rate stored, the breakdown per rate, credit notes spread over the rates. */

let t: TestApp;
let a: Company;
let customerA: string;

const mixedLines = [
  { type: 'labor' as const, title: 'Arbeit', quantity: 10, unitPrice: 95 }, // 950.00 at the company rate 8.1
  { type: 'material' as const, title: 'Pflanzen', quantity: 4, unitPrice: 12.5, vatRate: 2.6 }, // 50.00
  { type: 'other' as const, title: 'Gebühr', quantity: 1, unitPrice: 33.33, vatRate: 0 }, // 33.33
];

beforeAll(async () => {
  t = await createTestApp();
  a = await createCompany(t, { settings: { vat_rate: 8.1 } });
  customerA = (await addCustomer(t, a.id)).customerId;
  await setQrBillSettings(t, a.id);
});
afterAll(() => t?.close());

describe('VAT per line', () => {
  it('each line keeps its rate; VAT per rate to 0.01, the total rounded to 0.05 once', async () => {
    const inv = await createInvoice(t, a.backoffice, customerA, { items: mixedLines });
    expect(inv.items.map((it) => [it.title, it.total_price, it.vat_rate])).toEqual([
      ['Arbeit', 950, 8.1],
      ['Pflanzen', 50, 2.6],
      ['Gebühr', 33.33, 0],
    ]);
    // 950 × 8.1 % = 76.95; 50 × 2.6 % = 1.30; 0; 1033.33 + 78.25 = 1111.58 → 1111.60
    expect(inv.vat_breakdown).toEqual([
      { rate: 8.1, net: 950, vat: 76.95 },
      { rate: 2.6, net: 50, vat: 1.3 },
      { rate: 0, net: 33.33, vat: 0 },
    ]);
    expect(inv).toMatchObject({
      subtotal: 1033.33,
      vat_amount: 78.25,
      total_before_rounding: 1111.58,
      rounding: 0.02,
      total_amount: 1111.6,
    });
    const read = (await t.http().get(`/api/invoices/${inv.id}`).set(bearer(a.admin)).expect(200)).body;
    expect(read.vat_breakdown).toEqual(inv.vat_breakdown);
    // The PDF's totals: one VAT line per rate above 0, with its net amount
    const builder = t.app.get(InvoiceDocumentBuilder);
    const scope = TenantScope.forSystem(a.id);
    const doc = builder.invoiceDocument(await builder.context(scope, customerA), read);
    const text = renderInvoiceHtml(doc)
      .html.replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');
    expect(text).toContain('MWST 8.1 % (950.00) 76.95');
    expect(text).toContain('MWST 2.6 % (50.00) 1.30');
    expect(text).not.toContain('MWST 0 %');
  });

  it('a rate outside 8.1, 2.6, 3.8, 0 is a German 400', async () => {
    const res = await t
      .http()
      .post('/api/invoices')
      .set(bearer(a.backoffice))
      .send({ customerId: customerA, items: [{ title: 'Alt', quantity: 1, unitPrice: 10, vatRate: 7.7 }] });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('Ungültiger MWST-Satz. Erlaubt: 8.1, 2.6, 3.8, 0');
  });

  it('a gross credit note is spread over the lines’ rates by their gross share', async () => {
    const inv = await createInvoice(t, a.backoffice, customerA, { items: mixedLines });
    await t.http().put(`/api/invoices/${inv.id}/status`).set(bearer(a.admin)).send({ status: 'sent' }).expect(200);
    const res = await t
      .http()
      .post(`/api/invoices/${inv.id}/credit-notes`)
      .set(bearer(a.backoffice))
      .send({ reason: 'Kulanz', amount: 100 });
    expect(res.status).toBe(201);
    // gross per rate 1026.95 / 51.30 / 33.33 of 1111.58: 100 → 92.39, 4.62, rest 2.99;
    // 92.39 / 1.081 = 85.47 (VAT 6.92), 4.62 / 1.026 = 4.50 (VAT 0.12), 2.99 (VAT 0)
    expect(res.body.vat_breakdown).toEqual([
      { rate: 8.1, net: 85.47, vat: 6.92 },
      { rate: 2.6, net: 4.5, vat: 0.12 },
      { rate: 0, net: 2.99, vat: 0 },
    ]);
    expect(res.body).toMatchObject({ net: 92.96, vat_amount: 7.04, total: 100 });
  });
});

describe('VAT without a VAT number (MWSTG art. 27 para. 2)', () => {
  const NO_VAT_NUMBER =
    /^MWST 8\.1 % ist nur mit MWST-Nummer möglich \(MWSTG Art\. 27 Abs\. 2\).*Einstellungen › Rechnung/;
  let c: Company;
  let customerC: string;
  beforeAll(async () => {
    c = await createCompany(t, { settings: { vat_rate: 8.1, vat_number: null } });
    customerC = (await addCustomer(t, c.id)).customerId;
    await setQrBillSettings(t, c.id);
  });

  it('an invoice line above 0 % is a German 400 naming the setting; nothing is written', async () => {
    for (const items of [
      [{ title: 'Arbeit', quantity: 1, unitPrice: 100 }], // the company rate 8.1
      [{ title: 'Pflanzen', quantity: 1, unitPrice: 100, vatRate: 2.6 }],
    ]) {
      const res = await t.http().post('/api/invoices').set(bearer(c.backoffice)).send({ customerId: customerC, items });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('vat_number_missing');
    }
    const res = await t
      .http()
      .post('/api/invoices')
      .set(bearer(c.backoffice))
      .send({ customerId: customerC, items: [{ title: 'Arbeit', quantity: 1, unitPrice: 100 }] });
    expect(res.body.error).toMatch(NO_VAT_NUMBER);
    const list = (await t.http().get('/api/invoices').set(bearer(c.admin)).expect(200)).body;
    expect(list.items).toHaveLength(0);
  });

  it('lines at 0 % are fine: 100.00 net is 100.00 total', async () => {
    const inv = await createInvoice(t, c.backoffice, customerC, {
      items: [{ title: 'Arbeit', quantity: 1, unitPrice: 100, vatRate: 0 }],
    });
    expect(inv).toMatchObject({ subtotal: 100, vat_amount: 0, total_amount: 100 });
  });

  it('a quote at 8.1 % is a German 400 on create and update; at 0 % it is saved', async () => {
    const created = await t.http().post('/api/quotes').set(bearer(c.backoffice)).send(quoteBody(customerC));
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({ code: 'vat_number_missing' });
    expect(created.body.error).toMatch(NO_VAT_NUMBER);
    const zero = await t
      .http()
      .post('/api/quotes')
      .set(bearer(c.backoffice))
      .send(quoteBody(customerC, { vatRate: 0 }))
      .expect(201);
    const updated = await t
      .http()
      .put(`/api/quotes/${zero.body.id}`)
      .set(bearer(c.backoffice))
      .send(quoteBody(customerC, { vatRate: 8.1 }));
    expect(updated.status).toBe(400);
    expect(updated.body.code).toBe('vat_number_missing');
  });

  it('an invoice with VAT cannot be issued once the VAT number is gone (download: 400)', async () => {
    const inv = await createInvoice(t, a.backoffice, customerA, { items: mixedLines });
    await t.dataSource.query(`UPDATE companies SET vat_number = NULL WHERE id = $1`, [a.id]);
    try {
      const res = await t.http().get(`/api/invoices/${inv.id}/download`).set(bearer(a.backoffice));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('vat_number_missing');
    } finally {
      await t.dataSource.query(`UPDATE companies SET vat_number = 'CHE-116.281.710 MWST' WHERE id = $1`, [a.id]);
    }
  });

  it('in French for a French-speaking user', async () => {
    const res = await t
      .http()
      .post('/api/invoices')
      .set(bearer(c.backoffice))
      .set('accept-language', 'fr')
      .send({ customerId: customerC, items: [{ title: 'Arbeit', quantity: 1, unitPrice: 100 }] });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('n’est possible qu’avec un numéro TVA (art. 27 al. 2 LTVA)');
  });
});
