import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dailyQuotaUsage, EventsConnection } from '@zunft/nest-common';
import { waitFor } from '@zunft/nest-common/testing';
import type { NotificationListResponse } from '@zunft/contracts';
import { DirectoryService } from '../src/directory/directory.service.js';
import { WorkingTimeDirectoryRepository } from '../src/directory/working-time-directory.repository.js';
import { bearer, createCompany, createProject, setSettings, type Company, type Member } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let a: Company;
let b: Company;

/** The contract figures of a member, as auth.user.updated brings them. */
async function employ(
  c: Company,
  who: Member,
  over: { pensum?: number; holidayDaysPerYear?: number; employmentStart: string },
) {
  const [firstName, ...last] = who.name.split(' ');
  await t.dataSource.transaction((m) =>
    t.app.get(DirectoryService).applyUser(m, c.id, {
      userId: who.id,
      email: `${who.id}@example.ch`,
      firstName: firstName!,
      lastName: last.join(' '),
      role: who.role,
      craftsmanCategory: null,
      hourlyRate: null,
      isActive: true,
      pensum: over.pensum ?? 100,
      weeklyHours: 42.5,
      holidayDaysPerYear: over.holidayDaysPerYear ?? 20,
      employmentStart: over.employmentStart,
    }),
  );
}

const http = () => t.http();

/** GET a file (PDF, XLSX), kept as bytes. */
const getPdf = (url: string, who: Member) =>
  http()
    .get(url)
    .set(bearer(who))
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

/** The text (pdftotext -layout) and page count (pdfinfo) of a PDF, via poppler. */
function pdfText(pdf: Buffer): string {
  expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
  const file = join(tmpdir(), `record-${randomUUID()}.pdf`);
  writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(file);
  }
}
function pdfPages(pdf: Buffer): number {
  const file = join(tmpdir(), `record-${randomUUID()}.pdf`);
  writeFileSync(file, pdf);
  try {
    return Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
  } finally {
    rmSync(file);
  }
}

/**
 * An .xlsx read back: the ZIP's central directory (APPNOTE 6.3) → entries inflated and their CRC-32
 * checked → the workbook's sheet name and the sheet's rows (inline text and numbers).
 */
function readXlsx(file: Buffer): { sheet: string; rows: (string | number)[][] } {
  const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  const entries = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    expect(file.readUInt32LE(at)).toBe(0x02014b50);
    const [method, crc, size] = [file.readUInt16LE(at + 10), file.readUInt32LE(at + 16), file.readUInt32LE(at + 20)];
    const nameLength = file.readUInt16LE(at + 28);
    const name = file.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const local = file.readUInt32LE(at + 42);
    expect(file.readUInt32LE(local)).toBe(0x04034b50);
    const start = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
    const packed = file.subarray(start, start + size);
    const raw = method === 8 ? inflateRawSync(packed) : packed;
    expect(crc32(raw)).toBe(crc);
    entries.set(name, raw.toString('utf8'));
    at += 46 + nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
  }
  expect([...entries.keys()]).toEqual(
    expect.arrayContaining(['[Content_Types].xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']),
  );
  const unescape = (s: string) => s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
  const sheet = unescape(/<sheet name="([^"]*)"/.exec(entries.get('xl/workbook.xml')!)![1]!);
  const rows = [...entries.get('xl/worksheets/sheet1.xml')!.matchAll(/<row [^>]*>(.*?)<\/row>/g)].map((row) =>
    [...row[1]!.matchAll(/<c [^>]*?(t="inlineStr")?>(?:<is><t[^>]*>(.*?)<\/t><\/is>|<v>(.*?)<\/v>)<\/c>/g)].map((c) =>
      c[1] ? unescape(c[2]!) : Number(c[3]),
    ),
  );
  return { sheet, rows };
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createCompany(t, { canton: 'ZH' });
  b = await createCompany(t, { canton: 'GE' });
});
afterAll(() => t?.close());

describe('holidays', () => {
  it('lists the canton’s days of a year and the company’s own; the office adds and deletes its own', async () => {
    const list = await http().get('/api/holidays?year=2026').set(bearer(a.employee));
    expect(list.status).toBe(200);
    expect(list.body.map((h: { date: string }) => h.date)).toEqual([
      '2026-01-01',
      '2026-04-03',
      '2026-04-06',
      '2026-05-01',
      '2026-05-14',
      '2026-05-25',
      '2026-08-01',
      '2026-12-25',
      '2026-12-26',
    ]);
    expect(list.body[6]).toEqual({
      id: null,
      date: '2026-08-01',
      name: 'Bundesfeiertag',
      half_day: false,
      source: 'canton',
    });

    const body = { date: '2026-12-24', name: 'Heiligabend (Nachmittag)', half_day: true };
    expect((await http().post('/api/holidays').set(bearer(a.employee)).send(body)).status).toBe(403);
    const created = await http().post('/api/holidays').set(bearer(a.backoffice)).send(body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...body, source: 'company' });
    const again = await http().post('/api/holidays').set(bearer(a.admin)).send(body);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('An diesem Datum ist bereits ein eigener Feiertag erfasst');
    const bad = await http().post('/api/holidays').set(bearer(a.admin)).send({ date: '2026-02-30', name: 'X' });
    expect({ status: bad.status, error: bad.body.error }).toEqual({
      status: 400,
      error: 'Datum ist kein gültiges Datum',
    });
    const badYear = await http().get('/api/holidays?year=zwanzig').set(bearer(a.admin));
    expect({ status: badYear.status, error: badYear.body.error }).toEqual({
      status: 400,
      error: 'Jahr muss eine Zahl sein',
    });

    const withOwn = await http().get('/api/holidays?year=2026').set(bearer(a.employee));
    expect(withOwn.body.find((h: { date: string }) => h.date === '2026-12-24')).toMatchObject({
      half_day: true,
      source: 'company',
    });
    // another company sees its canton (GE) and not a's own day; cannot delete it
    const ge = await http().get('/api/holidays?year=2026').set(bearer(b.admin));
    expect(ge.body.map((h: { date: string }) => h.date)).toContain('2026-09-10');
    expect(ge.body.map((h: { date: string }) => h.date)).not.toContain('2026-12-24');
    expect((await http().delete(`/api/holidays/${created.body.id}`).set(bearer(a.employee))).status).toBe(403);
    expect((await http().delete(`/api/holidays/${created.body.id}`).set(bearer(b.admin))).status).toBe(404);
    expect((await http().delete(`/api/holidays/${created.body.id}`).set(bearer(a.admin))).status).toBe(200);
  });
});

