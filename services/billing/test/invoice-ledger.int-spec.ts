import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type InvoiceDetailDto, type InvoiceLedgerResponse, type InvoiceNumberLogResponse } from '@zunft/contracts';
import { createHash, randomUUID } from 'node:crypto';
import { type RunningWorker } from '../src/worker/index.js';
import { addCustomer, bearer, createCompany, outboxEvents, type Company } from './support/factories.js';
import { backdate, createInvoice, setQrBillSettings, setReminderSettings } from './support/invoices.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { pdfText, startSmtpServer, startDocumentWorker } from './worker/support.js';

/**
 * The invoice ledger (issue 22): entries and sums, issued is final, payment reversals, the number
 * log, fees and interest owed, overpayments and refunds, concurrency. Reminders render their PDF,
 * so the real worker (Chromium, SMTP) runs beside the API.
 */

let t: TestApp;
let worker: RunningWorker;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let a: Company;
let b: Company;
let customerA: string;

const year = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric' }).format(new Date());

const ledgerOf = async (c: Company, id: string): Promise<InvoiceLedgerResponse> =>
  (await t.http().get(`/api/invoices/${id}/ledger`).set(bearer(c.admin))).body;
const get = async (c: Company, id: string): Promise<InvoiceDetailDto> =>
  (await t.http().get(`/api/invoices/${id}`).set(bearer(c.admin))).body;
const issue = (c: Company, id: string) =>
  t.http().put(`/api/invoices/${id}/status`).set(bearer(c.admin)).send({ status: 'sent' }).expect(200);
const pay = (c: Company, id: string, amount: number) =>
  t.http().post(`/api/invoices/${id}/payments`).set(bearer(c.backoffice)).send({ amount, paymentDate: '2026-03-10' });

