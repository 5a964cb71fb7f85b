import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { InvoiceClosedResponse, InvoiceDetailDto } from '@zunft/contracts';
import { TenantScope } from '@zunft/nest-common';
import { InvoiceLedger } from '../src/ledger/index.js';
import { addCustomer, bearer, createCompany, type Company } from './support/factories.js';
import { createInvoice, zurichDay } from './support/invoices.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Storno and write-off (issue 22): the rest credited or booked as a loss, the invoice closed for good. */

let t: TestApp;
let a: Company;
let b: Company;
let customerA: string;

const year = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric' }).format(new Date());
/** 799.10 (739.20 net + 8.1 % = 799.08 → 799.10), sent. */
const issued = async (c: Company, customer: string): Promise<InvoiceDetailDto> => {
  const inv = await createInvoice(t, c.backoffice, customer);
  await t.http().put(`/api/invoices/${inv.id}/status`).set(bearer(c.admin)).send({ status: 'sent' }).expect(200);
  return inv;
};
const pay = (c: Company, id: string, amount: number) =>
  t.http().post(`/api/invoices/${id}/payments`).set(bearer(c.backoffice)).send({ amount, paymentDate: zurichDay() });
const cancel = (c: Company, id: string, body: object = { reason: 'Auftrag storniert' }) =>
  t.http().post(`/api/invoices/${id}/cancel`).set(bearer(c.backoffice)).send(body);
const writeOff = (c: Company, id: string, body: object = { reason: 'Kunde in Konkurs' }) =>
  t.http().post(`/api/invoices/${id}/write-off`).set(bearer(c.backoffice)).send(body);
const entries = (r: InvoiceClosedResponse) => r.ledger.entries.map((e) => [e.type, e.amount, e.reference]);

beforeAll(async () => {
  t = await createTestApp();
  a = await createCompany(t, { settings: { vat_rate: 8.1 } });
  b = await createCompany(t);
  customerA = (await addCustomer(t, a.id)).customerId;
});
afterAll(() => t?.close());

