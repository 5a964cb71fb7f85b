import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TenantScope } from '@zunft/nest-common';
import type { EntitySubscriberInterface } from 'typeorm';
import { DirectoryService } from '../src/directory/directory.service.js';
import { makeQrr } from '../src/invoices/payment-reference.js';
import { newAcceptanceToken } from '../src/quotes/acceptance/acceptance-token.js';
import { QuotesRepository } from '../src/quotes/quotes.repository.js';
import { InvoiceLedger } from '../src/ledger/index.js';
import { ReportsRepository } from '../src/reports/reports.repository.js';
import { addCustomer, bearer, createCompany, PNG_DATA_URL, quoteBody, type Company } from './support/factories.js';
import { invoiceBody, syncLedger, zurichDay } from './support/invoices.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { FakeOperations, projectFixture } from './reports/support.js';

/**
 * The totals of the quotes, reports and invoices lists (ListTotals) against the real PostgreSQL:
 * counted once per company, list and filter (the count statements are watched on the DataSource),
 * right again after every kind of write that changes a list (API calls, and repository calls for
 * the writes that need the PDF worker or run in the daily job), and a company's writes leave
 * another company's totals alone. One row a page: page 1 is never the last page here, so every
 * total below comes from ListTotals, not from the page itself (each total checked is at least 2).
 * Deep pages by number are read after the keyset's page anchors, which a write drops with the totals.
 */
let t: TestApp;
let a: Company;
let b: Company;
let c: Company;
const operations = new FakeOperations();
const customers = new Map<string, string>();

type ListName = 'quotes' | 'reports' | 'invoices';
type Filter = { status?: string; search?: string };
const PATH: Record<ListName, string> = { quotes: '/api/quotes', reports: '/api/reports', invoices: '/api/invoices' };
const STATUSES: Record<ListName, readonly string[]> = {
  quotes: ['draft', 'sent', 'accepted', 'rejected', 'expired'],
  reports: ['draft', 'sent', 'signed', 'approved', 'rejected'],
  invoices: ['draft', 'sent', 'paid', 'overdue'],
};
const PER_STATUS = 6;

/** Every count statement of a list total, with its company (the first parameter of the WHERE). */
const counted: Array<{ list: string; companyId: string }> = [];
const countWatch: EntitySubscriberInterface = {
  beforeQuery: (event) => {
    const m = /^SELECT count\(\*\) AS n FROM (quotes|reports|invoices) /.exec(event.query);
    if (m) counted.push({ list: m[1]!, companyId: String((event.parameters as unknown[] | undefined)?.[0]) });
  },
};

/** `PER_STATUS` rows of every status, straight in SQL (before any list was read). */
async function seed(co: Company, n: number): Promise<void> {
  const customerId = (await addCustomer(t, co.id, { name: `Kunde ${co.id.slice(0, 4)}` })).customerId;
  customers.set(co.id, customerId);
  for (const status of STATUSES.quotes) {
    await t.dataSource.query(
      `INSERT INTO quotes (company_id, quote_number, customer_id, customer_name, title, status, quote_date, valid_until,
         accepted_at, signature_png)
       SELECT $1, 'A-' || $2 || '-' || g, $3, 'Kunde', 'Offerte ' || g, $2, current_date, current_date + 60,
         CASE WHEN $2 = 'accepted' THEN now() END, CASE WHEN $2 = 'accepted' THEN '\\x00'::bytea END
       FROM generate_series(1, $4) g`,
      [co.id, status, customerId, PER_STATUS],
    );
  }
  for (const status of STATUSES.reports) {
    await t.dataSource.query(
      `INSERT INTO reports (company_id, report_number, title, project_id, project_title, project_number, customer_id,
         customer, language, period_start, period_end, content, status)
       SELECT $1, 'R-' || $2 || '-' || g, 'Rapport ' || g, gen_random_uuid(), 'Projekt', 'P-1', $3,
         '{"name": "Kunde"}', 'de', date '2026-02-01', date '2026-02-28', '{}', $2
       FROM generate_series(1, $4) g`,
      [co.id, status, customerId, PER_STATUS],
    );
  }
  let ref = 0;
  for (const status of STATUSES.invoices) {
    const refs = Array.from({ length: PER_STATUS }, () => makeQrr(`${n}${String(++ref).padStart(9, '0')}`));
    await t.dataSource.query(
      `INSERT INTO invoices (company_id, invoice_number, customer_id, customer_name, status, invoice_date, due_date,
         vat_rate, subtotal, vat_amount, total_before_rounding, rounding, total_amount, qrr_reference, scor_reference)
       SELECT $1, 'RE-' || $2 || '-' || g, $3, 'Kunde', $2, current_date, current_date + 30,
         0, 100, 0, 100, 0, 100, ($4::text[])[g], 'RF00' || $2 || g
       FROM generate_series(1, $5) g`,
      [co.id, status, customerId, refs, PER_STATUS],
    );
  }
  await syncLedger(t, { companyId: co.id });
}

