import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_COMPANY_SETTINGS, type InvoiceDetailDto, type InvoiceDto } from '@zunft/contracts';
import { randomUUID } from 'node:crypto';
import { DirectoryService } from '../src/directory/directory.service.js';
import { InvoicesRepository } from '../src/invoices/invoices.repository.js';
import {
  TEST_VAT_NUMBER,
  addCustomer,
  bearer,
  createCompany,
  createQuote,
  outboxEvents,
  type Company,
} from './support/factories.js';
import { createInvoice, setQrBillSettings } from './support/invoices.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let a: Company;
let b: Company;
let customerA: string;
let customerB: string;

const year = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric' }).format(new Date());
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date());
const plusDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  t = await createTestApp();
  a = await createCompany(t, { settings: { default_hourly_rate: 95, payment_terms: 20, vat_rate: 8.1 } });
  b = await createCompany(t);
  customerA = (await addCustomer(t, a.id, { name: 'Huber Immobilien AG' })).customerId;
  customerB = (await addCustomer(t, b.id)).customerId;
});
afterAll(() => t?.close());

describe('invoices: create, read, list, stats', () => {
  it('creates from free lines: number per company and year, due date = date + payment terms, totals with 5-Rappen rounding', async () => {
    const res = await t
      .http()
      .post('/api/invoices')
      .set(bearer(a.backoffice))
      .send({
        customerId: customerA,
        servicePeriodStart: '2026-03-01',
        servicePeriodEnd: '2026-03-05',
        items: [
          { type: 'labor', title: 'Malerarbeiten', quantity: '7.5', unit: 'h', unitPrice: 95 },
          { type: 'material', title: 'Farbe weiss', quantity: 3, unitPrice: 8.9 },
        ],
      });
    expect(res.status).toBe(201);
    const inv: InvoiceDetailDto = res.body;
    expect(inv).toMatchObject({
      invoice_number: `RE-${year()}-0001`,
      customer_id: customerA,
      customer_name: 'Huber Immobilien AG',
      status: 'draft',
      payment_method: null,
      currency: 'CHF',
      invoice_date: today(),
      due_date: plusDays(today(), 20),
      service_period_start: '2026-03-01',
      service_period_end: '2026-03-05',
      // 712.50 + 26.70 = 739.20; VAT 8.1 % = 59.88; 799.08 → 799.10
      subtotal: 739.2,
      vat_rate: 8.1,
      vat_amount: 59.88,
      total_before_rounding: 799.08,
      rounding: 0.02,
      total_amount: 799.1,
      paid_amount: 0,
      open_amount: 799.1,
      current_reminder_level: 0,
      current_reminder_name: 'Keine',
      last_reminder_sent_at: null,
      payments: [],
    });
    expect(inv.items.map((i) => [i.type, i.title, i.quantity, i.unit, i.unit_price, i.total_price])).toEqual([
      ['labor', 'Malerarbeiten', 7.5, 'h', 95, 712.5],
      ['material', 'Farbe weiss', 3, 'Stk', 8.9, 26.7],
    ]);
    // No IBAN and no structured company address yet: created anyway, missing settings named.
    expect(inv.qr_reference).toBeNull();
    expect(inv.missing_settings).toHaveLength(2);
    expect(inv.qrr_reference).toMatch(/^\d{27}$/);
    expect(inv.scor_reference).toMatch(/^RF\d{2}/);

    const events = await outboxEvents(t, a.id);
    expect(events.filter((e) => e.type === 'billing.invoice.created').map((e) => e.data.invoiceNumber)).toContain(
      inv.invoice_number,
    );

    // The QR reference follows the IBAN: QR-IBAN → QRR, IBAN → SCOR.
    await setQrBillSettings(t, a.id);
    const withQrIban = (await t.http().get(`/api/invoices/${inv.id}`).set(bearer(a.admin))).body as InvoiceDetailDto;
    expect(withQrIban.qr_reference).toBe(inv.qrr_reference);
    expect(withQrIban.missing_settings).toEqual([]);
    await setQrBillSettings(t, a.id, { iban: 'CH9300762011623852957' });
    const withIban = (await t.http().get(`/api/invoices/${inv.id}`).set(bearer(a.admin))).body as InvoiceDetailDto;
    expect(withIban.qr_reference).toBe(inv.scor_reference);
  });

  it('a EUR company: total rounded to 0.01, no rounding line; the ledger owes exactly that', async () => {
    const eur = await createCompany(t, { settings: { currency: 'EUR', vat_rate: 8.1 } });
    const customer = (await addCustomer(t, eur.id)).customerId;
    const res = await t
      .http()
      .post('/api/invoices')
      .set(bearer(eur.backoffice))
      .send({
        customerId: customer,
        items: [
          { type: 'labor', title: 'Malerarbeiten', quantity: 7.5, unit: 'h', unitPrice: 95 },
          { type: 'material', title: 'Farbe weiss', quantity: 3, unitPrice: 8.9 },
        ],
      });
    expect(res.status).toBe(201);
    // 712.50 + 26.70 = 739.20; VAT 8.1 % = 59.8752 → 59.88; 799.08 (CHF would round to 799.10)
    expect(res.body).toMatchObject({
      currency: 'EUR',
      subtotal: 739.2,
      vat_amount: 59.88,
      total_before_rounding: 799.08,
      rounding: 0,
      total_amount: 799.08,
      open_amount: 799.08,
    });
    const ledger = (await t.http().get(`/api/invoices/${res.body.id}/ledger`).set(bearer(eur.admin))).body;
    expect(ledger.entries.map((e: { type: string; amount: number }) => [e.type, e.amount])).toEqual([
      ['invoice', 799.08],
    ]);
  });

  it('numbers stay gapless when invoices are created at the same time', async () => {
    const c = await createCompany(t);
    const cust = (await addCustomer(t, c.id)).customerId;
    const results = await Promise.all(Array.from({ length: 8 }, () => createInvoice(t, c.backoffice, cust)));
    const numbers = results.map((r) => r.invoice_number).sort();
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => `RE-${year()}-${String(i + 1).padStart(4, '0')}`));
  });

  it('creates from an accepted quote (items, discount, travel allowance); a draft quote is refused', async () => {
    const quote = await createQuote(t, a.backoffice, customerA, { discountPercent: 10, travelAllowance: 25 });
    const refused = await t.http().post('/api/invoices').set(bearer(a.backoffice)).send({ quoteId: quote.id });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('Nur aus angenommenen Angeboten kann eine Rechnung erstellt werden');
    await t.dataSource.query(
      `UPDATE quotes SET status = 'accepted', accepted_at = now(), signature_png = '\\x00' WHERE id = $1`,
      [quote.id],
    );
    const res = await t.http().post('/api/invoices').set(bearer(a.backoffice)).send({ quoteId: quote.id });
    expect(res.status).toBe(201);
    const inv: InvoiceDetailDto = res.body;
    expect(inv.quote_id).toBe(quote.id);
    expect(inv.items.map((i) => i.title)).toEqual(['Montage', 'Silikon', 'Rabatt 10 %', 'Reisepauschale']);
    // Same net as the quote, VAT at the company rate: the totals agree with the quote's.
    expect(inv.subtotal).toBe(quote.net_amount);
    expect(inv.total_amount).toBe(quote.total);
  });

  it('lists with filters and pagination; stats count and sum', async () => {
    const c = await createCompany(t);
    const cust1 = (await addCustomer(t, c.id, { name: 'Alpha AG' })).customerId;
    const cust2 = (await addCustomer(t, c.id, { name: 'Beta GmbH' })).customerId;
    const i1 = await createInvoice(t, c.backoffice, cust1);
    const i2 = await createInvoice(t, c.backoffice, cust2);
    await createInvoice(t, c.backoffice, cust2);
    await t.http().put(`/api/invoices/${i1.id}/status`).set(bearer(c.admin)).send({ status: 'sent' }).expect(200);
    await t.http().put(`/api/invoices/${i2.id}/status`).set(bearer(c.admin)).send({ status: 'paid' }).expect(200);

    const all = await t.http().get('/api/invoices').set(bearer(c.backoffice));
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 3, page: 1, pageSize: 50 });
    expect(all.body.items).toHaveLength(3);

    const byCustomer = await t.http().get(`/api/invoices?customerId=${cust2}`).set(bearer(c.backoffice));
    expect(byCustomer.body.items.map((i: InvoiceDto) => i.customer_name)).toEqual(['Beta GmbH', 'Beta GmbH']);
    const byStatus = await t.http().get('/api/invoices?status=paid').set(bearer(c.backoffice));
    expect(byStatus.body.items.map((i: InvoiceDto) => i.id)).toEqual([i2.id]);
    const byText = await t.http().get('/api/invoices?search=alpha').set(bearer(c.backoffice));
    expect(byText.body.items.map((i: InvoiceDto) => i.id)).toEqual([i1.id]);
    const page2 = await t.http().get('/api/invoices?page=2&pageSize=2').set(bearer(c.backoffice));
    expect(page2.body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.body.items).toHaveLength(1);

    const stats = await t.http().get('/api/invoices/stats').set(bearer(c.admin));
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({ total: 3, paid: 1, pending: 1, totalAmount: 2397.3 });
  });

  it('bad input answers 400 in German', async () => {
    const cases: Array<[unknown, string]> = [
      [{ customerId: customerA, items: [] }, 'Mindestens eine Position ist erforderlich'],
      [{ items: [{ title: 'x', quantity: 1, unitPrice: 1 }] }, 'Bitte wählen Sie einen Kunden oder ein Angebot'],
      [{ customerId: customerA, items: [{ title: '', quantity: 1, unitPrice: 1 }] }, 'Bezeichnung ist erforderlich'],
      [{ customerId: customerA, items: [{ title: 'x', quantity: 0, unitPrice: 1 }] }, 'Menge muss grösser als 0 sein'],
      [{ customerId: 'nope', items: [{ title: 'x', quantity: 1, unitPrice: 1 }] }, 'Ungültige Kunden-ID'],
    ];
    for (const [body, message] of cases) {
      const res = await t
        .http()
        .post('/api/invoices')
        .set(bearer(a.backoffice))
        .send(body as object);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    const inv = await createInvoice(t, a.backoffice, customerA);
    const status = await t.http().put(`/api/invoices/${inv.id}/status`).set(bearer(a.admin)).send({ status: 'done' });
    expect(status.status).toBe(400);
    expect(status.body.error).toContain('Ungültiger Status');
    const method = await t
      .http()
      .put(`/api/invoices/${inv.id}/payment-method`)
      .set(bearer(a.admin))
      .send({ paymentMethod: 'twint' });
    expect(method.status).toBe(400);
    expect(method.body.error).toContain('Ungültige Zahlungsart');
    const list = await t.http().get('/api/invoices?pageSize=500').set(bearer(a.admin));
    expect(list.status).toBe(400);
    const pay = await t
      .http()
      .post(`/api/invoices/${inv.id}/payments`)
      .set(bearer(a.admin))
      .send({ amount: -5, paymentDate: '2026-13-01' });
    expect(pay.status).toBe(400);
  });
});

