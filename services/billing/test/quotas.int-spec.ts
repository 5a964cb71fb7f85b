// Daily quotas per company in billing (issue 25): PDF renders (German 429 with Retry-After) and
// uploaded photo bytes (German 413), counted in PostgreSQL per company and day. No worker runs:
// the quota answers before a job is queued, and a render no worker takes is given back.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type ReportDetailDto } from '@zunft/contracts';
import { dailyQuotaUsage } from '@zunft/nest-common';
import { CompanyQuotas } from '../src/quotas/index.js';
import { bearer, createCompany, type Company } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { FakeOperations, jpeg, projectFixture, signaturePng } from './reports/support.js';

let t: TestApp;
const operations = new FakeOperations();
let a: Company;
let b: Company;
const MB = 1024 * 1024;
const PERIOD = { periodStart: '2026-03-02', periodEnd: '2026-03-08' };

beforeAll(async () => {
  // a short wait for the (absent) worker: the test only needs to see that nobody rendered
  t = await createTestApp({ pdfTimeoutMs: 500 });
  await operations.start(t);
  a = await createCompany(t, { name: 'Schreinerei Test AG' });
  b = await createCompany(t, { name: 'Andere GmbH' });
  await t.dataSource.query(`UPDATE companies SET subscription_status = 'trial' WHERE id = ANY($1::uuid[])`, [
    [a.id, b.id],
  ]);
}, 60_000);
afterAll(async () => {
  await operations.stop();
  await t?.close();
});

