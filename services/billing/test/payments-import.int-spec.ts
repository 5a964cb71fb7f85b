import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CamtImportResponse, InvoiceDetailDto } from '@zunft/contracts';
import { readFileSync } from 'node:fs';
import { addCustomer, bearer, createCompany, outboxEvents, type Company } from './support/factories.js';
import { createInvoice } from './support/invoices.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** POST /invoices/payments/import with real and own camt.054 files (test/fixtures/camt054/PROVENANCE.md). */

let t: TestApp;
let a: Company;
let customer: string;

const fixture = (name: string) => readFileSync(new URL(`./fixtures/camt054/${name}`, import.meta.url));

const upload = (by: Company['admin'], name: string, data: Buffer = fixture(name)) =>
  t.http().post('/api/invoices/payments/import').set(bearer(by)).attach('file', data, name);

/** An invoice of `total` CHF whose QR reference is `reference` (as printed on its QR bill). */
async function invoiceWithReference(
  c: Company,
  cust: string,
  total: number,
  reference: string,
): Promise<InvoiceDetailDto> {
  const inv = await createInvoice(t, c.backoffice, cust, {
    items: [{ type: 'other', title: 'Arbeiten', quantity: 1, unitPrice: total }],
  });
  await t.dataSource.query(
    `UPDATE invoices SET status = 'sent', vat_rate = 0, vat_amount = 0, subtotal = $2, total_before_rounding = $2,
       rounding = 0, total_amount = $2, qrr_reference = CASE WHEN $3 ~ '^[0-9]{27}$' THEN $3 ELSE qrr_reference END,
       scor_reference = CASE WHEN $3 LIKE 'RF%' THEN $3 ELSE scor_reference END WHERE id = $1`,
    [inv.id, total, reference],
  );
  return inv;
}

const get = async (c: Company, id: string): Promise<InvoiceDetailDto> =>
  (await t.http().get(`/api/invoices/${id}`).set(bearer(c.admin))).body;

const paymentCount = async (companyId: string): Promise<number> =>
  Number(
    (await t.dataSource.query(`SELECT count(*) AS n FROM invoice_payments WHERE company_id = $1`, [companyId]))[0].n,
  );

beforeAll(async () => {
  t = await createTestApp();
  a = await createCompany(t);
  customer = (await addCustomer(t, a.id)).customerId;
});
afterAll(() => t?.close());

