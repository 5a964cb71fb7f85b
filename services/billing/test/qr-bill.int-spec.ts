import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { QUEUE_PDF_RENDER, type InvoiceDetailDto, type QrWarning } from '@zunft/contracts';
import { parseQrPayload, type QrPayload } from '../src/documents/qr-bill/qr-payload.js';
import { readSwicoS1 } from '../src/documents/qr-bill/swico-s1.js';
import { startWorker, type RunningWorker } from '../src/worker/index.js';
import { addCustomer, bearer, createCompany, type Company, type CustomerData } from './support/factories.js';
import { createInvoice, setQrBillSettings } from './support/invoices.js';
import { decodeLastPageQr } from './support/qr-decode.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { CHROMIUM_PATH, pdfText, testLogger } from './worker/support.js';

/*
 * The QR bill as banks read it (issue 23): every PDF below is decoded (pdftoppm + jsQR) and the
 * payload parsed by the SIX IG rules (parseQrPayload); hostile customer names, the debtor's
 * country, the customer's language, Swico S1, no payable bill for 0.00, the amount limit.
 */

let t: TestApp;
let worker: RunningWorker;
let a: Company;
let b: Company;

const binary = (
  res: { on: (e: string, cb: (c?: Buffer) => void) => void },
  cb: (err: Error | null, body: Buffer) => void,
) => {
  const chunks: Buffer[] = [];
  res.on('data', (c) => chunks.push(c!));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

beforeAll(async () => {
  t = await createTestApp();
  worker = await startWorker({
    redisUrl: t.config.redisUrl,
    prefix: t.config.queuePrefix,
    queues: [QUEUE_PDF_RENDER],
    chromiumPath: CHROMIUM_PATH,
    pdfPoolSize: 1,
    logger: testLogger,
  });
  a = await createCompany(t, {
    name: 'Malerei Muster AG',
    settings: { payment_terms: 30, vat_number: 'CHE-123.456.789 MWST' },
  });
  b = await createCompany(t);
  await setQrBillSettings(t, a.id);
}, 60_000);
afterAll(async () => {
  await worker?.close();
  await t?.close();
});

async function invoiceFor(
  customer: Partial<CustomerData>,
  items?: Parameters<typeof createInvoice>[3],
): Promise<InvoiceDetailDto> {
  const cust = (await addCustomer(t, a.id, customer)).customerId;
  return createInvoice(t, a.backoffice, cust, items);
}

async function download(inv: InvoiceDetailDto) {
  return t.http().get(`/api/invoices/${inv.id}/download`).set(bearer(a.backoffice)).buffer(true).parse(binary);
}

/** Downloads the PDF, decodes its QR code and reads it by the SIX rules. */
async function decodedBill(inv: InvoiceDetailDto): Promise<{ payload: QrPayload; pdf: Buffer }> {
  const res = await download(inv);
  expect(res.status).toBe(200);
  const text = await decodeLastPageQr(res.body as Buffer);
  expect(text).not.toBeNull();
  return { payload: parseQrPayload(text!), pdf: res.body as Buffer };
}

/** GET /invoices/{id}: its qr_warnings (what the detail dialog shows before sending). */
async function warnings(inv: InvoiceDetailDto): Promise<QrWarning[]> {
  const res = await t.http().get(`/api/invoices/${inv.id}`).set(bearer(a.backoffice));
  expect(res.status).toBe(200);
  return res.body.qr_warnings;
}

describe('QR bill: characters (SIX IG 2.3 character set)', () => {
  it.each([
    [
      'emoji at the cut',
      `${'Bäckerei Huber '.repeat(4)}Zürc😀😀 Filiale`,
      'Bäckerei Huber Bäckerei Huber Bäckerei Huber Bäckerei Huber Zürc',
    ],
    ['RTL marks and a tab', '\u200FHuber\u200E\tImmobilien AG', 'Huber Immobilien AG'],
    ['line breaks', 'Huber\nImmobilien\r\nAG', 'Huber Immobilien AG'],
    ['narrow no-break space and Łódź', 'Łódź\u202FBau Sp. z o.o.', 'Lódz Bau Sp. z o.o.'],
  ])(
    '%s: the PDF decodes and the name is what the bank may read',
    async (_case, name, expected) => {
      const inv = await invoiceFor({ name });
      const { payload } = await decodedBill(inv);
      expect(payload.debtor!.name).toBe(expected);
      expect((await warnings(inv)).find((w) => w.field === 'debtor.name')?.value).toBe(expected);
    },
    60_000,
  );

  it('a 200-character name is cut at a word to 70 with a warning; street and place too', async () => {
    const name = Array.from({ length: 25 }, (_, i) => `Wort${i}ő`)
      .join(' ')
      .padEnd(200, 'x');
    expect(name).toHaveLength(200);
    const inv = await invoiceFor({ name, address: `${'Lange Strasse '.repeat(6)}12`, city: 'Ort '.repeat(12) });
    const { payload } = await decodedBill(inv);
    expect(payload.debtor!.name).toBe('Wort0o Wort1o Wort2o Wort3o Wort4o Wort5o Wort6o Wort7o Wort8o Wort9o');
    expect(payload.debtor!.line1).toHaveLength('Lange Strasse '.repeat(5).trim().length);
    expect(payload.debtor!.line2).toBe('12');
    expect(payload.debtor!.city.length).toBeLessThanOrEqual(35);
    const w = await warnings(inv);
    expect(w.map((x) => `${x.field}:${x.kind}`).sort()).toEqual([
      'debtor.city:shortened',
      'debtor.name:shortened',
      'debtor.street:shortened',
    ]);
  }, 60_000);

  it('a plain customer: no warnings', async () => {
    const inv = await invoiceFor({ name: 'Müller & Söhne AG' });
    expect(await warnings(inv)).toEqual([]);
    expect((await decodedBill(inv)).payload.debtor!.name).toBe('Müller & Söhne AG');
  }, 60_000);
});

describe('QR bill: debtor, message and bill information', () => {
  it('debtor in Konstanz (DE), French customer: country DE, «Facture <nr>», Swico S1 parsed back', async () => {
    const inv = await invoiceFor(
      { name: 'Müller GmbH', address: 'Marktstätte 4', zip: '78462', city: 'Konstanz', country: 'DE', language: 'fr' },
      { items: [{ type: 'labor', title: 'Malerarbeiten', quantity: 10, unit: 'h', unitPrice: 100 }] },
    );
    const { payload, pdf } = await decodedBill(inv);
    expect(payload.debtor).toEqual({
      type: 'S',
      name: 'Müller GmbH',
      line1: 'Marktstätte',
      line2: '4',
      zip: '78462',
      city: 'Konstanz',
      country: 'DE',
    });
    expect(payload.message).toBe(`Facture ${inv.invoice_number}`);
    // 10 h × 100.00 = 1000.00 net, VAT 8.1 % = 81.00, total 1081.00 (already a multiple of 5 Rappen).
    expect(payload.amount).toBe('1081.00');
    expect(readSwicoS1(payload.billInformation!)).toEqual({
      invoiceNumber: inv.invoice_number,
      invoiceDate: inv.invoice_date,
      uid: '123456789',
      vat: [{ rate: 8.1, net: 1000 }],
      paymentTermsDays: 30,
    });
    expect(await pdfText(pdf)).toContain('DE - 78462 Konstanz');
  }, 60_000);

  it('«Postfach 123» stays whole in the street field; Italian message', async () => {
    const inv = await invoiceFor({ address: 'Postfach 123', zip: '6900', city: 'Lugano', language: 'it' });
    const { payload } = await decodedBill(inv);
    expect([payload.debtor!.line1, payload.debtor!.line2]).toEqual(['Postfach 123', '']);
    expect(payload.message).toBe(`Fattura ${inv.invoice_number}`);
  }, 60_000);

  it("the customer's own «Postfach» field goes into the street field instead of the street (SIX IG 2.3, S)", async () => {
    const inv = await invoiceFor({
      address: 'Bahnhofstrasse 5a',
      poBox: 'Postfach 4021',
      zip: '8021',
      city: 'Zürich',
    });
    const { payload, pdf } = await decodedBill(inv);
    expect(payload.debtor).toMatchObject({ line1: 'Postfach 4021', line2: '', zip: '8021', city: 'Zürich' });
    // the letter's address block shows both lines
    const text = await pdfText(pdf);
    expect(text).toContain('Bahnhofstrasse 5a');
    expect(text).toContain('Postfach 4021');
    // digits only: the word in the customer's language
    const fr = await invoiceFor({ address: 'Rue du Lac 2', poBox: '77', zip: '1211', city: 'Genève', language: 'fr' });
    expect((await decodedBill(fr)).payload.debtor).toMatchObject({ line1: 'Case postale 77', line2: '' });
    // an older event without the field keeps the stored Postfach; null removes it
    const customerId = (
      await addCustomer(t, a.id, { address: 'Hauptgasse 1', poBox: 'Postfach 9', zip: '4500', city: 'Solothurn' })
    ).customerId;
    await addCustomer(t, a.id, { customerId, address: 'Hauptgasse 1', zip: '4500', city: 'Solothurn' });
    const kept = await createInvoice(t, a.backoffice, customerId);
    expect((await decodedBill(kept)).payload.debtor).toMatchObject({ line1: 'Postfach 9' });
    await addCustomer(t, a.id, { customerId, address: 'Hauptgasse 1', poBox: null, zip: '4500', city: 'Solothurn' });
    const removed = await createInvoice(t, a.backoffice, customerId);
    expect((await decodedBill(removed)).payload.debtor).toMatchObject({ line1: 'Hauptgasse', line2: '1' });
  }, 90_000);

  it('a foreign address without postcode: German 400 when issuing, nothing sent', async () => {
    const inv = await invoiceFor({ address: 'Via Roma 1', zip: null, city: 'Como', country: 'IT', email: 'x@y.test' });
    const res = await download(inv);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body.toString()).code).toBe('qr_bill_postcode_missing');
    const send = await t.http().post(`/api/invoices/${inv.id}/send`).set(bearer(a.backoffice));
    expect(send.status).toBe(400);
    expect(send.body.error).toBe(
      'Für den QR-Einzahlungsschein braucht die Adresse des Kunden im Ausland (IT) eine Postleitzahl. Bitte ergänzen Sie sie beim Kunden.',
    );
  }, 60_000);
});