beforeAll(async () => {
  t = await createTestApp();
  t.dataSource.subscribers.push(countWatch);
  await operations.start(t);
  a = await createCompany(t);
  b = await createCompany(t);
  c = await createCompany(t);
  await seed(a, 61);
  await seed(b, 62);
  await seed(c, 63);
}, 120_000);
afterAll(async () => {
  await operations.stop();
  await t?.close();
});

/** The total page 1 answers, and how many count statements of that list and company the call ran. */
async function total(
  co: Company,
  list: ListName,
  filter: Filter = {},
  page: Record<string, string | number> = {},
): Promise<{ total: number; counts: number; nextCursor: string | null }> {
  const before = counted.length;
  const res = await t
    .http()
    .get(PATH[list])
    .query({ pageSize: 1, ...filter, ...page })
    .set(bearer(co.admin));
  expect(res.status).toBe(200);
  const counts = counted.slice(before).filter((x) => x.list === list && x.companyId === co.id).length;
  return { total: res.body.total, counts, nextCursor: res.body.nextCursor };
}

/** The number of rows straight from SQL. */
async function truth(co: Company, list: ListName, filter: Filter): Promise<number> {
  const [row] = await t.dataSource.query(
    `SELECT count(*)::int AS n FROM ${list} WHERE company_id = $1 AND ($2::text IS NULL OR status = $2)`,
    [co.id, filter.status ?? null],
  );
  return row.n;
}

/** Reads each total twice: right, and the second time from the cache (no count statement). */
async function primed(co: Company, list: ListName, filters: Filter[]): Promise<number[]> {
  const totals: number[] = [];
  for (const filter of filters) {
    const first = await total(co, list, filter);
    expect(first.total).toBe(await truth(co, list, filter));
    const again = await total(co, list, filter);
    expect({ filter, ...again, nextCursor: null }).toEqual({ filter, total: first.total, counts: 0, nextCursor: null });
    totals.push(first.total);
  }
  return totals;
}

/**
 * Primes the totals of `filters`, runs `write`, and expects every total right at once. The write
 * must change at least one of them, and all stay ≥ 2 (so a total kept from before would show).
 */
async function expectTotalsAfter(
  co: Company,
  list: ListName,
  filters: Filter[],
  write: () => Promise<unknown>,
): Promise<void> {
  const before = await primed(co, list, filters);
  await write();
  const after: number[] = [];
  for (const filter of filters) {
    const got = await total(co, list, filter);
    expect({ filter, total: got.total }).toEqual({ filter, total: await truth(co, list, filter) });
    after.push(got.total);
  }
  expect(after).not.toEqual(before);
  for (const n of [...before, ...after]) expect(n).toBeGreaterThanOrEqual(2);
}

/** The id of one of the company's rows in `status` (oldest number first). */
async function idOf(co: Company, list: ListName, status: string): Promise<string> {
  const number = { quotes: 'quote_number', reports: 'report_number', invoices: 'invoice_number' }[list];
  const [row] = await t.dataSource.query(
    `SELECT id FROM ${list} WHERE company_id = $1 AND status = $2 ORDER BY ${number} LIMIT 1`,
    [co.id, status],
  );
  if (!row) throw new Error(`no ${list} row in ${status}`);
  return row.id;
}

