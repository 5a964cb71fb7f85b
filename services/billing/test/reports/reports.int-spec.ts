// Work reports (Rapporte) end to end in billing: the real API on a throw-away database, the real
// worker (Chromium, SMTP), operations' report-data answered by a stand-in responder on the real NATS.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type ReportDetailDto, type ReportDto } from '@zunft/contracts';
import { dailyQuotaUsage } from '@zunft/nest-common';
import { createHash } from 'node:crypto';
import { type RunningWorker } from '../../src/worker/index.js';
import { bearer, createCompany, outboxEvents, type Company } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import {
  decodeQuotedPrintable,
  eventually,
  mimeParts,
  pdfText,
  pdfinfoPages,
  startSmtpServer,
  startDocumentWorker,
} from '../worker/support.js';
import {
  FakeOperations,
  binary,
  emptyPng,
  heicLike,
  jpeg,
  projectFixture,
  signaturePng,
  type ProjectFixture,
} from './support.js';

let t: TestApp;
let worker: RunningWorker;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const operations = new FakeOperations();
let a: Company;
let b: Company;
let signature: string;

const PERIOD = { periodStart: '2026-03-02', periodEnd: '2026-03-08' };

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpServer();
  worker = await startDocumentWorker(t.config, smtp.url);
  await operations.start(t);
  a = await createCompany(t, { name: 'Schreinerei Holz AG', settings: { vat_number: 'CHE-123.456.789 MWST' } });
  b = await createCompany(t, { name: 'Andere GmbH' });
  signature = await signaturePng();
}, 90_000);
afterAll(async () => {
  await operations.stop();
  await worker?.close();
  await smtp?.close();
  await t?.close();
});

function project(over: Parameters<typeof projectFixture>[0] = {}): ProjectFixture {
  const p = projectFixture(over);
  operations.projects.set(p.projectId, p.data);
  return p;
}