describe('QR bill: amounts', () => {
  it('an invoice of 0.00 has no payable QR bill (no payment part)', async () => {
    const inv = await invoiceFor(
      {},
      { items: [{ type: 'labor', title: 'Garantiearbeit', quantity: 2, unit: 'h', unitPrice: 0 }] },
    );
    expect(inv.total_amount).toBe(0);
    const res = await download(inv);
    expect(res.status).toBe(200);
    expect(await decodeLastPageQr(res.body as Buffer)).toBeNull();
    const text = await pdfText(res.body as Buffer);
    expect(text).not.toContain('Zahlteil');
    expect(text).not.toContain('Empfangsschein');
  }, 60_000);

  it('a EUR invoice: the decoded bill asks for EUR to the cent (no 5-Rappen rounding)', async () => {
    const eur = await createCompany(t, {
      settings: { currency: 'EUR', vat_rate: 8.1, vat_number: 'CHE-123.456.789 MWST' },
    });
    await setQrBillSettings(t, eur.id);
    const cust = (await addCustomer(t, eur.id)).customerId;
    // 7.5 h × 95.00 + 3 × 8.90 = 739.20; VAT 8.1 % = 59.8752 → 59.88; 799.08 (in CHF 799.10)
    const inv = await createInvoice(t, eur.backoffice, cust, {
      items: [
        { type: 'labor', title: 'Malerarbeiten', quantity: 7.5, unit: 'h', unitPrice: 95 },
        { type: 'material', title: 'Farbe weiss', quantity: 3, unitPrice: 8.9 },
      ],
    });
    expect(inv.total_amount).toBe(799.08);
    const res = await t
      .http()
      .get(`/api/invoices/${inv.id}/download`)
      .set(bearer(eur.backoffice))
      .buffer(true)
      .parse(binary);
    expect(res.status).toBe(200);
    const text = await decodeLastPageQr(res.body as Buffer);
    expect(text).not.toBeNull();
    expect(parseQrPayload(text!)).toMatchObject({ currency: 'EUR', amount: '799.08' });
  }, 60_000);

  it('above 999,999,999.99: German 400, never a 500 or 502', async () => {
    // 2 × (1,000 × 999,999.00) = 1,999,998,000.00 net + 8.1 % VAT 161,999,838.00 = 2,161,997,838.00.
    const line = { type: 'other' as const, title: 'Gross', quantity: 1000, unitPrice: 999_999 };
    const inv = await invoiceFor({}, { items: [line, line] });
    expect(inv.total_amount).toBe(2_161_997_838);
    const res = await download(inv);
    expect(res.status).toBe(400);
    const body = JSON.parse(res.body.toString());
    expect(body.code).toBe('qr_bill_amount_too_high');
    expect(body.error).toContain('Höchstbetrag eines QR-Einzahlungsscheins');
  }, 60_000);
});

describe('QR bill: access', () => {
  it('another company cannot read the bill (404), an employee may not (403)', async () => {
    const inv = await invoiceFor({});
    const other = await t.http().get(`/api/invoices/${inv.id}/download`).set(bearer(b.backoffice));
    expect(other.status).toBe(404);
    const employee = await t.http().get(`/api/invoices/${inv.id}/download`).set(bearer(a.employee));
    expect(employee.status).toBe(403);
  }, 60_000);
});
