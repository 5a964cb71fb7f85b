import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  vatPeriodRange,
  type AccountingSettingsDto,
  type InvoiceDetailDto,
  type JournalLine,
  type JournalResponse,
  type OpenItemsResponse,
  type VatFiguresResponse,
  type VatPeriod,
} from '@zunft/contracts';
import { BANANA_COLUMNS, bananaVatCode, parseBanana } from '../src/accounting/journal-formats.js';
import { type RunningWorker } from '../src/worker/index.js';
import { addCustomer, bearer, createCompany, type Company, type Member } from './support/factories.js';
import { camtFile } from './support/camt.js';
import { createInvoice, setQrBillSettings, setReminderSettings, zurichDay } from './support/invoices.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { pdfinfoPages, pdfText, startDocumentWorker, startSmtpServer } from './worker/support.js';

/**
 * The accounting hand-off (issue 26): a month of invoicing (three invoices, a bank file with an
 * overpayment, a refund, a credit note, a payment and its reversal, two reminders with fees and
 * default interest, a write-off), its journal, open items and VAT figures, with figures by hand.
 */

let t: TestApp;
let worker: RunningWorker;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let a: Company;
let b: Company;
let i1: InvoiceDetailDto;
let i2: InvoiceDetailDto;
let i3: InvoiceDetailDto;

const IBAN = 'CH4431999123000889012';
const from = zurichDay(-29);
const today = zurichDay(0);
const journal = (by: Member, q: Record<string, string>) =>
  t.http().get('/api/accounting/journal').query(q).set(bearer(by));
const issue = async (by: Member, id: string) =>
  t.http().put(`/api/invoices/${id}/status`).set(bearer(by)).send({ status: 'sent' }).expect(200);

/** The bookings by hand: [day offset, document, debit, credit, amount, VAT code (Banana), VAT]. */
type Hand = [number, () => string, string, string, number, string, number];
const HAND: Hand[] = [
  // I3 (−28): 400.00 work + 8.1 % = 432.40
  [-28, () => i3.invoice_number, '1100', '3400', 432.4, 'V81', 32.4],
  // I1 (−25): 712.50 work + 26.70 material = 739.20; VAT 59.88 split by net: 57.72 / 2.16; 799.08 → 799.10
  [-25, () => i1.invoice_number, '1100', '3200', 28.86, 'V81', 2.16],
  [-25, () => i1.invoice_number, '1100', '3400', 770.22, 'V81', 57.72],
  [-25, () => i1.invoice_number, '1100', '3800', 0.02, '', 0],
  // I2 (−20): 1000.00 work at 8.1 % (81.00), 200.00 material at 2.6 % (5.20) = 1286.20
  [-20, () => i2.invoice_number, '1100', '3400', 1081.0, 'V81', 81.0],
  [-20, () => i2.invoice_number, '1100', '3200', 205.2, 'V26', 5.2],
  // bank file (−15): 800.00 on I1 = 799.10 + 0.90 overpaid
  [-15, () => i1.invoice_number, '1020', '1100', 799.1, '', 0],
  [-15, () => i1.invoice_number, '1020', '1100', 0.9, '', 0],
  // by hand (−10): 500.00 on I2 (reversed today)
  [-10, () => i2.invoice_number, '1020', '1100', 500.0, '', 0],
  // today: the refund of 0.90, the credit note 100.00 + 8.10, the reversal, two reminders, the write-off
  [0, () => i1.invoice_number, '1100', '1020', 0.9, '', 0],
  [0, () => creditNoteNumber, '3800', '1100', 108.1, '-V81', 8.1],
  [0, () => i2.invoice_number, '1100', '1020', 500.0, '', 0],
  [0, () => i3.invoice_number, '1100', '3600', 20.0, '', 0],
  [0, () => i3.invoice_number, '1100', '3600', 30.0, '', 0],
  // 432.40 × 5 % × 15 / 365 = 0.8885 → 0.90
  [0, () => i3.invoice_number, '1100', '6950', 0.9, '', 0],
  // write-off of 483.30: the principal 432.40 with its VAT 32.40 back, fees and interest 50.90 without VAT
  [0, () => i3.invoice_number, '3805', '1100', 432.4, '-V81', 32.4],
  [0, () => i3.invoice_number, '3805', '1100', 50.9, '', 0],
];
let creditNoteNumber = '';