/** What is still open of an invoice, in Rappen. */
async function openCents(invoiceId: string): Promise<number> {
  const [row] = await t.dataSource.query(
    `SELECT round((total_amount - paid_amount) * 100)::int AS open FROM invoices WHERE id = $1`,
    [invoiceId],
  );
  return row.open;
}

const system = (co: Company) => TenantScope.forSystem(co.id);
const ok = (status: number) => (res: { status: number; body: unknown }) => {
  if (res.status !== status) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res;
};

describe('the count runs once per company, list and filter', () => {
  it.each(['quotes', 'reports', 'invoices'] as const)(
    '%s: page 1 again, page 2 and the cursor page answer the total without counting',
    async (list) => {
      const filter = { search: 'Kunde' };
      const first = await total(c, list, filter);
      expect(first).toMatchObject({ total: STATUSES[list].length * PER_STATUS, counts: 1 });
      expect(await total(c, list, filter)).toMatchObject({ total: first.total, counts: 0 });
      expect(await total(c, list, filter, { page: 2 })).toMatchObject({ total: first.total, counts: 0 });
      expect(await total(c, list, filter, { cursor: first.nextCursor! })).toMatchObject({
        total: first.total,
        counts: 0,
      });
      // another filter is another total
      expect(await total(c, list, { ...filter, status: 'sent' })).toMatchObject({ total: PER_STATUS, counts: 1 });
      // a row deleted past the repositories is still counted by the kept total (it is a cache)
      await t.dataSource.query(`DELETE FROM ${list} WHERE id = $1`, [await idOf(c, list, 'draft')]);
      expect(await total(c, list, filter)).toMatchObject({ total: first.total, counts: 0 });
    },
  );
});