describe('invoices: status, payment method, payments, delete', () => {
  it('payment method: cash, bank, card or empty (standard); also read as payment_method', async () => {
    const inv = await createInvoice(t, a.backoffice, customerA);
    const cash = await t
      .http()
      .put(`/api/invoices/${inv.id}/payment-method`)
      .set(bearer(a.backoffice))
      .send({ paymentMethod: 'cash' });
    expect(cash.status).toBe(200);
    expect(cash.body.payment_method).toBe('cash');
    const card = await t
      .http()
      .put(`/api/invoices/${inv.id}/payment-method`)
      .set(bearer(a.backoffice))
      .send({ payment_method: 'card' });
    expect(card.body.payment_method).toBe('card');
    const standard = await t
      .http()
      .put(`/api/invoices/${inv.id}/payment-method`)
      .set(bearer(a.backoffice))
      .send({ paymentMethod: '' });
    expect(standard.body.payment_method).toBeNull();
  });

  it('partial payments, then paid when the sum reaches the total (event once); too much is refused', async () => {
    const inv = await createInvoice(t, a.backoffice, customerA); // 799.10
    await t.http().put(`/api/invoices/${inv.id}/status`).set(bearer(a.admin)).send({ status: 'sent' }).expect(200);
    const first = await t
      .http()
      .post(`/api/invoices/${inv.id}/payments`)
      .set(bearer(a.backoffice))
      .send({ amount: 300, paymentDate: '2026-03-10', method: 'bank' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: 'sent', paid_amount: 300, open_amount: 499.1 });
    const tooMuch = await t
      .http()
      .post(`/api/invoices/${inv.id}/payments`)
      .set(bearer(a.backoffice))
      .send({ amount: 500, paymentDate: '2026-03-11' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error).toBe('Der Betrag ist höher als der offene Betrag der Rechnung');
    const rest = await t
      .http()
      .post(`/api/invoices/${inv.id}/payments`)
      .set(bearer(a.backoffice))
      .send({ amount: 499.1, paymentDate: '2026-03-12', method: 'cash' });
    expect(rest.body).toMatchObject({ status: 'paid', paid_amount: 799.1, open_amount: 0 });
    const list = await t.http().get(`/api/invoices/${inv.id}/payments`).set(bearer(a.admin));
    expect(
      list.body.map((p: { amount: number; method: string; source: string }) => [p.amount, p.method, p.source]),
    ).toEqual([
      [300, 'bank', 'manual'],
      [499.1, 'cash', 'manual'],
    ]);
    expect(list.body[0].created_by_name).toMatch(/^Bea /);
    const paidEvents = (await outboxEvents(t, a.id)).filter(
      (e) => e.type === 'billing.invoice.paid' && e.data.invoiceId === inv.id,
    );
    expect(paidEvents).toHaveLength(1);
    expect(paidEvents[0]!.data.paidAmount).toBe(799.1);
    const again = await t
      .http()
      .post(`/api/invoices/${inv.id}/payments`)
      .set(bearer(a.backoffice))
      .send({ amount: 1, paymentDate: '2026-03-12' });
    expect(again.status).toBe(409);
  });

  it("'Als bezahlt markieren' records the open amount; a paid invoice cannot be marked again or deleted", async () => {
    const inv = await createInvoice(t, a.backoffice, customerA);
    await t.http().put(`/api/invoices/${inv.id}/status`).set(bearer(a.admin)).send({ status: 'sent' }).expect(200);
    await t
      .http()
      .post(`/api/invoices/${inv.id}/payments`)
      .set(bearer(a.backoffice))
      .send({ amount: 99.1, paymentDate: '2026-03-10' })
      .expect(201);
    const marked = await t.http().post(`/api/invoices/${inv.id}/mark-paid`).set(bearer(a.backoffice)).send({});
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ status: 'paid', paid_amount: 799.1, open_amount: 0 });
    const payments = (await t.http().get(`/api/invoices/${inv.id}/payments`).set(bearer(a.admin))).body;
    expect(payments.map((p: { amount: number; source: string }) => [p.amount, p.source])).toEqual([
      [99.1, 'manual'],
      [700, 'mark_paid'],
    ]);
    const twice = await t.http().post(`/api/invoices/${inv.id}/mark-paid`).set(bearer(a.backoffice)).send({});
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('Die Rechnung ist bereits bezahlt');
    const del = await t.http().delete(`/api/invoices/${inv.id}`).set(bearer(a.backoffice));
    expect(del.status).toBe(409);
    expect(del.body).toMatchObject({
      code: 'invoice_issued',
      error: 'Eine versendete Rechnung kann nicht gelöscht werden. Erstellen Sie eine Gutschrift.',
    });
  });

  it('the status selector sets the label of an unpaid invoice; paid records the open amount and is left only by a reversal', async () => {
    const inv = await createInvoice(t, a.backoffice, customerA);
    for (const status of ['sent', 'overdue', 'draft', 'overdue'] as const) {
      const res = await t.http().put(`/api/invoices/${inv.id}/status`).set(bearer(a.admin)).send({ status });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(status);
    }
    const overdue = (await outboxEvents(t, a.id)).filter(
      (e) => e.type === 'billing.invoice.overdue' && e.data.invoiceId === inv.id,
    );
    expect(overdue).toHaveLength(2);
    const paid = await t.http().put(`/api/invoices/${inv.id}/status`).set(bearer(a.admin)).send({ status: 'paid' });
    expect(paid.body).toMatchObject({ status: 'paid', open_amount: 0, paid_amount: 799.1 });
    // back to sent: refused while the payment stands (issue 22: reverse the payment first)
    const back = await t.http().put(`/api/invoices/${inv.id}/status`).set(bearer(a.admin)).send({ status: 'sent' });
    expect(back.status).toBe(409);
    expect(back.body).toMatchObject({
      code: 'invoice_paid',
      error: 'Die Rechnung ist bezahlt. Stornieren Sie zuerst die Zahlung, um sie wieder zu öffnen.',
    });
    // the label 'Entwurf' on an issued invoice does not make it deletable
    const other = await createInvoice(t, a.backoffice, customerA);
    await t.http().put(`/api/invoices/${other.id}/status`).set(bearer(a.admin)).send({ status: 'sent' }).expect(200);
    const relabelled = await t
      .http()
      .put(`/api/invoices/${other.id}/status`)
      .set(bearer(a.admin))
      .send({ status: 'draft' });
    expect(relabelled.body).toMatchObject({ status: 'draft', issued_at: expect.any(String) });
    const del = await t.http().delete(`/api/invoices/${other.id}`).set(bearer(a.admin));
    expect(del.status).toBe(409);
    expect(del.body.error).toBe('Eine versendete Rechnung kann nicht gelöscht werden. Erstellen Sie eine Gutschrift.');
  });

  it('deletes an unpaid invoice', async () => {
    const inv = await createInvoice(t, a.backoffice, customerA);
    const del = await t.http().delete(`/api/invoices/${inv.id}`).set(bearer(a.backoffice));
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('Rechnung erfolgreich gelöscht');
    expect((await t.http().get(`/api/invoices/${inv.id}`).set(bearer(a.backoffice))).status).toBe(404);
  });
});

