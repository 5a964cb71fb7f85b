import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { QUEUE_PDF_RENDER, type InvoiceDetailDto } from '@zunft/contracts';
import { TenantScope } from '@zunft/nest-common';
import { randomUUID } from 'node:crypto';
import { ReportInvoicesService } from '../src/invoices/from-report/report-invoices.service.js';
import { ReportSnapshotReader } from '../src/reports/report-snapshot.reader.js';
import { startWorker, type RunningWorker } from '../src/worker/index.js';
import { FakeOperations, projectFixture, signaturePng } from './reports/support.js';
import { bearer, createCompany, type Company } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { CHROMIUM_PATH, eventually, testLogger } from './worker/support.js';

/**
 * One draft invoice per signed report: the billing.report.signed consumer and
 * POST /reports/{id}/create-invoice, delivered twice and raced.
 */

let t: TestApp;
let worker: RunningWorker;
const operations = new FakeOperations();
let a: Company;
let b: Company;

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
  await operations.start(t);
  a = await createCompany(t, { settings: { default_hourly_rate: 90, vat_rate: 8.1, payment_terms: 30 } });
  b = await createCompany(t);
}, 120_000);

afterAll(async () => {
  await operations.stop();
  await worker?.close();
  await t?.close();
}, 60_000);

async function generateReport(
  c: Company,
  extraExpenses: ReturnType<ReturnType<typeof projectFixture>['data']>['expenses'] = [],
): Promise<string> {
  const p = projectFixture();
  operations.projects.set(p.projectId, (req) => {
    const data = p.data(req);
    return { ...data, expenses: [...data.expenses, ...extraExpenses] };
  });
  const gen = await t
    .http()
    .post('/api/reports/generate')
    .set(bearer(c.backoffice))
    .send({ projectId: p.projectId, periodStart: '2026-03-02', periodEnd: '2026-03-08' });
  if (gen.status !== 201) throw new Error(`generate: ${gen.status} ${JSON.stringify(gen.body)}`);
  return gen.body.id as string;
}

async function sign(c: Company, reportId: string): Promise<void> {
  const res = await t
    .http()
    .post(`/api/reports/${reportId}/signature`)
    .set(bearer(c.backoffice))
    .send({ signerName: 'Hans Huber', signerEmail: 'hans@huber.test', signatureData: await signaturePng() });
  if (res.status !== 200) throw new Error(`sign: ${res.status} ${JSON.stringify(res.body)}`);
}

const invoicesOf = async (companyId: string, reportId: string): Promise<Array<{ id: string }>> =>
  t.dataSource.query(`SELECT id FROM invoices WHERE company_id = $1 AND report_id = $2`, [companyId, reportId]);