const key = (l: { date: string; document: string; debit: string; credit: string; amount: string; vat: string }) =>
  [l.date, l.document, l.debit, l.credit, l.amount, l.vat].join('|');
const handKeys = () =>
  HAND.map(([day, doc, debit, credit, amount, vat]) =>
    key({ date: zurichDay(day), document: doc(), debit, credit, amount: amount.toFixed(2), vat }),
  ).sort();
const lineKeys = (lines: JournalLine[]) =>
  lines
    .map((l) =>
      key({
        date: l.date,
        document: l.document,
        debit: l.debit,
        credit: l.credit,
        amount: l.amount.toFixed(2),
        vat: l.vat_side ? bananaVatCode(l) : '',
      }),
    )
    .sort();

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpServer();
  worker = await startDocumentWorker(t.config, smtp.url);
  a = await createCompany(t, { settings: { vat_rate: 8.1, payment_terms: 8 } });
  b = await createCompany(t);
  await setQrBillSettings(t, a.id, { iban: IBAN });
  await setReminderSettings(t, a.id, { fees: [20, 30, 40, 50], interest: true, rate: 5 });
  const customer = (await addCustomer(t, a.id, { name: 'Rossi SA' })).customerId;
  const other = (await addCustomer(t, a.id, { name: 'Bauer AG' })).customerId;

  i3 = await createInvoice(t, a.backoffice, other, {
    invoiceDate: zurichDay(-28),
    items: [{ type: 'labor', title: 'Gipserarbeiten', quantity: 4, unit: 'h', unitPrice: 100 }],
  });
  i1 = await createInvoice(t, a.backoffice, customer, { invoiceDate: zurichDay(-25) });
  i2 = await createInvoice(t, a.backoffice, customer, {
    invoiceDate: zurichDay(-20),
    items: [
      { type: 'labor', title: 'Montage', quantity: 10, unit: 'h', unitPrice: 100 },
      { type: 'material', title: 'Fachbuch', quantity: 1, unitPrice: 200, vatRate: 2.6 },
    ],
  });
  for (const inv of [i1, i2, i3]) await issue(a.admin, inv.id);
  // A draft is no booking; another company's invoice is not in this company's journal.
  await createInvoice(t, a.backoffice, customer, { invoiceDate: zurichDay(-5) });
  const otherCustomer = (await addCustomer(t, b.id)).customerId;
  await issue(b.admin, (await createInvoice(t, b.backoffice, otherCustomer, { invoiceDate: zurichDay(-5) })).id);

  const file = camtFile('054', IBAN, [
    { reference: i1.qrr_reference, amount: '800.00', date: zurichDay(-15), bankRef: `ACC-${i1.id}` },
  ]);
  const imported = await t
    .http()
    .post('/api/invoices/payments/import')
    .set(bearer(a.backoffice))
    .attach('file', file, 'camt054.xml');
  expect(imported.status).toBe(200);
  await t
    .http()
    .post(`/api/invoices/${i1.id}/refund`)
    .set(bearer(a.backoffice))
    .send({ amount: 0.9, date: today })
    .expect(200);

  const note = await t
    .http()
    .post(`/api/invoices/${i2.id}/credit-notes`)
    .set(bearer(a.backoffice))
    .send({ reason: 'Preisnachlass', items: [{ title: 'Nachlass', quantity: 1, unitPrice: 100, vatRate: 8.1 }] });
  expect(note.status).toBe(201);
  creditNoteNumber = note.body.credit_note_number;
  await t
    .http()
    .post(`/api/invoices/${i2.id}/payments`)
    .set(bearer(a.backoffice))
    .send({ amount: 500, paymentDate: zurichDay(-10), method: 'bank' })
    .expect(201);
  const [payment] = (await t.http().get(`/api/invoices/${i2.id}/payments`).set(bearer(a.admin))).body;
  await t.http().delete(`/api/invoices/${i2.id}/payments/${payment.id}`).set(bearer(a.backoffice)).expect(200);

  const remind = () => t.http().post(`/api/invoices/${i3.id}/send-reminder`).set(bearer(a.backoffice)).send({});
  const first = await remind();
  expect([first.status, first.body.error]).toEqual([200, undefined]);
  // The first reminder went out 15 days ago: the second one charges the default interest since then.
  await t.dataSource.query(`UPDATE invoice_reminders SET reminder_date = $2 WHERE invoice_id = $1 AND level = 1`, [
    i3.id,
    zurichDay(-15),
  ]);
  expect((await remind()).status).toBe(200);
  await t
    .http()
    .post(`/api/invoices/${i3.id}/write-off`)
    .set(bearer(a.backoffice))
    .send({ reason: 'Konkurs' })
    .expect(200);
}, 60_000);

