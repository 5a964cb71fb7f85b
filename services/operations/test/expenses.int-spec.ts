import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EXPENSE_MESSAGES, type ExpenseDto, type ExpenseStatsResponse } from '@zunft/contracts';
import { zeroPng } from '@zunft/nest-common/testing';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { TenantScope } from '@zunft/nest-common';
import { DirectoryRepository } from '../src/directory/directory.repository.js';
import { ReportDataRepository } from '../src/report-data/report-data.repository.js';
import {
  appWithTwoCompanies,
  bearer,
  createCompany,
  createProject,
  outboxTypes,
  type Company,
  type Member,
} from './support/factories.js';
import { idempotencyChecks } from './support/idempotency.js';
import type { TestApp } from './support/test-app.js';

let t: TestApp, a: Company, b: Company;
beforeAll(async () => ({ t, a, b } = await appWithTwoCompanies()));
afterAll(() => t?.close());

// Small real images of the allowed types (photos are decoded and re-encoded, issue 25) and a PDF.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#808080' } })
  .jpeg()
  .toBuffer();
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');

const FORM = {
  category: 'transport',
  description: 'Zugticket Bern–Zürich',
  amount: '42.50',
  expenseDate: '2026-03-14',
};

type Fields = Record<string, string>;
interface Upload {
  data: Buffer;
  filename: string;
  contentType?: string;
}

/** A multipart request as the screen sends it (fields as strings, optional file `receipt`). */
function multipart(method: 'post' | 'put', url: string, by: Member, fields: Fields, file?: Upload) {
  let req = t.http()[method](url).set(bearer(by));
  for (const [key, value] of Object.entries(fields)) req = req.field(key, value);
  if (file) req = req.attach('receipt', file.data, { filename: file.filename, contentType: file.contentType });
  return req;
}