describe('camt.054 import', () => {
  it('own files: full, partial and unknown payment (.04); the same file again and its .08 twin record nothing', async () => {
    const c = await createCompany(t);
    const cust = (await addCustomer(t, c.id)).customerId;
    const full = await invoiceWithReference(c, cust, 1000, '777000000000000000000000011');
    const partial = await invoiceWithReference(c, cust, 800, '777000000000000000000000026');
    const scor = await invoiceWithReference(c, cust, 199.95, 'RF18539007547034');

    const res = await upload(c.admin, 'zunft-full-partial-unknown.v04.xml');
    expect(res.status).toBe(200);
    const body: CamtImportResponse = res.body;
    expect(body.version).toBe('camt.054.001.04');
    expect(body.matched.map((m) => [m.invoice_number, m.amount, m.status, m.open_amount, m.payment_date])).toEqual([
      [full.invoice_number, 1000, 'paid', 0, '2026-03-10'],
      [partial.invoice_number, 300, 'part_paid', 500, '2026-03-10'],
      [scor.invoice_number, 199.95, 'paid', 0, '2026-03-11'],
    ]);
    expect(body.unmatched).toEqual([
      expect.objectContaining({ reference: '777000000000000000000000034', amount: 50, debtor_name: 'Unbekannt AG' }),
    ]);
    expect(body.duplicates).toEqual([]);
    expect(body.message).toBe('3 Zahlung(en) verbucht, 1 nicht zugeordnet, 0 bereits importiert');

    expect(await get(c, full.id)).toMatchObject({ status: 'paid', paid_amount: 1000, open_amount: 0 });
    expect(await get(c, partial.id)).toMatchObject({ status: 'sent', paid_amount: 300, open_amount: 500 });
    const payments = (await t.http().get(`/api/invoices/${full.id}/payments`).set(bearer(c.admin))).body;
    expect(payments).toEqual([
      expect.objectContaining({
        amount: 1000,
        method: 'bank',
        source: 'camt054',
        payment_date: '2026-03-10',
        debtor_name: 'Huber Immobilien AG',
      }),
    ]);
    const paidEvents = (await outboxEvents(t, c.id)).filter((e) => e.type === 'billing.invoice.paid');
    expect(paidEvents.map((e) => e.data.invoiceNumber).sort()).toEqual(
      [full.invoice_number, scor.invoice_number].sort(),
    );

    const before = await paymentCount(c.id);
    const again = await upload(c.admin, 'zunft-full-partial-unknown.v04.xml');
    expect(again.status).toBe(200);
    expect(again.body.matched).toEqual([]);
    expect(again.body.duplicates).toHaveLength(3);
    expect(again.body.unmatched).toHaveLength(1);
    expect(await paymentCount(c.id)).toBe(before);
    expect((await get(c, partial.id)).paid_amount).toBe(300);
  });

  it('the .08 version of the own file books the same payments', async () => {
    const c = await createCompany(t);
    const cust = (await addCustomer(t, c.id)).customerId;
    const full = await invoiceWithReference(c, cust, 1000, '777000000000000000000000011');
    const res = await upload(c.backoffice, 'zunft-full-partial-unknown.v08.xml');
    expect(res.status).toBe(200);
    expect(res.body.version).toBe('camt.054.001.08');
    expect(res.body.matched.map((m: { invoice_id: string; status: string }) => [m.invoice_id, m.status])).toEqual([
      [full.id, 'paid'],
    ]);
    expect(res.body.unmatched).toHaveLength(3);
  });

  it('PostFinance QR collective credit: .001.04 and .001.08 book the same two payments, once', async () => {
    const results: Array<Array<[number, string]>> = [];
    for (const file of ['pf-qrr-batch2.v04.xml', 'pf-qrr-batch2.v08.xml']) {
      const c = await createCompany(t);
      const cust = (await addCustomer(t, c.id)).customerId;
      const i1 = await invoiceWithReference(c, cust, 778.29, '539115429773825311971477453');
      const i2 = await invoiceWithReference(c, cust, 913.93, '662437765447746478179744715');
      const res = await upload(c.admin, file);
      expect(res.status).toBe(200);
      expect(res.body.unmatched).toEqual([]);
      results.push(res.body.matched.map((m: { amount: number; reference: string }) => [m.amount, m.reference]));
      expect((await get(c, i1.id)).status).toBe('paid');
      expect((await get(c, i2.id)).status).toBe('paid');
      // the other version of the same bank file: the same bank references, nothing new
      const twin = await upload(
        c.admin,
        file === 'pf-qrr-batch2.v04.xml' ? 'pf-qrr-batch2.v08.xml' : 'pf-qrr-batch2.v04.xml',
      );
      expect(twin.body.matched).toEqual([]);
      expect(twin.body.duplicates).toHaveLength(2);
      expect(await paymentCount(c.id)).toBe(2);
    }
    expect(results[0]).toEqual([
      [778.29, '539115429773825311971477453'],
      [913.93, '662437765447746478179744715'],
    ]);
    expect(results[1]).toEqual(results[0]);
  });

  it('an untyped 27-digit reference is matched as QRR', async () => {
    const c = await createCompany(t);
    const cust = (await addCustomer(t, c.id)).customerId;
    const inv = await invoiceWithReference(c, cust, 3949.75, '210000000003139471430009017');
    const res = await upload(c.admin, 'dvbern-six-qrr-untyped.v04.xml');
    expect(res.body.matched).toEqual([
      expect.objectContaining({ invoice_id: inv.id, amount: 3949.75, status: 'paid' }),
    ]);
  });

  it('a return, a reversal, a pending entry and a debit are never booked', async () => {
    const c = await createCompany(t);
    const cust = (await addCustomer(t, c.id)).customerId;
    await invoiceWithReference(c, cust, 111, '123456789012345678901234567');
    await invoiceWithReference(c, cust, 2, '184365082655685438543854377');
    await invoiceWithReference(c, cust, 3, '110000000000070100000112264');
    await invoiceWithReference(c, cust, 1000, '777000000000000000000000011');
    const dvbern = await upload(c.admin, 'dvbern-reversal-pending-debit.v04.xml');
    expect(dvbern.status).toBe(200);
    expect(dvbern.body.matched).toEqual([]);
    expect(dvbern.body.ignored.map((i: { reason: string }) => i.reason)).toEqual(['reversal', 'not_booked', 'debit']);
    const ret = await upload(c.admin, 'zunft-return.v04.xml');
    expect(ret.body.matched).toEqual([]);
    expect(ret.body.ignored).toEqual([expect.objectContaining({ reason: 'return', amount: 1000 })]);
    expect(await paymentCount(c.id)).toBe(0);
  });

  it('a credit without reference is listed to assign by hand', async () => {
    const res = await upload(a.admin, 'pf-single-credit-no-ref.v04.xml');
    expect(res.body.unmatched).toEqual([
      expect.objectContaining({ reference: null, amount: 522.1, debtor_name: 'Bernasconi Maria' }),
    ]);
  });

  it('refuses a camt.053 statement, malformed XML, an empty document and no file with a German 400; nothing recorded', async () => {
    await invoiceWithReference(a, customer, 1000, '777000000000000000000000011');
    const before = await paymentCount(a.id);
    const statement = await upload(a.admin, 'pf-statement-13entries-isr-charges.v04.xml');
    expect(statement.status).toBe(400);
    expect(statement.body).toMatchObject({ code: 'camt_wrong_type' });
    expect(statement.body.error).toContain('keine camt.054-Gutschriftsanzeige');
    const broken = await upload(a.admin, 'zunft-broken.xml');
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({
      code: 'camt_malformed',
      error: 'Die Datei ist kein gültiges XML und wurde nicht eingelesen.',
    });
    const empty = await upload(a.admin, 'dvbern-notification-missing.xml');
    expect(empty.status).toBe(400);
    // a file whose second entry has no amount: the first one (valid, matching) is not booked either
    const half = fixture('zunft-full-partial-unknown.v04.xml')
      .toString('utf8')
      .replace('<Amt Ccy="CHF">199.95</Amt>', '<Amt Ccy="CHF"></Amt>');
    const incomplete = await upload(a.admin, 'half.xml', Buffer.from(half));
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.code).toBe('camt_incomplete');
    const none = await t.http().post('/api/invoices/payments/import').set(bearer(a.admin)).field('x', '1');
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('Bitte wählen Sie eine camt.054-Datei aus');
    expect(await paymentCount(a.id)).toBe(before);
  });

  it("books only on the importing company's invoices", async () => {
    const other = await createCompany(t);
    const mine = await invoiceWithReference(a, customer, 800, '777000000000000000000000026');
    const res = await upload(other.admin, 'zunft-full-partial-unknown.v04.xml');
    expect(res.body.matched).toEqual([]);
    expect((await get(a, mine.id)).paid_amount).toBe(0);
  });
});