afterAll(async () => {
  await worker?.close();
  await smtp?.close();
  await t?.close();
});

describe('journal', () => {
  it('books every movement of the month as double entries, balanced per account (figures by hand)', async () => {
    const res = await journal(a.backoffice, { from, to: today });
    expect(res.status).toBe(200);
    const body = res.body as JournalResponse;
    expect(lineKeys(body.lines)).toEqual(handKeys());
    const balance = Object.fromEntries(body.accounts.map((x) => [x.account, x.balance]));
    expect(balance).toEqual({
      '1020': 799.1,
      '1100': 1178.1,
      '2200': -137.98,
      '3200': -226.7,
      '3400': -2112.5,
      '3600': -50,
      '3800': 99.98,
      '3805': 450.9,
      '6950': -0.9,
    });
    const debit = body.accounts.reduce((s, x) => s + Math.round(x.debit * 100), 0);
    const credit = body.accounts.reduce((s, x) => s + Math.round(x.credit * 100), 0);
    expect(debit).toBe(credit);
    expect(body.lines.every((l) => l.currency === 'CHF' && l.exported_at === null)).toBe(true);
  });

  it('open items at month end equal the debtor account; at a past date from the ledger', async () => {
    const res = await t.http().get('/api/invoices/open-items').query({ date: today }).set(bearer(a.admin));
    expect(res.status).toBe(200);
    const body = res.body as OpenItemsResponse;
    expect(body.items.map((i) => [i.invoice_number, i.open_amount, i.reminder_level])).toEqual([
      [i2.invoice_number, 1178.1, 0],
    ]);
    expect(body.totals).toEqual([
      {
        currency: 'CHF',
        count: 1,
        open: 1178.1,
        credit_balances: 0,
        // I2 due at −20 + 8 = −12: 12 days overdue
        buckets: { not_due: 0, d1_30: 1178.1, d31_60: 0, d61_90: 0, over_90: 0 },
      },
    ]);
    expect(body.items[0]).toMatchObject({ days_overdue: 12, bucket: 'd1_30', customer_name: 'Rossi SA' });
    const all = (await journal(a.admin, { from, to: today })).body as JournalResponse;
    expect(all.accounts.find((x) => x.account === '1100')!.balance).toBe(body.totals[0]!.open);

    // Eleven days ago: I1 paid (its overpayment a credit balance), I2 and I3 open
    const past = (
      await t
        .http()
        .get('/api/invoices/open-items')
        .query({ date: zurichDay(-11) })
        .set(bearer(a.admin))
    ).body as OpenItemsResponse;
    expect(past.items.map((i) => [i.invoice_number, i.open_amount, i.days_overdue]).sort()).toEqual(
      [
        // I3 due −20: 9 days overdue at −11; I2 due −12: 1 day overdue
        [i3.invoice_number, 432.4, 9],
        [i2.invoice_number, 1286.2, 1],
      ].sort(),
    );
    expect(past.credits).toEqual([expect.objectContaining({ invoice_number: i1.invoice_number, amount: 0.9 })]);
    expect(past.totals[0]).toMatchObject({ open: 1718.6, credit_balances: 0.9 });
    const pastJournal = (await journal(a.admin, { from, to: zurichDay(-11) })).body as JournalResponse;
    expect(pastJournal.accounts.find((x) => x.account === '1100')!.balance).toBe(1717.7);
  });

  it('Banana import file parses back to the same bookings; CSV, bexio and Abacus carry every line', async () => {
    const res = await journal(a.backoffice, { from, to: today, format: 'banana' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/tab-separated-values');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="buchungen-${from}-${today}-banana.txt"`);
    const text = res.text;
    expect(text.split('\r\n')[0]).toBe(BANANA_COLUMNS.join('\t'));
    const parsed = parseBanana(text);
    expect(
      parsed
        .map((r) =>
          key({
            date: r.Date,
            document: r.Doc,
            debit: r.AccountDebit,
            credit: r.AccountCredit,
            amount: r.Amount,
            vat: r.VatCode,
          }),
        )
        .sort(),
    ).toEqual(handKeys());

    const csv = await journal(a.backoffice, { from, to: today, format: 'csv', includeExported: 'true' });
    expect(csv.text.split('\r\n')[0]).toBe(
      '\uFEFFdate;document;text;debit;credit;amount;vat_code;vat_rate;vat_amount;vat_side;currency;type;entry_id',
    );
    expect(csv.text).toContain(
      `${zurichDay(-20)};${i2.invoice_number};Rechnung ${i2.invoice_number} Rossi SA;1100;3200;205.20;V26;2.6;5.20;credit;CHF;invoice;`,
    );
    const bexio = await journal(a.backoffice, { from, to: today, format: 'bexio', includeExported: 'true' });
    const d = zurichDay(-20);
    expect(bexio.text).toContain(
      `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)};${i2.invoice_number};1100;3200;205.20;CHF;V26;Rechnung`,
    );
    const abacus = await journal(a.backoffice, { from, to: today, format: 'abacus', includeExported: 'true' });
    expect(abacus.text.trim().split('\r\n')).toHaveLength(HAND.length + 1);
  });

  it('an export marks its bookings: the same period gives the same file, another period skips them unless asked', async () => {
    const c = await createCompany(t, { settings: { vat_rate: 8.1 } });
    const cust = (await addCustomer(t, c.id)).customerId;
    const early = await createInvoice(t, c.backoffice, cust, { invoiceDate: zurichDay(-10) });
    const late = await createInvoice(t, c.backoffice, cust, { invoiceDate: zurichDay(-2) });
    for (const inv of [early, late]) await issue(c.admin, inv.id);
    const first = await journal(c.admin, { from: zurichDay(-12), to: zurichDay(-5), format: 'csv' });
    const again = await journal(c.admin, { from: zurichDay(-12), to: zurichDay(-5), format: 'csv' });
    expect(again.text).toBe(first.text);
    expect(first.text).toContain(early.invoice_number);
    // A later, overlapping period: the early invoice was exported, the late one not.
    const next = (await journal(c.admin, { from: zurichDay(-12), to: today })).body as JournalResponse;
    expect(next.skipped_exported).toBe(1);
    expect(new Set(next.lines.map((l) => l.document))).toEqual(new Set([late.invoice_number]));
    const all = (await journal(c.admin, { from: zurichDay(-12), to: today, includeExported: 'true' }))
      .body as JournalResponse;
    expect(new Set(all.lines.map((l) => l.document))).toEqual(new Set([early.invoice_number, late.invoice_number]));
    expect(all.lines.find((l) => l.document === early.invoice_number)!.exported_at).not.toBeNull();
  });
});

describe('VAT figures', () => {
  const periodOf = (day: string): { year: number; period: VatPeriod } => ({
    year: Number(day.slice(0, 4)),
    period: `Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}` as VatPeriod,
  });

  it('agreed-upon: turnover and VAT per rate of the quarter, equal to the journal', async () => {
    const q = periodOf(today);
    const res = await t.http().get('/api/accounting/vat').query(q).set(bearer(a.backoffice));
    expect(res.status).toBe(200);
    const body = res.body as VatFiguresResponse;
    const range = vatPeriodRange(q.year, q.period);
    // By hand, the bookings with VAT inside the quarter (credit notes and losses lower them).
    const inside = HAND.filter(([day, , , , , vat]) => vat && zurichDay(day) >= range.from);
    const sum = (code: string, pick: (h: Hand) => number) =>
      Math.round(
        inside
          .filter((h) => h[5].replace('-', '') === code)
          .reduce((s, h) => s + (h[5].startsWith('-') ? -1 : 1) * pick(h) * 100, 0),
      ) / 100;
    expect(body.method).toBe('agreed');
    expect(body.lines.map((l) => [l.rate, l.vat_code, l.turnover, l.vat])).toEqual(
      [
        [8.1, 'V81', sum('V81', (h) => h[4]), sum('V81', (h) => h[6])],
        [2.6, 'V26', sum('V26', (h) => h[4]), sum('V26', (h) => h[6])],
      ].filter((l) => l[2] !== 0 || l[3] !== 0),
    );
    // The whole month: 8.1 %: 1771.98 turnover, 132.78 VAT; 2.6 %: 205.20 and 5.20.
    if (zurichDay(-28) >= range.from) {
      expect(body.lines).toEqual([
        { rate: 8.1, vat_code: 'V81', currency: 'CHF', turnover: 1771.98, net: 1639.2, vat: 132.78 },
        { rate: 2.6, vat_code: 'V26', currency: 'CHF', turnover: 205.2, net: 200, vat: 5.2 },
      ]);
    }
  });

  it('received-upon (company setting): the payments of the period, after fees and interest (OR 85)', async () => {
    const settings = (await t.http().get('/api/accounting/settings').set(bearer(a.admin)))
      .body as AccountingSettingsDto;
    await t
      .http()
      .put('/api/accounting/settings')
      .set(bearer(a.admin))
      .send({ accounts: settings.accounts, vatCodes: settings.vat_codes, vatMethod: 'received' })
      .expect(200);
    const q = periodOf(today);
    const body = (await t.http().get('/api/accounting/vat').query(q).set(bearer(a.admin))).body as VatFiguresResponse;
    expect(body.method).toBe('received');
    const range = vatPeriodRange(q.year, q.period);
    // I1: 799.10 + 0.90 overpaid − 0.90 refunded at 8.1 % (VAT 799.10 × 8.1 / 108.1 = 59.88);
    // I2: 500 and its reversal: 0. Only when the bank file's day lies in the quarter.
    const v81 = body.lines.find((l) => l.rate === 8.1);
    if (zurichDay(-15) >= range.from && zurichDay(-10) >= range.from) {
      expect(v81).toMatchObject({ turnover: 799.1, vat: 59.88 });
      expect(body.lines.find((l) => l.rate === 2.6)).toMatchObject({ turnover: 0, vat: 0 });
    }
    await t
      .http()
      .put('/api/accounting/settings')
      .set(bearer(a.admin))
      .send({ accounts: settings.accounts, vatCodes: settings.vat_codes, vatMethod: 'agreed' })
      .expect(200);
  });
});

describe('settings, files, roles and bad input', () => {
  it('mapping prefilled from the KMU-Kontenrahmen; a changed account is used by the journal', async () => {
    const c = await createCompany(t, { settings: { vat_rate: 8.1 } });
    const res = await t.http().get('/api/accounting/settings').set(bearer(c.backoffice));
    expect(res.body).toEqual({
      accounts: {
        debtors: '1100',
        bank: '1020',
        cash: '1000',
        card: '1020',
        vatOwed: '2200',
        revenueGoods: '3200',
        revenueServices: '3400',
        reminderFees: '3600',
        interest: '6950',
        creditNotes: '3800',
        rounding: '3800',
        losses: '3805',
      },
      vat_codes: { '8.1': 'V81', '2.6': 'V26', '3.8': 'V38', '0': 'V0' },
      vat_method: 'agreed',
      updated_at: null,
    });
    const saved = await t
      .http()
      .put('/api/accounting/settings')
      .set(bearer(c.admin))
      .send({
        accounts: { ...res.body.accounts, debtors: '1101' },
        vatCodes: { ...res.body.vat_codes, '8.1': 'UN81' },
        vatMethod: 'agreed',
      });
    expect(saved.status).toBe(200);
    expect(saved.body.accounts.debtors).toBe('1101');
    const cust = (await addCustomer(t, c.id)).customerId;
    await issue(c.admin, (await createInvoice(t, c.backoffice, cust, { invoiceDate: today })).id);
    const lines = ((await journal(c.admin, { from: today, to: today })).body as JournalResponse).lines;
    expect(lines.map((l) => [l.debit, l.vat_code])).toContainEqual(['1101', 'UN81']);

    const bad = await t
      .http()
      .put('/api/accounting/settings')
      .set(bearer(c.admin))
      .send({ accounts: { ...res.body.accounts, bank: '' }, vatCodes: res.body.vat_codes, vatMethod: 'agreed' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Konto ist erforderlich');
    const method = await t
      .http()
      .put('/api/accounting/settings')
      .set(bearer(c.admin))
      .send({ accounts: res.body.accounts, vatCodes: res.body.vat_codes, vatMethod: 'ist' });
    expect(method.status).toBe(400);
    expect(method.body.error).toBe('Abrechnungsart muss «agreed» oder «received» sein');
  });

  it('open items as CSV and as PDF', async () => {
    const csv = await t
      .http()
      .get('/api/invoices/open-items')
      .query({ date: today, format: 'csv' })
      .set(bearer(a.admin));
    expect(csv.status).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="offene-posten-${today}.csv"`);
    const rows = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe('Rechnung;Kunde;Rechnungsdatum;Fällig;Tage überfällig;Mahnstufe;Offen;Währung;Fälligkeit');
    expect(rows[1]).toBe(
      `${i2.invoice_number};Rossi SA;${zurichDay(-20)};${zurichDay(-12)};12;0;1178.10;CHF;1–30 Tage`,
    );
    expect(rows[2]).toBe('Total;;;;;;1178.10;CHF;');

    const pdf = await t
      .http()
      .get('/api/invoices/open-items')
      .query({ date: today, format: 'pdf' })
      .set(bearer(a.admin))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(await pdfinfoPages(pdf.body as Buffer)).toBe(1);
    const text = await pdfText(pdf.body as Buffer);
    expect(text).toContain('Offene Posten per');
    expect(text).toContain(i2.invoice_number);
    expect(text).toMatch(/1.178\.10/);
  });

  it('employees get 403; another company sees none of these bookings; bad periods get German 400', async () => {
    for (const path of [
      '/api/accounting/journal?from=2026-01-01&to=2026-01-31',
      '/api/invoices/open-items',
      '/api/accounting/settings',
      '/api/accounting/vat?year=2026&period=Q1',
    ]) {
      const res = await t.http().get(path).set(bearer(a.employee));
      expect(res.status).toBe(403);
    }
    const put = await t.http().put('/api/accounting/settings').set(bearer(a.employee)).send({});
    expect(put.status).toBe(403);
    expect((await t.http().get('/api/accounting/settings')).status).toBe(401);

    const other = (await journal(b.admin, { from, to: today })).body as JournalResponse;
    const mine = new Set([i1.invoice_number, i2.invoice_number, i3.invoice_number, creditNoteNumber]);
    expect(other.lines.some((l) => mine.has(l.document) && [i1.id, i2.id, i3.id].includes(l.invoice_id))).toBe(false);
    expect(other.lines.every((l) => l.type === 'invoice' || l.type === 'rounding')).toBe(true);
    const otherItems = (await t.http().get('/api/invoices/open-items').set(bearer(b.admin))).body as OpenItemsResponse;
    expect(otherItems.items.map((i) => i.invoice_id)).not.toContain(i2.id);

    const cases: Array<[Record<string, string>, string]> = [
      [{ from: '2026-02-30', to: '2026-03-01' }, 'Von ist kein gültiges Datum'],
      [{ from: '2026-03-01', to: '2026-02-01' }, '«Von» muss vor oder gleich «Bis» sein'],
      [{ from: '2020-01-01', to: '2026-01-01' }, 'Der Zeitraum ist zu lang (höchstens zwei Jahre)'],
      [{ from: '2026-01-01', to: '2026-01-31', format: 'xls' }, 'Format muss csv, banana, bexio oder abacus sein'],
      [{ to: '2026-01-31' }, 'Von muss ein Datum im Format JJJJ-MM-TT sein'],
    ];
    for (const [q, message] of cases) {
      const res = await journal(a.admin, q);
      expect([res.status, res.body.error]).toEqual([400, message]);
    }
    const item = await t.http().get('/api/invoices/open-items').query({ date: '31.12.2026' }).set(bearer(a.admin));
    expect([item.status, item.body.error]).toEqual([400, 'Stichtag muss ein Datum im Format JJJJ-MM-TT sein']);
    const vat = await t.http().get('/api/accounting/vat').query({ year: 2026, period: 'Q5' }).set(bearer(a.admin));
    expect([vat.status, vat.body.error]).toEqual([400, 'Periode muss Q1–Q4 oder S1–S2 sein']);
  });
});
