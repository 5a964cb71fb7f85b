import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type InvoiceDetailDto, type ReminderDto } from '@zunft/contracts';
import { RemindersService } from '../src/reminders/reminders.service.js';
import { type RunningWorker } from '../src/worker/index.js';
import { addCustomer, bearer, createCompany, outboxEvents, type Company } from './support/factories.js';
import { backdate, createInvoice, setQrBillSettings, setReminderSettings } from './support/invoices.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { eventually, mimeParts, pdfText, startSmtpServer, startDocumentWorker } from './worker/support.js';

/** Download, send and reminders with the real billing worker (Chromium, SMTP). */

let t: TestApp;
let worker: RunningWorker;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let a: Company;
let b: Company;
let customerA: string;

const binary = (
  res: { on: (e: string, cb: (c?: Buffer) => void) => void },
  cb: (err: Error | null, body: Buffer) => void,
) => {
  const chunks: Buffer[] = [];
  res.on('data', (c) => chunks.push(c!));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date());

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpServer();
  worker = await startDocumentWorker(t.config, smtp.url);
  a = await createCompany(t, { name: 'Gipserei Weiss AG', settings: { payment_terms: 30 } });
  b = await createCompany(t);
  await setQrBillSettings(t, a.id);
  customerA = (
    await addCustomer(t, a.id, {
      name: 'Rossi SA',
      contactPerson: 'Marco Rossi',
      email: 'marco@rossi.test',
      language: 'it',
    })
  ).customerId;
}, 60_000);
afterAll(async () => {
  await worker?.close();
  await smtp?.close();
  await t?.close();
});

describe('invoice download and send', () => {
  it('download: 400 naming the missing IBAN and address, then the PDF with the QR bill', async () => {
    const c = await createCompany(t);
    const cust = (await addCustomer(t, c.id)).customerId;
    const inv = await createInvoice(t, c.backoffice, cust);
    const missing = await t.http().get(`/api/invoices/${inv.id}/download`).set(bearer(c.backoffice));
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('qr_bill_settings_missing');
    expect(missing.body.error).toContain('IBAN');
    expect(missing.body.error).toContain('Firmenadresse');
    await setQrBillSettings(t, c.id, { iban: 'CH9300762011623852957' });
    const res = await t
      .http()
      .get(`/api/invoices/${inv.id}/download`)
      .set(bearer(c.backoffice))
      .buffer(true)
      .parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Rechnung-${inv.invoice_number}.pdf"`);
    const text = await pdfText(res.body as Buffer);
    expect(text).toContain(`Rechnung ${inv.invoice_number}`);
    expect(text).toContain('Zahlteil');
    // normal IBAN → creditor reference printed
    expect(text.replace(/\s/g, '')).toContain(inv.scor_reference);
  }, 60_000);

  it('send: draft → sent, the PDF e-mailed in the customer language, event; a second send is 409', async () => {
    const inv = await createInvoice(t, a.backoffice, customerA);
    const res = await t.http().post(`/api/invoices/${inv.id}/send`).set(bearer(a.backoffice));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Rechnung wurde an Rossi SA gesendet',
      sent_to: 'marco@rossi.test',
      invoice: { id: inv.id, status: 'sent' },
    });
    const sent = (await outboxEvents(t, a.id)).find(
      (e) => e.type === 'billing.invoice.sent' && e.data.invoiceId === inv.id,
    );
    expect(sent?.data).toMatchObject({ status: 'sent', sentTo: 'marco@rossi.test', total: 799.1 });
    const mail = await eventually(
      () => smtp.received.find((m) => m.raw.includes(`Fattura ${inv.invoice_number}`)),
      30_000,
      'the invoice mail',
    );
    const attachment = mimeParts(mail.raw).find((p) => /application\/pdf/i.test(p.headers))!;
    expect(attachment.headers).toContain(`Rechnung-${inv.invoice_number}.pdf`);
    const pdf = Buffer.from(attachment.body.replace(/\s+/g, ''), 'base64');
    expect(await pdfText(pdf)).toContain(`Fattura ${inv.invoice_number}`);
    const again = await t.http().post(`/api/invoices/${inv.id}/send`).set(bearer(a.backoffice));
    expect(again.status).toBe(409);
  }, 60_000);

  it('send: a customer without e-mail is a German 400', async () => {
    const cust = (await addCustomer(t, a.id, { email: null })).customerId;
    const inv = await createInvoice(t, a.backoffice, cust);
    const res = await t.http().post(`/api/invoices/${inv.id}/send`).set(bearer(a.backoffice));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Der Kunde hat keine E-Mail-Adresse. Bitte ergänzen Sie sie beim Kunden.');
  });
});