describe('totals are right right after every write that changes a list', () => {
  describe('quotes', () => {
    it('create (POST /quotes)', async () => {
      await expectTotalsAfter(a, 'quotes', [{}, { status: 'draft' }], async () =>
        ok(201)(
          await t
            .http()
            .post('/api/quotes')
            .set(bearer(a.admin))
            .send(quoteBody(customers.get(a.id)!)),
        ),
      );
    });

    it('edit of a sent quote (back to draft, PUT /quotes/:id)', async () => {
      const id = await idOf(a, 'quotes', 'sent');
      await expectTotalsAfter(a, 'quotes', [{ status: 'sent' }, { status: 'draft' }], async () =>
        ok(200)(
          await t
            .http()
            .put(`/api/quotes/${id}`)
            .set(bearer(a.admin))
            .send(quoteBody(customers.get(a.id)!)),
        ),
      );
    });

    it('send (the repository write of POST /quotes/:id/send)', async () => {
      const id = await idOf(a, 'quotes', 'draft');
      await expectTotalsAfter(a, 'quotes', [{ status: 'draft' }, { status: 'sent' }], () =>
        t.dataSource.transaction((m) =>
          t.app
            .get(QuotesRepository)
            .markSent(m, system(a), id, { sentTo: 'peter@kunde.test', tokenHash: newAcceptanceToken().hash }),
        ),
      );
    });

    it.each(['accept', 'reject'] as const)('%s by the customer (public link)', async (action) => {
      const id = await idOf(a, 'quotes', 'draft');
      const { token, hash } = newAcceptanceToken();
      await t.dataSource.transaction((m) =>
        t.app.get(QuotesRepository).markSent(m, system(a), id, { sentTo: 'peter@kunde.test', tokenHash: hash }),
      );
      const body =
        action === 'accept'
          ? { name: 'Anna Keller', email: 'anna@keller.test', signature: PNG_DATA_URL, consent: true }
          : {};
      await expectTotalsAfter(
        a,
        'quotes',
        [{ status: 'sent' }, { status: action === 'accept' ? 'accepted' : 'rejected' }],
        async () => ok(200)(await t.http().post(`/api/quote-acceptance/${token}/${action}`).send(body)),
      );
    });

    it('expiry (daily job)', async () => {
      const id = await idOf(a, 'quotes', 'sent');
      await t.dataSource.query(`UPDATE quotes SET valid_until = current_date - 1 WHERE id = $1`, [id]);
      await expectTotalsAfter(a, 'quotes', [{ status: 'sent' }, { status: 'expired' }], async () => {
        const expired = await t.dataSource.transaction((m) =>
          t.app.get(QuotesRepository).expireOverdue(m, zurichDay(0)),
        );
        expect(expired.map((q) => q.id)).toEqual([id]);
      });
    });

    it('delete (DELETE /quotes/:id)', async () => {
      const id = await idOf(a, 'quotes', 'draft');
      await expectTotalsAfter(a, 'quotes', [{}, { status: 'draft' }], async () =>
        ok(200)(await t.http().delete(`/api/quotes/${id}`).set(bearer(a.admin))),
      );
    });
  });

  describe('reports', () => {
    it('generate (POST /reports/generate)', async () => {
      const p = projectFixture();
      operations.projects.set(p.projectId, p.data);
      await expectTotalsAfter(a, 'reports', [{}, { status: 'draft' }], async () =>
        ok(201)(
          await t
            .http()
            .post('/api/reports/generate')
            .set(bearer(a.backoffice))
            .send({ projectId: p.projectId, periodStart: '2026-03-02', periodEnd: '2026-03-08' }),
        ),
      );
    });

    it('status draft → sent (PUT /reports/:id/status)', async () => {
      const id = await idOf(a, 'reports', 'draft');
      await expectTotalsAfter(a, 'reports', [{ status: 'draft' }, { status: 'sent' }], async () =>
        ok(200)(await t.http().put(`/api/reports/${id}/status`).set(bearer(a.backoffice)).send({ status: 'sent' })),
      );
    });

    it('send to the customer (the repository write of POST /reports/:id/send-to-customer)', async () => {
      const id = await idOf(a, 'reports', 'draft');
      await expectTotalsAfter(a, 'reports', [{ status: 'draft' }, { status: 'sent' }], () =>
        t.dataSource.transaction((m) => t.app.get(ReportsRepository).markSent(m, system(a), id, 'hans@huber.test')),
      );
    });

    it('signature (the repository write of a signed report)', async () => {
      const id = await idOf(a, 'reports', 'sent');
      await expectTotalsAfter(a, 'reports', [{ status: 'sent' }, { status: 'signed' }], () =>
        t.dataSource.transaction((m) =>
          t.app.get(ReportsRepository).markSigned(m, system(a), id, {
            signedAt: new Date().toISOString(),
            signerName: 'Hans Huber',
            signerEmail: 'hans@huber.test',
            ip: null,
            userAgent: null,
            via: 'device',
            signatureKey: `sig-${id}`,
            pdfKey: `pdf-${id}`,
            pdfSha256: 'a'.repeat(64),
            sealSha256: 'b'.repeat(64),
          }),
        ),
      );
    });

    it('approve a signed report (PUT /reports/:id/status)', async () => {
      const id = await idOf(a, 'reports', 'signed');
      await expectTotalsAfter(a, 'reports', [{ status: 'signed' }, { status: 'approved' }], async () =>
        ok(200)(await t.http().put(`/api/reports/${id}/status`).set(bearer(a.backoffice)).send({ status: 'approved' })),
      );
    });

    it('delete (DELETE /reports/:id)', async () => {
      const id = await idOf(a, 'reports', 'draft');
      await expectTotalsAfter(a, 'reports', [{}, { status: 'draft' }], async () =>
        ok(200)(await t.http().delete(`/api/reports/${id}`).set(bearer(a.backoffice))),
      );
    });
  });

  describe('invoices', () => {
    it('create (POST /invoices)', async () => {
      await expectTotalsAfter(a, 'invoices', [{}, { status: 'draft' }], async () =>
        ok(201)(
          await t
            .http()
            .post('/api/invoices')
            .set(bearer(a.admin))
            .send(invoiceBody(customers.get(a.id)!)),
        ),
      );
    });

    it('status draft → sent (PUT /invoices/:id/status)', async () => {
      const id = await idOf(a, 'invoices', 'draft');
      await expectTotalsAfter(a, 'invoices', [{ status: 'draft' }, { status: 'sent' }], async () =>
        ok(200)(await t.http().put(`/api/invoices/${id}/status`).set(bearer(a.admin)).send({ status: 'sent' })),
      );
    });

    it('send (the repository write of POST /invoices/:id/send)', async () => {
      const id = await idOf(a, 'invoices', 'draft');
      await expectTotalsAfter(a, 'invoices', [{ status: 'draft' }, { status: 'sent' }], () =>
        t.dataSource.transaction(async (m) => {
          const ledger = t.app.get(InvoiceLedger);
          await ledger.relabel(m, null, (await ledger.lock(m, system(a), id))!, 'sent', zurichDay(0));
        }),
      );
    });

    it('a payment of the open amount (POST /invoices/:id/payments) makes it paid', async () => {
      const id = await idOf(a, 'invoices', 'sent');
      const amount = (await openCents(id)) / 100;
      await expectTotalsAfter(a, 'invoices', [{ status: 'sent' }, { status: 'paid' }], async () => {
        const res = ok(201)(
          await t
            .http()
            .post(`/api/invoices/${id}/payments`)
            .set(bearer(a.admin))
            .send({ amount, paymentDate: zurichDay(0) }),
        );
        expect((res.body as { status: string }).status).toBe('paid');
      });
    });

    it('mark paid (POST /invoices/:id/mark-paid)', async () => {
      const id = await idOf(a, 'invoices', 'sent');
      await expectTotalsAfter(a, 'invoices', [{ status: 'sent' }, { status: 'paid' }], async () =>
        ok(200)(await t.http().post(`/api/invoices/${id}/mark-paid`).set(bearer(a.backoffice)).send({})),
      );
    });

    it('a bank file that pays it (the camt.054 import write, through the ledger)', async () => {
      const id = await idOf(a, 'invoices', 'sent');
      const amountCents = await openCents(id);
      await expectTotalsAfter(a, 'invoices', [{ status: 'sent' }, { status: 'paid' }], async () => {
        const paid = await t.dataSource.transaction(async (m) => {
          const ledger = t.app.get(InvoiceLedger);
          const row = (await ledger.lock(m, system(a), id))!;
          const payment = {
            invoiceId: id,
            amountCents,
            paymentDate: zurichDay(0),
            method: 'bank' as const,
            source: 'camt054' as const,
            bankReference: `list-totals-${id}`,
            debtorName: null,
          };
          return ledger.bookPayments(m, system(a), null, new Map([[id, row]]), [payment], zurichDay(0));
        });
        expect(paid.map((b) => b.invoice.status)).toEqual(['paid']);
      });
    });

    it('overdue (daily job)', async () => {
      const id = await idOf(a, 'invoices', 'sent');
      await t.dataSource.query(`UPDATE invoices SET due_date = current_date - 10 WHERE id = $1`, [id]);
      await expectTotalsAfter(a, 'invoices', [{ status: 'sent' }, { status: 'overdue' }], async () => {
        const overdue = await t.dataSource.transaction((m) => t.app.get(InvoiceLedger).markOverdue(m, zurichDay(0)));
        expect(overdue.map((i) => i.id)).toEqual([id]);
      });
    });

    it('back to draft (PUT /invoices/:id/status)', async () => {
      const id = await idOf(a, 'invoices', 'overdue');
      await expectTotalsAfter(a, 'invoices', [{ status: 'overdue' }, { status: 'draft' }], async () =>
        ok(200)(await t.http().put(`/api/invoices/${id}/status`).set(bearer(a.admin)).send({ status: 'draft' })),
      );
    });

    it('delete (DELETE /invoices/:id)', async () => {
      const id = await idOf(a, 'invoices', 'draft');
      await expectTotalsAfter(a, 'invoices', [{}, { status: 'draft' }], async () =>
        ok(200)(await t.http().delete(`/api/invoices/${id}`).set(bearer(a.backoffice))),
      );
    });
  });
});