describe('company data from auth events', () => {
  it('the structured address and the reminder settings arrive with the profile and settings events', async () => {
    const c = await createCompany(t);
    const directory = t.app.get(DirectoryService);
    await t.dataSource.transaction(async (m) => {
      await directory.applyProfile(m, c.id, {
        name: 'Schreinerei Holz AG',
        email: 'info@holz.test',
        phone: null,
        website: null,
        address: 'Sägeweg 3\n6000 Luzern',
        logoUrl: null,
        street: 'Sägeweg',
        houseNumber: '3',
        zip: '6000',
        city: 'Luzern',
        country: 'CH',
      });
      await directory.applySettings(m, c.id, {
        settings: {
          ...DEFAULT_COMPANY_SETTINGS,
          company_iban: 'CH4431999123000889012',
          vat_number: TEST_VAT_NUMBER,
          reminder_fee_level_2: 20,
          default_interest_enabled: true,
          interest_from_due_date: true,
          auto_reminders_enabled: true,
          reminder_interval_days: 10,
        },
      });
    });
    const company = await t.app.get(InvoicesRepository).company(t.dataSource.manager, c.id);
    expect(company).toMatchObject({
      street: 'Sägeweg',
      house_number: '3',
      zip: '6000',
      city: 'Luzern',
      country: 'CH',
      company_iban: 'CH4431999123000889012',
      reminder_fees: [0, 20, 0, 0],
      default_interest_enabled: true,
      default_interest_rate: 5,
      interest_from_due_date: true,
      auto_reminders_enabled: true,
      reminder_interval_days: 10,
    });
    const cust = (await addCustomer(t, c.id)).customerId;
    const inv = await createInvoice(t, c.backoffice, cust);
    expect(inv.missing_settings).toEqual([]);
    expect(inv.qr_reference).toBe(inv.qrr_reference);
  });
});