describe('reminders', () => {
  it('the second level carries the fees and default interest; history with who sent it; mail with the PDF', async () => {
    await setReminderSettings(t, a.id, { fees: [0, 20, 30, 50], interest: true, rate: 5 });
    const inv = await createInvoice(t, a.backoffice, customerA); // 799.10
    await backdate(t, inv.id, 60, 30); // due 30 days ago

    const draftRefused = await createInvoice(t, a.backoffice, customerA);
    const refused = await t
      .http()
      .post(`/api/invoices/${draftRefused.id}/send-reminder`)
      .set(bearer(a.backoffice))
      .send({});
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Eine Mahnung ist nur für versendete oder überfällige Rechnungen möglich');

    const first = await t.http().post(`/api/invoices/${inv.id}/send-reminder`).set(bearer(a.backoffice)).send({});
    expect(first.status).toBe(200);
    expect(first.body.data.message).toBe('Erinnerung wurde versendet');
    expect(first.body.data.reminder).toMatchObject({
      reminder_type_id: 1,
      reminder_type: 'reminder',
      fee: 0,
      fees_total: 0,
      // OR 102 para. 1: default interest runs from the first reminder, so none is due on it yet
      interest: 0,
      total_amount: 799.1,
    });
    // the first reminder went out 30 days ago
    await t.dataSource.query(`UPDATE invoice_reminders SET reminder_date = reminder_date - 30 WHERE invoice_id = $1`, [
      inv.id,
    ]);

    const second = await t
      .http()
      .post(`/api/invoices/${inv.id}/send-reminder`)
      .set(bearer(a.backoffice))
      .send({ reminderType: 'first_reminder', customDueDays: 10, notes: 'Bitte umgehend bezahlen' });
    expect(second.status).toBe(200);
    const r: ReminderDto = second.body.data.reminder;
    // 799.10 × 5 % × 30 / 365 = 3.2840 → 3.30 (0.05 CHF); 799.10 + 20 + 3.30 = 822.40
    expect(r).toMatchObject({
      reminder_type_id: 2,
      reminder_type: 'first_reminder',
      reminder_type_description: '1. Mahnung',
      open_amount: 799.1,
      fee: 20,
      fees_total: 20,
      interest: 3.3,
      interest_days: 30,
      total_amount: 822.4,
      notes: 'Bitte umgehend bezahlen',
      sent_to: 'marco@rossi.test',
    });
    expect(r.sent_by_name).toMatch(/^Bea /);
    const due = new Date(`${today()}T00:00:00Z`);
    due.setUTCDate(due.getUTCDate() + 10);
    expect(r.due_date).toBe(due.toISOString().slice(0, 10));
    // the fee and the interest are owed: booked on the invoice's ledger
    expect(second.body.data.invoice).toMatchObject({
      current_reminder_level: 2,
      current_reminder_name: '1. Mahnung',
      open_amount: 822.4,
      fees_amount: 20,
      interest_amount: 3.3,
    });
    expect(second.body.data.invoice.last_reminder_sent_at).toEqual(expect.any(String));

    const history = await t.http().get(`/api/invoices/${inv.id}/reminders`).set(bearer(a.admin));
    expect(history.body.map((h: ReminderDto) => h.reminder_type_description)).toEqual(['1. Mahnung', 'Erinnerung']);
    const events = (await outboxEvents(t, a.id)).filter(
      (e) => e.type === 'billing.invoice.reminder-sent' && e.data.invoiceId === inv.id,
    );
    // level 1: no fee, no interest yet
    expect(events.map((e) => [e.data.level, e.data.totalDue])).toEqual([
      [1, 799.1],
      [2, 822.4],
    ]);

    const mail = await eventually(
      () => smtp.received.find((m) => m.raw.includes(`1-Mahnung-${inv.invoice_number}.pdf`)),
      30_000,
      'the reminder mail',
    );
    const attachment = mimeParts(mail.raw).find((p) => /application\/pdf/i.test(p.headers))!;
    const text = await pdfText(Buffer.from(attachment.body.replace(/\s+/g, ''), 'base64'));
    expect(text).toContain('1° sollecito');
    expect(text).toMatch(/Spese di sollecito\s+20.00/);
    expect(text).toMatch(/CHF 822.40/);

    const pdf = await t
      .http()
      .get(`/api/invoices/${inv.id}/reminders/${r.id}/pdf`)
      .set(bearer(a.admin))
      .buffer(true)
      .parse(binary);
    expect(pdf.status).toBe(200);
    expect(await pdfText(pdf.body as Buffer)).toContain('822.40');

    // a lower or the same level again is refused; level 4 is the last
    const same = await t
      .http()
      .post(`/api/invoices/${inv.id}/send-reminder`)
      .set(bearer(a.backoffice))
      .send({ reminderType: 'reminder' });
    expect(same.status).toBe(400);
    expect(same.body.error).toBe('Diese Mahnstufe wurde bereits versendet. Bitte wählen Sie eine höhere Stufe.');
    const last = await t
      .http()
      .post(`/api/invoices/${inv.id}/send-reminder`)
      .set(bearer(a.backoffice))
      .send({ reminderType: 'final_reminder' });
    expect(last.status).toBe(200);
    expect(last.body.data.reminder.fees_total).toBe(70);
    const over = await t.http().post(`/api/invoices/${inv.id}/send-reminder`).set(bearer(a.backoffice)).send({});
    expect(over.status).toBe(400);
    expect(over.body.error).toBe('Die letzte Mahnstufe wurde bereits erreicht');
  }, 120_000);

  it('custom form: payment term 1–365 days, known types only (German 400)', async () => {
    const inv = await createInvoice(t, a.backoffice, customerA);
    await backdate(t, inv.id, 40, 10);
    for (const [body, text] of [
      [{ reminderType: 'first_reminder', customDueDays: 0 }, 'Zahlungsfrist muss zwischen 1 und 365 Tagen liegen'],
      [{ reminderType: 'first_reminder', customDueDays: 366 }, 'Zahlungsfrist muss zwischen 1 und 365 Tagen liegen'],
      [{ reminderType: 'urgent' }, 'Ungültige Mahnart'],
    ] as const) {
      const res = await t.http().post(`/api/invoices/${inv.id}/send-reminder`).set(bearer(a.backoffice)).send(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(text);
    }
  });

  it('daily job: marks overdue and sends the next level automatically; run twice the same day it sends once', async () => {
    const c = await createCompany(t, { settings: { payment_terms: 30 } });
    await setQrBillSettings(t, c.id);
    await setReminderSettings(t, c.id, { auto: true, interval: 14, fees: [5, 10, 15, 20] });
    const cust = (await addCustomer(t, c.id, { email: 'auto@kunde.test' })).customerId;
    const overdue = await createInvoice(t, c.backoffice, cust);
    await backdate(t, overdue.id, 40, 10);
    const notYet = await createInvoice(t, c.backoffice, cust);
    await backdate(t, notYet.id, 5, -25); // due in 25 days
    const reminders = t.app.get(RemindersService);
    const day = today();

    const runDaily = () =>
      t.dataSource.transaction(async (m) => ({
        overdue: await reminders.markOverdue(m, day),
        reminders: await reminders.sendAutomatic(m, day),
      }));
    const firstRun = await runDaily();
    expect(firstRun.reminders.sent).toBeGreaterThanOrEqual(1);
    const secondRun = await runDaily();
    expect(secondRun.overdue).toBe(0);
    expect(secondRun.reminders.sent).toBe(0);

    const get = async (id: string): Promise<InvoiceDetailDto> =>
      (await t.http().get(`/api/invoices/${id}`).set(bearer(c.admin))).body;
    expect(await get(overdue.id)).toMatchObject({ status: 'overdue', current_reminder_level: 1 });
    expect(await get(notYet.id)).toMatchObject({ status: 'sent', current_reminder_level: 0 });
    const history = (await t.http().get(`/api/invoices/${overdue.id}/reminders`).set(bearer(c.admin)))
      .body as ReminderDto[];
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ reminder_type_id: 1, fee: 5, sent_by_name: 'Automatisch' });
    const events = await outboxEvents(t, c.id);
    expect(events.filter((e) => e.type === 'billing.invoice.overdue' && e.data.invoiceId === overdue.id)).toHaveLength(
      1,
    );
    expect(
      events.filter((e) => e.type === 'billing.invoice.reminder-sent' && e.data.invoiceId === overdue.id),
    ).toHaveLength(1);
    await eventually(
      () => smtp.received.find((m) => m.to.includes('auto@kunde.test')),
      30_000,
      'the automatic reminder',
    );
    expect(smtp.received.filter((m) => m.to.includes('auto@kunde.test'))).toHaveLength(1);
  }, 120_000);
});

describe('documents and reminders: roles and companies', () => {
  it('employees 403, other companies 404', async () => {
    const inv = await createInvoice(t, a.backoffice, customerA);
    const e = bearer(a.employee);
    for (const res of await Promise.all([
      t.http().get(`/api/invoices/${inv.id}/download`).set(e),
      t.http().post(`/api/invoices/${inv.id}/send`).set(e),
      t.http().post(`/api/invoices/${inv.id}/send-reminder`).set(e).send({}),
      t.http().get(`/api/invoices/${inv.id}/reminders`).set(e),
    ])) {
      expect(res.status).toBe(403);
    }
    const o = bearer(b.admin);
    for (const res of await Promise.all([
      t.http().get(`/api/invoices/${inv.id}/download`).set(o),
      t.http().post(`/api/invoices/${inv.id}/send`).set(o),
      t.http().post(`/api/invoices/${inv.id}/send-reminder`).set(o).send({}),
      t.http().get(`/api/invoices/${inv.id}/reminders`).set(o),
    ])) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Rechnung nicht gefunden');
    }
  });
});