async function report(c: Company): Promise<ReportDetailDto> {
  const p = projectFixture();
  operations.projects.set(p.projectId, p.data);
  const res = await t
    .http()
    .post('/api/reports/generate')
    .set(bearer(c.backoffice))
    .send({ projectId: p.projectId, ...PERIOD });
  if (res.status !== 201) throw new Error(`generate: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const usage = (c: Company) => dailyQuotaUsage(t.dataSource.manager, c.id);
const setUsage = (c: Company, kind: 'pdf_renders' | 'storage_bytes', used: number) =>
  t.dataSource.query(
    `INSERT INTO daily_quota_usage (company_id, day, kind, used)
     VALUES ($1, (now() AT TIME ZONE 'Europe/Zurich')::date, $2, $3)
     ON CONFLICT (company_id, day, kind) DO UPDATE SET used = EXCLUDED.used`,
    [c.id, kind, used],
  );

describe('daily quotas (billing)', () => {
  it('tiers: trial, suspended and cancelled get the trial limits; active and never-copied statuses the paid ones', async () => {
    const quotas = t.app.get(CompanyQuotas);
    const tierOf = async (status: string | null) => {
      const c = await createCompany(t);
      await t.dataSource.query(`UPDATE companies SET subscription_status = $2 WHERE id = $1`, [c.id, status]);
      return quotas.tier(t.dataSource.manager, c.id);
    };
    expect(await tierOf('trial')).toBe('trial');
    expect(await tierOf('suspended')).toBe('trial');
    expect(await tierOf('cancelled')).toBe('trial');
    expect(await tierOf('active')).toBe('paid');
    expect(await tierOf(null)).toBe('paid');
    expect(quotas.limits.trial).toEqual({ pdf_renders: 100, storage_bytes: 100 * MB });
  });

  it('PDF renders: the 101st of a trial’s day → German 429 with Retry-After; another company is not held back', async () => {
    const ra = await report(a);
    await setUsage(a, 'pdf_renders', 100);
    const refused = await t.http().get(`/api/reports/${ra.id}/download`).set(bearer(a.backoffice));
    expect([refused.status, refused.body.code, refused.body.error]).toEqual([
      429,
      'pdf_render_quota_exceeded',
      'Tageslimit erreicht: Ihr Konto kann heute höchstens 100 PDF-Dokumente erstellen. Ab Mitternacht ist es wieder möglich.',
    ]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const italian = await t
      .http()
      .get(`/api/reports/${ra.id}/download`)
      .set(bearer(a.backoffice))
      .set('accept-language', 'it');
    expect(italian.body.error).toMatch(
      /^Limite giornaliero raggiunto: il suo account può creare al massimo 100 documenti PDF/,
    );
    expect((await usage(a)).pdf_renders).toBe(100);

    // b is not held back by a's count: its render is queued (no worker here: 503), and given back
    const rb = await report(b);
    const other = await t.http().get(`/api/reports/${rb.id}/download`).set(bearer(b.backoffice));
    expect(other.status).toBe(503);
    expect((await usage(b)).pdf_renders).toBe(0);
  });

  it('uploads: each photo’s stored bytes count; one beyond the day’s 100 MB → German 413, nothing stored; b unaffected', async () => {
    const ra = await report(a);
    const upload = (c: Company, id: string, lang = 'de') =>
      t
        .http()
        .post(`/api/reports/${id}/images`)
        .set(bearer(c.backoffice))
        .set('accept-language', lang)
        .attach('image', photo, 'baustelle.jpg');
    const photo = await jpeg(800, 600);
    const first = await upload(a, ra.id);
    expect(first.status).toBe(201);
    // exactly the bytes stored for it: original, thumbnail and print version
    const [stored] = (await t.dataSource.query(`SELECT sum(size)::int AS bytes FROM stored_files WHERE key LIKE $1`, [
      `${a.id}/reports/${ra.id}/%`,
    ])) as { bytes: number }[];
    expect(stored!.bytes).toBeGreaterThan(photo.length);
    expect((await usage(a)).storage_bytes).toBe(stored!.bytes);

    await setUsage(a, 'storage_bytes', 100 * MB - 100);
    const refused = await upload(a, ra.id);
    expect([refused.status, refused.body.code, refused.body.error]).toEqual([
      413,
      'storage_quota_exceeded',
      'Tageslimit für Uploads erreicht: Ihr Konto kann pro Tag höchstens 100 MB an Dateien hochladen. Ab Mitternacht ist es wieder möglich.',
    ]);
    expect((await upload(a, ra.id, 'fr')).body.error).toMatch(/^Limite journalière de téléversement atteinte/);
    expect((await usage(a)).storage_bytes).toBe(100 * MB - 100);
    const images = await t.http().get(`/api/reports/${ra.id}/images`).set(bearer(a.backoffice));
    expect(images.body).toHaveLength(1);

    const rb = await report(b);
    expect((await upload(b, rb.id)).status).toBe(201);
  });

  it('signatures: beyond the day’s storage → German 413 before any render, nothing signed or counted', async () => {
    const ra = await report(a);
    await setUsage(a, 'storage_bytes', 100 * MB - 100);
    const body = { signerName: 'Vreni Vogt', signerEmail: 'vreni@kunde.test', signatureData: await signaturePng() };
    const refused = await t.http().post(`/api/reports/${ra.id}/signature`).set(bearer(a.backoffice)).send(body);
    // 413, not the 503 of the absent worker: the quota answers before the render is queued
    expect([refused.status, refused.body.code]).toEqual([413, 'storage_quota_exceeded']);
    expect(refused.body.error).toMatch(/^Tageslimit für Uploads erreicht/);
    expect((await usage(a)).storage_bytes).toBe(100 * MB - 100);
    const after = await t.http().get(`/api/reports/${ra.id}`).set(bearer(a.backoffice));
    expect([after.status, after.body.status, after.body.signed_at ?? null]).toEqual([200, ra.status, null]);
  });

  it('open-items PDF (pdfkit): each one counts as a render; the 101st of a trial’s day → German 429; CSV does not count', async () => {
    const c = await createCompany(t, { name: 'Offene Posten GmbH' });
    await t.dataSource.query(`UPDATE companies SET subscription_status = 'trial' WHERE id = $1`, [c.id]);
    const get = (format: string) =>
      t.http().get('/api/invoices/open-items').query({ format }).set(bearer(c.admin)).buffer(true);
    const ok = await get('pdf');
    expect(ok.status).toBe(200);
    expect(ok.headers['content-type']).toBe('application/pdf');
    expect((await usage(c)).pdf_renders).toBe(1);
    expect((await get('csv')).status).toBe(200);
    expect((await usage(c)).pdf_renders).toBe(1);
    await setUsage(c, 'pdf_renders', 100);
    const refused = await get('pdf');
    expect([refused.status, refused.body.code]).toEqual([429, 'pdf_render_quota_exceeded']);
    expect(refused.body.error).toMatch(/höchstens 100 PDF-Dokumente/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await usage(c)).pdf_renders).toBe(100);
  });
});
