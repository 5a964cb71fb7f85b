import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type {
  InvoiceDetailDto,
  InvoiceLedgerResponse,
  InvoiceStagesDto,
  QuoteDto,
  QuoteRequest,
} from '@zunft/contracts';
import { randomUUID } from 'node:crypto';
import { expectDocumentedResponse } from '@zunft/nest-common';
import { parseQrPayload } from '../src/documents/qr-bill/qr-payload.js';
import { BILLING_OPENAPI } from '../src/openapi.js';
import { type RunningWorker } from '../src/worker/index.js';
import { addCustomer, bearer, createCompany, createQuote, type Company } from './support/factories.js';
import { backdate, setQrBillSettings, setReminderSettings } from './support/invoices.js';
import { decodeLastPageQr } from './support/qr-decode.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { FakeOperations, projectFixture, signaturePng } from './reports/support.js';
import { eventually, pdfText, startDocumentWorker, startSmtpServer } from './worker/support.js';

/**
 * Billing in stages (issue 22): down-payment (Akonto-), partial (Teil-) and final (Schluss-)
 * invoices of an accepted quote or a project, through the real API, database and ledger. The
 * scenario the issue asks for, figures computed by hand in the comments. Reminders render their
 * PDF, so the document worker (Chromium, SMTP) runs beside the API.
 */

let t: TestApp;
let worker: RunningWorker;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let a: Company;
let b: Company;
let customerA: string;

const cents = (n: number) => Math.round(n * 100);
const binary = (
  res: { on: (e: string, cb: (c?: Buffer) => void) => void },
  cb: (err: Error | null, body: Buffer) => void,
) => {
  const chunks: Buffer[] = [];
  res.on('data', (c) => chunks.push(c!));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};
const swiss = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const post = (c: Company['admin'], body: object) => t.http().post('/api/invoices').set(bearer(c)).send(body);
/** GET /invoices/stages, its answer checked against the OpenAPI response schema (invoiceStagesDtoSchema). */
const stages = async (q: string): Promise<InvoiceStagesDto> => {
  const res = await t.http().get(`/api/invoices/stages?${q}`).set(bearer(a.backoffice)).expect(200);
  expectDocumentedResponse(BILLING_OPENAPI, res);
  return res.body;
};
const ledgerOf = async (id: string): Promise<InvoiceLedgerResponse> =>
  (await t.http().get(`/api/invoices/${id}/ledger`).set(bearer(a.admin))).body;
const issue = (id: string) =>
  t.http().put(`/api/invoices/${id}/status`).set(bearer(a.admin)).send({ status: 'sent' }).expect(200);
const pay = (id: string, amount: number) =>
  t
    .http()
    .post(`/api/invoices/${id}/payments`)
    .set(bearer(a.backoffice))
    .send({ amount, paymentDate: '2026-03-10' })
    .expect(201);
/** Every invoice's ledger adds up: the entries' sum is the open amount (nothing paid beyond). */
async function expectLedgerAddsUp(id: string, open: number): Promise<InvoiceLedgerResponse> {
  const ledger = await ledgerOf(id);
  expect(ledger.entries.reduce((s, e) => s + cents(e.amount), 0)).toBe(cents(open));
  expect(ledger).toMatchObject({ open_amount: open, credit_balance: 0 });
  return ledger;
}