/** A camt.054 (.04) file crediting the company's QR-IBAN with one payment per entry. */
function camt(entries: Array<{ ref: string; amount: string; key: string }>): Buffer {
  const ntry = entries
    .map(
      (e) => `<Ntry><Amt Ccy="CHF">${e.amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><RvslInd>false</RvslInd><Sts>BOOK</Sts>
  <BookgDt><Dt>2026-03-12</Dt></BookgDt><AcctSvcrRef>${e.key}</AcctSvcrRef>
  <NtryDtls><TxDtls><Refs><AcctSvcrRef>${e.key}-TX</AcctSvcrRef></Refs><Amt Ccy="CHF">${e.amount}</Amt>
  <CdtDbtInd>CRDT</CdtDbtInd><RltdPties><Dbtr><Nm>Rossi SA</Nm></Dbtr></RltdPties>
  <RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Prtry>QRR</Prtry></CdOrPrtry></Tp><Ref>${e.ref}</Ref></CdtrRefInf></Strd></RmtInf>
  </TxDtls></NtryDtls></Ntry>`,
    )
    .join('\n');
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.04"><BkToCstmrDbtCdtNtfctn>
<GrpHdr><MsgId>LEDGER-${randomUUID()}</MsgId><CreDtTm>2026-03-12T22:00:00</CreDtTm></GrpHdr>
<Ntfctn><Id>N-1</Id><CreDtTm>2026-03-12T22:00:00</CreDtTm><Acct><Id><IBAN>CH4431999123000889012</IBAN></Id></Acct>
${ntry}
</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`);
}
const importFile = (c: Company, file: Buffer) =>
  t.http().post('/api/invoices/payments/import').set(bearer(c.admin)).attach('file', file, 'camt.xml');

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

describe('the ledger', () => {
  it('books the total at creation and each payment; sums and status follow; GET /ledger shows the running balance', async () => {
    const inv = await createInvoice(t, a.backoffice, customerA); // 799.10
    expect(inv).toMatchObject({ status: 'draft', open_amount: 799.1, issued_at: null, fees_amount: 0 });
    // payments on a never-issued draft: 409
    const onDraft = await pay(a, inv.id, 100);
    expect(onDraft.status).toBe(409);
    expect(onDraft.body.code).toBe('invoice_draft');
    const markOnDraft = await t.http().post(`/api/invoices/${inv.id}/mark-paid`).set(bearer(a.admin)).send({});
    expect(markOnDraft.status).toBe(409);

    await issue(a, inv.id);
    expect((await pay(a, inv.id, 300)).status).toBe(201);
    const paid = await pay(a, inv.id, 499.1);
    expect(paid.body).toMatchObject({ status: 'paid', open_amount: 0, paid_amount: 799.1 });

    const ledger = await ledgerOf(a, inv.id);
    expect(ledger).toMatchObject({
      invoice_number: inv.invoice_number,
      open_amount: 0,
      paid_amount: 799.1,
      credited_amount: 0,
      fees_amount: 0,
      interest_amount: 0,
      credit_balance: 0,
    });
    expect(ledger.entries.map((e) => [e.type, e.amount, e.balance])).toEqual([
      ['invoice', 799.1, 799.1],
      ['payment', -300, 499.1],
      ['payment', -499.1, 0],
    ]);
    expect(ledger.entries[1]!.created_by_name).toMatch(/^Bea /);
    // the list carries the ledger's sums too
    const list = await t.http().get('/api/invoices').set(bearer(a.admin));
    expect(list.body.items.find((i: { id: string }) => i.id === inv.id)).toMatchObject({
      open_amount: 0,
      fees_amount: 0,
      interest_amount: 0,
      credited_amount: 0,
    });
  });

  it('a reversal reopens a paid invoice (nothing erased); reversing twice is 409; the payment stays listed', async () => {
    const inv = await createInvoice(t, a.backoffice, customerA);
    await issue(a, inv.id);
    await t.http().post(`/api/invoices/${inv.id}/mark-paid`).set(bearer(a.admin)).send({}).expect(200);
    const [payment] = (await t.http().get(`/api/invoices/${inv.id}/payments`).set(bearer(a.admin))).body;
    const reversed = await t.http().delete(`/api/invoices/${inv.id}/payments/${payment.id}`).set(bearer(a.backoffice));
    expect(reversed.status).toBe(200);
    expect(reversed.body).toMatchObject({ open_amount: 799.1, paid_amount: 0 });
    expect(reversed.body.entries.map((e: { type: string; amount: number }) => [e.type, e.amount])).toEqual([
      ['invoice', 799.1],
      ['payment', -799.1],
      ['payment_reversal', 799.1],
    ]);
    expect(await get(a, inv.id)).toMatchObject({ status: 'sent', open_amount: 799.1, paid_at: null });
    const payments = (await t.http().get(`/api/invoices/${inv.id}/payments`).set(bearer(a.admin))).body;
    expect(payments).toHaveLength(1);
    expect(payments[0].reversed_at).toEqual(expect.any(String));
    const again = await t.http().delete(`/api/invoices/${inv.id}/payments/${payment.id}`).set(bearer(a.admin));
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Diese Zahlung wurde bereits storniert');
    const unknown = await t.http().delete(`/api/invoices/${inv.id}/payments/${randomUUID()}`).set(bearer(a.admin));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Zahlung nicht gefunden');
    // an overdue invoice reopens as overdue
    const late = await createInvoice(t, a.backoffice, customerA);
    await backdate(t, late.id, 40, 10);
    await t.http().post(`/api/invoices/${late.id}/mark-paid`).set(bearer(a.admin)).send({}).expect(200);
    const [latePayment] = (await t.http().get(`/api/invoices/${late.id}/payments`).set(bearer(a.admin))).body;
    await t.http().delete(`/api/invoices/${late.id}/payments/${latePayment.id}`).set(bearer(a.admin)).expect(200);
    expect((await get(a, late.id)).status).toBe('overdue');
  });

  it('the number log lists every number of the year with its fate, a deleted draft with date and user', async () => {
    const c = await createCompany(t);
    const cust = (await addCustomer(t, c.id, { name: 'Log AG' })).customerId;
    const i1 = await createInvoice(t, c.backoffice, cust);
    const i2 = await createInvoice(t, c.backoffice, cust);
    const i3 = await createInvoice(t, c.backoffice, cust);
    await issue(c, i1.id);
    await t.http().delete(`/api/invoices/${i2.id}`).set(bearer(c.backoffice)).expect(200);
    const res = await t.http().get(`/api/invoices/number-log?year=${year()}`).set(bearer(c.admin));
    expect(res.status).toBe(200);
    const log: InvoiceNumberLogResponse = res.body;
    expect(log.entries.map((e) => [e.invoice_number, e.fate, e.invoice_id])).toEqual([
      [i1.invoice_number, 'issued', i1.id],
      [i2.invoice_number, 'deleted_draft', null],
      [i3.invoice_number, 'draft', i3.id],
    ]);
    expect(log.entries[1]).toMatchObject({ customer_name: 'Log AG', deleted_at: expect.any(String) });
    expect(log.entries[1]!.deleted_by_name).toMatch(/^Bea /);
    // the next invoice does not take the deleted number
    const i4 = await createInvoice(t, c.backoffice, cust);
    expect(i4.invoice_number).toBe(`RE-${year()}-0004`);
    for (const q of ['', 'year=1999', 'year=abc']) {
      const bad = await t.http().get(`/api/invoices/number-log?${q}`).set(bearer(c.admin));
      expect(bad.status).toBe(400);
    }
    const other = await t.http().get(`/api/invoices/number-log?year=${year()}`).set(bearer(b.admin));
    expect(other.body.entries).toEqual([]);
  });
});

describe('fees and interest are owed', () => {
  it('paying exactly the reminder total from the bank file leaves 0 open, paid, no overpayment', async () => {
    await setReminderSettings(t, a.id, { fees: [10, 20, 30, 50], interest: true, rate: 5 });
    const inv = await createInvoice(t, a.backoffice, customerA); // 799.10
    await backdate(t, inv.id, 60, 30);
    const first = await t.http().post(`/api/invoices/${inv.id}/send-reminder`).set(bearer(a.backoffice)).send({});
    expect(first.status).toBe(200);
    await t.dataSource.query(`UPDATE invoice_reminders SET reminder_date = reminder_date - 73 WHERE invoice_id = $1`, [
      inv.id,
    ]);
    // part payment of 100: OR 85 para. 1 settles the fee of 10 first, 90 goes to the principal (709.10)
    expect((await pay(a, inv.id, 100)).status).toBe(201);
    const second = await t.http().post(`/api/invoices/${inv.id}/send-reminder`).set(bearer(a.backoffice)).send({});
    expect(second.status).toBe(200);
    // interest 709.10 × 5 % × 73 / 365 = 7.091 → 7.10; open 709.10 + fee 20 + 7.10 = 736.20
    expect(second.body.data.reminder).toMatchObject({
      open_amount: 709.1,
      fee: 20,
      fees_total: 30,
      interest: 7.1,
      interest_days: 73,
      total_amount: 736.2,
    });
    expect(second.body.data.invoice).toMatchObject({ open_amount: 736.2, fees_amount: 30, interest_amount: 7.1 });
    const res = await importFile(a, camt([{ ref: inv.qrr_reference, amount: '736.20', key: `R-${inv.id}` }]));
    expect(res.status).toBe(200);
    expect(res.body.matched).toHaveLength(1);
    const after = await ledgerOf(a, inv.id);
    expect(after).toMatchObject({ open_amount: 0, credit_balance: 0, paid_amount: 836.2 });
    expect(after.entries.map((e) => e.type)).toEqual([
      'invoice',
      'reminder_fee',
      'payment',
      'reminder_fee',
      'interest',
      'payment',
    ]);
    expect(after.entries.reduce((s, e) => s + Math.round(e.amount * 100), 0)).toBe(0);
    expect((await get(a, inv.id)).status).toBe('paid');
  });

  it('an overpayment from the bank file is a credit balance, listed and refundable', async () => {
    const inv = await createInvoice(t, a.backoffice, customerA);
    await issue(a, inv.id);
    const res = await importFile(a, camt([{ ref: inv.qrr_reference, amount: '850.00', key: `O-${inv.id}` }]));
    expect(res.status).toBe(200);
    const ledger = await ledgerOf(a, inv.id);
    expect(ledger).toMatchObject({ open_amount: 0, paid_amount: 850, credit_balance: 50.9 });
    expect(ledger.entries.map((e) => [e.type, e.amount])).toEqual([
      ['invoice', 799.1],
      ['payment', -799.1],
      ['overpayment', -50.9],
    ]);
    expect((await get(a, inv.id)).status).toBe('paid');
    const balances = await t.http().get('/api/invoices/credit-balances').set(bearer(a.backoffice));
    expect(balances.body.items).toContainEqual(
      expect.objectContaining({ invoice_id: inv.id, amount: 50.9, customer_name: 'Rossi SA' }),
    );
    const tooMuch = await t
      .http()
      .post(`/api/invoices/${inv.id}/refund`)
      .set(bearer(a.admin))
      .send({ amount: 60, date: '2026-03-20' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error).toBe('Der Betrag ist höher als das Guthaben der Rechnung');
    const refund = await t
      .http()
      .post(`/api/invoices/${inv.id}/refund`)
      .set(bearer(a.admin))
      .send({ amount: 50.9, date: '2026-03-20' });
    expect(refund.status).toBe(200);
    expect(refund.body).toMatchObject({ credit_balance: 0, open_amount: 0, paid_amount: 799.1 });
    const bad = await t.http().post(`/api/invoices/${inv.id}/refund`).set(bearer(a.admin)).send({ amount: -1 });
    expect(bad.status).toBe(400);
    const list = await t.http().get('/api/invoices/credit-balances').set(bearer(a.admin));
    expect(list.body.items.map((i: { invoice_id: string }) => i.invoice_id)).not.toContain(inv.id);
  });

  it('two payments and a reminder at once: the open amount is exact', async () => {
    await setReminderSettings(t, a.id, { fees: [15, 20, 30, 50], interest: false });
    const inv = await createInvoice(t, a.backoffice, customerA); // 799.10
    await backdate(t, inv.id, 60, 30);
    const results = await Promise.all([
      pay(a, inv.id, 100),
      pay(a, inv.id, 200),
      t.http().post(`/api/invoices/${inv.id}/send-reminder`).set(bearer(a.backoffice)).send({}),
    ]);
    expect(results.map((r) => r.status)).toEqual([201, 201, 200]);
    // 799.10 − 100 − 200 + 15 = 514.10
    const ledger = await ledgerOf(a, inv.id);
    expect(ledger).toMatchObject({ open_amount: 514.1, paid_amount: 300, fees_amount: 15 });
    expect(ledger.entries.reduce((s, e) => s + Math.round(e.amount * 100), 0)).toBe(51410);
    expect(ledger.entries.at(-1)!.balance).toBe(514.1);
  });
});

const binary = (
  res: { on: (e: string, cb: (c?: Buffer) => void) => void },
  cb: (err: Error | null, body: Buffer) => void,
) => {
  const chunks: Buffer[] = [];
  res.on('data', (c) => chunks.push(c!));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};
const download = async (c: Company, path: string): Promise<Buffer> => {
  const res = await t.http().get(path).set(bearer(c.admin)).buffer(true).parse(binary);
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return res.body as Buffer;
};
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('issued is final: the archive', () => {
  afterAll(() => setQrBillSettings(t, a.id));

  it('a draft renders live and says «Entwurf»; the issued PDF is archived and returned byte for byte after the settings change', async () => {
    const inv = await createInvoice(t, a.backoffice, customerA);
    const draft = await download(a, `/api/invoices/${inv.id}/download`);
    expect(await pdfText(draft)).toContain('Entwurf');
    expect((await get(a, inv.id)).document_sha256).toBeNull();

    await issue(a, inv.id);
    const first = await download(a, `/api/invoices/${inv.id}/download`);
    expect(await pdfText(first)).not.toContain('Entwurf');
    expect((await get(a, inv.id)).document_sha256).toBe(sha256(first));

    // another IBAN and address: the issued invoice stays as it was issued
    await setQrBillSettings(t, a.id, { iban: 'CH9300762011623852957', street: 'Neugasse', house_number: '9' });
    const later = await download(a, `/api/invoices/${inv.id}/download`);
    expect(later.equals(first)).toBe(true);
    // a new draft shows the new address
    const fresh = await createInvoice(t, a.backoffice, customerA);
    expect(await pdfText(await download(a, `/api/invoices/${fresh.id}/download`))).toContain('Neugasse');
  });

  it('sending archives the PDF it mails; a reminder PDF is archived as sent', async () => {
    await setQrBillSettings(t, a.id);
    await setReminderSettings(t, a.id, { fees: [10, 20, 30, 50] });
    const inv = await createInvoice(t, a.backoffice, customerA);
    const sent = await t.http().post(`/api/invoices/${inv.id}/send`).set(bearer(a.backoffice));
    expect(sent.status).toBe(200);
    const hash = (await get(a, inv.id)).document_sha256;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    await t.dataSource.query(`UPDATE invoices SET due_date = current_date - 10 WHERE id = $1`, [inv.id]);
    const reminded = await t.http().post(`/api/invoices/${inv.id}/send-reminder`).set(bearer(a.backoffice)).send({});
    expect(reminded.status).toBe(200);
    const reminderPath = `/api/invoices/${inv.id}/reminders/${reminded.body.data.reminder.id}/pdf`;
    const reminder = await download(a, reminderPath);

    await setQrBillSettings(t, a.id, { iban: 'CH9300762011623852957', street: 'Neugasse', house_number: '9' });
    expect(sha256(await download(a, `/api/invoices/${inv.id}/download`))).toBe(hash);
    expect((await download(a, reminderPath)).equals(reminder)).toBe(true);
  });
});

describe('VAT on the PDF', () => {
  it('a company at rate 0 has no VAT line; the invoice says «Nicht MWST-pflichtig»', async () => {
    const c = await createCompany(t, { settings: { vat_rate: 0 } });
    await setQrBillSettings(t, c.id);
    const cust = (await addCustomer(t, c.id, { name: 'Null AG' })).customerId;
    const inv = await createInvoice(t, c.backoffice, cust);
    expect(inv).toMatchObject({ vat_rate: 0, vat_amount: 0 });
    const text = await pdfText(await download(c, `/api/invoices/${inv.id}/download`));
    expect(text).toContain('Nicht MWST-pflichtig');
    expect(text).not.toMatch(/MWST\s+0/);
  });
});

describe('ledger routes: roles and companies', () => {
  let inv: InvoiceDetailDto;
  beforeAll(async () => {
    inv = await createInvoice(t, a.backoffice, customerA);
  });

  it('employees get 403', async () => {
    const e = bearer(a.employee);
    const calls = [
      t.http().get(`/api/invoices/${inv.id}/ledger`).set(e),
      t.http().delete(`/api/invoices/${inv.id}/payments/${randomUUID()}`).set(e),
      t.http().get(`/api/invoices/number-log?year=${year()}`).set(e),
      t.http().get('/api/invoices/credit-balances').set(e),
      t.http().post(`/api/invoices/${inv.id}/refund`).set(e).send({ amount: 1, date: '2026-03-01' }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(403);
  });

  it("another company's invoice is 404", async () => {
    const o = bearer(b.admin);
    const calls = [
      t.http().get(`/api/invoices/${inv.id}/ledger`).set(o),
      t.http().delete(`/api/invoices/${inv.id}/payments/${randomUUID()}`).set(o),
      t.http().post(`/api/invoices/${inv.id}/refund`).set(o).send({ amount: 1, date: '2026-03-01' }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Rechnung nicht gefunden');
    }
    const balances = await t.http().get('/api/invoices/credit-balances').set(o);
    expect(balances.body).toEqual({ items: [], total: 0 });
    const events = await outboxEvents(t, b.id);
    expect(events.filter((e) => e.data.invoiceId === inv.id)).toEqual([]);
  });
});

describe('interest from the due date (setting interest_from_due_date, OR 102 para. 2)', () => {
  it('the first reminder books the interest since the day after the due date; without the setting none', async () => {
    await setReminderSettings(t, a.id, { fees: [10, 20, 30, 50], interest: true, rate: 5, fromDueDate: true });
    const inv = await createInvoice(t, a.backoffice, customerA); // 799.10
    await backdate(t, inv.id, 70, 40);
    const res = await t.http().post(`/api/invoices/${inv.id}/send-reminder`).set(bearer(a.backoffice)).send({});
    expect(res.status).toBe(200);
    // 40 days after the due date: 799.10 × 5 % × 40 / 365 = 4.3786 → 4.40; 799.10 + fee 10 + 4.40 = 813.50
    expect(res.body.data.reminder).toMatchObject({ interest: 4.4, interest_days: 40, total_amount: 813.5 });
    expect((await ledgerOf(a, inv.id)).entries.map((e) => [e.type, e.amount])).toEqual([
      ['invoice', 799.1],
      ['reminder_fee', 10],
      ['interest', 4.4],
    ]);

    await setReminderSettings(t, a.id, { fees: [10, 20, 30, 50], interest: true, rate: 5, fromDueDate: false });
    const plain = await createInvoice(t, a.backoffice, customerA);
    await backdate(t, plain.id, 70, 40);
    const first = await t.http().post(`/api/invoices/${plain.id}/send-reminder`).set(bearer(a.backoffice)).send({});
    // OR 102 para. 1: default begins with the reminder itself
    expect(first.body.data.reminder).toMatchObject({ interest: 0, interest_days: 0, total_amount: 809.1 });
  });
});