describe('absences', () => {
  it('an employee requests holiday, the office approves or rejects; employees see only their own', async () => {
    const req = await http()
      .post('/api/absences')
      .set(bearer(a.employee))
      .send({ type: 'holiday', startDate: '2026-12-21', endDate: '2026-12-29' });
    expect(req.status).toBe(201);
    // 21–24 Dec, 28–29 Dec: 6 working days (25/26 Dec are ZH holidays, 27 a Sunday)
    expect(req.body).toMatchObject({ user_id: a.employee.id, type: 'holiday', status: 'requested', days: 6 });
    const sick = await http()
      .post('/api/absences')
      .set(bearer(a.employee))
      .send({ type: 'sick', startDate: '2026-12-01', endDate: '2026-12-01' });
    expect(sick.status).toBe(403);
    expect(sick.body.code).toBe('absence_type_office_only');
    const forOther = await http()
      .post('/api/absences')
      .set(bearer(a.employee))
      .send({ userId: a.employee2.id, type: 'holiday', startDate: '2026-12-01', endDate: '2026-12-01' });
    expect(forOther.status).toBe(403);
    const overlap = await http()
      .post('/api/absences')
      .set(bearer(a.backoffice))
      .send({ userId: a.employee.id, type: 'sick', startDate: '2026-12-29', endDate: '2026-12-30' });
    expect(overlap.status).toBe(409);
    expect(overlap.body.error).toBe('Für diese Tage ist bereits eine Abwesenheit erfasst (21.12.2026 – 29.12.2026)');

    expect((await http().put(`/api/absences/${req.body.id}/approve`).set(bearer(a.employee))).status).toBe(403);
    expect(
      (await http().put(`/api/absences/${req.body.id}/reject`).set(bearer(a.employee)).send({ reason: 'x' })).status,
    ).toBe(403);
    expect((await http().put(`/api/absences/${req.body.id}/approve`).set(bearer(b.admin))).status).toBe(404);
    const approved = await http().put(`/api/absences/${req.body.id}/approve`).set(bearer(a.backoffice));
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', decided_by: a.backoffice.id });
    const twice = await http().put(`/api/absences/${req.body.id}/approve`).set(bearer(a.admin));
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('Über diesen Antrag wurde bereits entschieden');
    expect((await http().delete(`/api/absences/${req.body.id}`).set(bearer(a.employee))).status).toBe(409);

    const second = await http()
      .post('/api/absences')
      .set(bearer(a.employee))
      .send({ type: 'holiday', startDate: '2026-12-02', endDate: '2026-12-02', halfDay: 'pm' });
    expect(second.body).toMatchObject({ status: 'requested', days: 0.5, half_day: 'pm' });
    const noReason = await http().put(`/api/absences/${second.body.id}/reject`).set(bearer(a.admin)).send({});
    expect({ status: noReason.status, error: noReason.body.error }).toEqual({
      status: 400,
      error: 'Begründung ist erforderlich',
    });
    const rejected = await http()
      .put(`/api/absences/${second.body.id}/reject`)
      .set(bearer(a.admin))
      .send({ reason: 'Inventur' });
    expect(rejected.body).toMatchObject({ status: 'rejected', reject_reason: 'Inventur' });

    // the office records any type, approved at once
    const army = await http()
      .post('/api/absences')
      .set(bearer(a.admin))
      .send({ userId: a.employee2.id, type: 'military', startDate: '2026-12-07', endDate: '2026-12-11' });
    expect(army.body).toMatchObject({ status: 'approved', days: 5 });

    const own = await http().get('/api/absences?from=2026-12-01&to=2026-12-31').set(bearer(a.employee));
    expect(own.body.map((x: { user_id: string }) => x.user_id)).toEqual([a.employee.id, a.employee.id]);
    const all = await http().get('/api/absences?from=2026-12-01&to=2026-12-31').set(bearer(a.backoffice));
    expect(all.body).toHaveLength(3);
    expect((await http().get('/api/absences').set(bearer(b.admin))).body).toEqual([]);

    const bad = await http()
      .post('/api/absences')
      .set(bearer(a.admin))
      .send({ type: 'ferien', startDate: '2026-12-10', endDate: '2026-12-01' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^Ungültige Abwesenheitsart/);
    const reversed = await http()
      .post('/api/absences')
      .set(bearer(a.admin))
      .send({ type: 'sick', startDate: '2026-12-10', endDate: '2026-12-01' });
    expect(reversed.body.error).toBe('Das Enddatum darf nicht vor dem Startdatum liegen');
    const foreignUser = await http()
      .post('/api/absences')
      .set(bearer(b.admin))
      .send({ userId: a.employee.id, type: 'sick', startDate: '2026-12-10', endDate: '2026-12-10' });
    expect(foreignUser.status).toBe(404);
  });
});

describe('notifications of holiday requests', () => {
  it('the office hears of a request, the employee of the decision; each sees only their own', async () => {
    const c = await createCompany(t, { canton: 'BE' });
    const bell = async (who: Member) => {
      const res = await http().get('/api/notifications').set(bearer(who));
      expect(res.status).toBe(200);
      return res.body as NotificationListResponse;
    };
    const req = await http()
      .post('/api/absences')
      .set(bearer(c.employee))
      .send({ type: 'holiday', startDate: '2027-03-01', endDate: '2027-03-05' });
    expect(req.status).toBe(201);
    // admin and backoffice, not the employees
    for (const office of [c.admin, c.backoffice]) {
      const { items, unread } = await bell(office);
      expect(unread).toBe(1);
      expect(items).toEqual([
        {
          id: expect.any(String),
          kind: 'absence_requested',
          absence: {
            id: req.body.id,
            user_name: c.employee.name,
            type: 'holiday',
            start_date: '2027-03-01',
            end_date: '2027-03-05',
            half_day: null,
            reject_reason: null,
          },
          created_at: expect.any(String),
          read_at: null,
        },
      ]);
    }
    expect(await bell(c.employee)).toEqual({ items: [], unread: 0 });
    expect(await bell(c.employee2)).toEqual({ items: [], unread: 0 });
    // another company's office hears nothing
    expect((await bell(b.admin)).items.map((n) => n.absence.id)).not.toContain(req.body.id);

    await http().put(`/api/absences/${req.body.id}/approve`).set(bearer(c.backoffice)).expect(200);
    const half = await http()
      .post('/api/absences')
      .set(bearer(c.employee))
      .send({ type: 'holiday', startDate: '2027-03-08', endDate: '2027-03-08', halfDay: 'am' });
    await http()
      .put(`/api/absences/${half.body.id}/reject`)
      .set(bearer(c.admin))
      .send({ reason: 'Inventur' })
      .expect(200);
    const mine = await bell(c.employee);
    expect(mine.unread).toBe(2);
    expect(mine.items.map((n) => [n.kind, n.absence.id, n.absence.half_day, n.absence.reject_reason])).toEqual([
      ['absence_rejected', half.body.id, 'am', 'Inventur'],
      ['absence_approved', req.body.id, null, null],
    ]);
    // the office: two requests; opening the bell marks them read, for this user only
    expect((await bell(c.admin)).unread).toBe(2);
    const read = await http().put('/api/notifications/read').set(bearer(c.admin));
    expect(read.status).toBe(200);
    expect(read.body.unread).toBe(0);
    expect(read.body.items.every((n: { read_at: string | null }) => n.read_at !== null)).toBe(true);
    expect((await bell(c.backoffice)).unread).toBe(2);
    // a deleted request takes its notifications along
    const third = await http()
      .post('/api/absences')
      .set(bearer(c.employee))
      .send({ type: 'holiday', startDate: '2027-04-01', endDate: '2027-04-01' });
    expect((await bell(c.admin)).unread).toBe(1);
    await http().delete(`/api/absences/${third.body.id}`).set(bearer(c.employee)).expect(200);
    expect((await bell(c.admin)).unread).toBe(0);

    expect((await http().get('/api/notifications')).status).toBe(401);
    expect((await http().put('/api/notifications/read')).status).toBe(401);
  });
});

describe('time accounts, month close, exports', () => {
  it('computes the month, closes it (locking entries and absences), reopens with a reason, exports CSV', async () => {
    const c = await createCompany(t, { canton: 'ZH' });
    await employ(c, c.employee, { employmentStart: '2026-11-01', holidayDaysPerYear: 30 });
    const p = await createProject(t, c.admin, { title: 'Umbau' }, [c.employee]);
    // Tue 10 Nov 06:00–19:30 without a break (the case): 13.5 h
    const entry = await http()
      .post('/api/time-entries')
      .set(bearer(c.employee))
      .send({ projectId: p.id, startTime: '2026-11-10T06:00:00+01:00', endTime: '2026-11-10T19:30:00+01:00' });
    expect(entry.status).toBe(201);
    await http()
      .post('/api/absences')
      .set(bearer(c.admin))
      .send({ userId: c.employee.id, type: 'holiday', startDate: '2026-11-16', endDate: '2026-11-20' });

    const res = await http().get('/api/time-accounts?month=2026-11').set(bearer(c.employee));
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    // November 2026: 21 weekdays × 8.5 h = 178.5 h; worked 13.5 h; 5 holiday days × 8.5 h = 42.5 h;
    // overtime 13.5 + 42.5 - 178.5 = -122.5 h; employed since 1 Nov: balance the same.
    // Holiday: 30 days × 61/365 = 5.01 → 5 days; 5 taken, 0 left.
    expect(res.body[0]).toMatchObject({
      userId: c.employee.id,
      month: '2026-11',
      target_hours: 178.5,
      worked_hours: 13.5,
      absence_hours: 42.5,
      absences_by_type: { holiday: 5 },
      overtime_hours: -122.5,
      balance_hours: -122.5,
      holiday_days_taken: 5,
      holiday_days_left: 0,
      closed: false,
    });
    expect(res.body[0].warnings).toEqual([
      {
        date: '2026-11-10',
        rule: 'break',
        message: 'Pause zu kurz: 13.5 h gearbeitet, 0 Min. Pause, vorgeschrieben sind 60 Min. (ArG Art. 15)',
      },
    ]);
    expect(res.body[0].weeks.find((w: { week_start: string }) => w.week_start === '2026-11-09').hours).toBe(13.5);
    const office = await http().get('/api/time-accounts?month=2026-11').set(bearer(c.backoffice));
    // no contract figures from auth (a user from before issue 24): defaults, the balance starts with the month
    expect(office.body.find((x: { userId: string }) => x.userId === c.employee2.id)).toMatchObject({
      target_hours: 178.5,
      overtime_hours: -178.5,
      balance_hours: -178.5,
      holiday_days_left: 20,
    });
    expect(office.body.map((x: { userId: string }) => x.userId).sort()).toEqual(
      [c.admin.id, c.backoffice.id, c.employee.id, c.employee2.id].sort(),
    );
    expect(
      (await http().get(`/api/time-accounts?month=2026-11&userId=${c.employee2.id}`).set(bearer(c.employee))).status,
    ).toBe(403);
    expect(
      (await http().get(`/api/time-accounts?month=2026-11&userId=${c.employee.id}`).set(bearer(b.admin))).status,
    ).toBe(404);
    const badMonth = await http().get('/api/time-accounts?month=2026-13').set(bearer(c.admin));
    expect({ status: badMonth.status, error: badMonth.body.error }).toEqual({
      status: 400,
      error: 'Monat muss im Format JJJJ-MM sein',
    });

    // close
    const url = `/api/time-accounts/${c.employee.id}/2026-11`;
    expect((await http().post(`${url}/close`).set(bearer(c.employee))).status).toBe(403);
    expect((await http().post(`${url}/close`).set(bearer(b.admin))).status).toBe(404);
    expect((await http().post(`/api/time-accounts/${c.employee.id}/2099-01/close`).set(bearer(c.admin))).status).toBe(
      400,
    );
    const closed = await http().post(`${url}/close`).set(bearer(c.backoffice));
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ closed: true, closed_by: c.backoffice.id, balance_hours: -122.5 });
    expect((await http().post(`${url}/close`).set(bearer(c.admin))).status).toBe(409);

    const locked = await http()
      .post('/api/time-entries')
      .set(bearer(c.employee))
      .send({ projectId: p.id, startTime: '2026-11-11T07:00:00+01:00', endTime: '2026-11-11T12:00:00+01:00' });
    expect(locked.status).toBe(409);
    expect(locked.body).toMatchObject({
      code: 'month_closed',
      error:
        'Der Monat 11.2026 ist für diesen Mitarbeitenden abgeschlossen. Änderungen sind erst nach dem Wiedereröffnen möglich.',
    });
    expect((await http().delete(`/api/time-entries/${entry.body.id}`).set(bearer(c.employee))).status).toBe(409);
    const lockedAbsence = await http()
      .post('/api/absences')
      .set(bearer(c.admin))
      .send({ userId: c.employee.id, type: 'sick', startDate: '2026-11-30', endDate: '2026-12-01' });
    expect(lockedAbsence.body.code).toBe('month_closed');

    // December carries the closed balance: 23 weekdays - 25 Dec = 22 × 8.5 = 187 h owed, nothing worked
    const december = await http().get('/api/time-accounts?month=2026-12').set(bearer(c.employee));
    expect(december.body[0]).toMatchObject({ target_hours: 187, overtime_hours: -187, balance_hours: -309.5 });

    // reopen: admin only, with a reason, recorded
    expect((await http().post(`${url}/reopen`).set(bearer(c.backoffice)).send({ reason: 'Korrektur' })).status).toBe(
      403,
    );
    const noReason = await http().post(`${url}/reopen`).set(bearer(c.admin)).send({});
    expect({ status: noReason.status, error: noReason.body.error }).toEqual({
      status: 400,
      error: 'Begründung ist erforderlich',
    });
    const reopened = await http().post(`${url}/reopen`).set(bearer(c.admin)).send({ reason: 'Pause nachgetragen' });
    expect(reopened.body.closed).toBe(false);
    const log = await t.dataSource.query(
      `SELECT action, actor_id, reason FROM month_close_log WHERE user_id = $1 ORDER BY at`,
      [c.employee.id],
    );
    expect(log).toEqual([
      { action: 'close', actor_id: c.backoffice.id, reason: null },
      { action: 'reopen', actor_id: c.admin.id, reason: 'Pause nachgetragen' },
    ]);
    expect((await http().post(`${url}/reopen`).set(bearer(c.admin)).send({ reason: 'nochmals' })).status).toBe(409);

    // payroll export: office only, German columns, one row per employee
    expect(
      (await http().get('/api/time-accounts/export?month=2026-11&format=csv').set(bearer(c.employee))).status,
    ).toBe(403);
    const csv = await http().get('/api/time-accounts/export?month=2026-11&format=csv').set(bearer(c.admin));
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Mitarbeiter-ID;Name;Monat;Sollstunden;Arbeitsstunden;Normalstunden;Überstunden Monat;Saldo;Nachtstunden;Sonntagsstunden;Feiertagsstunden;Tage Ferien;Tage Krankheit;Tage Unfall;Tage Militär/Zivildienst/Zivilschutz;Tage Weiterbildung;Tage Schlechtwetter;Tage unbezahlt;Tage andere;Spesen CHF',
    );
    expect(lines).toHaveLength(5);
    expect(lines.find((l) => l.startsWith(c.employee.id))).toBe(
      `${c.employee.id};${c.employee.name};2026-11;178.50;13.50;13.50;-122.50;-122.50;0.00;0.00;0.00;5;0;0;0;0;0;0;0;0.00`,
    );
    // the same as an Excel workbook, read back: the same header, numbers as numbers
    expect((await getPdf('/api/time-accounts/export?month=2026-11&format=xlsx', c.employee)).status).toBe(403);
    const xlsx = await getPdf('/api/time-accounts/export?month=2026-11&format=xlsx', c.admin);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.headers['content-disposition']).toBe('attachment; filename="arbeitszeit-2026-11.xlsx"');
    const book = readXlsx(xlsx.body);
    expect(book.sheet).toBe('Arbeitszeit 2026-11');
    expect(book.rows).toHaveLength(5);
    expect(book.rows[0]!.join(';')).toBe(lines[0]);
    expect(book.rows.find((r) => r[0] === c.employee.id)).toEqual([
      c.employee.id,
      c.employee.name,
      '2026-11',
      178.5,
      13.5,
      13.5,
      -122.5,
      -122.5,
      0,
      0,
      0,
      5,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
    ]);

    // ArGV 1 art. 73 record: employees their own
    const record = await http()
      .get('/api/time-records/export?from=2026-11-01&to=2026-11-30&format=csv')
      .set(bearer(c.employee));
    expect(record.status).toBe(200);
    const rec = record.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rec[0]).toBe(
      'Datum;Beginn;Ende;Pausen (Min.);Arbeitszeit (h);Nacht (h);Sonntag (h);Feiertag (h);Abwesenheit;Feiertag',
    );
    expect(rec[1]).toBe('2026-11-10;06:00;19:30;0;13.50;0.00;0.00;0.00;;');
    expect(rec[2]).toBe('2026-11-16;;;;;;;;holiday;');
    expect(rec).toHaveLength(7);
    const other = await http()
      .get(`/api/time-records/export?userId=${c.employee2.id}&from=2026-11-01&to=2026-11-30`)
      .set(bearer(c.employee));
    expect(other.status).toBe(403);
    const pdf = await getPdf('/api/time-records/export?from=2026-11-01&to=2026-11-30&format=pdf', c.employee);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.body);
    expect(text).toContain(c.employee.name);
    expect(text).toContain('10.11.2026');
    expect(text).toContain('Ferien');
    // the total: 13.50 h on 10 November, 5 holiday days (16–20 November)
    expect(text).toMatch(/Total\s+0\s+13\.50\s+0\.00\s+0\.00\s+0\.00\s+Abwesenheitstage: 5/);
    const otherPdf = await http()
      .get(`/api/time-records/export?userId=${c.employee2.id}&from=2026-11-01&to=2026-11-30&format=pdf`)
      .set(bearer(c.employee));
    expect(otherPdf.status).toBe(403);
    const foreign = await http()
      .get(`/api/time-records/export?userId=${c.employee.id}&from=2026-11-01&to=2026-11-30`)
      .set(bearer(b.admin));
    expect(foreign.status).toBe(404);
    const foreignPdf = await http()
      .get(`/api/time-records/export?userId=${c.employee.id}&from=2026-11-01&to=2026-11-30&format=pdf`)
      .set(bearer(b.admin));
    expect(foreignPdf.status).toBe(404);
  });

  it('a pensum change starts a new period: the months before keep their target', async () => {
    const c = await createCompany(t, { canton: 'ZH' });
    const user = (pensum: number) => ({
      userId: c.employee.id,
      email: 'x@example.ch',
      firstName: 'Emil',
      lastName: 'Muster',
      role: 'employee' as const,
      craftsmanCategory: null,
      hourlyRate: null,
      isActive: true,
      pensum,
      weeklyHours: 42.5,
      holidayDaysPerYear: 20,
      employmentStart: '2026-01-01',
    });
    const repo = t.app.get(WorkingTimeDirectoryRepository);
    await t.dataSource.transaction((m) => repo.applyEmployment(m, c.id, user(100), new Date('2026-03-10T12:00:00Z')));
    // the change to 80 % arrives on 1 July 2026; the same event again changes nothing
    for (let i = 0; i < 2; i++)
      await t.dataSource.transaction((m) => repo.applyEmployment(m, c.id, user(80), new Date('2026-07-01T08:00:00Z')));
    expect(await repo.periods(t.dataSource.manager, c.id, [c.employee.id])).toEqual([
      { userId: c.employee.id, from: '2026-01-01', pensum: 100, weeklyHours: 42.5, holidayDaysPerYear: 20 },
      { userId: c.employee.id, from: '2026-07-01', pensum: 80, weeklyHours: 42.5, holidayDaysPerYear: 20 },
    ]);
    const get = async (month: string) =>
      (await http().get(`/api/time-accounts?month=${month}&userId=${c.employee.id}`).set(bearer(c.admin))).body[0];
    // June 2026: 22 weekdays at 8.5 h = 187 h; July: 23 weekdays at 6.8 h = 156.4 h
    expect(await get('2026-06')).toMatchObject({ target_hours: 187, overtime_hours: -187 });
    const july = await get('2026-07');
    expect(july).toMatchObject({ target_hours: 156.4, overtime_hours: -156.4 });
    // balance since 1 January (nothing worked): the year's target up to July. January–June 2026 has
    // 123 working days in Zurich (× 8.5 = 1045.5 h), plus July's 156.4 h
    expect(july.balance_hours).toBe(-1201.9);
  });

  it('bad input is a German 400; other companies’ ids are 404; warnings follow the token’s language', async () => {
    const c = await createCompany(t, { canton: 'VD' });
    const p = await createProject(t, c.admin, {}, [c.employee]);
    const cases: Array<[string, string]> = [
      ['/api/absences?from=gestern', 'Von muss ein Datum im Format JJJJ-MM-TT sein'],
      ['/api/absences?status=offen', 'Ungültiger Status. Erlaubt: requested, approved, rejected'],
      ['/api/time-accounts', 'Monat muss im Format JJJJ-MM sein'],
      ['/api/time-accounts/export?month=2026-11&format=pdf', 'Ungültiges Format. Erlaubt: csv, xlsx'],
      ['/api/time-records/export?from=2026-11-30&to=2026-11-01', '«Bis» darf nicht vor «Von» liegen'],
      ['/api/time-records/export?from=2025-01-01&to=2026-11-01', 'Der Zeitraum darf höchstens ein Jahr umfassen'],
    ];
    for (const [url, error] of cases) {
      const res = await http().get(url).set(bearer(c.admin));
      expect({ url, status: res.status, error: res.body.error }).toEqual({ url, status: 400, error });
    }
    const badMonth = await http().post(`/api/time-accounts/${c.employee.id}/2026-1/close`).set(bearer(c.admin));
    expect(badMonth.status).toBe(400);
    // bodies: holidays and absences (issue 24, «Done when»: German 400, never 500)
    const bodies: Array<[string, Member, object, string]> = [
      ['/api/holidays', c.admin, { date: '2026-02-30', name: 'Fasnacht' }, 'Datum ist kein gültiges Datum'],
      ['/api/holidays', c.admin, { date: '2026-02-16', name: '' }, 'Name ist erforderlich'],
      [
        '/api/holidays',
        c.admin,
        { date: '2026-02-16', name: 'Fasnacht', half_day: 'ja' },
        'Ungültiger Wert für halben Tag',
      ],
      [
        '/api/absences',
        c.admin,
        { userId: c.employee.id, type: 'vacation', startDate: '2026-11-02', endDate: '2026-11-02' },
        'Ungültige Abwesenheitsart. Erlaubt: holiday, sick, accident, military, training, bad_weather, unpaid, other',
      ],
      [
        '/api/absences',
        c.admin,
        { userId: c.employee.id, type: 'sick', startDate: '2026-11-05', endDate: '2026-11-02' },
        'Das Enddatum darf nicht vor dem Startdatum liegen',
      ],
      [
        '/api/absences',
        c.employee,
        { type: 'holiday', startDate: '2026-11-02', endDate: '2026-11-03', halfDay: 'am' },
        'Ein halber Tag ist nur für einen einzelnen Tag möglich',
      ],
      [
        '/api/absences',
        c.employee,
        { type: 'holiday', startDate: '2026-11-02', endDate: '2026-11-02', halfDay: 'abends' },
        'Ungültiger halber Tag. Erlaubt: am, pm',
      ],
      [
        '/api/absences',
        c.admin,
        { userId: 'niemand', type: 'sick', startDate: '2026-11-02', endDate: '2026-11-02' },
        'Ungültige Benutzer-ID',
      ],
    ];
    for (const [url, who, body, error] of bodies) {
      const res = await http().post(url).set(bearer(who)).send(body);
      expect({ url, body, status: res.status, error: res.body.error }).toEqual({ url, body, status: 400, error });
    }
    expect((await http().get('/api/holidays?year=zwanzig').set(bearer(c.admin))).status).toBe(400);
    const absence = await http()
      .post('/api/absences')
      .set(bearer(c.admin))
      .send({ userId: c.employee.id, type: 'training', startDate: '2026-11-02', endDate: '2026-11-03' });
    expect((await http().delete(`/api/absences/${absence.body.id}`).set(bearer(b.admin))).status).toBe(404);
    expect(
      (await http().put(`/api/absences/${absence.body.id}/reject`).set(bearer(b.admin)).send({ reason: 'x' })).status,
    ).toBe(404);
    expect(
      (
        await http()
          .post(`/api/time-accounts/${c.employee.id}/2026-10/reopen`)
          .set(bearer(b.admin))
          .send({ reason: 'x' })
      ).status,
    ).toBe(404);

    await http()
      .post('/api/time-entries')
      .set(bearer(c.employee))
      .send({ projectId: p.id, startTime: '2026-11-10T06:00:00+01:00', endTime: '2026-11-10T19:30:00+01:00' });
    const fr = await t.sign({ ...c.employee.claims, language: 'fr' });
    const account = await http()
      .get('/api/time-accounts?month=2026-11')
      .set({ authorization: `Bearer ${fr}` });
    expect(account.body[0].warnings[0].message).toBe(
      'Pause trop courte : 13.5 h de travail, 0 min de pause, 60 min requises (LTr art. 15)',
    );
    const holidays = await http()
      .get('/api/holidays?year=2026')
      .set({ authorization: `Bearer ${fr}` });
    expect(holidays.body.map((h: { name: string }) => h.name)).toContain('Lundi du Jeûne fédéral');
  });

  it('every working-time endpoint answers malformed ids, queries and bodies with a German 400, never 500', async () => {
    const c = await createCompany(t, { canton: 'LU' });
    const absence = await http()
      .post('/api/absences')
      .set(bearer(c.admin))
      .send({ userId: c.employee.id, type: 'sick', startDate: '2026-11-02', endDate: '2026-11-02' });
    expect(absence.status).toBe(201);
    const records = '/api/time-records/export?from=2026-11-01&to=2026-11-30';
    const cases: Array<[string, string, object | null, string]> = [
      ['delete', '/api/holidays/keine-id', null, 'Ungültige ID'],
      ['get', '/api/holidays?year=1899', null, 'Jahr muss zwischen 2000 und 2100 liegen'],
      ['get', '/api/absences?userId=keine-id', null, 'Ungültige Benutzer-ID'],
      ['get', '/api/absences?from=2026-11-30&to=2026-11-01', null, '«Bis» darf nicht vor «Von» liegen'],
      ['get', '/api/absences?from=2026-02-30', null, 'Von ist kein gültiges Datum'],
      ['put', '/api/absences/keine-id/approve', null, 'Ungültige ID'],
      ['put', `/api/absences/${absence.body.id}/reject`, {}, 'Begründung ist erforderlich'],
      ['put', `/api/absences/${absence.body.id}/reject`, { reason: '   ' }, 'Begründung ist erforderlich'],
      [
        'put',
        `/api/absences/${absence.body.id}/reject`,
        { reason: 'x'.repeat(2001) },
        'Begründung ist zu lang (max. 500 Zeichen)',
      ],
      ['delete', '/api/absences/keine-id', null, 'Ungültige ID'],
      ['get', '/api/time-accounts?month=2026-13', null, 'Monat muss im Format JJJJ-MM sein'],
      ['get', '/api/time-accounts?month=2026-11&userId=keine-id', null, 'Ungültige Benutzer-ID'],
      ['get', '/api/time-accounts/export?month=11.2026&format=csv', null, 'Monat muss im Format JJJJ-MM sein'],
      ['post', `/api/time-accounts/keine-id/2026-11/close`, null, 'Ungültige ID'],
      ['post', `/api/time-accounts/${c.employee.id}/2026-13/close`, null, 'Monat muss im Format JJJJ-MM sein'],
      ['post', `/api/time-accounts/${c.employee.id}/2026-11/reopen`, {}, 'Begründung ist erforderlich'],
      ['post', `/api/time-accounts/${c.employee.id}/2026-11/reopen`, { reason: 42 }, 'Begründung ist erforderlich'],
      ['get', `${records}&userId=keine-id&format=csv`, null, 'Ungültige Benutzer-ID'],
      ['get', `${records}&format=doc`, null, 'Ungültiges Format. Erlaubt: csv, pdf'],
      [
        'get',
        '/api/time-records/export?from=2026-11-01&format=csv',
        null,
        'Bis muss ein Datum im Format JJJJ-MM-TT sein',
      ],
    ];
    for (const [method, url, body, error] of cases) {
      const req = http()[method as 'get'](url).set(bearer(c.admin));
      const res = body ? await req.send(body) : await req;
      expect({ method, url, status: res.status, error: res.body.error }).toEqual({ method, url, status: 400, error });
    }
    // a body that is no JSON at all
    const broken = await http()
      .post('/api/absences')
      .set(bearer(c.admin))
      .set('content-type', 'application/json')
      .send('{"type": "sick",');
    expect({ status: broken.status, error: broken.body.error }).toEqual({ status: 400, error: expect.any(String) });
    expect(broken.body.error).not.toMatch(/intern/i);
    // well-formed ids nobody has: 404
    const nobody = randomUUID();
    expect((await http().put(`/api/absences/${nobody}/approve`).set(bearer(c.admin))).status).toBe(404);
    expect((await http().delete(`/api/holidays/${nobody}`).set(bearer(c.admin))).status).toBe(404);
    expect((await http().post(`/api/time-accounts/${nobody}/2026-11/close`).set(bearer(c.admin))).status).toBe(404);
    expect((await http().get(`${records}&userId=${nobody}&format=csv`).set(bearer(c.admin))).status).toBe(404);
  });

  it('the ArGV 1 art. 73 record as PDF: two months page on, in the company’s language (French)', async () => {
    const c = await createCompany(t, { canton: 'ZH', language: 'fr' });
    // the employer's name comes with auth's company events
    await t.publish('auth.company.profile-updated', c.id, {
      name: 'Menuiserie Dubois SA',
      email: null,
      phone: null,
      website: null,
      address: null,
      logoUrl: null,
    });
    await waitFor(
      async () =>
        (
          await t.dataSource.query(
            `SELECT 1 FROM company_settings WHERE company_id = $1 AND company_name IS NOT NULL`,
            [c.id],
          )
        )[0],
    );
    const p = await createProject(t, c.admin, {}, [c.employee]);
    // Saturday 3 October: 07:00–12:00 and 13:00–17:30 = 9.5 h, the gap is a 60 min break;
    // Saturday 10 October: 07:00–11:30 = 4.5 h. Together 14.00 h, 60 min of breaks.
    for (const [start, end] of [
      ['2026-10-03T07:00:00+02:00', '2026-10-03T12:00:00+02:00'],
      ['2026-10-03T13:00:00+02:00', '2026-10-03T17:30:00+02:00'],
      ['2026-10-10T07:00:00+02:00', '2026-10-10T11:30:00+02:00'],
    ]) {
      const res = await http()
        .post('/api/time-entries')
        .set(bearer(c.employee))
        .send({ projectId: p.id, startTime: start, endTime: end });
      expect(res.status).toBe(201);
    }
    // training from 1 October to 27 November: 22 weekdays in October, 20 in November (no ZH holiday)
    const training = await http()
      .post('/api/absences')
      .set(bearer(c.admin))
      .send({ userId: c.employee.id, type: 'training', startDate: '2026-10-01', endDate: '2026-11-27' });
    expect(training.status).toBe(201);
    const started = Date.now();
    const res = await getPdf(
      `/api/time-records/export?userId=${c.employee.id}&from=2026-10-01&to=2026-11-30&format=pdf`,
      c.backoffice,
    );
    expect(Date.now() - started).toBeLessThan(3000);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="arbeitszeit-.+-2026-10-01-2026-11-30\.pdf"/,
    );
    const text = pdfText(res.body);
    // 44 rows do not fit one A4 page: the table goes on, its header again on page 2
    expect(pdfPages(res.body)).toBe(2);
    expect(text.match(/Temps de\s+Nuit \(h\)/g)).toHaveLength(2);
    expect(text).toContain('Relevé du temps de travail');
    expect(text).toContain("Selon l'art. 73 de l'ordonnance 1 relative à la loi sur le travail (OLT 1)");
    expect(text).toContain('Employeur: Menuiserie Dubois SA');
    expect(text).toContain(c.employee.name);
    expect(text).toContain('Période: 01.10.2026 – 30.11.2026');
    expect(text).toMatch(/03\.10\.2026\s+07:00\s+17:30\s+60\s+9\.50/);
    expect(text).toMatch(/10\.10\.2026\s+07:00\s+11:30\s+0\s+4\.50/);
    expect(text).toContain('27.11.2026');
    expect(text).toContain('Formation');
    expect(text).toContain('Page 1 sur 2');
    expect(text).toContain('Page 2 sur 2');
    expect(text).toMatch(/Total\s+60\s+14\.00\s+0\.00\s+0\.00\s+0\.00\s+Jours d'absence: 42/);
  });

  it('the record PDF counts as a PDF render of the day (issue 25): CSV does not; beyond the limit German 429', async () => {
    const c = await createCompany(t, { canton: 'ZH' });
    const used = async () => (await dailyQuotaUsage(t.dataSource.manager, c.id)).pdf_renders;
    const url = '/api/time-records/export?from=2026-11-01&to=2026-11-30';
    expect((await getPdf(`${url}&format=pdf`, c.employee)).status).toBe(200);
    expect(await used()).toBe(1);
    expect((await http().get(url).set(bearer(c.employee))).status).toBe(200);
    expect(await used()).toBe(1);
    // operations does not know the subscription: the paid limit (2000 a day) applies
    await t.dataSource.query(
      `UPDATE daily_quota_usage SET used = 2000 WHERE company_id = $1 AND day = (now() AT TIME ZONE 'Europe/Zurich')::date`,
      [c.id],
    );
    const refused = await http().get(`${url}&format=pdf`).set(bearer(c.employee));
    expect([refused.status, refused.body.code, refused.body.error]).toEqual([
      429,
      'pdf_render_quota_exceeded',
      'Tageslimit erreicht: Ihr Konto kann heute höchstens 2000 PDF-Dokumente erstellen. Ab Mitternacht ist es wieder möglich.',
    ]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await used()).toBe(2000);
    // another company is not held back
    expect((await getPdf(`${url}&format=pdf`, b.employee)).status).toBe(200);
  });

  it('a company registered before names were copied: the record asks auth for the employer once and keeps it', async () => {
    const c = await createCompany(t, { canton: 'BE' });
    await t.dataSource.query(`UPDATE company_settings SET company_name = NULL WHERE company_id = $1`, [c.id]);
    // auth's side of rpc.auth.company-name (auth's company-name.int-spec tests the real responder)
    const events = t.app.get(EventsConnection);
    const asked: unknown[] = [];
    const standIn = events.nc.subscribe(events.subjectFor('rpc.auth.company-name'), {
      callback: (_err, msg) => {
        asked.push(msg.json());
        msg.respond(JSON.stringify({ ok: true, data: { name: 'Holzbau Aeschbacher GmbH' } }));
      },
    });
    await events.nc.flush();
    try {
      const url = `/api/time-records/export?userId=${c.employee.id}&from=2026-11-01&to=2026-11-30&format=pdf`;
      const first = await getPdf(url, c.admin);
      expect(first.status).toBe(200);
      expect(pdfText(first.body)).toContain('Arbeitgeber: Holzbau Aeschbacher GmbH');
      expect(asked).toEqual([{ companyId: c.id }]);
      const [row] = await t.dataSource.query(`SELECT company_name FROM company_settings WHERE company_id = $1`, [c.id]);
      expect(row.company_name).toBe('Holzbau Aeschbacher GmbH');
      // stored: the next record reads it locally, auth is not asked again
      expect(pdfText((await getPdf(url, c.employee)).body)).toContain('Arbeitgeber: Holzbau Aeschbacher GmbH');
      expect(asked).toHaveLength(1);
    } finally {
      standIn.unsubscribe();
    }
    // auth not reachable: the record still comes, without the employer, and asks again next time
    const d = await createCompany(t, { canton: 'BE' });
    await t.dataSource.query(`UPDATE company_settings SET company_name = NULL WHERE company_id = $1`, [d.id]);
    const without = await getPdf(
      `/api/time-records/export?userId=${d.employee.id}&from=2026-11-01&to=2026-11-30&format=pdf`,
      d.admin,
    );
    expect(without.status).toBe(200);
    expect(pdfText(without.body)).not.toContain('Arbeitgeber:');
  });

  it('GPS positions older than the company’s retention are removed, the entries stay', async () => {
    const c = await createCompany(t, { gps_enabled: true, gps_retention_days: 30 });
    const p = await createProject(t, c.admin, {}, [c.employee]);
    const old = await http()
      .post('/api/time-entries')
      .set(bearer(c.employee))
      .send({
        projectId: p.id,
        startTime: '2026-09-01T08:00:00+02:00',
        endTime: '2026-09-01T12:00:00+02:00',
        startPosition: { latitude: 46.9, longitude: 7.4, accuracy: 10 },
      });
    expect(old.body.start_latitude).toBe(46.9);
    const { GpsRetentionTask } = await import('../src/working-time/gps-retention.task.js');
    expect(await t.app.get(GpsRetentionTask).run()).toBeGreaterThanOrEqual(1);
    const [row] = await t.dataSource.query(`SELECT start_latitude, total_minutes FROM time_entries WHERE id = $1`, [
      old.body.id,
    ]);
    expect(row).toEqual({ start_latitude: null, total_minutes: 240 });
    await setSettings(t, c.id, { gps_enabled: true, gps_retention_days: 90 });
  });
});