describe('names in the directory', () => {
  it.each(['quotes', 'reports', 'invoices'] as const)(
    '%s: a renamed or deleted customer drops the kept totals (the search reads customer names)',
    async (list) => {
      const filter = { search: 'Kunde' };
      const directory = t.app.get(DirectoryService);
      await total(c, list, filter);
      expect((await total(c, list, filter)).counts).toBe(0);
      await addCustomer(t, c.id, { customerId: customers.get(c.id)!, name: `Kunde umbenannt ${list}` });
      expect((await total(c, list, filter)).counts).toBe(1);
      const gone = await addCustomer(t, c.id, { name: `Kunde weg ${list}` });
      expect((await total(c, list, filter)).counts).toBe(1);
      await t.dataSource.transaction((m) => directory.deleteCustomer(m, c.id, gone.customerId));
      expect((await total(c, list, filter)).counts).toBe(1);
      expect((await total(c, list, filter)).counts).toBe(0);
    },
  );
});

describe('transactions', () => {
  it('a total counted between a write and its commit is not kept', async () => {
    await primed(a, 'quotes', [{}]);
    const before = await truth(a, 'quotes', {});
    const id = await idOf(a, 'quotes', 'draft');
    const runner = t.dataSource.createQueryRunner();
    try {
      await runner.startTransaction();
      expect(await t.app.get(QuotesRepository).delete(runner.manager, system(a), id)).toBe(true);
      // another connection still sees the row: counted again (the write dropped the total), not yet gone
      expect(await total(a, 'quotes')).toMatchObject({ total: before, counts: 1 });
      await runner.commitTransaction();
    } finally {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      await runner.release();
    }
    expect(await total(a, 'quotes')).toMatchObject({ total: before - 1, counts: 1 });
  });
});

