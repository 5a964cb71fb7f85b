// A closed company's data in billing (issue 26), removed by the daily task once kept as the law asks:
// nothing during the 90 days' grace; then quotes, drafts and other non-records; issued invoices (with
// ledger, payments, archived PDFs) 10 years after the business year of their last booking (OR art.
// 958f para. 1); the company's copies last, when no record is left. Dates are set by hand.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from '@zunft/nest-common/testing';
import { randomUUID } from 'node:crypto';
import { addCustomer, createCompany, createQuote, type Company } from './support/factories.js';
import { createInvoice, syncLedger } from './support/invoices.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { RetentionService } from '../src/retention/index.js';

const TODAY = '2026-11-28';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** An issued invoice dated `date` (its `invoice` ledger entry that day), with its archived PDF. */
async function issued(c: Company, customerId: string, date: string): Promise<string> {
  const invoice = await createInvoice(t, c.backoffice, customerId);
  await t.dataSource.query(
    `UPDATE invoices SET status = 'sent', sent_at = $2::date, issued_at = $2::date, invoice_date = $2::date,
       due_date = $2::date + 30 WHERE id = $1`,
    [invoice.id, date],
  );
  await syncLedger(t, { invoiceId: invoice.id });
  await t.dataSource.query(
    `INSERT INTO stored_files (key, company_id, content_type, size, sha256, data)
     VALUES ($1, $2, 'application/pdf', 3, repeat('a', 64), '\\x255044')`,
    [`${c.id}/invoices/${invoice.id}/invoice.pdf`, c.id],
  );
  return invoice.id;
}

async function payment(invoiceId: string, companyId: string, date: string, amount: number): Promise<void> {
  await t.dataSource.query(
    `INSERT INTO invoice_ledger_entries (company_id, invoice_id, type, entry_date, amount, reference)
     VALUES ($1, $2, 'payment', $3, $4, 'Zahlung')`,
    [companyId, invoiceId, date, -amount],
  );
}

async function credit(companyId: string, bookingDate: string): Promise<string> {
  const [row] = await t.dataSource.query(
    `INSERT INTO unmatched_credits (company_id, bank_reference, amount, currency, booking_date)
     VALUES ($1, $2, 120.50, 'CHF', $3) RETURNING id`,
    [companyId, `REF-${randomUUID()}`, bookingDate],
  );
  return row.id;
}

async function close(companyId: string, closedAt: string): Promise<void> {
  const id = await t.publish('auth.company.closed', companyId, { closedAt });
  await waitFor(
    async () =>
      (
        await t.dataSource.query(
          `SELECT 1 FROM processed_events WHERE consumer = 'billing-retention' AND event_id = $1`,
          [id],
        )
      ).length > 0,
  );
}

/** Every row of the company in billing's tables (and its files), as text. */
async function snapshot(companyId: string): Promise<string> {
  const tables: Array<{ table_name: string }> = await t.dataSource.query(
    `SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'company_id'
       AND table_name NOT IN ('outbox_events', 'processed_events', 'dead_letter_events') ORDER BY 1`,
  );
  const out: Record<string, unknown> = {};
  for (const { table_name } of tables) {
    out[table_name] = await t.dataSource.query(
      `SELECT to_jsonb(x) AS row FROM "${table_name}" x WHERE company_id = $1 ORDER BY to_jsonb(x)::text`,
      [companyId],
    );
  }
  out.company = await t.dataSource.query(`SELECT to_jsonb(x) AS row FROM companies x WHERE id = $1`, [companyId]);
  return JSON.stringify(out);
}

async function invoiceRows(invoiceId: string): Promise<string> {
  return JSON.stringify([
    await t.dataSource.query(`SELECT to_jsonb(x) AS row FROM invoices x WHERE id = $1`, [invoiceId]),
    await t.dataSource.query(`SELECT to_jsonb(x) AS row FROM invoice_items x WHERE invoice_id = $1 ORDER BY 1::text`, [
      invoiceId,
    ]),
    await t.dataSource.query(
      `SELECT to_jsonb(x) AS row FROM invoice_ledger_entries x WHERE invoice_id = $1 ORDER BY created_at, id`,
      [invoiceId],
    ),
    await t.dataSource.query(`SELECT key, sha256, data FROM stored_files WHERE key LIKE '%' || $1 || '%'`, [invoiceId]),
  ]);
}

const count = async (sql: string, params: unknown[]) => (await t.dataSource.query(sql, params))[0].n as number;