async function generate(c: Company, p: ProjectFixture, over: Record<string, unknown> = {}): Promise<ReportDetailDto> {
  const res = await t
    .http()
    .post('/api/reports/generate')
    .set(bearer(c.backoffice))
    .send({ projectId: p.projectId, ...PERIOD, ...over });
  if (res.status !== 201) throw new Error(`generate: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function prepare(c: Company, id: string): Promise<string> {
  const res = await t.http().post(`/api/reports/${id}/prepare-signature`).set(bearer(c.admin));
  if (res.status !== 200) throw new Error(`prepare: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.signatureToken;
}

const download = (c: Company, id: string) =>
  t.http().get(`/api/reports/${id}/download`).set(bearer(c.backoffice)).buffer(true).parse(binary);

describe('POST /reports/generate', () => {
  it('stores a snapshot of the period with a number R-<year>-0001, a generated title, per-employee hours', async () => {
    const p = project();
    const res = await t
      .http()
      .post('/api/reports/generate')
      .set(bearer(a.backoffice))
      .send({ projectId: p.projectId, title: '', ...PERIOD, notes: 'Schlüssel beim Hauswart' });
    expect(res.status).toBe(201);
    const r = res.body as ReportDetailDto & { message: string };
    expect(r.report_number).toMatch(/^R-\d{4}-\d{4}$/);
    expect(r.title).toBe('Ladenumbau, 02.03.2026 – 08.03.2026');
    expect(r).toMatchObject({
      status: 'draft',
      project_id: p.projectId,
      project_title: 'Ladenumbau',
      customer_name: 'Bäckerei <Huber> AG',
      period_start: '2026-03-02',
      period_end: '2026-03-08',
      notes: 'Schlüssel beim Hauswart',
      total_hours: 10.25,
      signed_at: null,
    });
    expect(r.content.employees).toEqual([
      expect.objectContaining({
        employee_id: p.employeeId,
        employee_name: 'Emil Egger',
        hours: 10.25,
        break_minutes: 30,
        surcharges: [{ kind: 'sunday', percent: 50, hours: 2.25 }],
      }),
    ]);
    expect(r.content.employees[0]!.entries[0]).toMatchObject({ date: '2026-03-03', start: '08:00', end: '16:30' });
    expect(r.content.materials).toEqual([
      expect.objectContaining({ name: 'Schrauben 4x40', quantity: 3, unit: 'Pkg' }),
    ]);
    expect(r.content.expenses).toEqual([expect.objectContaining({ description: 'Parkhaus', amount: 18.5 })]);
    expect(r.content.is_empty).toBe(false);
    expect(operations.asked.at(-1)).toEqual({ companyId: a.id, projectId: p.projectId, ...PERIOD });

    const list = await t.http().get('/api/reports').set(bearer(a.admin));
    expect(list.status).toBe(200);
    expect((list.body as ReportDto[]).map((x) => x.id)).toContain(r.id);
    const one = await t.http().get(`/api/reports/${r.id}`).set(bearer(a.admin));
    expect(one.status).toBe(200);
    expect(one.body.content.total_hours).toBe(10.25);
  });

  it("carries each employee's hourly rate at generation (from auth.user.created/updated) into the snapshot", async () => {
    const p = project();
    await t.publish('auth.user.created', a.id, {
      userId: p.employeeId,
      email: 'emil@holz.test',
      firstName: 'Emil',
      lastName: 'Egger',
      role: 'employee',
      craftsmanCategory: null,
      hourlyRate: 85.5,
      isActive: true,
    });
    await eventually(async () => {
      const rows: unknown[] = await t.dataSource.query(`SELECT 1 FROM report_staff_rates WHERE user_id = $1`, [
        p.employeeId,
      ]);
      return rows.length === 1 ? true : undefined;
    }, 30_000);
    const r = await generate(a, p);
    expect(r.content.employees[0]!.hourly_rate).toBe(85.5);
  });

  it('a period with nothing in it still makes a report that says so', async () => {
    const p = project();
    operations.projects.set(p.projectId, (req) => ({
      ...p.data(req),
      time_entries: [],
      material_usage: [],
      expenses: [],
      excluded: { time_entries: 2, material_usage: 0, expenses: 0 },
    }));
    const r = await generate(a, p, { title: 'Leer' });
    expect(r.content.is_empty).toBe(true);
    expect(r.content.excluded.time_entries).toBe(2);
    expect((r as unknown as { message: string }).message).toContain('keine Leistungen');
  });

  it('numbers are unique per company under concurrency', async () => {
    const p = project();
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        t
          .http()
          .post('/api/reports/generate')
          .set(bearer(a.backoffice))
          .send({ projectId: p.projectId, ...PERIOD }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    const numbers = results.map((r) => r.body.report_number as string);
    expect(new Set(numbers).size).toBe(6);
    const other = await generate(b, project());
    expect(other.report_number).toMatch(/-0001$/);
  });

  it.each([
    [{ ...PERIOD }, 'Projekt ist erforderlich'],
    [{ projectId: 'nope', ...PERIOD }, 'Projekt ist erforderlich'],
    [
      { projectId: '00000000-0000-4000-8000-000000000000', periodEnd: '2026-03-08' },
      'Beginn des Zeitraums ist erforderlich',
    ],
    [
      { projectId: '00000000-0000-4000-8000-000000000000', periodStart: '2026-03-02' },
      'Ende des Zeitraums ist erforderlich',
    ],
    [
      { projectId: '00000000-0000-4000-8000-000000000000', periodStart: '2026-02-30', periodEnd: '2026-03-08' },
      'Beginn des Zeitraums ist kein gültiges Datum',
    ],
    [
      { projectId: '00000000-0000-4000-8000-000000000000', periodStart: '2026-03-08', periodEnd: '2026-03-02' },
      'Das Ende des Zeitraums darf nicht vor dessen Beginn liegen',
    ],
    [
      { projectId: '00000000-0000-4000-8000-000000000000', periodStart: '2024-01-01', periodEnd: '2026-03-02' },
      'Der Zeitraum darf höchstens 366 Tage umfassen',
    ],
    [
      { projectId: '00000000-0000-4000-8000-000000000000', ...PERIOD, title: 'x'.repeat(201) },
      'Titel ist zu lang (max. 200 Zeichen)',
    ],
  ])('German 400 for %j', async (body, message) => {
    const res = await t.http().post('/api/reports/generate').set(bearer(a.backoffice)).send(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it('unknown project 404; employees 403; operations down 503 and nothing created', async () => {
    const unknown = await t
      .http()
      .post('/api/reports/generate')
      .set(bearer(a.backoffice))
      .send({ projectId: '00000000-0000-4000-8000-000000000000', ...PERIOD });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Projekt nicht gefunden');

    const p = project();
    const forbidden = await t
      .http()
      .post('/api/reports/generate')
      .set(bearer(a.employee))
      .send({ projectId: p.projectId, ...PERIOD });
    expect(forbidden.status).toBe(403);
    for (const path of ['/api/reports', `/api/reports/${p.projectId}`]) {
      expect((await t.http().get(path).set(bearer(a.employee))).status).toBe(403);
    }

    const [{ n: before }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM reports WHERE company_id = $1`, [
      a.id,
    ]);
    await operations.stop();
    try {
      const down = await t
        .http()
        .post('/api/reports/generate')
        .set(bearer(a.backoffice))
        .send({ projectId: p.projectId, ...PERIOD });
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({
        code: 'operations_unavailable',
        error: 'Die Projektdaten können gerade nicht geladen werden. Bitte versuchen Sie es in einer Minute erneut.',
      });
    } finally {
      await operations.start(t);
    }
    const [{ n: after }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM reports WHERE company_id = $1`, [
      a.id,
    ]);
    expect(after).toBe(before);
  });
});

describe('one report: get, status, delete', () => {
  it('another company gets 404 for the report on every route', async () => {
    const r = await generate(a, project());
    const calls = [
      t.http().get(`/api/reports/${r.id}`),
      t.http().delete(`/api/reports/${r.id}`),
      t.http().put(`/api/reports/${r.id}/status`).send({ status: 'sent' }),
      t.http().get(`/api/reports/${r.id}/download`),
      t.http().get(`/api/reports/${r.id}/images`),
      t
        .http()
        .post(`/api/reports/${r.id}/images`)
        .attach('image', await jpeg(20, 20), 'a.jpg'),
      t.http().get(`/api/reports/${r.id}/signature-status`),
      t.http().post(`/api/reports/${r.id}/prepare-signature`),
      t.http().post(`/api/reports/${r.id}/send-to-customer`).send({}),
      t
        .http()
        .post(`/api/reports/${r.id}/signature`)
        .send({ signerName: 'X', signerEmail: 'x@y.ch', signatureData: signature }),
    ];
    for (const call of calls) {
      const res = await call.set(bearer(b.admin));
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Rapport nicht gefunden');
    }
  });

  it('status: draft → sent → rejected → draft; forbidden transitions 409; bad value 400', async () => {
    const r = await generate(a, project());
    const put = (status: unknown) =>
      t.http().put(`/api/reports/${r.id}/status`).set(bearer(a.backoffice)).send({ status });
    const approved = await put('approved');
    expect(approved.status).toBe(409);
    expect(approved.body.error).toBe('Statuswechsel von «Entwurf» zu «Genehmigt» ist nicht erlaubt.');
    expect((await put('signed')).status).toBe(409);
    expect((await put('sent')).body.status).toBe('sent');
    expect((await put('rejected')).body.status).toBe('rejected');
    expect((await put('draft')).body.status).toBe('draft');
    const bad = await put('done');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Ungültiger Status. Erlaubt: draft, sent, signed, approved, rejected');
    expect((await put(undefined)).status).toBe(400);
    expect(
      (await t.http().put(`/api/reports/${r.id}/status`).set(bearer(a.employee)).send({ status: 'sent' })).status,
    ).toBe(403);
  });

  it('delete: 200 and gone; employees 403', async () => {
    const r = await generate(a, project());
    expect((await t.http().delete(`/api/reports/${r.id}`).set(bearer(a.employee))).status).toBe(403);
    const res = await t.http().delete(`/api/reports/${r.id}`).set(bearer(a.backoffice));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Rapport gelöscht');
    expect((await t.http().get(`/api/reports/${r.id}`).set(bearer(a.backoffice))).status).toBe(404);
  });
});

describe('photos', () => {
  it('uploads any image recognised by content with a thumbnail; HEIC kept with a generic thumbnail; lists; deletes', async () => {
    const r = await generate(a, project());
    const up = await t
      .http()
      .post(`/api/reports/${r.id}/images`)
      .set(bearer(a.backoffice))
      .attach('image', await jpeg(), 'Baustelle Küche.txt');
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({
      filename: 'Baustelle Küche.txt',
      content_type: 'image/jpeg',
      has_thumbnail: true,
      url: `/api/reports/${r.id}/images/${up.body.id}/file`,
      thumbnail_url: `/api/reports/${r.id}/images/${up.body.id}/thumbnail`,
    });
    const thumb = await t.http().get(up.body.thumbnail_url).set(bearer(a.admin)).buffer(true).parse(binary);
    expect(thumb.status).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect((thumb.body as Buffer).length).toBeLessThan(up.body.size);
    const original = await t.http().get(up.body.url).set(bearer(a.admin)).buffer(true).parse(binary);
    expect((original.body as Buffer).equals(await jpeg())).toBe(true);

    const heic = await t
      .http()
      .post(`/api/reports/${r.id}/images`)
      .set(bearer(a.backoffice))
      .attach('image', heicLike(), 'IMG_0001.HEIC');
    expect(heic.status).toBe(201);
    expect(heic.body).toMatchObject({ content_type: 'image/heic', has_thumbnail: false });
    const generic = await t.http().get(heic.body.thumbnail_url).set(bearer(a.admin));
    expect(generic.status).toBe(200);
    expect(generic.headers['content-type']).toMatch(/^image\/svg\+xml/);

    const list = await t.http().get(`/api/reports/${r.id}/images`).set(bearer(a.admin));
    expect(list.body.map((i: { filename: string }) => i.filename)).toEqual(['Baustelle Küche.txt', 'IMG_0001.HEIC']);

    // another company: the image is not found (also with its own report id)
    const other = await generate(b, project());
    expect((await t.http().get(`/api/reports/${r.id}/images/${up.body.id}/file`).set(bearer(b.admin))).status).toBe(
      404,
    );
    const cross = await t.http().delete(`/api/reports/${other.id}/images/${up.body.id}`).set(bearer(b.admin));
    expect(cross.status).toBe(404);
    expect(cross.body.error).toBe('Bild nicht gefunden');

    expect((await t.http().delete(`/api/reports/${r.id}/images/${heic.body.id}`).set(bearer(a.employee))).status).toBe(
      403,
    );
    const del = await t.http().delete(`/api/reports/${r.id}/images/${heic.body.id}`).set(bearer(a.backoffice));
    expect(del.status).toBe(200);
    expect((await t.http().get(`/api/reports/${r.id}/images`).set(bearer(a.admin))).body).toHaveLength(1);
  });

  it('German 400: not an image (by content), too large, no file; employees 403', async () => {
    const r = await generate(a, project());
    const text = await t
      .http()
      .post(`/api/reports/${r.id}/images`)
      .set(bearer(a.backoffice))
      .attach('image', Buffer.from('kein Bild, nur Text'), 'foto.jpg');
    expect(text.status).toBe(400);
    expect(text.body.error).toBe('Die Datei ist kein Bild. Erlaubt sind Bilder wie JPG, PNG, WebP oder HEIC.');
    const big = await t
      .http()
      .post(`/api/reports/${r.id}/images`)
      .set(bearer(a.backoffice))
      .attach('image', Buffer.alloc(15 * 1024 * 1024 + 1, 1), 'gross.jpg');
    expect(big.status).toBe(400);
    expect(big.body.error).toBe('Das Bild ist zu gross (max. 15 MB).');
    const none = await t.http().post(`/api/reports/${r.id}/images`).set(bearer(a.backoffice)).field('x', '1');
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('Bitte wählen Sie ein Bild aus (Feld «image»).');
    const employee = await t
      .http()
      .post(`/api/reports/${r.id}/images`)
      .set(bearer(a.employee))
      .attach('image', await jpeg(20, 20), 'a.jpg');
    expect(employee.status).toBe(403);
  });
});

describe('signature by link', () => {
  it('prepare → page → sign: sealed PDF stored with its SHA-256, read-only afterwards, link 410, event in the outbox', async () => {
    const p = project();
    const r = await generate(a, p, { title: 'Umbau März' });
    const photo = await t
      .http()
      .post(`/api/reports/${r.id}/images`)
      .set(bearer(a.backoffice))
      .attach('image', await jpeg(), 'theke.jpg');
    expect(photo.status).toBe(201);

    const prep = await t.http().post(`/api/reports/${r.id}/prepare-signature`).set(bearer(a.backoffice));
    expect(prep.status).toBe(200);
    expect(prep.body.reportData).toEqual({
      reportNumber: r.report_number,
      projectTitle: 'Ladenumbau',
      customerName: 'Bäckerei <Huber> AG',
      customerEmail: 'hans@huber.test',
      reportDate: r.created_at.slice(0, 10),
    });
    const token = prep.body.signatureToken as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await t.dataSource.query(`SELECT token_hash FROM report_signature_tokens WHERE report_id = $1`, [
      r.id,
    ]);
    expect(stored).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);

    const page = await t.http().get(`/api/signature/${token}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      report_number: r.report_number,
      project_title: 'Ladenumbau',
      customer_name: 'Bäckerei <Huber> AG',
      period_start: '2026-03-02',
      company: { name: 'Schreinerei Holz AG' },
    });
    expect(page.body.content.total_hours).toBe(10.25);
    const img = page.body.images[0];
    expect(img.thumbnail_url).toBe(`/api/signature/${token}/images/${photo.body.id}/thumbnail`);
    expect((await t.http().get(img.thumbnail_url)).status).toBe(200);
    expect((await t.http().get(img.url)).status).toBe(200);

    const sign = await t
      .http()
      .post(`/api/signature/${token}`)
      .set('User-Agent', 'Handy-Browser/1.0')
      .send({ signerName: '  Hans Huber ', signerEmail: ' Hans@Huber.test ', signatureData: signature });
    expect(sign.status).toBe(200);
    expect(sign.body).toMatchObject({
      message: 'Vielen Dank! Der Rapport wurde unterschrieben.',
      report_number: r.report_number,
      signer_name: 'Hans Huber',
      download_url: `/api/signature/${token}/pdf`,
    });

    const status = await t.http().get(`/api/reports/${r.id}/signature-status`).set(bearer(a.backoffice));
    expect(status.body).toEqual({
      signed: true,
      sent: true,
      signed_at: sign.body.signed_at,
      sent_at: null,
      signer_name: 'Hans Huber',
    });
    const [row] = await t.dataSource.query(
      `SELECT status, signer_email, signer_user_agent, signer_ip, pdf_sha256, seal_sha256 FROM reports WHERE id = $1`,
      [r.id],
    );
    expect(row).toMatchObject({
      status: 'signed',
      signer_email: 'hans@huber.test',
      signer_user_agent: 'Handy-Browser/1.0',
    });
    expect(row.signer_ip).toBeTruthy();

    // the download is exactly the sealed bytes, every time
    const first = await download(a, r.id);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toBe(`attachment; filename="Rapport-${r.report_number}.pdf"`);
    const pdf = first.body as Buffer;
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(row.pdf_sha256);
    expect(sign.body.pdf_sha256).toBe(row.pdf_sha256);
    expect(((await download(a, r.id)).body as Buffer).equals(pdf)).toBe(true);
    const publicPdf = await t.http().get(`/api/signature/${token}/pdf`).buffer(true).parse(binary);
    expect((publicPdf.body as Buffer).equals(pdf)).toBe(true);

    const text = await pdfText(pdf);
    expect(text).toContain(r.report_number);
    expect(text).toContain('Emil Egger');
    expect(text).toContain('10.25');
    expect(text).toContain('8.00');
    expect(text).toContain('Hans Huber');
    expect(text).toContain('Bäckerei <Huber> AG');
    expect(text).toContain('CHE-123.456.789 MWST');
    expect(text).toContain('theke.jpg');
    expect(text).toContain(row.seal_sha256.slice(0, 16));
    expect(await pdfinfoPages(pdf)).toBeGreaterThanOrEqual(1);

    // read-only
    const upload = await t
      .http()
      .post(`/api/reports/${r.id}/images`)
      .set(bearer(a.backoffice))
      .attach('image', await jpeg(20, 20), 'spät.jpg');
    expect(upload.status).toBe(409);
    expect(upload.body.error).toBe('Der Rapport ist unterschrieben und kann nicht mehr geändert werden.');
    expect(
      (await t.http().delete(`/api/reports/${r.id}/images/${photo.body.id}`).set(bearer(a.backoffice))).status,
    ).toBe(409);
    expect((await t.http().delete(`/api/reports/${r.id}`).set(bearer(a.backoffice))).status).toBe(409);
    expect((await t.http().post(`/api/reports/${r.id}/prepare-signature`).set(bearer(a.backoffice))).status).toBe(409);

    // the link is used up
    const again = await t.http().get(`/api/signature/${token}`);
    expect(again.status).toBe(410);
    expect(again.body.error).toBe('Dieser Link ist abgelaufen.');
    const twice = await t
      .http()
      .post(`/api/signature/${token}`)
      .send({ signerName: 'Hans', signerEmail: 'h@h.ch', signatureData: signature });
    expect(twice.status).toBe(410);
    expect((await t.http().get(img.thumbnail_url)).status).toBe(410);

    const events = (await outboxEvents(t, a.id)).filter((e) => e.type === 'billing.report.signed');
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({
      reportId: r.id,
      reportNumber: r.report_number,
      companyId: a.id,
      projectId: p.projectId,
      projectName: 'Ladenumbau',
      customer: { name: 'Bäckerei <Huber> AG', email: 'hans@huber.test', language: 'de' },
      language: 'de',
      periodStart: '2026-03-02',
      periodEnd: '2026-03-08',
      signerName: 'Hans Huber',
      labour: [
        {
          employeeId: p.employeeId,
          employeeName: 'Emil Egger',
          hours: 10.25,
          breakMinutes: 30,
          hourlyRate: null,
          surcharges: [{ kind: 'sunday', percent: 50, hours: 2.25 }],
        },
      ],
      materials: [{ name: 'Schrauben 4x40', unit: 'Pkg', quantity: 3, unitPrice: 12.35 }],
      expenses: [
        { expenseId: p.expenseId, description: 'Parkhaus', category: 'transport', amount: 18.5, date: '2026-03-03' },
      ],
      timeEntryIds: expect.arrayContaining([p.timeEntryId]),
      materialUsageIds: [p.usageId],
      expenseIds: [p.expenseId],
    });

    // approved from signed; then still read-only
    const approve = await t.http().put(`/api/reports/${r.id}/status`).set(bearer(a.admin)).send({ status: 'approved' });
    expect(approve.body.status).toBe('approved');
    expect((await t.http().delete(`/api/reports/${r.id}`).set(bearer(a.backoffice))).status).toBe(409);
    expect(((await download(a, r.id)).body as Buffer).equals(pdf)).toBe(true);
  }, 120_000);

  it('unknown link 404, expired 410; signature validation in German (nothing signed by a failed attempt)', async () => {
    const r = await generate(a, project());
    const unknown = await t.http().get(`/api/signature/${'x'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Rapport nicht gefunden oder Link abgelaufen.');
    expect((await t.http().get('/api/signature/kurz')).status).toBe(404);
    expect(
      (
        await t
          .http()
          .post(`/api/signature/${'y'.repeat(43)}`)
          .send({ signerName: 'A', signerEmail: 'a@b.ch', signatureData: signature })
      ).status,
    ).toBe(404);

    const token = await prepare(a, r.id);
    const post = (body: Record<string, unknown>) => t.http().post(`/api/signature/${token}`).send(body);
    const cases: [Record<string, unknown>, string][] = [
      [{ signerEmail: 'a@b.ch', signatureData: signature }, 'Bitte geben Sie Ihren Namen ein.'],
      [{ signerName: '   ', signerEmail: 'a@b.ch', signatureData: signature }, 'Bitte geben Sie Ihren Namen ein.'],
      [{ signerName: 'A', signatureData: signature }, 'Bitte geben Sie Ihre E-Mail-Adresse ein.'],
      [
        { signerName: 'A', signerEmail: 'kein-mail', signatureData: signature },
        'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
      ],
      [{ signerName: 'A', signerEmail: 'a@b.ch' }, 'Bitte unterschreiben Sie im Feld oben.'],
      [
        { signerName: 'A', signerEmail: 'a@b.ch', signatureData: 'data:image/jpeg;base64,AAAA' },
        'Die Unterschrift muss ein PNG-Bild sein.',
      ],
      [
        {
          signerName: 'A',
          signerEmail: 'a@b.ch',
          signatureData: 'data:image/png;base64,' + Buffer.from('no png').toString('base64'),
        },
        'Die Unterschrift muss ein PNG-Bild sein.',
      ],
      [
        { signerName: 'A', signerEmail: 'a@b.ch', signatureData: await emptyPng() },
        'Die Unterschrift ist leer. Bitte unterschreiben Sie im Feld oben.',
      ],
      [
        {
          signerName: 'A',
          signerEmail: 'a@b.ch',
          signatureData: 'data:image/png;base64,' + Buffer.alloc(1024 * 1024 + 10).toString('base64'),
        },
        'Die Unterschrift ist zu gross (max. 1 MB).',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 400, error: message });
    }
    // nothing was signed by the failed attempts
    expect((await t.http().get(`/api/signature/${token}`)).status).toBe(200);

    await t.dataSource.query(
      `UPDATE report_signature_tokens SET expires_at = now() - interval '1 second' WHERE report_id = $1`,
      [r.id],
    );
    const expired = await t.http().get(`/api/signature/${token}`);
    expect(expired.status).toBe(410);
    expect(expired.body.error).toBe('Dieser Link ist abgelaufen.');
    expect((await post({ signerName: 'A', signerEmail: 'a@b.ch', signatureData: signature })).status).toBe(410);
  });

  it('send-to-customer mails the link and the PDF in the customer language and marks the report sent', async () => {
    const p = project({ language: 'fr' });
    const r = await generate(a, p);
    const before = smtp.received.length;
    const res = await t.http().post(`/api/reports/${r.id}/send-to-customer`).set(bearer(a.backoffice)).send({});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sent_to: 'hans@huber.test', report: { status: 'sent' } });
    const mail = await eventually(() => smtp.received[before], 30_000, 'report mail');
    expect(mail.to).toEqual(['hans@huber.test']);
    const parts = mimeParts(mail.raw);
    const body = parts.map((x) => decodeQuotedPrintable(x.body)).join('\n');
    expect(body).toContain('Veuillez vérifier les prestations');
    const link = body.match(/http:\/\/zunft\.test\/signature\/([A-Za-z0-9_-]{43})/);
    expect(link).not.toBeNull();
    expect(parts.some((x) => /application\/pdf/.test(x.headers) && /Rapport-R-/.test(x.headers))).toBe(true);
    const page = await t.http().get(`/api/signature/${link![1]}`);
    expect(page.status).toBe(200);
    const status = await t.http().get(`/api/reports/${r.id}/signature-status`).set(bearer(a.backoffice));
    expect(status.body).toMatchObject({ signed: false, sent: true, signer_name: null });

    const noMail = await generate(a, project({ customerEmail: null }));
    const missing = await t
      .http()
      .post(`/api/reports/${noMail.id}/send-to-customer`)
      .set(bearer(a.backoffice))
      .send({});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe(
      'Der Kunde hat keine E-Mail-Adresse. Bitte ergänzen Sie sie beim Kunden oder geben Sie eine Adresse an.',
    );
    const badMail = await t
      .http()
      .post(`/api/reports/${noMail.id}/send-to-customer`)
      .set(bearer(a.backoffice))
      .send({ email: 'kaputt' });
    expect(badMail.status).toBe(400);
    expect(badMail.body.error).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    expect((await t.http().post(`/api/reports/${r.id}/send-to-customer`).set(bearer(a.employee)).send({})).status).toBe(
      403,
    );
  }, 90_000);
});

describe('report PDF', () => {
  it('a long report runs over several pages (page count and "Seite x von y"); unsigned it says so', async () => {
    const p = project();
    operations.projects.set(p.projectId, (req) => {
      const data = p.data(req);
      const template = data.time_entries[0]!;
      const entries = Array.from({ length: 60 }, (_, i) => ({
        ...template,
        id: `${template.id.slice(0, 24)}${String(i).padStart(12, '0')}`,
        description: `Arbeitsschritt ${i + 1}`,
      }));
      return { ...data, time_entries: entries };
    });
    const r = await generate(a, p);
    expect(r.content.employees[0]!.entries).toHaveLength(60);
    const res = await download(a, r.id);
    expect(res.status).toBe(200);
    const pdf = res.body as Buffer;
    const pages = await pdfinfoPages(pdf);
    expect(pages).toBeGreaterThanOrEqual(2);
    const text = await pdfText(pdf);
    expect(text).toContain(`Seite ${pages} von ${pages}`);
    expect(text).toContain('Arbeitsschritt 60');
    expect(text).toContain('Noch nicht unterschrieben');
    expect(text).toContain('Total Stunden: 480.00');
  }, 60_000);
});

describe('signature on the device', () => {
  it('POST /reports/:id/signature signs with the same body; a second signature 409; employees 403', async () => {
    const r = await generate(a, project());
    const body = { signerName: 'Vreni Vogt', signerEmail: 'vreni@kunde.test', signatureData: signature };
    expect((await t.http().post(`/api/reports/${r.id}/signature`).set(bearer(a.employee)).send(body)).status).toBe(403);
    const bad = await t
      .http()
      .post(`/api/reports/${r.id}/signature`)
      .set(bearer(a.backoffice))
      .send({ ...body, signerName: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Bitte geben Sie Ihren Namen ein.');
    const storedBefore = (await dailyQuotaUsage(t.dataSource.manager, a.id)).storage_bytes;
    const res = await t.http().post(`/api/reports/${r.id}/signature`).set(bearer(a.backoffice)).send(body);
    expect(res.status).toBe(200);
    expect(res.body.download_url).toBe(`/api/reports/${r.id}/download`);
    // issue 25: the signature PNG and its sealed PDF count against the day's storage, byte for byte
    const [stored] = (await t.dataSource.query(
      `SELECT sum(size)::int AS bytes FROM stored_files WHERE key IN ($1, $2)`,
      [`${a.id}/reports/${r.id}/signature.png`, `${a.id}/reports/${r.id}/signed.pdf`],
    )) as { bytes: number }[];
    expect(stored!.bytes).toBeGreaterThan(1000);
    expect((await dailyQuotaUsage(t.dataSource.manager, a.id)).storage_bytes - storedBefore).toBe(stored!.bytes);
    const again = await t.http().post(`/api/reports/${r.id}/signature`).set(bearer(a.backoffice)).send(body);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Der Rapport wurde bereits unterschrieben.');
    const text = await pdfText((await download(a, r.id)).body as Buffer);
    expect(text).toContain('Vreni Vogt');
  }, 60_000);
});

describe('deleted user (part 2 §4)', () => {
  it('anonymises the user in reports and counts them for dependencies_updated', async () => {
    const p = project();
    const r = await generate(a, p);
    const ask = await import('@zunft/nest-common');
    const { connect } = await import('@nats-io/transport-node');
    const { billingUserDependenciesSchema } = await import('@zunft/contracts');
    const nc = await connect({ servers: t.config.natsUrl });
    try {
      const count = await ask.requestReply(
        nc,
        `${t.config.natsStream}.rpc.billing.user-dependencies`,
        { companyId: a.id, userId: p.employeeId },
        billingUserDependenciesSchema,
        { timeoutMs: 10_000, requestId: null },
      );
      expect(count.reports).toBeGreaterThanOrEqual(1);
      const none = await ask.requestReply(
        nc,
        `${t.config.natsStream}.rpc.billing.user-dependencies`,
        { companyId: b.id, userId: p.employeeId },
        billingUserDependenciesSchema,
        { timeoutMs: 10_000, requestId: null },
      );
      expect(none.reports).toBe(0);
    } finally {
      await nc.close();
    }
    await t.publish('auth.user.deleted', a.id, { userId: p.employeeId, anonymizedName: 'Gelöschter Benutzer' });
    const anonymised = await eventually(async () => {
      const res = await t.http().get(`/api/reports/${r.id}`).set(bearer(a.admin));
      return res.body.content.employees[0].employee_name === 'Gelöschter Benutzer' ? res.body : undefined;
    }, 30_000);
    expect(anonymised.content.materials[0].employee_name).toBe('Gelöschter Benutzer');
    expect(JSON.stringify(anonymised.content)).not.toContain('Emil Egger');
  }, 60_000);

  it('leaves a signed (sealed) report byte-identical: content, its row and its sealed PDF hash the same (issue 26)', async () => {
    const p = project();
    const r = await generate(a, p);
    const body = { signerName: 'Vreni Vogt', signerEmail: 'vreni@kunde.test', signatureData: signature };
    expect((await t.http().post(`/api/reports/${r.id}/signature`).set(bearer(a.backoffice)).send(body)).status).toBe(
      200,
    );
    const sealed = async () => {
      const [row] = await t.dataSource.query(
        `SELECT md5(r.content::text) AS content, r.created_by, r.seal_sha256, encode(sha256(f.data), 'hex') AS pdf
           FROM reports r JOIN stored_files f ON f.key = r.signed_pdf_key WHERE r.id = $1`,
        [r.id],
      );
      return row;
    };
    const before = await sealed();
    expect(before.pdf).toMatch(/^[0-9a-f]{64}$/);
    const eventId = await t.publish('auth.user.deleted', a.id, {
      userId: p.employeeId,
      anonymizedName: 'Gelöschter Benutzer',
    });
    await eventually(async () => {
      const done = await t.dataSource.query(
        `SELECT 1 FROM processed_events WHERE consumer = 'billing-reports-user-deleted' AND event_id = $1`,
        [eventId],
      );
      return done.length > 0 ? true : undefined;
    }, 30_000);
    // the signed report is not touched
    expect(await sealed()).toEqual(before);
  }, 60_000);
});