describe('invoices: roles and companies', () => {
  let invA: InvoiceDetailDto;
  beforeAll(async () => {
    invA = await createInvoice(t, a.backoffice, customerA);
  });

  it('employees get 403 on every invoice call', async () => {
    const e = bearer(a.employee);
    const calls = [
      t.http().get('/api/invoices').set(e),
      t.http().get('/api/invoices/stats').set(e),
      t
        .http()
        .post('/api/invoices')
        .set(e)
        .send({ customerId: customerA, items: [{ title: 'x', quantity: 1, unitPrice: 1 }] }),
      t.http().get(`/api/invoices/${invA.id}`).set(e),
      t.http().delete(`/api/invoices/${invA.id}`).set(e),
      t.http().put(`/api/invoices/${invA.id}/status`).set(e).send({ status: 'sent' }),
      t.http().put(`/api/invoices/${invA.id}/payment-method`).set(e).send({ paymentMethod: 'cash' }),
      t.http().get(`/api/invoices/${invA.id}/payments`).set(e),
      t.http().post(`/api/invoices/${invA.id}/payments`).set(e).send({ amount: 1, paymentDate: '2026-03-01' }),
      t.http().post(`/api/invoices/${invA.id}/mark-paid`).set(e).send({}),
      t.http().post('/api/invoices/payments/import').set(e).attach('file', Buffer.from('<x/>'), 'camt.xml'),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(403);
  });

  it("another company's invoice is 404 for every call; its customer cannot be invoiced", async () => {
    const other = bearer(b.admin);
    const calls = [
      t.http().get(`/api/invoices/${invA.id}`).set(other),
      t.http().delete(`/api/invoices/${invA.id}`).set(other),
      t.http().put(`/api/invoices/${invA.id}/status`).set(other).send({ status: 'sent' }),
      t.http().put(`/api/invoices/${invA.id}/payment-method`).set(other).send({ paymentMethod: 'cash' }),
      t.http().get(`/api/invoices/${invA.id}/payments`).set(other),
      t.http().post(`/api/invoices/${invA.id}/payments`).set(other).send({ amount: 1, paymentDate: '2026-03-01' }),
      t.http().post(`/api/invoices/${invA.id}/mark-paid`).set(other).send({}),
      t.http().get(`/api/invoices/${randomUUID()}`).set(bearer(a.admin)),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Rechnung nicht gefunden');
    }
    const foreignCustomer = await t
      .http()
      .post('/api/invoices')
      .set(bearer(a.backoffice))
      .send({ customerId: customerB, items: [{ title: 'x', quantity: 1, unitPrice: 1 }] });
    expect(foreignCustomer.status).toBe(404);
    // a project of the company names the invoice's project; another company's or an unknown one is 404
    const [own, foreign] = [randomUUID(), randomUUID()];
    await t.dataSource.query(
      `INSERT INTO projects (id, company_id, customer_id, title, project_number, status)
       VALUES ($1, $2, $3, 'Fassade Seestrasse', 'P-1', 'active'), ($4, $5, $6, 'Fremdes Projekt', 'P-1', 'active')`,
      [own, a.id, customerA, foreign, b.id, customerB],
    );
    const withProject = await t
      .http()
      .post('/api/invoices')
      .set(bearer(a.backoffice))
      .send({ customerId: customerA, projectId: own, items: [{ title: 'x', quantity: 1, unitPrice: 1 }] });
    expect(withProject.status).toBe(201);
    expect(withProject.body).toMatchObject({ project_id: own, project_title: 'Fassade Seestrasse' });
    for (const projectId of [foreign, randomUUID()]) {
      const refused = await t
        .http()
        .post('/api/invoices')
        .set(bearer(a.backoffice))
        .send({ customerId: customerA, projectId, items: [{ title: 'x', quantity: 1, unitPrice: 1 }] });
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({ code: 'project_not_found', error: 'Projekt nicht gefunden' });
    }
    const listB = await t.http().get('/api/invoices').set(other);
    expect(listB.body.items.map((i: InvoiceDto) => i.id)).not.toContain(invA.id);
    expect((await t.http().get(`/api/invoices/${invA.id}`).set(bearer(a.admin))).body.status).toBe('draft');
  });
});
