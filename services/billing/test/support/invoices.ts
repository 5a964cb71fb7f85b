import type { CreateInvoiceRequest, InvoiceDetailDto } from '@zunft/contracts';
import { bearer, type Member } from './factories.js';
import type { TestApp } from './test-app.js';

/** The company's structured address and IBAN for the QR bill (as auth's events will carry them). */
export async function setQrBillSettings(
  t: TestApp,
  companyId: string,
  over: Partial<{
    iban: string | null;
    street: string | null;
    house_number: string | null;
    zip: string;
    city: string;
  }> = {},
): Promise<void> {
  await t.dataSource.query(
    `UPDATE companies SET company_iban = $2, street = $3, house_number = $4, zip = $5, city = $6, country = 'CH' WHERE id = $1`,
    [
      companyId,
      over.iban === undefined ? 'CH4431999123000889012' : over.iban,
      over.street === undefined ? 'Werkstrasse' : over.street,
      over.house_number === undefined ? '1' : over.house_number,
      over.zip ?? '8000',
      over.city ?? 'Zürich',
    ],
  );
}

export async function setReminderSettings(
  t: TestApp,
  companyId: string,
  s: {
    fees?: [number, number, number, number];
    interest?: boolean;
    rate?: number;
    /** interest_from_due_date (OR 102 para. 2) */
    fromDueDate?: boolean;
    auto?: boolean;
    interval?: number;
  },
): Promise<void> {
  const fees = s.fees ?? [0, 0, 0, 0];
  await t.dataSource.query(
    `UPDATE companies SET reminder_fee_level_1 = $2, reminder_fee_level_2 = $3, reminder_fee_level_3 = $4,
       reminder_fee_level_4 = $5, default_interest_enabled = $6, default_interest_rate = $7,
       auto_reminders_enabled = $8, reminder_interval_days = $9, interest_from_due_date = $10 WHERE id = $1`,
    [companyId, ...fees, s.interest ?? false, s.rate ?? 5, s.auto ?? false, s.interval ?? 14, s.fromDueDate ?? false],
  );
}

export function invoiceBody(customerId: string, over: Partial<CreateInvoiceRequest> = {}): CreateInvoiceRequest {
  return {
    customerId,
    items: [
      { type: 'labor', title: 'Malerarbeiten', quantity: 7.5, unit: 'h', unitPrice: 95 },
      { type: 'material', title: 'Farbe weiss', quantity: 3, unitPrice: 8.9 },
    ],
    ...over,
  };
}

export async function createInvoice(
  t: TestApp,
  by: Member,
  customerId: string,
  over: Partial<CreateInvoiceRequest> = {},
): Promise<InvoiceDetailDto> {
  const res = await t.http().post('/api/invoices').set(bearer(by)).send(invoiceBody(customerId, over));
  if (res.status !== 201) throw new Error(`createInvoice: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** yyyy-MM-dd in Europe/Zurich, `days` from today (the date the services use for "today"). */
export function zurichDay(days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Moves an invoice's dates into the past (invoice date `daysAgo`, due `dueDaysAgo` days ago, Zurich days) and marks it sent. */
export async function backdate(t: TestApp, invoiceId: string, daysAgo: number, dueDaysAgo: number): Promise<void> {
  await t.dataSource.query(
    `UPDATE invoices SET status = 'sent', sent_at = now(), issued_at = COALESCE(issued_at, now()), invoice_date = $2::date,
       due_date = $3::date WHERE id = $1`,
    [invoiceId, zurichDay(-daysAgo), zurichDay(-dueDaysAgo)],
  );
}

/**
 * After a test wrote invoices (or their totals) with SQL: their `invoice` ledger entry is the total
 * again, the ledger's sums are recomputed and an invoice whose status is not draft counts as issued.
 * (The API books all of this through the ledger; tests that build rows by hand call this.)
 */
export async function syncLedger(t: TestApp, where: { companyId?: string; invoiceId?: string }): Promise<void> {
  const params = [where.companyId ?? null, where.invoiceId ?? null];
  const scope = `($1::uuid IS NULL OR i.company_id = $1) AND ($2::uuid IS NULL OR i.id = $2)`;
  await t.dataSource.query(
    `DELETE FROM invoice_ledger_entries e USING invoices i WHERE e.invoice_id = i.id AND e.type = 'invoice' AND ${scope}`,
    params,
  );
  await t.dataSource.query(
    `INSERT INTO invoice_ledger_entries (company_id, invoice_id, type, entry_date, amount, reference, created_at)
     SELECT i.company_id, i.id, 'invoice', i.invoice_date, i.total_amount, i.invoice_number, i.created_at
     FROM invoices i WHERE ${scope}`,
    params,
  );
  await t.dataSource.query(
    `UPDATE invoices i SET open_amount = GREATEST(s.balance, 0), credit_balance = GREATEST(-s.balance, 0),
       issued_at = CASE WHEN i.status <> 'draft' THEN COALESCE(i.issued_at, now()) ELSE i.issued_at END
     FROM (SELECT invoice_id, sum(amount) AS balance FROM invoice_ledger_entries GROUP BY invoice_id) s
     WHERE s.invoice_id = i.id AND ${scope}`,
    params,
  );
}