describe('Storno', () => {
  it('credits the unpaid rest with one credit note (VAT reversed); cancelled for good', async () => {
    const inv = await issued(a, customerA);
    await pay(a, inv.id, 100).expect(201);
    const res = await cancel(a, inv.id);
    expect(res.status).toBe(200);
    const body = res.body as InvoiceClosedResponse;
    // 799.10 − 100 = 699.10 gross; net 699.10 / 1.081 = 646.716 → 646.72, VAT 52.38
    expect(body.credit_note).toMatchObject({
      credit_note_number: `GS-${year()}-0001`,
      reason: 'Auftrag storniert',
      total: 699.1,
      net: 646.72,
      vat_amount: 52.38,
      vat_breakdown: [{ rate: 8.1, net: 646.72, vat: 52.38 }],
    });
    expect(body.invoice).toMatchObject({
      status: 'cancelled',
      open_amount: 0,
      paid_amount: 100,
      credited_amount: 699.1,
    });
    expect(entries(body)).toEqual([
      ['invoice', 799.1, inv.invoice_number],
      ['payment', -100, null],
      ['credit_note', -699.1, `GS-${year()}-0001`],
    ]);
    // Closed: no second Storno, no write-off, no credit note, no label change; the list filters by it.
    const again = await cancel(a, inv.id);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(
      'Die Rechnung ist storniert oder abgeschrieben; es kann nichts mehr darauf gebucht werden.',
    );
    expect((await writeOff(a, inv.id)).status).toBe(409);
    const reminder = await t.http().post(`/api/invoices/${inv.id}/send-reminder`).set(bearer(a.backoffice)).send({});
    expect(reminder.status).toBe(400);
    expect(reminder.body.code).toBe('reminder_not_allowed');
    const note = await t
      .http()
      .post(`/api/invoices/${inv.id}/credit-notes`)
      .set(bearer(a.backoffice))
      .send({ reason: 'x', amount: 10 });
    expect(note.status).toBe(409);
    expect(note.body.code).toBe('invoice_closed');
    const label = await t.http().put(`/api/invoices/${inv.id}/status`).set(bearer(a.admin)).send({ status: 'sent' });
    expect(label.status).toBe(409);
    expect((await t.http().delete(`/api/invoices/${inv.id}`).set(bearer(a.admin))).status).toBe(409);
    const list = await t.http().get('/api/invoices?status=cancelled').set(bearer(a.admin)).expect(200);
    expect(list.body.items.map((i: { id: string }) => i.id)).toEqual([inv.id]);
  });

  it('open fees fall away with the cancelled invoice (write_off); the principal is credited', async () => {
    const inv = await issued(a, customerA);
    const scope = TenantScope.forSystem(a.id);
    const ledger = t.app.get(InvoiceLedger);
    await t.dataSource.transaction(async (m) => {
      await ledger.lock(m, scope, inv.id);
      await ledger.post(
        m,
        scope,
        null,
        [{ invoiceId: inv.id, type: 'reminder_fee', date: zurichDay(), amountCents: 2000, reference: '1. Mahnung' }],
        zurichDay(),
      );
    });
    // 799.10 + 20.00 fee = 819.10; 10.00 paid goes to the fee first (OR 85): principal 799.10, fee 10.00 open
    await pay(a, inv.id, 10).expect(201);
    const body = (await cancel(a, inv.id).expect(200)).body as InvoiceClosedResponse;
    // 799.10 / 1.081 = 739.2229 → 739.22 net, 59.88 VAT
    expect(body.credit_note).toMatchObject({ total: 799.1, net: 739.22, vat_amount: 59.88 });
    expect(body.invoice).toMatchObject({
      status: 'cancelled',
      open_amount: 0,
      credited_amount: 799.1,
      written_off_amount: 10,
    });
    expect(entries(body).slice(-2)).toEqual([
      ['credit_note', -799.1, body.credit_note!.credit_note_number],
      ['write_off', -10, 'Auftrag storniert'],
    ]);
    // A closed invoice takes no further fee.
    await expect(
      t.dataSource.transaction(async (m) => {
        await ledger.lock(m, scope, inv.id);
        await ledger.post(
          m,
          scope,
          null,
          [{ invoiceId: inv.id, type: 'reminder_fee', date: zurichDay(), amountCents: 3000, reference: '2. Mahnung' }],
          zurichDay(),
        );
      }),
    ).rejects.toMatchObject({ code: 'invoice_closed' });
  });
});

describe('write-off', () => {
  it('books the open amount as a loss; written_off for good', async () => {
    const inv = await issued(a, customerA);
    await pay(a, inv.id, 300).expect(201);
    const res = await writeOff(a, inv.id);
    expect(res.status).toBe(200);
    const body = res.body as InvoiceClosedResponse;
    // 799.10 − 300 = 499.10
    expect(body.credit_note).toBeNull();
    expect(body.invoice).toMatchObject({
      status: 'written_off',
      open_amount: 0,
      paid_amount: 300,
      written_off_amount: 499.1,
    });
    expect(body.ledger).toMatchObject({ open_amount: 0, written_off_amount: 499.1 });
    expect(entries(body)).toEqual([
      ['invoice', 799.1, inv.invoice_number],
      ['payment', -300, null],
      ['write_off', -499.1, 'Kunde in Konkurs'],
    ]);
    expect((await writeOff(a, inv.id)).body.code).toBe('invoice_closed');
    expect((await cancel(a, inv.id)).status).toBe(409);
    const detail = (await t.http().get(`/api/invoices/${inv.id}`).set(bearer(a.admin))).body as InvoiceDetailDto;
    expect(detail.status).toBe('written_off');
  });
});