describe('invoice from a signed report', () => {
  it('not signed → German 400; unknown or another company → 404; employee → 403', async () => {
    const reportId = await generateReport(a);
    const res = await t.http().post(`/api/reports/${reportId}/create-invoice`).set(bearer(a.backoffice));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(
      'Der Rapport ist noch nicht unterschrieben. Eine Rechnung kann erst nach der Unterschrift erstellt werden.',
    );
    const unknown = await t.http().post(`/api/reports/${randomUUID()}/create-invoice`).set(bearer(a.backoffice));
    expect(unknown.status).toBe(404);
    const foreign = await t.http().post(`/api/reports/${reportId}/create-invoice`).set(bearer(b.admin));
    expect(foreign.status).toBe(404);
    const employee = await t.http().post(`/api/reports/${reportId}/create-invoice`).set(bearer(a.employee));
    expect(employee.status).toBe(403);
  }, 60_000);

  it('invoiceDate: an earlier date dates a new invoice, never re-dates one; future, bad date → German 400', async () => {
    const reportId = await generateReport(a);
    await sign(a, reportId);
    // The consumer creates the draft dated today (the company's day).
    const [draft] = await eventually(
      async () => ((await invoicesOf(a.id, reportId)).length === 1 ? invoicesOf(a.id, reportId) : undefined),
      30_000,
      "the consumer's draft",
    );
    const drafted: InvoiceDetailDto = (await t.http().get(`/api/invoices/${draft!.id}`).set(bearer(a.admin))).body;
    const url = `/api/reports/${reportId}/create-invoice`;

    // Another company: 404 before the body is read, whatever it holds.
    const foreign = await t.http().post(url).set(bearer(b.admin)).send({ invoiceDate: 'gestern' });
    expect(foreign.status).toBe(404);
    const employee = await t.http().post(url).set(bearer(a.employee)).send({ invoiceDate: '2026-01-05' });
    expect(employee.status).toBe(403);

    const bad = await t.http().post(url).set(bearer(a.backoffice)).send({ invoiceDate: '2026-02-30' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/Rechnungsdatum/);
    const future = await t.http().post(url).set(bearer(a.backoffice)).send({ invoiceDate: '2099-01-05' });
    expect(future.status).toBe(400);
    expect(future.body).toMatchObject({
      code: 'invoice_date_in_future',
      error: 'Das Rechnungsdatum darf nicht in der Zukunft liegen',
    });

    // The draft exists with today's date: not re-dated (409), the same date answers it.
    const other = await t.http().post(url).set(bearer(a.backoffice)).send({ invoiceDate: '2026-01-05' });
    expect(other.status).toBe(409);
    const [y, mo, d] = drafted.invoice_date.split('-');
    expect(other.body).toMatchObject({
      code: 'report_invoice_other_date',
      error: `Die Rechnung ${drafted.invoice_number} dieses Rapports besteht schon (Rechnungsdatum ${d}.${mo}.${y}) und wird nicht neu datiert. Einen Entwurf können Sie löschen und neu erstellen.`,
    });
    const same = await t.http().post(url).set(bearer(a.backoffice)).send({ invoiceDate: drafted.invoice_date });
    expect(same.status).toBe(200);
    expect(same.body.invoiceId).toBe(draft!.id);

    // The draft deleted (the event is handled for good, nothing comes back): created on 5 Jan 2026,
    // due 30 days later (payment terms 30) on 4 Feb 2026.
    expect((await t.http().delete(`/api/invoices/${draft!.id}`).set(bearer(a.admin))).status).toBe(200);
    const dated = await t.http().post(url).set(bearer(a.backoffice)).send({ invoiceDate: '2026-01-05' });
    expect(dated.status).toBe(200);
    expect(dated.body.invoiceId).not.toBe(draft!.id);
    const invoice: InvoiceDetailDto = (await t.http().get(`/api/invoices/${dated.body.invoiceId}`).set(bearer(a.admin)))
      .body;
    expect(invoice).toMatchObject({ invoice_date: '2026-01-05', due_date: '2026-02-04', status: 'draft' });
    expect(invoice.invoice_number).toMatch(/^RE-2026-\d{4}$/);
    expect(dated.body.totalAmount).toBe(drafted.total_amount);
    expect(await invoicesOf(a.id, reportId)).toEqual([{ id: dated.body.invoiceId }]);
  }, 120_000);

  it('the event delivered twice and raced with three clicks: one invoice with the report lines', async () => {
    const reportId = await generateReport(a);
    await sign(a, reportId);
    // Three clicks while the consumer handles the event.
    const clicks = await Promise.all(
      [1, 2, 3].map(() => t.http().post(`/api/reports/${reportId}/create-invoice`).set(bearer(a.backoffice))),
    );
    for (const click of clicks) expect(click.status).toBe(200);
    const numbers = new Set(clicks.map((c) => c.body.invoiceNumber));
    expect(numbers.size).toBe(1);

    // The consumer has handled the event too (durable consumer, own processed_events row) …
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
    // … and a redelivery with another event id (the same report) finds the invoice as well.
    const data = await t.app.get(ReportSnapshotReader).signedReportEventData(a.id, reportId);
    expect(data).not.toBeNull();
    for (let i = 0; i < 2; i++) {
      await t.dataSource.transaction((m) =>
        t.app.get(ReportInvoicesService).fromEvent(m, TenantScope.forSystem(a.id), data!),
      );
    }
    const rows = await invoicesOf(a.id, reportId);
    expect(rows).toHaveLength(1);

    const invoice: InvoiceDetailDto = (await t.http().get(`/api/invoices/${rows[0]!.id}`).set(bearer(a.admin))).body;
    expect(clicks[0]!.body).toEqual({
      invoiceNumber: invoice.invoice_number,
      totalAmount: invoice.total_amount,
      invoiceId: invoice.id,
    });
    expect(invoice).toMatchObject({
      status: 'draft',
      report_id: reportId,
      service_period_start: '2026-03-02',
      service_period_end: '2026-03-08',
      customer_name: 'Bäckerei <Huber> AG',
      project_title: 'Ladenumbau',
    });
    const byType = (type: string) => invoice.items.filter((i) => i.type === type);
    // labour: the employee's hours at the company's default rate (no own rate in the report)
    expect(byType('labor')).toEqual([
      expect.objectContaining({ title: 'Arbeitszeit Emil Egger', unit: 'h', unit_price: 90 }),
    ]);
    const labour = byType('labor')[0]!;
    expect(labour.total_price).toBeCloseTo(labour.quantity * 90, 2);
    // Sunday surcharge: hours × rate × 50 %
    expect(byType('surcharge')).toEqual([
      expect.objectContaining({ title: 'Sonntagszuschlag 50 % Emil Egger', unit_price: 45 }),
    ]);
    expect(byType('material')).toEqual([
      expect.objectContaining({
        title: 'Schrauben 4x40',
        quantity: 3,
        unit: 'Pkg',
        unit_price: 12.35,
        total_price: 37.05,
      }),
    ]);
    expect(byType('expense')).toEqual([
      expect.objectContaining({ title: 'Parkhaus', quantity: 1, unit_price: 18.5, total_price: 18.5 }),
    ]);
    const subtotal = invoice.items.reduce((sum, i) => sum + Math.round(i.total_price * 100), 0) / 100;
    expect(invoice.subtotal).toBe(subtotal);
    expect(invoice.vat_rate).toBe(8.1);

    // Later clicks answer the same invoice.
    const later = await t.http().post(`/api/reports/${reportId}/create-invoice`).set(bearer(a.admin));
    expect(later.body.invoiceNumber).toBe(invoice.invoice_number);
    const created = await t.dataSource.query(
      `SELECT count(*) AS n FROM outbox_events WHERE company_id = $1 AND type = 'billing.invoice.created' AND data->>'reportId' = $2`,
      [a.id, reportId],
    );
    expect(Number(created[0].n)).toBe(1);
  }, 120_000);

  it('a company without VAT number and a rate above 0: the event makes no draft and is done, the button answers the German 400', async () => {
    const c = await createCompany(t, { settings: { vat_rate: 8.1, vat_number: null } });
    const reportId = await generateReport(c);
    const before = await t.dataSource.query(`SELECT count(*)::int AS n FROM dead_letter_events`);
    await sign(c, reportId);
    const data = await t.app.get(ReportSnapshotReader).signedReportEventData(c.id, reportId);
    // the handler ends without an error (no redelivery, no dead letter) and writes nothing
    await expect(
      t.dataSource.transaction((m) =>
        t.app.get(ReportInvoicesService).fromEvent(m, TenantScope.forSystem(c.id), data!),
      ),
    ).resolves.toBeNull();
    await eventually(
      async () =>
        (
          await t.dataSource.query(
            `SELECT 1 FROM processed_events p JOIN outbox_events o ON o.id = p.event_id
              WHERE p.consumer = 'billing-invoices-report-signed' AND o.company_id = $1`,
            [c.id],
          )
        ).length > 0
          ? true
          : undefined,
      30_000,
      'the report-signed consumer',
    );
    expect(await invoicesOf(c.id, reportId)).toEqual([]);
    expect((await t.dataSource.query(`SELECT count(*)::int AS n FROM dead_letter_events`))[0].n).toBe(before[0].n);
    const click = await t.http().post(`/api/reports/${reportId}/create-invoice`).set(bearer(c.backoffice));
    expect(click.status).toBe(400);
    expect(click.body).toMatchObject({ code: 'vat_number_missing' });
    expect(click.body.error).toMatch(/^MWST 8\.1 % ist nur mit MWST-Nummer möglich/);
    expect(await invoicesOf(c.id, reportId)).toEqual([]);
  }, 120_000);

  it('an expense entered with VAT included is invoiced at its net amount (no VAT on VAT)', async () => {
    const hotelId = randomUUID();
    const reportId = await generateReport(a, [
      {
        id: hotelId,
        user_id: randomUUID(),
        user_name: 'Emil Egger',
        category: 'accommodation',
        description: 'Hotel Bern',
        amount: 108.1,
        vat_included: true,
        vat_rate: 8.1,
        expense_date: '2026-03-04',
      },
    ]);
    const report = (await t.http().get(`/api/reports/${reportId}`).set(bearer(a.backoffice))).body;
    // the snapshot keeps the receipt as entered, with its rate
    expect(report.content.expenses).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ expense_id: hotelId, amount: 108.1, vat_included: true, vat_rate: 8.1 }),
      ]),
    );
    await sign(a, reportId);
    const data = await t.app.get(ReportSnapshotReader).signedReportEventData(a.id, reportId);
    expect(data!.expenses.find((e) => e.expenseId === hotelId)).toMatchObject({ vatIncluded: true, vatRate: 8.1 });
    const res = await t.http().post(`/api/reports/${reportId}/create-invoice`).set(bearer(a.backoffice));
    expect(res.status).toBe(200);
    const invoice: InvoiceDetailDto = (await t.http().get(`/api/invoices/${res.body.invoiceId}`).set(bearer(a.admin)))
      .body;
    // 108.10 incl. 8.1 % → 108.10 × 100 / 108.1 = 100.00 net; the invoice adds 8.1 % again: 108.10, not 116.86
    expect(invoice.items.filter((i) => i.type === 'expense')).toEqual([
      expect.objectContaining({ title: 'Parkhaus', unit_price: 18.5, total_price: 18.5 }),
      expect.objectContaining({
        title: 'Hotel Bern',
        description: 'Spesen: Unterkunft, netto (Beleg 108.10 inkl. 8.1 % MWST)',
        unit_price: 100,
        total_price: 100,
        vat_rate: 8.1,
      }),
    ]);
  }, 120_000);
});