describe('companies', () => {
  it.each(['quotes', 'reports', 'invoices'] as const)(
    "%s: one company's writes do not change or drop another company's totals",
    async (list) => {
      const filters: Filter[] = [{}, { status: 'draft' }];
      const mine = await primed(b, list, filters);
      const create: Record<ListName, () => Promise<unknown>> = {
        quotes: async () =>
          ok(201)(
            await t
              .http()
              .post('/api/quotes')
              .set(bearer(a.admin))
              .send(quoteBody(customers.get(a.id)!)),
          ),
        reports: async () => {
          const p = projectFixture();
          operations.projects.set(p.projectId, p.data);
          return ok(201)(
            await t
              .http()
              .post('/api/reports/generate')
              .set(bearer(a.backoffice))
              .send({ projectId: p.projectId, periodStart: '2026-03-02', periodEnd: '2026-03-08' }),
          );
        },
        invoices: async () =>
          ok(201)(
            await t
              .http()
              .post('/api/invoices')
              .set(bearer(a.admin))
              .send(invoiceBody(customers.get(a.id)!)),
          ),
      };
      const theirsBefore = await primed(a, list, filters);
      await create[list]();
      for (const [i, filter] of filters.entries()) {
        // b: still kept (no count) and unchanged; a: counted again, one more
        expect(await total(b, list, filter)).toMatchObject({ total: mine[i], counts: 0 });
        expect(await total(a, list, filter)).toMatchObject({ total: theirsBefore[i]! + 1, counts: 1 });
      }
      // and b's own write is seen at once by b
      const id = await idOf(b, list, 'draft');
      const path = `${PATH[list]}/${id}`;
      ok(200)(
        await t
          .http()
          .delete(path)
          .set(bearer(list === 'quotes' ? b.admin : b.backoffice)),
      );
      expect(await total(b, list, {})).toMatchObject({ total: mine[0]! - 1, counts: 1 });
      expect(await total(a, list, {})).toMatchObject({ total: theirsBefore[0]! + 1, counts: 0 });
    },
  );
});