/** A camt.054 crediting the company's QR-IBAN with one payment (the reminder's QR bill paid as printed). */
function camt(ref: string, amount: string, key: string): Buffer {
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.04"><BkToCstmrDbtCdtNtfctn>
<GrpHdr><MsgId>STAGES-${randomUUID()}</MsgId><CreDtTm>2026-03-12T22:00:00</CreDtTm></GrpHdr>
<Ntfctn><Id>N-1</Id><CreDtTm>2026-03-12T22:00:00</CreDtTm><Acct><Id><IBAN>CH4431999123000889012</IBAN></Id></Acct>
<Ntry><Amt Ccy="CHF">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><RvslInd>false</RvslInd><Sts>BOOK</Sts>
  <BookgDt><Dt>2026-03-12</Dt></BookgDt><AcctSvcrRef>${key}</AcctSvcrRef>
  <NtryDtls><TxDtls><Refs><AcctSvcrRef>${key}-TX</AcctSvcrRef></Refs><Amt Ccy="CHF">${amount}</Amt>
  <CdtDbtInd>CRDT</CdtDbtInd><RltdPties><Dbtr><Nm>Rossi SA</Nm></Dbtr></RltdPties>
  <RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Prtry>QRR</Prtry></CdOrPrtry></Tp><Ref>${ref}</Ref></CdtrRefInf></Strd></RmtInf>
  </TxDtls></NtryDtls></Ntry>
</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`);
}

/**
 * Quote of 10,000.00 net: Montage 38.5 h × 120.00 = 4,620.00 and Material 1 × 5,380.00; VAT 8.1 % = 810.00
 * (or the lines given).
 */
async function acceptedQuote(
  items: QuoteRequest['items'] = [
    { type: 'labor', title: 'Montage', quantity: 38.5, unit: 'h', unitPrice: 120 },
    { type: 'material', title: 'Material', quantity: 1, unit: 'Pauschale', unitPrice: 5380 },
  ],
): Promise<QuoteDto> {
  const quote = await createQuote(t, a.backoffice, customerA, { items });
  await t.dataSource.query(
    `UPDATE quotes SET status = 'accepted', accepted_at = now(), signature_png = '\\x00' WHERE id = $1`,
    [quote.id],
  );
  return { ...quote, status: 'accepted' };
}

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpServer();
  worker = await startDocumentWorker(t.config, smtp.url);
  a = await createCompany(t, { settings: { payment_terms: 30, vat_rate: 8.1 } });
  b = await createCompany(t);
  await setQrBillSettings(t, a.id);
  customerA = (await addCustomer(t, a.id, { name: 'Rossi SA', email: 'marco@rossi.test' })).customerId;
}, 60_000);
afterAll(async () => {
  await worker?.close();
  await smtp?.close();
  await t?.close();
});

describe('billing a quote in stages', () => {
  it('quote 10,000 → 30 % Akonto → paid → partial → final (deducting both) → reminder with fee and interest → paid by its QR amount: 0 open', async () => {
    const quote = await acceptedQuote();
    expect(quote).toMatchObject({ net_amount: 10000, vat_amount: 810, total: 10810 });
    const montage = quote.items.find((i) => i.title === 'Montage')!;

    // 1. Akonto 30 %: 3,000.00 net, VAT 8.1 % = 243.00, total 3,243.00
    const dpRes = await post(a.backoffice, { kind: 'down_payment', quoteId: quote.id, percent: 30 });
    expect(dpRes.status).toBe(201);
    const dp: InvoiceDetailDto = dpRes.body;
    expect(dp).toMatchObject({ kind: 'down_payment', quote_id: quote.id, subtotal: 3000, vat_amount: 243 });
    expect(dp).toMatchObject({ total_amount: 3243, open_amount: 3243 });
    expect(dp.items).toEqual([
      expect.objectContaining({ title: `Akontozahlung 30 % gemäss Angebot ${quote.quote_number}`, total_price: 3000 }),
    ]);
    // more than the 7,000.00 still open of the quote: German 400
    const tooMuch = await post(a.backoffice, { kind: 'down_payment', quoteId: quote.id, amount: 7000.01 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toMatchObject({
      code: 'stage_exceeds_quote',
      error: 'Der Betrag übersteigt, was vom Angebot noch offen ist (offen: 7000.00 exkl. MWST).',
    });
    await issue(dp.id);
    expect((await pay(dp.id, 3243)).body).toMatchObject({ status: 'paid', open_amount: 0 });

    // 2. Teilrechnung: Montage 20.5 h × 120.00 = 2,460.00 net, VAT 199.26, 2,659.26 → 2,659.25 (5 Rappen)
    const partRes = await post(a.backoffice, {
      kind: 'partial',
      quoteId: quote.id,
      lines: [{ quoteItemId: montage.id, quantity: 20.5 }],
    });
    expect(partRes.status).toBe(201);
    const part: InvoiceDetailDto = partRes.body;
    expect(part).toMatchObject({ kind: 'partial', subtotal: 2460, vat_amount: 199.26, rounding: -0.01 });
    expect(part.total_amount).toBe(2659.25);
    expect(part.items).toEqual([
      expect.objectContaining({ title: 'Montage', quantity: 20.5, quote_item_id: montage.id }),
    ]);
    // 18.00 h of Montage are left
    const overQty = await post(a.backoffice, {
      kind: 'partial',
      quoteId: quote.id,
      lines: [{ quoteItemId: montage.id, quantity: 18.01 }],
    });
    expect(overQty.status).toBe(400);
    expect(overQty.body.error).toBe('Die Menge für «Montage» ist zu hoch: offen sind noch 18.');
    // a final while the partial invoice is still a draft: 409
    const early = await post(a.backoffice, { kind: 'final', quoteId: quote.id });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('stage_draft_pending');
    await issue(part.id);
    await pay(part.id, 2659.25);

    let summary = await stages(`quoteId=${quote.id}`);
    expect(summary).toMatchObject({
      basis: { net: 10000, vat: 810, total: 10810 },
      invoiced: { net: 5460, vat: 442.26, total: 5902.25 },
      open: { net: 4540, vat: 367.74, total: 4907.75 },
      paid: 5902.25,
      final_invoice_id: null,
    });
    expect(summary.lines.find((l) => l.quote_item_id === montage.id)).toMatchObject({
      invoiced_quantity: 20.5,
      open_quantity: 18,
    });

    // 3. Schlussrechnung: the whole 10,000.00 (VAT 810.00) minus Akonto 3,000.00/243.00 and partial
    //    2,460.00/199.26 → net 4,540.00, VAT 810.00 − 243.00 − 199.26 = 367.74, 4,907.74 → 4,907.75
    const finalRes = await post(a.backoffice, { kind: 'final', quoteId: quote.id });
    expect(finalRes.status).toBe(201);
    const fin: InvoiceDetailDto = finalRes.body;
    expect(fin).toMatchObject({ kind: 'final', subtotal: 4540, vat_amount: 367.74, rounding: 0.01 });
    expect(fin.total_amount).toBe(4907.75);
    expect(fin.vat_breakdown).toEqual([{ rate: 8.1, net: 4540, vat: 367.74 }]);
    expect(fin.items.map((i) => [i.title, i.total_price, i.deducted_vat ?? null])).toEqual([
      ['Montage', 4620, null],
      ['Material', 5380, null],
      [`Abzüglich Akontorechnung ${dp.invoice_number} vom ${swiss(dp.invoice_date)}`, -3000, 243],
      [`Abzüglich Teilrechnung ${part.invoice_number} vom ${swiss(part.invoice_date)}`, -2460, 199.26],
    ]);
    expect(fin.items[2]!.description).toBe('Netto 3000.00, MWST 8.1 %: 243.00');
    // together the three invoices are the quote's total: 3,243.00 + 2,659.25 + 4,907.75 = 10,810.00
    expect(cents(dp.total_amount) + cents(part.total_amount) + cents(fin.total_amount)).toBe(cents(quote.total));
    // a second final, or another Akonto after the final: 409
    const twice = await post(a.backoffice, { kind: 'final', quoteId: quote.id });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe(
      `Für dieses Angebot bzw. Projekt gibt es bereits die Schlussrechnung ${fin.invoice_number}.`,
    );
    expect((await post(a.backoffice, { kind: 'down_payment', quoteId: quote.id, amount: 1 })).status).toBe(409);
    // «Neue Rechnung» with all the quote's lines would bill it twice: 409
    const whole = await post(a.backoffice, { quoteId: quote.id });
    expect(whole.status).toBe(409);
    expect(whole.body.error).toBe(
      'Für dieses Angebot gibt es Akonto- oder Teilrechnungen. Bitte rechnen Sie es mit der Schlussrechnung ab.',
    );
    // the Akonto deducted by the final cannot be credited any more (the final would still deduct it)
    const credit = await t
      .http()
      .post(`/api/invoices/${dp.id}/credit-notes`)
      .set(bearer(a.admin))
      .send({ reason: 'Preisnachlass', amount: 100 });
    expect(credit.status).toBe(409);
    expect(credit.body.error).toBe(
      `Diese Rechnung ist in der Schlussrechnung ${fin.invoice_number} abgezogen. Stornieren Sie zuerst die Schlussrechnung.`,
    );
    summary = await stages(`quoteId=${quote.id}`);
    expect(summary).toMatchObject({
      invoiced: { net: 10000, vat: 810, total: 10810 },
      open: { net: 0, vat: 0, total: 0 },
      final_invoice_id: fin.id,
    });
    expect(summary.invoices.map((i) => i.kind)).toEqual(['down_payment', 'partial', 'final']);

    // 4. The final is overdue: 1st reminder (fee 10.00; no interest yet — it runs from the reminder,
    //    OR 102 para. 1; interest is switched on after it), 73 days later the 2nd (fee 20.00; interest
    //    4,907.75 × 5 % × 73 / 365 = 49.0775 → 49.10)
    await setReminderSettings(t, a.id, { fees: [10, 20, 30, 50], interest: false });
    await issue(fin.id);
    await backdate(t, fin.id, 60, 30);
    const first = await t.http().post(`/api/invoices/${fin.id}/send-reminder`).set(bearer(a.backoffice)).send({});
    expect(first.status).toBe(200);
    expect(first.body.data.reminder).toMatchObject({ fee: 10, interest: 0, total_amount: 4917.75 });
    await t.dataSource.query(`UPDATE invoice_reminders SET reminder_date = reminder_date - 73 WHERE invoice_id = $1`, [
      fin.id,
    ]);
    await setReminderSettings(t, a.id, { fees: [10, 20, 30, 50], interest: true, rate: 5 });
    const second = await t.http().post(`/api/invoices/${fin.id}/send-reminder`).set(bearer(a.backoffice)).send({});
    expect(second.status).toBe(200);
    // 4,907.75 + 10.00 + 20.00 + 49.10 = 4,986.85
    expect(second.body.data.reminder).toMatchObject({ fee: 20, fees_total: 30, interest: 49.1, total_amount: 4986.85 });

    // 5. The customer pays the reminder's QR bill as printed: 0 open, paid, no overpayment
    const imported = await t
      .http()
      .post('/api/invoices/payments/import')
      .set(bearer(a.admin))
      .attach('file', camt(fin.qrr_reference, '4986.85', `S-${fin.id}`), 'camt.xml');
    expect(imported.status).toBe(200);
    expect(imported.body.matched).toHaveLength(1);
    const finLedger = await expectLedgerAddsUp(fin.id, 0);
    expect(finLedger.entries.map((e) => [e.type, e.amount])).toEqual([
      ['invoice', 4907.75],
      ['reminder_fee', 10],
      ['reminder_fee', 20],
      ['interest', 49.1],
      ['payment', -4986.85],
    ]);
    expect(finLedger).toMatchObject({ paid_amount: 4986.85, fees_amount: 30, interest_amount: 49.1 });
    expect((await t.http().get(`/api/invoices/${fin.id}`).set(bearer(a.admin))).body.status).toBe('paid');
    for (const [inv, total] of [
      [dp, 3243],
      [part, 2659.25],
    ] as const) {
      const ledger = await expectLedgerAddsUp(inv.id, 0);
      expect(ledger.entries.map((e) => [e.type, e.amount])).toEqual([
        ['invoice', total],
        ['payment', -total],
      ]);
    }
    // paid on the quote: its 10,810.00 and the final's fees 30.00 and interest 49.10
    expect((await stages(`quoteId=${quote.id}`)).paid).toBe(10889.1);
  });

  it('the final PDF lists the deductions', async () => {
    const quote = await acceptedQuote();
    const dp = (await post(a.admin, { kind: 'down_payment', quoteId: quote.id, amount: 2500 }))
      .body as InvoiceDetailDto;
    // 2,500.00 net, VAT 202.50, 2,702.50
    expect(dp).toMatchObject({ subtotal: 2500, vat_amount: 202.5, total_amount: 2702.5 });
    await issue(dp.id);
    const fin = (await post(a.admin, { kind: 'final', quoteId: quote.id })).body as InvoiceDetailDto;
    // 10,000.00 − 2,500.00 = 7,500.00; VAT 810.00 − 202.50 = 607.50; 8,107.50
    expect(fin).toMatchObject({ subtotal: 7500, vat_amount: 607.5, total_amount: 8107.5 });
    // a deducted Akonto cannot be cancelled while the final stands
    const cancel = await t.http().post(`/api/invoices/${dp.id}/cancel`).set(bearer(a.admin)).send({ reason: 'Irrtum' });
    expect(cancel.status).toBe(409);
    expect(cancel.body.code).toBe('stage_deducted');
    const pdf = await t.http().get(`/api/invoices/${fin.id}/download`).set(bearer(a.admin)).buffer(true).parse(binary);
    expect(pdf.status).toBe(200);
    const text = (await pdfText(pdf.body as Buffer)).replace(/\s+/g, ' ');
    expect(text).toContain(`Schlussrechnung ${fin.invoice_number}`);
    expect(text).toContain(`Abzüglich Akontorechnung ${dp.invoice_number}`);
    expect(text).toContain('MWST 8.1 %: 202.50');
    // its QR bill decodes (pdftoppm + jsQR) and asks for the final's 8,107.50 (issue 23)
    const qr = await decodeLastPageQr(pdf.body as Buffer);
    expect(qr).not.toBeNull();
    expect(parseQrPayload(qr!)).toMatchObject({ currency: 'CHF', amount: '8107.50' });
  });
});

describe('credit notes on stage invoices issued before the final', () => {
  it('the final deducts each stage invoice after its credit notes: a credited Akonto once, a cancelled one with what was paid on it', async () => {
    const quote = await acceptedQuote();
    const credit = (id: string, body: object) =>
      t.http().post(`/api/invoices/${id}/credit-notes`).set(bearer(a.admin)).send(body).expect(201);
    // Akonto 1: 3,000.00 net + 243.00 VAT = 3,243.00; credit note of 324.30 gross: net 324.30 / 1.081 =
    // 300.00, VAT 24.30 → stays 2,700.00 net, 218.70 VAT, 2,918.70, paid in full
    const dp1 = (await post(a.admin, { kind: 'down_payment', quoteId: quote.id, amount: 3000 }))
      .body as InvoiceDetailDto;
    await issue(dp1.id);
    expect((await credit(dp1.id, { reason: 'Preisnachlass', amount: 324.3 })).body).toMatchObject({
      net: 300,
      vat_amount: 24.3,
    });
    await pay(dp1.id, 2918.7);
    // Akonto 2: 1,000.00 net + 81.00 = 1,081.00; 540.50 paid, then cancelled: the Storno credits the
    // unpaid 540.50 (net 500.00, VAT 40.50) → stays 500.00 net, 40.50 VAT, what the customer paid
    const dp2 = (await post(a.admin, { kind: 'down_payment', quoteId: quote.id, amount: 1000 }))
      .body as InvoiceDetailDto;
    await issue(dp2.id);
    await pay(dp2.id, 540.5);
    const storno = await t
      .http()
      .post(`/api/invoices/${dp2.id}/cancel`)
      .set(bearer(a.admin))
      .send({ reason: 'Irrtum' });
    expect(storno.status).toBe(200);
    expect(storno.body.credit_note).toMatchObject({ net: 500, vat_amount: 40.5, total: 540.5 });
    // Akonto 3: 500.00 net + 40.50 = 540.50, cancelled unpaid → fully credited, deducts nothing
    const dp3 = (await post(a.admin, { kind: 'down_payment', quoteId: quote.id, amount: 500 }))
      .body as InvoiceDetailDto;
    await issue(dp3.id);
    await t.http().post(`/api/invoices/${dp3.id}/cancel`).set(bearer(a.admin)).send({ reason: 'Doppelt' }).expect(200);
    // of the quote's 10,000.00 net, 2,700.00 + 500.00 = 3,200.00 stay invoiced: at most 6,800.00 more
    const cap = await post(a.admin, { kind: 'down_payment', quoteId: quote.id, amount: 6800.01 });
    expect(cap.status).toBe(400);
    expect(cap.body.error).toBe('Der Betrag übersteigt, was vom Angebot noch offen ist (offen: 6800.00 exkl. MWST).');

    // final: 10,000.00 − 2,700.00 − 500.00 = 6,800.00 net; VAT 810.00 − 218.70 − 40.50 = 550.80; 7,350.80
    const finRes = await post(a.admin, { kind: 'final', quoteId: quote.id });
    expect(finRes.status).toBe(201);
    const fin: InvoiceDetailDto = finRes.body;
    expect(fin).toMatchObject({ subtotal: 6800, vat_amount: 550.8, total_amount: 7350.8 });
    expect(fin.vat_breakdown).toEqual([{ rate: 8.1, net: 6800, vat: 550.8 }]);
    expect(fin.items.slice(2).map((i) => [i.title, i.total_price, i.description])).toEqual([
      [
        `Abzüglich Akontorechnung ${dp1.invoice_number} vom ${swiss(dp1.invoice_date)}`,
        -2700,
        'Netto 2700.00, MWST 8.1 %: 218.70',
      ],
      [
        `Abzüglich Akontorechnung ${dp2.invoice_number} vom ${swiss(dp2.invoice_date)}`,
        -500,
        'Netto 500.00, MWST 8.1 %: 40.50',
      ],
    ]);
    // the customer pays the quote's 10,810.00 once: 2,918.70 + 540.50 + 7,350.80
    expect(cents(2918.7) + cents(540.5) + cents(fin.total_amount)).toBe(cents(quote.total));
    const summary = await stages(`quoteId=${quote.id}`);
    expect(summary).toMatchObject({
      invoiced: { net: 10000, vat: 810, total: 10810 },
      open: { net: 0, vat: 0, total: 0 },
      paid: 3459.2,
      final_invoice_id: fin.id,
    });
    // each stage invoice's deduction as the final took it (the UIs show these): after credit notes
    expect(summary.invoices.map((i) => [i.invoice_number, i.deduction])).toEqual([
      [dp1.invoice_number, { net: 2700, vat: 218.7, total: 2918.7 }],
      [dp2.invoice_number, { net: 500, vat: 40.5, total: 540.5 }],
      [dp3.invoice_number, { net: 0, vat: 0, total: 0 }],
      [fin.invoice_number, null],
    ]);
  });
});

describe('partial quantities after credit notes', () => {
  it("a credit note of 5 of the partial's 20 hours frees those 5 h; a Storno of the unpaid rest frees them all", async () => {
    const quote = await acceptedQuote();
    const montage = quote.items.find((i) => i.title === 'Montage')!;
    const open = async () => (await stages(`quoteId=${quote.id}`)).lines.find((l) => l.quote_item_id === montage.id)!;
    // Teilrechnung: Montage 20 h × 120.00 = 2,400.00 net + 194.40 VAT = 2,594.40
    const part = (
      await post(a.admin, { kind: 'partial', quoteId: quote.id, lines: [{ quoteItemId: montage.id, quantity: 20 }] })
    ).body as InvoiceDetailDto;
    expect(part).toMatchObject({ subtotal: 2400, total_amount: 2594.4 });
    await issue(part.id);
    expect(await open()).toMatchObject({ invoiced_quantity: 20, open_quantity: 18.5 });
    // credit note of the Montage line, 5 h × 120.00 = 600.00 net + 48.60 VAT = 648.60 → 15 h stay invoiced
    const note = await t
      .http()
      .post(`/api/invoices/${part.id}/credit-notes`)
      .set(bearer(a.admin))
      .send({ reason: 'Weniger Stunden', items: [{ title: 'Montage', quantity: 5, unitPrice: 120 }] })
      .expect(201);
    expect(note.body).toMatchObject({ net: 600, vat_amount: 48.6, total: 648.6 });
    expect(await open()).toMatchObject({ invoiced_quantity: 15, open_quantity: 23.5 });
    const over = await post(a.admin, {
      kind: 'partial',
      quoteId: quote.id,
      lines: [{ quoteItemId: montage.id, quantity: 23.51 }],
    });
    expect(over.status).toBe(400);
    expect(over.body.error).toBe('Die Menge für «Montage» ist zu hoch: offen sind noch 23.5.');
    // Storno of the unpaid 1,945.80 (1,800.00 + 145.80): nothing of the partial stays, all 38.5 h open
    await t.http().post(`/api/invoices/${part.id}/cancel`).set(bearer(a.admin)).send({ reason: 'Irrtum' }).expect(200);
    expect(await open()).toMatchObject({ invoiced_quantity: 0, open_quantity: 38.5 });
  });
});

describe('a price credit on a partial invoice (issue 22)', () => {
  it('frees no quantity and the final does not bill it again; only a credit of quote quantity frees it', async () => {
    // quote: Montage 10 h × 100.00 = 1,000.00 net + 81.00 VAT (8.1 %) = 1,081.00
    const quote = await acceptedQuote([{ type: 'labor', title: 'Montage', quantity: 10, unit: 'h', unitPrice: 100 }]);
    expect(quote).toMatchObject({ net_amount: 1000, vat_amount: 81, total: 1081 });
    const montage = quote.items[0]!;
    const summary = () => stages(`quoteId=${quote.id}`);
    // Teilrechnung 6 h: 600.00 net + 48.60 VAT = 648.60
    const part = (
      await post(a.admin, { kind: 'partial', quoteId: quote.id, lines: [{ quoteItemId: montage.id, quantity: 6 }] })
    ).body as InvoiceDetailDto;
    expect(part).toMatchObject({ subtotal: 600, vat_amount: 48.6, total_amount: 648.6 });
    await issue(part.id);
    const credit = (body: object) =>
      t.http().post(`/api/invoices/${part.id}/credit-notes`).set(bearer(a.admin)).send(body).expect(201);

    // price credit of 60.00 gross, no quantity: net 60.00 / 1.081 = 55.50, VAT 4.50
    expect((await credit({ reason: 'Preisnachlass', amount: 60 })).body).toMatchObject({ net: 55.5, vat_amount: 4.5 });
    // a price correction on the Montage line at another unit price: 2 × 25.00 = 50.00 + 4.05 = 54.05
    expect(
      (await credit({ reason: 'Preiskorrektur', items: [{ title: 'Montage', quantity: 2, unitPrice: 25 }] })).body,
    ).toMatchObject({ net: 50, vat_amount: 4.05, total: 54.05 });
    // the 6 h stay billed: 4 h open, and 400.00 + 32.40 = 432.40 of the quote open (the reductions stay granted)
    let s = await summary();
    expect(s.lines).toEqual([expect.objectContaining({ invoiced_quantity: 6, open_quantity: 4 })]);
    expect(s).toMatchObject({
      invoiced: { net: 600, vat: 48.6, total: 648.6 },
      open: { net: 400, vat: 32.4, total: 432.4 },
    });
    expect(s.invoices[0]!.deduction).toEqual({ net: 600, vat: 48.6, total: 648.6 });
    const tooMuch = await post(a.admin, {
      kind: 'partial',
      quoteId: quote.id,
      lines: [{ quoteItemId: montage.id, quantity: 4.01 }],
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error).toBe('Die Menge für «Montage» ist zu hoch: offen sind noch 4.');

    // a credit of quote quantity: Montage 1 h × 100.00 = 100.00 + 8.10 = 108.10 → 5 h billed, 5 h open
    expect(
      (await credit({ reason: 'Eine Stunde zu viel', items: [{ title: 'Montage', quantity: 1, unitPrice: 100 }] }))
        .body,
    ).toMatchObject({ net: 100, vat_amount: 8.1, total: 108.1 });
    s = await summary();
    expect(s.lines).toEqual([expect.objectContaining({ invoiced_quantity: 5, open_quantity: 5 })]);
    expect(s).toMatchObject({
      invoiced: { net: 500, vat: 40.5, total: 540.5 },
      open: { net: 500, vat: 40.5, total: 540.5 },
    });

    // final: 10 h = 1,000.00 net, VAT 81.00; minus the partial 600.00 − 100.00 = 500.00 net, VAT
    // 48.60 − 8.10 = 40.50 → 500.00 net + 40.50 VAT = 540.50 (the 5 h still open)
    const finRes = await post(a.admin, { kind: 'final', quoteId: quote.id });
    expect(finRes.status).toBe(201);
    const fin: InvoiceDetailDto = finRes.body;
    expect(fin).toMatchObject({ subtotal: 500, vat_amount: 40.5, total_amount: 540.5 });
    expect(fin.vat_breakdown).toEqual([{ rate: 8.1, net: 500, vat: 40.5 }]);
    expect(fin.items.map((i) => [i.title, i.quantity, i.total_price])).toEqual([
      ['Montage', 10, 1000],
      [`Abzüglich Teilrechnung ${part.invoice_number} vom ${swiss(part.invoice_date)}`, 1, -500],
    ]);
    // the customer pays 10 h once less the two price reductions: 1,081.00 − 60.00 − 54.05 = 966.95
    // = (648.60 − 60.00 − 54.05 − 108.10) + 540.50; VAT 48.60 − 4.50 − 4.05 − 8.10 + 40.50 = 72.45
    // = 8.1 % of the net 894.50 (600.00 − 55.50 − 50.00 − 100.00 + 500.00)
    expect((await ledgerOf(part.id)).open_amount).toBe(426.45);
    expect(cents(426.45) + cents(fin.total_amount)).toBe(cents(1081 - 60 - 54.05));
    expect(cents(48.6 - 4.5 - 4.05 - 8.1) + cents(fin.vat_amount)).toBe(cents(894.5 * 0.081));
    s = await summary();
    expect(s).toMatchObject({
      invoiced: { net: 1000, vat: 81, total: 1081 },
      open: { net: 0, vat: 0, total: 0 },
      final_invoice_id: fin.id,
    });
    expect(s.invoices.map((i) => [i.invoice_number, i.deduction])).toEqual([
      [part.invoice_number, { net: 500, vat: 40.5, total: 540.5 }],
      [fin.invoice_number, null],
    ]);
  });
});

describe('a free line on a partial invoice of a quote (issue 22)', () => {
  it('is billed once by the partial: the final bills the quote and deducts only the quote lines of the partial', async () => {
    // quote: Montage 10 h × 100.00 = 1,000.00 net + 81.00 VAT (8.1 %) = 1,081.00
    const quote = await acceptedQuote([{ type: 'labor', title: 'Montage', quantity: 10, unit: 'h', unitPrice: 100 }]);
    const montage = quote.items[0]!;
    // Teilrechnung: 4 h of the quote 400.00 + the free line «Zusatzmaterial» 50.00 = 450.00 net,
    // VAT 8.1 % = 36.45, total 486.45
    const partRes = await post(a.admin, {
      kind: 'partial',
      quoteId: quote.id,
      lines: [{ quoteItemId: montage.id, quantity: 4 }],
      items: [{ type: 'material', title: 'Zusatzmaterial', quantity: 1, unitPrice: 50 }],
    });
    expect(partRes.status).toBe(201);
    const part: InvoiceDetailDto = partRes.body;
    expect(part).toMatchObject({ subtotal: 450, vat_amount: 36.45, total_amount: 486.45 });
    await issue(part.id);
    await pay(part.id, 486.45);
    await expectLedgerAddsUp(part.id, 0);
    // of the quote 400.00 + 32.40 = 432.40 invoiced, 600.00 + 48.60 = 648.60 open; the final deducts
    // the partial's quote lines only (the extra 50.00 is no part of the quote's whole)
    let s = await stages(`quoteId=${quote.id}`);
    expect(s).toMatchObject({
      invoiced: { net: 400, vat: 32.4, total: 432.4 },
      open: { net: 600, vat: 48.6, total: 648.6 },
      paid: 486.45,
    });
    expect(s.invoices[0]!.deduction).toEqual({ net: 400, vat: 32.4, total: 432.4 });

    // final: 10 h = 1,000.00 net, VAT 81.00; minus the partial's 400.00 net, VAT 32.40
    // → 600.00 net + 48.60 VAT = 648.60
    const finRes = await post(a.admin, { kind: 'final', quoteId: quote.id });
    expect(finRes.status).toBe(201);
    const fin: InvoiceDetailDto = finRes.body;
    expect(fin).toMatchObject({ subtotal: 600, vat_amount: 48.6, total_amount: 648.6 });
    expect(fin.vat_breakdown).toEqual([{ rate: 8.1, net: 600, vat: 48.6 }]);
    expect(fin.items.map((i) => [i.title, i.quantity, i.total_price])).toEqual([
      ['Montage', 10, 1000],
      [`Abzüglich Teilrechnung ${part.invoice_number} vom ${swiss(part.invoice_date)}`, 1, -400],
    ]);
    // the customer pays 1,000.00 + 50.00 + VAT 85.05 = 1,135.05 in all: 486.45 + 648.60, nothing
    // twice, nothing lost; VAT 36.45 + 48.60 = 85.05 = 8.1 % of 1,050.00
    expect(cents(part.total_amount) + cents(fin.total_amount)).toBe(cents(1135.05));
    expect(cents(part.vat_amount) + cents(fin.vat_amount)).toBe(cents(1050 * 0.081));
    s = await stages(`quoteId=${quote.id}`);
    expect(s).toMatchObject({
      invoiced: { net: 1000, vat: 81, total: 1081 },
      open: { net: 0, vat: 0, total: 0 },
      final_invoice_id: fin.id,
    });
  });
});

describe('at the same moment', () => {
  it('two Akonto invoices of 60 % each: one is made, the other is refused (the quote is billed at most once)', async () => {
    const quote = await acceptedQuote();
    const results = await Promise.all([
      post(a.backoffice, { kind: 'down_payment', quoteId: quote.id, percent: 60 }),
      post(a.admin, { kind: 'down_payment', quoteId: quote.id, percent: 60 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    // 40 % = 4,000.00 are left after the first 6,000.00
    expect(results.find((r) => r.status === 400)!.body.error).toBe(
      'Der Betrag übersteigt, was vom Angebot noch offen ist (offen: 4000.00 exkl. MWST).',
    );
    const finals = await Promise.all([
      post(a.backoffice, { kind: 'final', quoteId: quote.id }),
      post(a.admin, { kind: 'final', quoteId: quote.id }),
    ]);
    // the Akonto is still a draft: both refused alike
    expect(finals.map((r) => r.status)).toEqual([409, 409]);
    await issue(results.find((r) => r.status === 201)!.body.id);
    const again = await Promise.all([
      post(a.backoffice, { kind: 'final', quoteId: quote.id }),
      post(a.admin, { kind: 'final', quoteId: quote.id }),
    ]);
    expect(again.map((r) => r.status).sort()).toEqual([201, 409]);
  });
});

describe('billing a project in stages', () => {
  it('Akonto by amount, final with the request lines minus the Akonto; a percentage needs a quote', async () => {
    const project = randomUUID();
    await t.dataSource.query(
      `INSERT INTO projects (id, company_id, customer_id, title, project_number, status)
       VALUES ($1, $2, $3, 'Umbau Seestrasse', 'P-7', 'active')`,
      [project, a.id, customerA],
    );
    const percent = await post(a.backoffice, { kind: 'down_payment', projectId: project, percent: 20 });
    expect(percent.status).toBe(400);
    expect(percent.body.error).toBe(
      'Ein Prozentsatz ist nur bei einem Angebot möglich. Bitte geben Sie einen Betrag an.',
    );
    // 1,000.00 net, VAT 81.00, 1,081.00
    const dp = await post(a.backoffice, { kind: 'down_payment', projectId: project, amount: 1000 });
    expect(dp.status).toBe(201);
    expect(dp.body).toMatchObject({ project_id: project, customer_id: customerA, total_amount: 1081 });
    await issue(dp.body.id);
    // whole: 12 h × 110.00 = 1,320.00 at 8.1 % and 100.00 of books at 2.6 %;
    // 8.1 %: 1,320.00 − 1,000.00 = 320.00, VAT 106.92 − 81.00 = 25.92; 2.6 %: 100.00, VAT 2.60
    // total 320.00 + 25.92 + 100.00 + 2.60 = 448.52 → 448.50
    const fin = await post(a.backoffice, {
      kind: 'final',
      projectId: project,
      items: [
        { type: 'labor', title: 'Arbeit', quantity: 12, unitPrice: 110 },
        { type: 'material', title: 'Fachbücher', quantity: 1, unitPrice: 100, vatRate: 2.6 },
      ],
    });
    expect(fin.status).toBe(201);
    expect(fin.body.vat_breakdown).toEqual([
      { rate: 8.1, net: 320, vat: 25.92 },
      { rate: 2.6, net: 100, vat: 2.6 },
    ]);
    expect(fin.body).toMatchObject({ kind: 'final', subtotal: 420, vat_amount: 28.52, total_amount: 448.5 });
    const summary = await stages(`projectId=${project}`);
    expect(summary).toMatchObject({
      uninvoiced_reports: 0,
      basis: null,
      open: null,
      invoiced: { total: 1529.5 },
      final_invoice_id: fin.body.id,
    });
  });
});

describe("a project's final invoice takes its signed reports no invoice bills", () => {
  it('the report whose draft invoice was deleted is billed by the final; the report button then answers the final', async () => {
    const operations = new FakeOperations();
    await operations.start(t);
    try {
      const p = projectFixture();
      operations.projects.set(p.projectId, p.data);
      await addCustomer(t, a.id, { customerId: p.customerId, name: 'Bäckerei Huber AG' });
      await t.dataSource.query(
        `INSERT INTO projects (id, company_id, customer_id, title, project_number, status)
         VALUES ($1, $2, $3, 'Ladenumbau', 'P-2026-001', 'active') ON CONFLICT (id) DO NOTHING`,
        [p.projectId, a.id, p.customerId],
      );
      const gen = await t
        .http()
        .post('/api/reports/generate')
        .set(bearer(a.backoffice))
        .send({ projectId: p.projectId, periodStart: '2026-03-02', periodEnd: '2026-03-08' });
      expect(gen.status).toBe(201);
      const reportId = gen.body.id as string;
      const signed = await t
        .http()
        .post(`/api/reports/${reportId}/signature`)
        .set(bearer(a.backoffice))
        .send({ signerName: 'Hans Huber', signerEmail: 'hans@huber.test', signatureData: await signaturePng() });
      expect(signed.status).toBe(200);
      // The report's own draft invoice (the button; the consumer finds the same), then deleted.
      const own = await t.http().post(`/api/reports/${reportId}/create-invoice`).set(bearer(a.backoffice));
      expect(own.status).toBe(200);
      await eventually(
        async () =>
          (
            await t.dataSource.query(
              `SELECT 1 FROM processed_events WHERE consumer = 'billing-invoices-report-signed' LIMIT 1`,
            )
          ).length > 0
            ? true
            : undefined,
        30_000,
        'the report-signed consumer',
      );
      const reportInvoice: InvoiceDetailDto = (
        await t.http().get(`/api/invoices/${own.body.invoiceId}`).set(bearer(a.admin))
      ).body;
      // while it stands, the project has nothing unbilled
      expect((await stages(`projectId=${p.projectId}`)).uninvoiced_reports).toBe(0);
      await t.http().delete(`/api/invoices/${reportInvoice.id}`).set(bearer(a.admin)).expect(200);
      expect((await stages(`projectId=${p.projectId}`)).uninvoiced_reports).toBe(1);

      // the final: the report's lines (the same as its deleted invoice) and one free line of 100.00
      const fin = await post(a.backoffice, {
        kind: 'final',
        projectId: p.projectId,
        items: [{ title: 'Entsorgung', quantity: 1, unitPrice: 100 }],
      });
      expect(fin.status).toBe(201);
      expect(fin.body.items.map((i: { title: string }) => i.title)).toEqual([
        ...reportInvoice.items.map((i) => i.title),
        'Entsorgung',
      ]);
      expect(cents(fin.body.subtotal)).toBe(cents(reportInvoice.subtotal) + 10000);
      expect((await stages(`projectId=${p.projectId}`)).uninvoiced_reports).toBe(0);
      // the report's button now answers the final (no second invoice for the same work)
      const again = await t.http().post(`/api/reports/${reportId}/create-invoice`).set(bearer(a.backoffice));
      expect(again.status).toBe(200);
      expect(again.body.invoiceId).toBe(fin.body.id);
    } finally {
      await operations.stop();
    }
  }, 60_000);
});

describe('bad input, roles and other companies', () => {
  it('German 400/409, 403 for employees, 404 for another company', async () => {
    const draft = await createQuote(t, a.backoffice, customerA);
    const notAccepted = await post(a.backoffice, { kind: 'down_payment', quoteId: draft.id, percent: 10 });
    expect(notAccepted.status).toBe(409);
    expect(notAccepted.body.error).toBe('Nur aus angenommenen Angeboten kann eine Rechnung erstellt werden');
    const quote = await acceptedQuote();
    for (const [body, error] of [
      [
        { kind: 'down_payment', quoteId: quote.id },
        'Bitte geben Sie für die Akontorechnung entweder einen Prozentsatz oder einen Betrag an',
      ],
      [
        { kind: 'down_payment', quoteId: quote.id, percent: 150 },
        'Prozentsatz muss grösser als 0 und höchstens 100 sein',
      ],
      [{ kind: 'partial', quoteId: quote.id }, 'Bitte wählen Sie mindestens eine Position für die Teilrechnung'],
      [
        { kind: 'final', customerId: customerA },
        'Akonto-, Teil- und Schlussrechnungen brauchen ein Angebot oder ein Projekt',
      ],
      [{ kind: 'weekly', quoteId: quote.id }, 'Ungültige Rechnungsart. Erlaubt: invoice, down_payment, partial, final'],
    ] as const) {
      const res = await post(a.backoffice, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(error);
    }
    // a quote billed by an ordinary invoice has nothing left for stages
    const billed = await acceptedQuote();
    const ordinary = await post(a.backoffice, { quoteId: billed.id });
    expect(ordinary.status).toBe(201);
    const late = await post(a.backoffice, { kind: 'down_payment', quoteId: billed.id, percent: 10 });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe(
      `Das Angebot ist mit der Rechnung ${ordinary.body.invoice_number} bereits verrechnet.`,
    );
    const unknownLine = await post(a.backoffice, {
      kind: 'partial',
      quoteId: quote.id,
      lines: [{ quoteItemId: randomUUID(), quantity: 1 }],
    });
    expect(unknownLine.status).toBe(400);
    expect(unknownLine.body.code).toBe('stage_quote_item_unknown');
    expect((await t.http().get('/api/invoices/stages').set(bearer(a.admin))).status).toBe(400);

    // employees neither bill nor see the summary (part 2 §6: invoices are admin and backoffice)
    expect((await post(a.employee, { kind: 'down_payment', quoteId: quote.id, percent: 10 })).status).toBe(403);
    expect((await t.http().get(`/api/invoices/stages?quoteId=${quote.id}`).set(bearer(a.employee))).status).toBe(403);

    // another company's quote or project: 404, nothing created
    const other = await post(b.admin, { kind: 'down_payment', quoteId: quote.id, percent: 10 });
    expect(other.status).toBe(404);
    expect((await t.http().get(`/api/invoices/stages?quoteId=${quote.id}`).set(bearer(b.admin))).status).toBe(404);
    const project = randomUUID();
    await t.dataSource.query(
      `INSERT INTO projects (id, company_id, customer_id, title, project_number, status)
       VALUES ($1, $2, $3, 'Dach', 'P-8', 'active')`,
      [project, a.id, customerA],
    );
    expect((await post(b.admin, { kind: 'down_payment', projectId: project, amount: 10 })).status).toBe(404);
    expect((await t.http().get(`/api/invoices/stages?projectId=${project}`).set(bearer(b.admin))).status).toBe(404);
    expect((await stages(`quoteId=${quote.id}`)).invoices).toEqual([]);
  });
});