async function createExpense(by: Member, fields: Fields = {}, file?: Upload): Promise<ExpenseDto> {
  const res = await multipart('post', '/api/expenses', by, { ...FORM, ...fields }, file);
  if (res.status !== 201) throw new Error(`createExpense: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** supertest buffers binary answers into `body` only with a parser; this keeps the exact bytes. */
const binary = (
  res: { on: (e: string, cb: (chunk?: Buffer) => void) => void },
  done: (e: Error | null, b?: Buffer) => void,
) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk?: Buffer) => chunks.push(chunk!));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

const download = (by: Member, id: string) =>
  t.http().get(`/api/expenses/${id}/receipt`).set(bearer(by)).buffer(true).parse(binary);

describe('expenses', () => {
  it('an employee claims an expense with a receipt (multipart); the list row has the spec fields; event and activity', async () => {
    const c = await createCompany(t);
    const p = await createProject(t, c.admin, { title: 'Badsanierung Meier' }, [c.employee]);
    const res = await multipart(
      'post',
      '/api/expenses',
      c.employee,
      { ...FORM, projectId: p.id },
      { data: PDF, filename: 'quittung.pdf', contentType: 'application/pdf' },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      category: 'transport',
      description: 'Zugticket Bern–Zürich',
      amount: 42.5,
      expense_date: '2026-03-14',
      status: 'pending',
      project_id: p.id,
      project_title: 'Badsanierung Meier',
      receipt_path: `/api/expenses/${res.body.id}/receipt`,
      receipt_filename: 'quittung.pdf',
      user_id: c.employee.id,
      first_name: 'Emil',
      last_name: c.employee.name.split(' ')[1],
      rejection_reason: null,
    });
    expect(typeof res.body.created_at).toBe('string');

    const list = await t.http().get('/api/expenses').set(bearer(c.employee));
    expect(list.status).toBe(200);
    expect(list.body).toEqual([res.body]);
    expect((await t.http().get(`/api/expenses/${res.body.id}`).set(bearer(c.admin))).body).toEqual(res.body);

    const events = await t.dataSource.query(
      `SELECT type, actor_id, data FROM outbox_events WHERE company_id = $1 AND type LIKE 'operations.expense.%'`,
      [c.id],
    );
    expect(events).toEqual([
      {
        type: 'operations.expense.created',
        actor_id: c.employee.id,
        data: {
          expenseId: res.body.id,
          userId: c.employee.id,
          projectId: p.id,
          category: 'transport',
          description: 'Zugticket Bern–Zürich',
          amount: 42.5,
          vatIncluded: false,
          vatRate: null,
          expenseDate: '2026-03-14',
          status: 'pending',
          hasReceipt: true,
        },
      },
    ]);
    const activity = await t.dataSource.query(
      `SELECT description, user_id FROM activities WHERE company_id = $1 AND entity_id = $2`,
      [c.id, res.body.id],
    );
    expect(activity).toEqual([
      { description: 'Spese erfasst: CHF 42.50 «Zugticket Bern–Zürich» (Transport)', user_id: c.employee.id },
    ]);
  });

  it('JSON without a receipt and without a project works too; every category of the spec is accepted', async () => {
    const c = await createCompany(t);
    const json = await t.http().post('/api/expenses').set(bearer(c.admin)).send({
      category: 'meals',
      description: 'Mittagessen Baustelle',
      amount: 18.9,
      expenseDate: '2026-03-01',
      projectId: null,
    });
    expect(json.status).toBe(201);
    expect(json.body).toMatchObject({ project_id: null, project_title: null, receipt_path: null, amount: 18.9 });
    for (const category of ['transport', 'meals', 'accommodation', 'materials', 'office', 'communication', 'other']) {
      expect((await createExpense(c.employee, { category, projectId: '' })).category).toBe(category);
    }
  });

  it('400 with German messages (fields, amount, date, file type by content, size)', async () => {
    const cases: Array<[Fields, string]> = [
      [{ category: '' }, 'Kategorie ist erforderlich'],
      [
        { category: 'fuel' },
        'Ungültige Kategorie. Erlaubt: transport, meals, accommodation, materials, office, communication, other',
      ],
      [{ description: '  ' }, 'Beschreibung ist erforderlich'],
      [{ amount: '' }, 'Betrag ist erforderlich'],
      [{ amount: '0' }, 'Der Betrag muss mindestens CHF 0.01 sein'],
      [{ amount: '-5' }, 'Der Betrag muss mindestens CHF 0.01 sein'],
      [{ amount: 'zehn' }, 'Betrag muss eine Zahl sein'],
      [{ amount: '1.005' }, 'Betrag: höchstens zwei Nachkommastellen'],
      [{ expenseDate: '' }, 'Datum ist erforderlich'],
      [{ expenseDate: '14.03.2026' }, 'Datum muss im Format JJJJ-MM-TT sein'],
      [{ expenseDate: '2026-02-30' }, 'Datum ist kein gültiges Datum'],
      [{ projectId: 'abc' }, 'Ungültige Projekt-ID'],
    ];
    for (const [fields, error] of cases) {
      const res = await multipart('post', '/api/expenses', a.employee, { ...FORM, ...fields });
      expect({ fields, status: res.status, error: res.body.error }).toEqual({ fields, status: 400, error });
    }
    const empty = await t.http().post('/api/expenses').set(bearer(a.employee)).send({});
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('Kategorie ist erforderlich');

    // A text file named .png with an image content type is refused: the content decides.
    const text = await multipart('post', '/api/expenses', a.employee, FORM, {
      data: Buffer.from('nur Text, kein Beleg'),
      filename: 'beleg.png',
      contentType: 'image/png',
    });
    expect(text.status).toBe(400);
    expect(text.body.error).toBe(EXPENSE_MESSAGES.receiptBadType);
    const gif = await multipart('post', '/api/expenses', a.employee, FORM, {
      data: Buffer.from('GIF89a....'),
      filename: 'beleg.jpg',
      contentType: 'image/jpeg',
    });
    expect(gif.body.error).toBe(EXPENSE_MESSAGES.receiptBadType);

    const huge = await multipart('post', '/api/expenses', a.employee, FORM, {
      data: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]),
      filename: 'gross.pdf',
      contentType: 'application/pdf',
    });
    expect(huge.status).toBe(413); // the same status as an oversized logo
    expect(huge.body.error).toBe('Der Beleg ist zu gross. Maximale Grösse: 10 MB');

    const wrongField = await t
      .http()
      .post('/api/expenses')
      .set(bearer(a.employee))
      .field(FORM)
      .attach('datei', PDF, 'beleg.pdf');
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.error).toBe(EXPENSE_MESSAGES.receiptInvalidUpload);

    // Image bomb (issue 25): an 8000×8000 PNG of 62 KB is refused by its header, before decoding.
    const bomb = await multipart('post', '/api/expenses', a.employee, FORM, {
      data: zeroPng(8000, 8000),
      filename: 'beleg.png',
      contentType: 'image/png',
    });
    expect({ status: bomb.status, code: bomb.body.code, error: bomb.body.error }).toEqual({
      status: 400,
      code: 'image_too_many_pixels',
      error: 'Das Bild hat zu viele Pixel (höchstens 40 Megapixel).',
    });
    // A "PNG" that only has the magic bytes does not decode: refused like any wrong type.
    const fake = await multipart('post', '/api/expenses', a.employee, FORM, {
      data: Buffer.concat([PNG.subarray(0, 8), Buffer.from('IHDR-rest-of-a-png-file')]),
      filename: 'beleg.png',
      contentType: 'image/png',
    });
    expect(fake.body.error).toBe(EXPENSE_MESSAGES.receiptBadType);

    // Nothing of the refused requests was stored.
    expect((await t.http().get('/api/expenses').set(bearer(a.employee))).body).toEqual([]);
    const bad = await t.http().get('/api/expenses').query({ status: 'offen' }).set(bearer(a.admin));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Ungültiger Status. Erlaubt: pending, approved, rejected');
  });

  it('receipt round trip: the stored (re-encoded) photo comes back with type and download name; 404 without one', async () => {
    const c = await createCompany(t);
    const withPng = await createExpense(c.employee, { expenseDate: '2026-04-02' }, { data: PNG, filename: 'foto.png' });
    const res = await download(c.employee, withPng.id);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe('attachment; filename="beleg-2026-04-02.png"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const meta = await sharp(res.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1, 1]);
    // The office downloads the same bytes.
    expect(Buffer.compare((await download(c.backoffice, withPng.id)).body as Buffer, res.body as Buffer)).toBe(0);

    // A JPEG named .pdf is stored as what it is.
    const jpeg = await createExpense(
      c.employee,
      {},
      { data: JPEG, filename: 'scan.pdf', contentType: 'application/pdf' },
    );
    const jpegRes = await download(c.employee, jpeg.id);
    expect(jpegRes.headers['content-type']).toBe('image/jpeg');
    expect(jpegRes.headers['content-disposition']).toBe('attachment; filename="beleg-2026-03-14.jpg"');

    const without = await createExpense(c.employee);
    const none = await t.http().get(`/api/expenses/${without.id}/receipt`).set(bearer(c.employee));
    expect(none.status).toBe(404);
    expect(none.body.error).toBe('Kein Beleg vorhanden');
  });

  it('update: fields change, a new receipt replaces the old, removeReceipt drops it, no field keeps it', async () => {
    const c = await createCompany(t);
    const p = await createProject(t, c.admin, {}, [c.employee]);
    const e = await createExpense(c.employee, { projectId: p.id }, { data: PNG, filename: 'alt.png' });

    const keep = await multipart('put', `/api/expenses/${e.id}`, c.employee, {
      ...FORM,
      category: 'accommodation',
      description: 'Hotel Luzern',
      amount: '120.00',
      expenseDate: '2026-03-20',
    });
    expect(keep.status).toBe(200);
    expect(keep.body).toMatchObject({
      category: 'accommodation',
      description: 'Hotel Luzern',
      amount: 120,
      expense_date: '2026-03-20',
      project_id: p.id,
      receipt_filename: 'alt.png',
    });

    const replaced = await multipart(
      'put',
      `/api/expenses/${e.id}`,
      c.employee,
      { ...FORM, projectId: '' },
      {
        data: PDF,
        filename: 'neu.pdf',
      },
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ project_id: null, receipt_filename: 'neu.pdf' });
    expect(Buffer.compare((await download(c.employee, e.id)).body as Buffer, PDF)).toBe(0);

    const badFile = await multipart('put', `/api/expenses/${e.id}`, c.employee, FORM, {
      data: Buffer.from('<html>'),
      filename: 'x.pdf',
    });
    expect(badFile.status).toBe(400);
    expect(badFile.body.error).toBe(EXPENSE_MESSAGES.receiptBadType);

    const removed = await multipart('put', `/api/expenses/${e.id}`, c.employee, { ...FORM, removeReceipt: 'true' });
    expect(removed.body).toMatchObject({ receipt_path: null, receipt_filename: null });
    expect((await t.http().get(`/api/expenses/${e.id}/receipt`).set(bearer(c.employee))).status).toBe(404);
    const rows = await t.dataSource.query(`SELECT count(*)::int AS n FROM expense_receipts WHERE expense_id = $1`, [
      e.id,
    ]);
    expect(rows[0].n).toBe(0);
    expect(await outboxTypes(t, c.id)).toContain('operations.expense.updated');
  });

  it('employees see only their own expenses (a userId filter does not widen it); the office sees all and filters', async () => {
    const c = await createCompany(t);
    const mine = await createExpense(c.employee, { amount: '10.00' });
    const other = await createExpense(c.employee2, { amount: '20.00' });
    const office = await createExpense(c.backoffice, { amount: '30.00' });

    const own = await t.http().get('/api/expenses').set(bearer(c.employee));
    expect(own.body.map((e: ExpenseDto) => e.id)).toEqual([mine.id]);
    const widened = await t.http().get('/api/expenses').query({ userId: c.employee2.id }).set(bearer(c.employee));
    expect(widened.body.map((e: ExpenseDto) => e.id)).toEqual([mine.id]);
    expect((await t.http().get(`/api/expenses/${other.id}`).set(bearer(c.employee))).status).toBe(404);
    expect((await t.http().get(`/api/expenses/${other.id}/receipt`).set(bearer(c.employee))).status).toBe(404);

    const all = await t.http().get('/api/expenses').set(bearer(c.admin));
    expect(new Set(all.body.map((e: ExpenseDto) => e.id))).toEqual(new Set([mine.id, other.id, office.id]));
    const filtered = await t.http().get('/api/expenses').query({ userId: c.employee2.id }).set(bearer(c.backoffice));
    expect(filtered.body.map((e: ExpenseDto) => e.id)).toEqual([other.id]);
    expect(filtered.body[0]).toMatchObject({ first_name: 'Eva', user_id: c.employee2.id });
  });

  it('employees book only on projects assigned to them; other companies’ projects are unknown', async () => {
    const c = await createCompany(t);
    const assigned = await createProject(t, c.admin, {}, [c.employee]);
    const notAssigned = await createProject(t, c.admin, {}, [c.employee2]);
    const foreign = await createProject(t, b.admin);

    const refused = await multipart('post', '/api/expenses', c.employee, { ...FORM, projectId: notAssigned.id });
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe('Projekt nicht gefunden');
    expect((await multipart('post', '/api/expenses', c.admin, { ...FORM, projectId: foreign.id })).status).toBe(404);
    // The office books on any project of the company.
    expect((await createExpense(c.backoffice, { projectId: notAssigned.id })).project_id).toBe(notAssigned.id);

    const e = await createExpense(c.employee, { projectId: assigned.id });
    const moved = await multipart('put', `/api/expenses/${e.id}`, c.employee, { ...FORM, projectId: notAssigned.id });
    expect(moved.status).toBe(404);
    expect(moved.body.error).toBe('Projekt nicht gefunden');
  });

  it('deleting a project keeps its expenses, without project', async () => {
    const c = await createCompany(t);
    const p = await createProject(t, c.admin, {}, [c.employee]);
    const e = await createExpense(c.employee, { projectId: p.id });
    expect((await t.http().delete(`/api/projects/${p.id}`).set(bearer(c.admin))).status).toBe(200);
    const after = (await t.http().get(`/api/expenses/${e.id}`).set(bearer(c.employee))).body;
    expect(after).toMatchObject({ id: e.id, project_id: null, project_title: null, status: 'pending' });
  });

  it('approve and reject: office only, pending only, a reason is required; approved/rejected are frozen', async () => {
    const c = await createCompany(t);
    const e1 = await createExpense(c.employee, { amount: '50.00' });
    const e2 = await createExpense(c.employee, { amount: '25.25' });

    const forbidden = await t.http().post(`/api/expenses/${e1.id}/approve`).set(bearer(c.employee));
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error).toBe('Keine Berechtigung für diese Aktion');
    expect(
      (await t.http().post(`/api/expenses/${e1.id}/reject`).set(bearer(c.employee)).send({ reason: 'x' })).status,
    ).toBe(403);

    const approved = await t.http().post(`/api/expenses/${e1.id}/approve`).set(bearer(c.backoffice));
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id: e1.id, status: 'approved', rejection_reason: null });
    expect(approved.body.approved_at).not.toBeNull();

    const noReason = await t.http().post(`/api/expenses/${e2.id}/reject`).set(bearer(c.admin)).send({ reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error).toBe('Begründung ist erforderlich');
    const rejected = await t
      .http()
      .post(`/api/expenses/${e2.id}/reject`)
      .set(bearer(c.admin))
      .send({ reason: 'Beleg unleserlich' });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', rejection_reason: 'Beleg unleserlich' });

    for (const [id, action] of [
      [e1.id, 'approve'],
      [e1.id, 'reject'],
      [e2.id, 'approve'],
    ] as const) {
      const again = await t.http().post(`/api/expenses/${id}/${action}`).set(bearer(c.admin)).send({ reason: 'x' });
      expect(again.status).toBe(409);
      expect(again.body.error).toBe('Diese Spese wurde bereits genehmigt oder abgelehnt');
    }
    for (const id of [e1.id, e2.id]) {
      const edit = await multipart('put', `/api/expenses/${id}`, c.employee, FORM);
      expect(edit.status).toBe(409);
      expect(edit.body.error).toBe('Nur ausstehende Spesen können bearbeitet oder gelöscht werden');
      const del = await t.http().delete(`/api/expenses/${id}`).set(bearer(c.employee));
      expect(del.status).toBe(409);
    }
    const types = await outboxTypes(t, c.id);
    expect(types).toEqual(expect.arrayContaining(['operations.expense.approved', 'operations.expense.rejected']));
    const [rejectEvent] = await t.dataSource.query(
      `SELECT data FROM outbox_events WHERE company_id = $1 AND type = 'operations.expense.rejected'`,
      [c.id],
    );
    expect(rejectEvent.data).toMatchObject({
      expenseId: e2.id,
      status: 'rejected',
      rejectionReason: 'Beleg unleserlich',
    });
  });

  it('delete: own pending only (others: 404 for employees, 403 for the office); the receipt goes with it', async () => {
    const c = await createCompany(t);
    const e = await createExpense(c.employee, {}, { data: PNG, filename: 'a.png' });
    expect((await t.http().delete(`/api/expenses/${e.id}`).set(bearer(c.employee2))).status).toBe(404);
    const office = await t.http().delete(`/api/expenses/${e.id}`).set(bearer(c.admin));
    expect(office.status).toBe(403);
    expect(office.body.error).toBe(EXPENSE_MESSAGES.officeNoChange);
    expect((await multipart('put', `/api/expenses/${e.id}`, c.backoffice, FORM)).status).toBe(403);

    const del = await t.http().delete(`/api/expenses/${e.id}`).set(bearer(c.employee));
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: 'Spese gelöscht' });
    expect((await t.http().get(`/api/expenses/${e.id}`).set(bearer(c.employee))).status).toBe(404);
    const rows = await t.dataSource.query(`SELECT count(*)::int AS n FROM expense_receipts WHERE expense_id = $1`, [
      e.id,
    ]);
    expect(rows[0].n).toBe(0);
    expect((await outboxTypes(t, c.id)).at(-1)).toBe('operations.expense.deleted');
  });

  it('admin and backoffice claim expenses but edit and delete none, not even their own pending ones (403)', async () => {
    const c = await createCompany(t);
    for (const office of [c.admin, c.backoffice]) {
      const own = await createExpense(office, { amount: '19.90' }, { data: PDF, filename: 'papier.pdf' });
      expect(own).toMatchObject({ user_id: office.id, status: 'pending' });

      const edit = await multipart('put', `/api/expenses/${own.id}`, office, { ...FORM, amount: '1.00' });
      expect(edit.status).toBe(403);
      expect(edit.body.error).toBe(
        'Admin und Backoffice können Spesen nur genehmigen oder ablehnen, nicht bearbeiten oder löschen',
      );
      const del = await t.http().delete(`/api/expenses/${own.id}`).set(bearer(office));
      expect(del.status).toBe(403);
      expect(del.body.error).toBe(EXPENSE_MESSAGES.officeNoChange);

      // Nothing changed: amount, receipt and row are still there; no update or delete event.
      const after = await t.http().get(`/api/expenses/${own.id}`).set(bearer(office));
      expect(after.body).toMatchObject({ amount: 19.9, status: 'pending', receipt_filename: 'papier.pdf' });
    }
    const types = await outboxTypes(t, c.id);
    expect(types).not.toContain('operations.expense.updated');
    expect(types).not.toContain('operations.expense.deleted');

    // The office's own approved expense: 403 too (the role rule comes before the 409 of processed ones).
    const approvedOwn = await createExpense(c.admin);
    await t.http().post(`/api/expenses/${approvedOwn.id}/approve`).set(bearer(c.backoffice)).expect(200);
    expect((await t.http().delete(`/api/expenses/${approvedOwn.id}`).set(bearer(c.admin))).status).toBe(403);
  });

  it('stats/summary: count and amount per status, scoped like the list', async () => {
    const c = await createCompany(t);
    const e1 = await createExpense(c.employee, { amount: '10.10' });
    const e2 = await createExpense(c.employee, { amount: '20.20' });
    await createExpense(c.employee, { amount: '30.30' });
    await createExpense(c.employee2, { amount: '100.00' });
    await t.http().post(`/api/expenses/${e1.id}/approve`).set(bearer(c.admin)).expect(200);
    await t.http().post(`/api/expenses/${e2.id}/reject`).set(bearer(c.admin)).send({ reason: 'Privat' }).expect(200);

    const own = await t.http().get('/api/expenses/stats/summary').set(bearer(c.employee));
    expect(own.status).toBe(200);
    const expected: ExpenseStatsResponse = {
      total: { count: 3, amount: 60.6 },
      pending: { count: 1, amount: 30.3 },
      approved: { count: 1, amount: 10.1 },
      rejected: { count: 1, amount: 20.2 },
    };
    expect(own.body).toEqual(expected);
    const widened = await t
      .http()
      .get('/api/expenses/stats/summary')
      .query({ userId: c.employee2.id })
      .set(bearer(c.employee));
    expect(widened.body.total).toEqual({ count: 3, amount: 60.6 });

    const all = await t.http().get('/api/expenses/stats/summary').set(bearer(c.backoffice));
    expect(all.body).toEqual({
      total: { count: 4, amount: 160.6 },
      pending: { count: 2, amount: 130.3 },
      approved: { count: 1, amount: 10.1 },
      rejected: { count: 1, amount: 20.2 },
    });
    const one = await t
      .http()
      .get('/api/expenses/stats/summary')
      .query({ userId: c.employee2.id })
      .set(bearer(c.admin));
    expect(one.body.total).toEqual({ count: 1, amount: 100 });

    const empty = await createCompany(t);
    const none = await t.http().get('/api/expenses/stats/summary').set(bearer(empty.admin));
    expect(none.body).toEqual({
      total: { count: 0, amount: 0 },
      pending: { count: 0, amount: 0 },
      approved: { count: 0, amount: 0 },
      rejected: { count: 0, amount: 0 },
    });
  });

  it('401 without a token; 404 for another company’s expense on every route', async () => {
    expect((await t.http().get('/api/expenses')).status).toBe(401);
    expect((await t.http().get('/api/expenses/stats/summary')).status).toBe(401);
    expect((await t.http().post('/api/expenses').field(FORM)).status).toBe(401);

    const e = await createExpense(a.employee, {}, { data: PDF, filename: 'a.pdf' });
    const responses = [
      await t.http().get(`/api/expenses/${e.id}`).set(bearer(b.admin)),
      await t.http().get(`/api/expenses/${e.id}/receipt`).set(bearer(b.admin)),
      await multipart('put', `/api/expenses/${e.id}`, b.admin, FORM),
      await t.http().delete(`/api/expenses/${e.id}`).set(bearer(b.admin)),
      await t.http().post(`/api/expenses/${e.id}/approve`).set(bearer(b.admin)),
      await t.http().post(`/api/expenses/${e.id}/reject`).set(bearer(b.admin)).send({ reason: 'x' }),
      await t.http().get(`/api/expenses/${randomUUID()}`).set(bearer(a.admin)),
    ];
    for (const res of responses) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Spese nicht gefunden');
    }
    expect((await t.http().get('/api/expenses').set(bearer(b.admin))).body).toEqual([]);
    expect((await t.http().get(`/api/expenses/${e.id}`).set(bearer(a.admin))).body.status).toBe('pending');
    const badId = await t.http().get('/api/expenses/nicht-eine-id').set(bearer(a.admin));
    expect(badId.status).toBe(400);
    expect(badId.body.error).toBe('Ungültige ID');
  });

  it('names follow renames; a deleted user is anonymised on their expenses and counted', async () => {
    const c = await createCompany(t);
    const e = await createExpense(c.employee);
    await createExpense(c.employee);
    await createExpense(c.employee2);
    const { DirectoryService } = await import('../src/directory/directory.service.js');
    await t.dataSource.transaction((m) =>
      t.app.get(DirectoryService).applyUser(m, c.id, {
        userId: c.employee.id,
        email: 'x@test.ch',
        firstName: 'Emilio',
        lastName: 'Neu',
        role: 'employee',
        craftsmanCategory: null,
        hourlyRate: null,
        isActive: true,
      }),
    );
    const renamed = (await t.http().get(`/api/expenses/${e.id}`).set(bearer(c.admin))).body;
    expect([renamed.first_name, renamed.last_name]).toEqual(['Emilio', 'Neu']);

    const counts = await t.dataSource.transaction((m) =>
      t.app.get(DirectoryRepository).anonymise(m, c.id, c.employee.id, 'Gelöschter Benutzer'),
    );
    expect(counts.expenses).toBe(2);
    const list = (await t.http().get('/api/expenses').set(bearer(c.admin))).body as ExpenseDto[];
    const names = list.map(
      (x) => `${x.user_id === c.employee.id ? 'deleted' : 'other'}:${x.first_name}|${x.last_name}`,
    );
    expect(names.filter((n) => n.startsWith('deleted'))).toEqual([
      'deleted:Gelöschter Benutzer|',
      'deleted:Gelöschter Benutzer|',
    ]);
    expect(names.filter((n) => n.startsWith('other'))).toEqual(['other:Eva|' + c.employee2.name.split(' ')[1]]);
  });
});

describe('expenses entered with VAT included (issue 22: invoiced at their net amount)', () => {
  it('vatIncluded with its rate (default 8.1) is stored, sent with the event and handed to the report; a wrong rate is a German 400', async () => {
    const c = await createCompany(t);
    const p = await createProject(t, c.admin, { title: 'Hotelumbau' }, [c.employee]);
    const hotel = await createExpense(c.employee, {
      category: 'accommodation',
      amount: '108.10',
      vatIncluded: 'true',
      vatRate: '3.8',
      projectId: p.id,
    });
    expect(hotel).toMatchObject({ amount: 108.1, vat_included: true, vat_rate: 3.8 });
    const plainRate = await createExpense(c.employee, { amount: '108.10', vatIncluded: 'true', projectId: p.id });
    expect(plainRate).toMatchObject({ vat_included: true, vat_rate: 8.1 });
    const net = await createExpense(c.employee, { amount: '20.00', vatRate: '8.1' });
    expect(net).toMatchObject({ vat_included: false, vat_rate: null });

    const bad = await multipart('post', '/api/expenses', c.employee, { ...FORM, vatIncluded: 'true', vatRate: '7.7' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Ungültiger MWST-Satz. Erlaubt: 8.1, 2.6, 3.8');

    // the edit form switches it off: no rate kept
    const edited = await multipart('put', `/api/expenses/${plainRate.id}`, c.employee, {
      ...FORM,
      amount: '108.10',
      vatIncluded: 'false',
      projectId: p.id,
    });
    expect(edited.body).toMatchObject({ vat_included: false, vat_rate: null });

    const [event] = await t.dataSource.query(
      `SELECT data FROM outbox_events WHERE company_id = $1 AND type = 'operations.expense.created' AND data->>'expenseId' = $2`,
      [c.id, hotel.id],
    );
    expect(event.data).toMatchObject({ amount: 108.1, vatIncluded: true, vatRate: 3.8 });

    await t.http().post(`/api/expenses/${hotel.id}/approve`).set(bearer(c.admin)).expect(200);
    const reported = await t.app
      .get(ReportDataRepository)
      .expenses(t.dataSource.manager, TenantScope.forSystem(c.id), p.id, { start: '2026-03-01', end: '2026-03-31' });
    expect(reported).toEqual([
      expect.objectContaining({ id: hotel.id, amount: 108.1, vat_included: true, vat_rate: 3.8 }),
    ]);
  });
});

describe('expenses: a repeated save with a client-chosen id (form field `id`)', () => {
  const { rowsWith, countOf, activitiesOf, expectTaken } = idempotencyChecks(() => t, 'expenses');
  const receipt: Upload = { data: PDF, filename: 'quittung.pdf', contentType: 'application/pdf' };
  const post = (by: Member, fields: Fields = {}, file?: Upload) =>
    multipart('post', '/api/expenses', by, { ...FORM, ...fields }, file);
  const createdEvents = (companyId: string) => countOf(companyId, 'operations.expense.created');

  it('the same id twice (multipart with receipt): one expense, the second save answers it (201), no second event or activity', async () => {
    const c = await createCompany(t);
    const id = randomUUID();
    const first = await post(c.employee, { id }, receipt);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ id, user_id: c.employee.id, receipt_filename: 'quittung.pdf' });

    const again = await post(c.employee, { id }, { data: PNG, filename: 'anders.png', contentType: 'image/png' });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await rowsWith(id)).toBe(1);
    expect(await createdEvents(c.id)).toBe(1);
    expect(await activitiesOf(c.id, id)).toBe(1);
    // the first receipt stays
    const file = await download(c.employee, id);
    expect(Buffer.compare(file.body as Buffer, PDF)).toBe(0);
  });

  it('CONCURRENT saves with the same id create exactly one expense; all get it', async () => {
    const c = await createCompany(t);
    for (let round = 0; round < 3; round++) {
      const id = randomUUID();
      const results = await Promise.all([0, 1, 2, 3].map(() => post(c.employee, { id }, receipt)));
      expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
      expect(new Set(results.map((r) => r.body.id))).toEqual(new Set([id]));
      expect(await rowsWith(id)).toBe(1);
      expect(await activitiesOf(c.id, id)).toBe(1);
    }
    expect(await createdEvents(c.id)).toBe(3);
  });

  it('an id held by another user or company: 409 in German, nothing of it shown', async () => {
    const c = await createCompany(t);
    const id = randomUUID();
    expect((await post(c.employee, { id, description: 'Geheim' })).status).toBe(201);
    expectTaken(await post(c.employee2, { id }));
    expectTaken(await post(c.admin, { id }));
    expectTaken(await post(b.employee, { id }));
    // JSON takes the id too
    const json = await t
      .http()
      .post('/api/expenses')
      .set(bearer(b.admin))
      .send({ ...FORM, id });
    expectTaken(json);
    expect(await rowsWith(id)).toBe(1);
    expect((await t.dataSource.query(`SELECT description FROM expenses WHERE id = $1`, [id]))[0].description).toBe(
      'Geheim',
    );
  });

  it('without an id everything works as before (every save a new expense); a malformed id is a German 400; update takes none', async () => {
    const c = await createCompany(t);
    const one = await post(c.employee);
    const two = await post(c.employee, { id: '' });
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(one.body.id).not.toBe(two.body.id);
    const bad = await post(c.employee, { id: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Ungültige ID');

    // an `id` field on update is ignored: the expense keeps its id
    const other = randomUUID();
    const put = await multipart('put', `/api/expenses/${one.body.id}`, c.employee, { ...FORM, id: other, amount: '9' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id: one.body.id, amount: 9 });
    expect(await rowsWith(other)).toBe(0);
  });
});