describe('deep pages by number (page anchors, dropped with the totals)', () => {
  const ROWS = 1_060;
  let d: Company;
  const anchorWalks: string[] = [];
  const anchorWatch: EntitySubscriberInterface = {
    beforeQuery: (event) => {
      const m = /\banchor_rn\b[\s\S]*?FROM (quotes|reports|invoices) /.exec(event.query);
      if (m && (event.parameters as unknown[] | undefined)?.[0] === d?.id) anchorWalks.push(m[1]!);
    },
  };

  beforeAll(async () => {
    t.dataSource.subscribers.push(anchorWatch);
    d = await createCompany(t);
    const customerId = (await addCustomer(t, d.id, { name: 'Kunde Tief' })).customerId;
    await t.dataSource.query(
      `INSERT INTO quotes (company_id, quote_number, customer_id, customer_name, title, quote_date, valid_until)
       SELECT $1, 'A-T-' || g, $2, 'Kunde', 'Offerte ' || g, current_date, current_date + 60 FROM generate_series(1, $3) g`,
      [d.id, customerId, ROWS],
    );
    await t.dataSource.query(
      `INSERT INTO reports (company_id, report_number, title, project_id, project_title, project_number, customer_id,
         customer, language, period_start, period_end, content)
       SELECT $1, 'R-T-' || g, 'Rapport ' || g, gen_random_uuid(), 'Projekt', 'P-1', $2, '{"name": "Kunde"}', 'de',
         date '2026-02-01', date '2026-02-28', '{}'
       FROM generate_series(1, $3) g`,
      [d.id, customerId, ROWS],
    );
    const refs = Array.from({ length: ROWS }, (_, i) => makeQrr(`64${String(i + 1).padStart(9, '0')}`));
    await t.dataSource.query(
      `INSERT INTO invoices (company_id, invoice_number, customer_id, customer_name, invoice_date, due_date,
         vat_rate, subtotal, vat_amount, total_before_rounding, rounding, total_amount, qrr_reference, scor_reference)
       SELECT $1, 'RE-T-' || g, $2, 'Kunde', current_date, current_date + 30, 0, 100, 0, 100, 0, 100,
         ($3::text[])[g], 'RF00T' || g
       FROM generate_series(1, $4) g`,
      [d.id, customerId, refs, ROWS],
    );
    await syncLedger(t, { companyId: d.id });
  }, 60_000);
  afterAll(() => {
    t.dataSource.subscribers.splice(t.dataSource.subscribers.indexOf(anchorWatch), 1);
  });

  const offsetPage = async (list: ListName, page: number): Promise<string[]> =>
    (
      (await t.dataSource.query(
        `SELECT id FROM ${list} WHERE company_id = $1 ORDER BY created_at DESC, id DESC LIMIT 50 OFFSET $2`,
        [d.id, (page - 1) * 50],
      )) as Array<{ id: string }>
    ).map((r) => r.id);
  const apiPage = async (list: ListName, page: number): Promise<string[]> => {
    const res = await t.http().get(PATH[list]).query({ page, pageSize: 50 }).set(bearer(d.admin));
    expect(res.status).toBe(200);
    return (res.body.items as Array<{ id: string }>).map((i) => i.id);
  };

  it.each(['quotes', 'reports', 'invoices'] as const)(
    '%s: page 21 of 50 is the OFFSET page, read after an anchor, and still right after a write before it',
    async (list) => {
      const walks = anchorWalks.length;
      expect(await apiPage(list, 21)).toEqual(await offsetPage(list, 21));
      expect(anchorWalks.slice(walks)).toEqual([list]);
      expect(await apiPage(list, 21)).toEqual(await offsetPage(list, 21));
      expect(anchorWalks.slice(walks)).toEqual([list]); // the anchor was kept
      // the newest row goes (through the API): every later row moves up one place
      const [newest] = await offsetPage(list, 1);
      ok(200)(
        await t
          .http()
          .delete(`${PATH[list]}/${newest}`)
          .set(bearer(list === 'quotes' ? d.admin : d.backoffice)),
      );
      expect(await apiPage(list, 21)).toEqual(await offsetPage(list, 21));
      expect(anchorWalks.slice(walks)).toEqual([list, list]); // found anew
    },
  );
});