describe('refusals, roles and companies', () => {
  it('drafts are deleted instead (409); a paid invoice has nothing open (409); no reason is a German 400', async () => {
    const draft = await createInvoice(t, a.backoffice, customerA);
    const c = await cancel(a, draft.id);
    expect(c.status).toBe(409);
    expect(c.body.error).toBe(
      'Ein Entwurf wurde nie versendet und kann nicht storniert werden. Löschen Sie ihn stattdessen.',
    );
    const w = await writeOff(a, draft.id);
    expect(w.status).toBe(409);
    expect(w.body.error).toBe(
      'Ein Entwurf wurde nie versendet und kann nicht abgeschrieben werden. Löschen Sie ihn stattdessen.',
    );
    const paid = await issued(a, customerA);
    await t.http().post(`/api/invoices/${paid.id}/mark-paid`).set(bearer(a.backoffice)).send({}).expect(200);
    for (const res of [await cancel(a, paid.id), await writeOff(a, paid.id)]) {
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('Auf dieser Rechnung ist nichts mehr offen.');
    }
    const open = await issued(a, customerA);
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      for (const res of [await cancel(a, open.id, body), await writeOff(a, open.id, body)]) {
        expect(res.status).toBe(400);
        expect(res.body.error).toMatch(/^Grund ist (erforderlich|zu lang)/);
      }
    }
  });

  it('employees 403; another company 404', async () => {
    const inv = await issued(a, customerA);
    for (const path of ['cancel', 'write-off']) {
      const asEmployee = await t
        .http()
        .post(`/api/invoices/${inv.id}/${path}`)
        .set(bearer(a.employee))
        .send({ reason: 'x' });
      expect(asEmployee.status).toBe(403);
      const other = await t.http().post(`/api/invoices/${inv.id}/${path}`).set(bearer(b.admin)).send({ reason: 'x' });
      expect(other.status).toBe(404);
      expect(other.body.error).toBe('Rechnung nicht gefunden');
    }
    const still = (await t.http().get(`/api/invoices/${inv.id}`).set(bearer(a.admin))).body as InvoiceDetailDto;
    expect(still).toMatchObject({ status: 'sent', open_amount: 799.1 });
  });
});

describe('a credit balance used on another invoice', () => {
  it('moves (part of) it to an open invoice of the same customer; never more than the balance or the open amount', async () => {
    // 799.10 invoiced, 100 paid, 799.10 credited: 100.00 credit balance
    const source = await issued(a, customerA);
    await pay(a, source.id, 100).expect(201);
    await t
      .http()
      .post(`/api/invoices/${source.id}/credit-notes`)
      .set(bearer(a.backoffice))
      .send({ reason: 'Auftrag storniert', amount: 799.1 })
      .expect(201);
    const target = await issued(a, customerA);
    const apply = (c: Company, body: object, from = source.id) =>
      t.http().post(`/api/invoices/${from}/apply-credit`).set(bearer(c.backoffice)).send(body);

    const res = await apply(a, { targetInvoiceId: target.id, amount: 60 });
    expect(res.status).toBe(200);
    // source: 100 − 60 = 40 left; target: 799.10 − 60 = 739.10 open
    expect(res.body.source).toMatchObject({ credit_balance: 40, open_amount: 0 });
    expect(res.body.target).toMatchObject({ open_amount: 739.1, paid_amount: 60 });
    expect(res.body.source.entries.at(-1)).toMatchObject({
      type: 'refund',
      amount: 60,
      reference: target.invoice_number,
    });
    expect(res.body.target.entries.at(-1)).toMatchObject({
      type: 'payment',
      amount: -60,
      reference: source.invoice_number,
    });

    const tooMuch = await apply(a, { targetInvoiceId: target.id, amount: 40.05 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error).toBe('Der Betrag ist höher als das Guthaben der Rechnung');
    const otherCustomer = (await addCustomer(t, a.id)).customerId;
    const foreign = await issued(a, otherCustomer);
    const wrong = await apply(a, { targetInvoiceId: foreign.id, amount: 10 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('credit_apply_other_customer');
    const bad = await apply(a, { targetInvoiceId: 'x', amount: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('Ungültige Rechnungs-ID');

    expect((await apply({ ...a, backoffice: a.employee }, { targetInvoiceId: target.id, amount: 1 })).status).toBe(403);
    const customerB = (await addCustomer(t, b.id)).customerId;
    const invB = await issued(b, customerB);
    for (const res of [
      await apply(b, { targetInvoiceId: target.id, amount: 1 }),
      await apply(a, { targetInvoiceId: invB.id, amount: 1 }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Rechnung nicht gefunden');
    }
    const after = (await t.http().get(`/api/invoices/${target.id}`).set(bearer(a.admin))).body as InvoiceDetailDto;
    expect(after.open_amount).toBe(739.1);
  });
});