describe('closed company retention in billing', () => {
  it('exactly the expired data goes; open, just-closed and other companies stay byte-identical', async () => {
    // A: closed 2026-08-01, grace over on 2026-10-30.
    const a = await createCompany(t);
    const customerA = await addCustomer(t, a.id);
    const inv2015 = await issued(a, customerA.customerId, '2015-03-01');
    const inv2015PaidIn2016 = await issued(a, customerA.customerId, '2015-12-20');
    await payment(inv2015PaidIn2016, a.id, '2016-01-10', 100);
    await syncLedger(t, { invoiceId: inv2015PaidIn2016 });
    const inv2016 = await issued(a, customerA.customerId, '2016-05-01');
    const draft = (await createInvoice(t, a.backoffice, customerA.customerId)).id;
    const quote = (await createQuote(t, a.backoffice, customerA.customerId)).id;
    const credit2015 = await credit(a.id, '2015-04-01');
    const credit2020 = await credit(a.id, '2020-02-03');
    await close(a.id, '2026-08-01T08:00:00.000Z');

    // B: closed yesterday: everything stays (grace), even its 2010 invoice.
    const b = await createCompany(t);
    const customerB = await addCustomer(t, b.id);
    await issued(b, customerB.customerId, '2010-06-30');
    await createQuote(t, b.backoffice, customerB.customerId);
    await close(b.id, '2026-11-27T10:00:00.000Z');

    // C: open, with old records and drafts: never touched.
    const c = await createCompany(t);
    const customerC = await addCustomer(t, c.id);
    await issued(c, customerC.customerId, '2012-01-15');
    await createInvoice(t, c.backoffice, customerC.customerId);
    await createQuote(t, c.backoffice, customerC.customerId);

    // D: closed in May 2015, grace long over, every record from 2015: all of it goes.
    const d = await createCompany(t);
    const customerD = await addCustomer(t, d.id);
    const invD = await issued(d, customerD.customerId, '2015-02-02');
    await createQuote(t, d.backoffice, customerD.customerId);
    await close(d.id, '2015-05-01T08:00:00.000Z');

    const before = {
      b: await snapshot(b.id),
      c: await snapshot(c.id),
      inv2015PaidIn2016: await invoiceRows(inv2015PaidIn2016),
      inv2016: await invoiceRows(inv2016),
      customerA: JSON.stringify(await t.dataSource.query(`SELECT * FROM customers WHERE company_id = $1`, [a.id])),
    };

    const result = await t.dataSource.transaction((m) => t.app.get(RetentionService).run(m, TODAY));
    const byCompany = Object.fromEntries(result.companies.map((r) => [r.companyId, r]));
    expect(byCompany[b.id]).toBeUndefined();
    expect(byCompany[c.id]).toBeUndefined();
    expect(byCompany[a.id]).toMatchObject({ invoices: 1, removed: false, bookkeeping: 1 });
    expect(byCompany[d.id]).toMatchObject({ invoices: 1, removed: true });

    // A: the 2015 invoice with its ledger and PDF, the draft, the quote and the 2015 bank credit are gone.
    expect(await count(`SELECT count(*)::int AS n FROM invoices WHERE id = ANY($1)`, [[inv2015, draft]])).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM invoice_ledger_entries WHERE invoice_id = $1`, [inv2015])).toBe(
      0,
    );
    expect(await count(`SELECT count(*)::int AS n FROM invoice_items WHERE invoice_id = $1`, [inv2015])).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM stored_files WHERE key LIKE '%' || $1 || '%'`, [inv2015])).toBe(
      0,
    );
    expect(await count(`SELECT count(*)::int AS n FROM quotes WHERE id = $1`, [quote])).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM unmatched_credits WHERE id = $1`, [credit2015])).toBe(0);
    // … the invoice paid in 2016 (kept up to 2026-12-31), the 2016 invoice, the 2020 credit and the customer stay as they were.
    expect(await invoiceRows(inv2015PaidIn2016)).toBe(before.inv2015PaidIn2016);
    expect(await invoiceRows(inv2016)).toBe(before.inv2016);
    expect(await count(`SELECT count(*)::int AS n FROM unmatched_credits WHERE id = $1`, [credit2020])).toBe(1);
    expect(JSON.stringify(await t.dataSource.query(`SELECT * FROM customers WHERE company_id = $1`, [a.id]))).toBe(
      before.customerA,
    );

    // B (closed yesterday) and C (open): byte-identical.
    expect(await snapshot(b.id)).toBe(before.b);
    expect(await snapshot(c.id)).toBe(before.c);

    // D: nothing of it is left in any table, its files neither.
    // Only the note that it was closed and when its data was removed (no personal data) stays.
    const left = JSON.parse(await snapshot(d.id)) as Record<string, Array<{ row: Record<string, unknown> }>>;
    expect(
      Object.entries(left)
        .filter(([, r]) => r.length > 0)
        .map(([table]) => table),
    ).toEqual(['retention_closed_companies']);
    expect(left.retention_closed_companies![0]!.row.removed_at).toEqual(expect.any(String));
    expect(await count(`SELECT count(*)::int AS n FROM invoice_ledger_entries WHERE invoice_id = $1`, [invD])).toBe(0);

    // A second run the same day changes nothing; on 2027-01-01 the invoice paid in 2016 and the
    // 2016 invoice go, and with the 2020 credit still kept, A itself stays.
    const aBefore = await snapshot(a.id);
    const again = await t.dataSource.transaction((m) => t.app.get(RetentionService).run(m, TODAY));
    expect(again.companies.find((r) => r.companyId === a.id)).toEqual({
      companyId: a.id,
      nonRecords: 0,
      invoices: 0,
      reports: 0,
      bookkeeping: 0,
      removed: false,
    });
    expect(again.companies.find((r) => r.companyId === d.id)).toBeUndefined();
    expect(await snapshot(a.id)).toBe(aBefore);
    const newYear = await t.dataSource.transaction((m) => t.app.get(RetentionService).run(m, '2027-01-01'));
    expect(newYear.companies.find((r) => r.companyId === a.id)).toMatchObject({ invoices: 2, removed: false });
    expect(await count(`SELECT count(*)::int AS n FROM unmatched_credits WHERE id = $1`, [credit2020])).toBe(1);
    expect(await snapshot(b.id)).toBe(before.b);
    expect(await snapshot(c.id)).toBe(before.c);
  });

  it('an auth.company.closed of another company never marks this one; a redelivered one keeps the first date', async () => {
    const e = await createCompany(t);
    await close(e.id, '2026-01-01T00:00:00.000Z');
    await close(e.id, '2020-01-01T00:00:00.000Z');
    const rows = await t.dataSource.query(
      `SELECT company_id, closed_at FROM retention_closed_companies WHERE company_id = $1`,
      [e.id],
    );
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0].closed_at).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    const f = await createCompany(t);
    expect(await count(`SELECT count(*)::int AS n FROM retention_closed_companies WHERE company_id = $1`, [f.id])).toBe(
      0,
    );
  });
});
