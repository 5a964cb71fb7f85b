import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_COMPANY_SETTINGS, type TimeEntryDto } from '@zunft/contracts';
import { randomUUID } from 'node:crypto';
import {
  appWithTwoCompanies,
  bearer,
  createCompany,
  createProject,
  outboxTypes,
  setSettings,
  type Company,
  type Member,
} from './support/factories.js';
import { DirectoryService } from '../src/directory/directory.service.js';
import { idempotencyChecks } from './support/idempotency.js';
import type { TestApp } from './support/test-app.js';

let t: TestApp, a: Company, b: Company;
beforeAll(async () => ({ t, a, b } = await appWithTwoCompanies()));
afterAll(() => t?.close());

// Zurich winter time is UTC+1: 2026-11-18 is a Wednesday, 2026-11-22 a Sunday.
const manual = (projectId: string, startTime: string, endTime: string, extra: object = {}) => ({
  projectId,
  startTime,
  endTime,
  breakMinutes: 0,
  ...extra,
});

describe('time entries: timer', () => {
  it('starts (with GPS), shows the active entry, stops with a break (with GPS), then active is null', async () => {
    const c = await createCompany(t, { gps_enabled: true });
    const p = await createProject(t, c.admin, {}, [c.employee]);
    expect((await t.http().get('/api/time-entries/active').set(bearer(c.employee))).body).toBeNull();

    const start = await t
      .http()
      .post('/api/time-entries/start')
      .set(bearer(c.employee))
      .send({ projectId: p.id, description: 'Montage', latitude: 47.3769, longitude: 8.5417, accuracy: 12 });
    expect(start.status).toBe(201);
    expect(start.body).toMatchObject({
      project_id: p.id,
      project_title: p.title,
      project_number: p.project_number,
      user_id: c.employee.id,
      user_name: c.employee.name,
      end_time: null,
      total_minutes: null,
      status: 'active',
      description: 'Montage',
      start_latitude: 47.3769,
      start_longitude: 8.5417,
      start_accuracy: 12,
      end_latitude: null,
    });

    const active = await t.http().get('/api/time-entries/active').set(bearer(c.employee));
    expect(active.body.id).toBe(start.body.id);
    // another user's active entry is not mine
    expect((await t.http().get('/api/time-entries/active').set(bearer(c.admin))).body).toBeNull();

    // pretend the timer ran 2 hours
    await t.dataSource.query(`UPDATE time_entries SET start_time = now() - interval '2 hours' WHERE id = $1`, [
      start.body.id,
    ]);
    const stop = await t
      .http()
      .post('/api/time-entries/stop')
      .set(bearer(c.employee))
      .send({ timeEntryId: start.body.id, breakMinutes: 15, latitude: 47.5, longitude: 8.7, accuracy: 30 });
    expect(stop.status).toBe(200);
    expect(stop.body).toMatchObject({
      status: 'completed',
      break_minutes: 15,
      end_latitude: 47.5,
      end_longitude: 8.7,
      end_accuracy: 30,
    });
    expect(stop.body.total_minutes).toBeGreaterThanOrEqual(104);
    expect(stop.body.total_minutes).toBeLessThanOrEqual(106);
    expect((await t.http().get('/api/time-entries/active').set(bearer(c.employee))).body).toBeNull();

    const again = await t
      .http()
      .post('/api/time-entries/stop')
      .set(bearer(c.employee))
      .send({ timeEntryId: start.body.id });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Dieser Timer läuft nicht mehr');

    expect(await outboxTypes(t, c.id)).toEqual(
      expect.arrayContaining(['operations.time-entry.started', 'operations.time-entry.stopped']),
    );
    const activity = await t.dataSource.query(
      `SELECT type, user_name, description FROM activities WHERE company_id = $1 AND type = 'time_logged'`,
      [c.id],
    );
    expect(activity).toHaveLength(1);
    expect(activity[0].user_name).toBe(c.employee.name);
  });

  it('a second start while one runs answers 409 "Es läuft bereits ein Timer"', async () => {
    const c = await createCompany(t);
    const p = await createProject(t, c.admin, {}, [c.employee]);
    expect(
      (await t.http().post('/api/time-entries/start').set(bearer(c.employee)).send({ projectId: p.id })).status,
    ).toBe(201);
    const second = await t.http().post('/api/time-entries/start').set(bearer(c.employee)).send({ projectId: p.id });
    expect(second.status).toBe(409);
    expect(second.body.error).toBe('Es läuft bereits ein Timer');
  });

  it('two CONCURRENT starts of one user: exactly one succeeds (database-enforced)', async () => {
    const c = await createCompany(t);
    const p = await createProject(t, c.admin, {}, [c.employee]);
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all(
        [0, 1, 2, 3].map(() =>
          t.http().post('/api/time-entries/start').set(bearer(c.employee)).send({ projectId: p.id }),
        ),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 409, 409, 409]);
      const running = await t.dataSource.query(`SELECT id FROM time_entries WHERE user_id = $1 AND end_time IS NULL`, [
        c.employee.id,
      ]);
      expect(running).toHaveLength(1);
      const stop = await t
        .http()
        .post('/api/time-entries/stop')
        .set(bearer(c.employee))
        .send({ timeEntryId: running[0].id });
      expect(stop.status).toBe(200);
    }
  });

  it('employees cannot start on unassigned or foreign projects (404); validation is German (400)', async () => {
    const unassigned = await createProject(t, a.admin);
    const foreign = await createProject(t, b.admin, {}, [b.employee]);
    const r1 = await t
      .http()
      .post('/api/time-entries/start')
      .set(bearer(a.employee))
      .send({ projectId: unassigned.id });
    expect(r1.status).toBe(404);
    expect(r1.body.error).toBe('Projekt nicht gefunden');
    expect(
      (await t.http().post('/api/time-entries/start').set(bearer(a.admin)).send({ projectId: foreign.id })).status,
    ).toBe(404);
    const noProject = await t.http().post('/api/time-entries/start').set(bearer(a.employee)).send({});
    expect(noProject.status).toBe(400);
    expect(noProject.body.error).toBe('Projekt ist erforderlich');
    const badGps = await t
      .http()
      .post('/api/time-entries/start')
      .set(bearer(a.employee))
      .send({ projectId: unassigned.id, latitude: 91, longitude: 8 });
    expect(badGps.status).toBe(400);
    expect(badGps.body.error).toBe('Breitengrad muss zwischen -90 und 90 liegen');
    const halfGps = await t
      .http()
      .post('/api/time-entries/start')
      .set(bearer(a.employee))
      .send({ projectId: unassigned.id, latitude: 47 });
    expect(halfGps.body.error).toBe('Breiten- und Längengrad müssen zusammen angegeben werden');
    const badBreak = await t
      .http()
      .post('/api/time-entries/stop')
      .set(bearer(a.employee))
      .send({ timeEntryId: unassigned.id, breakMinutes: -5 });
    expect(badBreak.status).toBe(400);
    expect(badBreak.body.error).toBe('Pause darf nicht negativ sein');
    expect((await t.http().post('/api/time-entries/start').send({ projectId: unassigned.id })).status).toBe(401);
  });

  it('an employee cannot stop someone else’s timer (404)', async () => {
    const c = await createCompany(t);
    const p = await createProject(t, c.admin, {}, [c.employee, c.employee2]);
    const start = await t.http().post('/api/time-entries/start').set(bearer(c.employee)).send({ projectId: p.id });
    const res = await t
      .http()
      .post('/api/time-entries/stop')
      .set(bearer(c.employee2))
      .send({ timeEntryId: start.body.id });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Zeiteintrag nicht gefunden');
  });
});

describe('time entries: manual, surcharges, approval', () => {
  it('a manual Sunday entry gets the 50 % surcharge and total minutes; client surcharges are ignored', async () => {
    const p = await createProject(t, a.admin, {}, [a.employee]);
    const res = await t
      .http()
      .post('/api/time-entries')
      .set(bearer(a.employee))
      .send(
        manual(p.id, '2026-11-22T08:00:00+01:00', '2026-11-22T12:30:00+01:00', {
          breakMinutes: 30,
          description: 'Notfall',
          surcharges: { total: 999 },
        }),
      );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      start_time: '2026-11-22T07:00:00.000Z',
      end_time: '2026-11-22T11:30:00.000Z',
      break_minutes: 30,
      total_minutes: 240,
      surcharge_total: 50,
      surcharges: { night: 0, saturday: 0, sunday: 50, total: 50 },
      status: 'completed',
      description: 'Notfall',
    });
  });

  it('night and Saturday: the maximum, and the company’s own percentages', async () => {
    const c = await createCompany(t, { night_surcharge: 40, saturday_surcharge: 10 });
    const p = await createProject(t, c.admin);
    const res = await t
      .http()
      .post('/api/time-entries')
      .set(bearer(c.admin))
      .send(manual(p.id, '2026-11-21T20:00:00+01:00', '2026-11-21T23:00:00+01:00'));
    expect(res.body.surcharges).toEqual({ night: 40, saturday: 10, sunday: 0, total: 40 });
  });

  it('no surcharges when auto_calculate_surcharges is off; auto-approve when switched on', async () => {
    const c = await createCompany(t, { auto_calculate_surcharges: false, auto_approve_time_entries: true });
    const p = await createProject(t, c.admin, {}, [c.employee]);
    const res = await t
      .http()
      .post('/api/time-entries')
      .set(bearer(c.employee))
      .send(manual(p.id, '2026-11-22T20:00:00+01:00', '2026-11-22T23:00:00+01:00'));
    expect(res.body).toMatchObject({
      surcharge_total: 0,
      surcharges: { night: 0, saturday: 0, sunday: 0, total: 0 },
      status: 'approved',
    });
    expect(res.body.approved_at).not.toBeNull();
    const start = await t.http().post('/api/time-entries/start').set(bearer(c.employee)).send({ projectId: p.id });
    await t.dataSource.query(`UPDATE time_entries SET start_time = now() - interval '1 hour' WHERE id = $1`, [
      start.body.id,
    ]);
    const stop = await t
      .http()
      .post('/api/time-entries/stop')
      .set(bearer(c.employee))
      .send({ timeEntryId: start.body.id });
    expect(stop.body.status).toBe('approved');
  });

  it('end must be after start; the break must fit; German 400s', async () => {
    const p = await createProject(t, a.admin, {}, [a.employee]);
    const send = (body: object) => t.http().post('/api/time-entries').set(bearer(a.employee)).send(body);
    const reversed = await send(manual(p.id, '2026-11-18T12:00:00+01:00', '2026-11-18T08:00:00+01:00'));
    expect(reversed.status).toBe(400);
    expect(reversed.body.error).toBe('Die Endzeit muss nach der Startzeit liegen');
    const equal = await send(manual(p.id, '2026-11-18T08:00:00+01:00', '2026-11-18T08:00:00+01:00'));
    expect(equal.body.error).toBe('Die Endzeit muss nach der Startzeit liegen');
    const noStart = await send({ projectId: p.id, endTime: '2026-11-18T08:00:00+01:00' });
    expect(noStart.body.error).toBe('Startzeit ist erforderlich');
    const garbage = await send(manual(p.id, 'gestern', '2026-11-18T08:00:00+01:00'));
    expect(garbage.body.error).toBe('Startzeit ist kein gültiger Zeitpunkt');
    const longBreak = await send(
      manual(p.id, '2026-11-18T08:00:00+01:00', '2026-11-18T09:00:00+01:00', { breakMinutes: 61 }),
    );
    expect(longBreak.status).toBe(400);
    expect(longBreak.body.error).toBe('Die Pause darf nicht länger als die erfasste Zeit sein');
    const tooLong = await send(manual(p.id, '2026-11-01T08:00:00+01:00', '2026-11-18T09:00:00+01:00'));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toMatch(/höchstens/);
  });

  it('update recomputes; employees edit only their own; approve by the office makes it immutable (409)', async () => {
    const c = await createCompany(t);
    const p = await createProject(t, c.admin, {}, [c.employee, c.employee2]);
    const created = await t
      .http()
      .post('/api/time-entries')
      .set(bearer(c.employee))
      .send(manual(p.id, '2026-11-18T08:00:00+01:00', '2026-11-18T12:00:00+01:00'));
    const id = created.body.id as string;

    const moved = await t.http().put(`/api/time-entries/${id}`).set(bearer(c.employee)).send({
      startTime: '2026-11-22T08:00:00+01:00',
      endTime: '2026-11-22T09:00:00+01:00',
      description: 'verschoben',
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      total_minutes: 60,
      surcharge_total: 50,
      description: 'verschoben',
      status: 'completed',
    });
    const bad = await t
      .http()
      .put(`/api/time-entries/${id}`)
      .set(bearer(c.employee))
      .send({ endTime: '2026-11-22T07:00:00+01:00' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Die Endzeit muss nach der Startzeit liegen');

    expect(
      (await t.http().put(`/api/time-entries/${id}`).set(bearer(c.employee2)).send({ description: 'fremd' })).status,
    ).toBe(404);
    expect((await t.http().delete(`/api/time-entries/${id}`).set(bearer(c.employee2))).status).toBe(404);
    expect((await t.http().post(`/api/time-entries/${id}/approve`).set(bearer(c.employee))).status).toBe(403);

    const approved = await t.http().post(`/api/time-entries/${id}/approve`).set(bearer(c.backoffice));
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', approved_by: c.backoffice.id });
    const put = await t
      .http()
      .put(`/api/time-entries/${id}`)
      .set(bearer(c.employee))
      .send({ description: 'nachträglich' });
    expect(put.status).toBe(409);
    expect(put.body.error).toBe('Genehmigte Einträge können nicht mehr geändert werden');
    const del = await t.http().delete(`/api/time-entries/${id}`).set(bearer(c.admin));
    expect(del.status).toBe(409);
    expect(del.body.error).toBe('Genehmigte Einträge können nicht mehr geändert werden');

    const running = await t.http().post('/api/time-entries/start').set(bearer(c.employee)).send({ projectId: p.id });
    const notYet = await t.http().post(`/api/time-entries/${running.body.id}/approve`).set(bearer(c.admin));
    expect(notYet.status).toBe(409);
    expect(notYet.body.error).toBe('Laufende Einträge können nicht genehmigt werden');
    expect(await outboxTypes(t, c.id)).toEqual(
      expect.arrayContaining([
        'operations.time-entry.created',
        'operations.time-entry.updated',
        'operations.time-entry.approved',
      ]),
    );
  });

  it('deletes own non-approved entries; 404 for another company', async () => {
    const p = await createProject(t, a.admin, {}, [a.employee]);
    const created = await t
      .http()
      .post('/api/time-entries')
      .set(bearer(a.employee))
      .send(manual(p.id, '2026-11-18T08:00:00+01:00', '2026-11-18T09:00:00+01:00'));
    expect((await t.http().delete(`/api/time-entries/${created.body.id}`).set(bearer(b.admin))).status).toBe(404);
    expect(
      (await t.http().put(`/api/time-entries/${created.body.id}`).set(bearer(b.admin)).send({ description: 'x' }))
        .status,
    ).toBe(404);
    expect((await t.http().post(`/api/time-entries/${created.body.id}/approve`).set(bearer(b.admin))).status).toBe(404);
    const del = await t.http().delete(`/api/time-entries/${created.body.id}`).set(bearer(a.employee));
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('Zeiteintrag gelöscht');
    expect(await outboxTypes(t, a.id)).toContain('operations.time-entry.deleted');
  });

  it('a project with time entries cannot be deleted (409)', async () => {
    const p = await createProject(t, a.admin);
    await t
      .http()
      .post('/api/time-entries')
      .set(bearer(a.admin))
      .send(manual(p.id, '2026-11-18T08:00:00+01:00', '2026-11-18T09:00:00+01:00'));
    const res = await t.http().delete(`/api/projects/${p.id}`).set(bearer(a.admin));
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/Zeiteinträge/);
  });

  it('settings changes apply to new computations', async () => {
    const c = await createCompany(t);
    const p = await createProject(t, c.admin);
    await setSettings(t, c.id, { sunday_surcharge: 100 });
    const res = await t
      .http()
      .post('/api/time-entries')
      .set(bearer(c.admin))
      .send(manual(p.id, '2026-11-22T08:00:00+01:00', '2026-11-22T09:00:00+01:00'));
    expect(res.body.surcharge_total).toBe(100);
  });
});

describe('time entries: list', () => {
  it('paginates newest first; filters by project and (office) by employee; employees see only their own', async () => {
    const c = await createCompany(t);
    const p1 = await createProject(t, c.admin, {}, [c.employee, c.employee2]);
    const p2 = await createProject(t, c.admin, {}, [c.employee]);
    const add = (who: typeof c.employee, projectId: string, day: number) =>
      t
        .http()
        .post('/api/time-entries')
        .set(bearer(who))
        .send(
          manual(
            projectId,
            `2026-11-${String(day).padStart(2, '0')}T08:00:00+01:00`,
            `2026-11-${String(day).padStart(2, '0')}T10:00:00+01:00`,
          ),
        );
    for (let d = 1; d <= 5; d++) await add(c.employee, p1.id, d);
    for (let d = 6; d <= 7; d++) await add(c.employee, p2.id, d);
    for (let d = 8; d <= 10; d++) await add(c.employee2, p1.id, d);

    const page1 = await t.http().get('/api/time-entries').query({ page: 1, pageSize: 4 }).set(bearer(c.admin));
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ total: 10, page: 1, pageSize: 4 });
    expect(page1.body.items.map((e: TimeEntryDto) => e.start_time.slice(0, 10))).toEqual([
      '2026-11-10',
      '2026-11-09',
      '2026-11-08',
      '2026-11-07',
    ]);
    const page3 = await t.http().get('/api/time-entries').query({ page: 3, pageSize: 4 }).set(bearer(c.admin));
    expect(page3.body.items).toHaveLength(2);

    const byProject = await t.http().get('/api/time-entries').query({ projectId: p2.id }).set(bearer(c.backoffice));
    expect(byProject.body.total).toBe(2);
    const byUser = await t.http().get('/api/time-entries').query({ userId: c.employee2.id }).set(bearer(c.backoffice));
    expect(byUser.body.total).toBe(3);
    expect(byUser.body.items.every((e: TimeEntryDto) => e.user_id === c.employee2.id)).toBe(true);

    const own = await t.http().get('/api/time-entries').set(bearer(c.employee));
    expect(own.body.total).toBe(7);
    // an employee asking for someone else's entries still gets only their own
    const sneaky = await t.http().get('/api/time-entries').query({ userId: c.employee2.id }).set(bearer(c.employee));
    expect(sneaky.body.total).toBe(7);
    expect(sneaky.body.items.every((e: TimeEntryDto) => e.user_id === c.employee.id)).toBe(true);

    // other companies see nothing of it
    expect((await t.http().get('/api/time-entries').query({ projectId: p1.id }).set(bearer(b.admin))).body.total).toBe(
      0,
    );

    const bad = await t.http().get('/api/time-entries').query({ pageSize: 500 }).set(bearer(c.admin));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Seitengrösse darf höchstens 200 sein');
    expect((await t.http().get('/api/time-entries').query({ projectId: 'x' }).set(bearer(c.admin))).body.error).toBe(
      'Ungültige Projekt-ID',
    );
  });
});

describe('time entries: a repeated manual save with a client-chosen id', () => {
  const { rowsWith, countOf, activitiesOf: timeLogged, expectTaken } = idempotencyChecks(() => t, 'time_entries');
  const wednesday = (projectId: string, extra: object = {}) =>
    manual(projectId, '2026-11-18T08:00:00+01:00', '2026-11-18T12:00:00+01:00', extra);
  const post = (by: Member, body: object) => t.http().post('/api/time-entries').set(bearer(by)).send(body);
  const createdEvents = (companyId: string) => countOf(companyId, 'operations.time-entry.created');

  it('the same id twice: one entry, the second save answers it like the first (201), no second activity or event', async () => {
    const c = await createCompany(t);
    const p = await createProject(t, c.admin, {}, [c.employee]);
    const id = randomUUID();
    const first = await post(c.employee, wednesday(p.id, { id, description: 'Montage' }));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ id, project_id: p.id, user_id: c.employee.id, total_minutes: 240 });

    // the answer was lost; the dialog saves again (even with a field changed meanwhile)
    const again = await post(c.employee, wednesday(p.id, { id, description: 'Montage, korrigiert' }));
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await rowsWith(id)).toBe(1);
    expect(await createdEvents(c.id)).toBe(1);
    expect(await timeLogged(c.id, id)).toBe(1);

    // still the answer when the project was unassigned in between
    expect(
      (await t.http().delete(`/api/projects/${p.id}/assign/${c.employee.id}`).set(bearer(c.admin))).status,
    ).toBeLessThan(300);
    const later = await post(c.employee, wednesday(p.id, { id }));
    expect(later.status).toBe(201);
    expect(later.body.id).toBe(id);
  });

  it('CONCURRENT saves with the same id create exactly one entry; all get it', async () => {
    const c = await createCompany(t);
    const p = await createProject(t, c.admin, {}, [c.employee]);
    for (let round = 0; round < 3; round++) {
      const id = randomUUID();
      // one day per round: an employee's entries may not overlap (issue 24)
      const day = manual(p.id, `2026-11-1${7 + round}T08:00:00+01:00`, `2026-11-1${7 + round}T12:00:00+01:00`, { id });
      const results = await Promise.all([0, 1, 2, 3].map(() => post(c.employee, day)));
      expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
      expect(new Set(results.map((r) => r.body.id))).toEqual(new Set([id]));
      expect(await rowsWith(id)).toBe(1);
      expect(await timeLogged(c.id, id)).toBe(1);
    }
    expect(await createdEvents(c.id)).toBe(3);
  });

  it('an id held by another user, another company or a timer entry: 409 in German, nothing of it shown', async () => {
    const c = await createCompany(t);
    const p = await createProject(t, c.admin, {}, [c.employee, c.employee2]);
    const id = randomUUID();
    expect((await post(c.employee, wednesday(p.id, { id }))).status).toBe(201);

    expectTaken(await post(c.employee2, wednesday(p.id, { id })));
    expectTaken(await post(c.admin, wednesday(p.id, { id })));
    const pb = await createProject(t, b.admin, {}, [b.employee]);
    expectTaken(await post(b.employee, wednesday(pb.id, { id })));
    expectTaken(await post(b.admin, wednesday(pb.id, { id })));

    // a running timer's id is no manual entry of mine
    const timer = await t.http().post('/api/time-entries/start').set(bearer(c.employee)).send({ projectId: p.id });
    expect(timer.status).toBe(201);
    expectTaken(await post(c.employee, wednesday(p.id, { id: timer.body.id })));

    expect(await rowsWith(id)).toBe(1);
    const row = await t.dataSource.query(`SELECT company_id, user_id, description FROM time_entries WHERE id = $1`, [
      id,
    ]);
    expect(row).toEqual([{ company_id: c.id, user_id: c.employee.id, description: null }]);
  });

  it('without an id everything works as before (every save a new entry); a malformed id is a German 400', async () => {
    const c = await createCompany(t);
    const p = await createProject(t, c.admin, {}, [c.employee]);
    const one = await post(c.employee, wednesday(p.id));
    const afternoon = manual(p.id, '2026-11-18T13:00:00+01:00', '2026-11-18T17:00:00+01:00', { id: '' });
    const two = await post(c.employee, afternoon);
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(one.body.id).not.toBe(two.body.id);
    expect(await createdEvents(c.id)).toBe(2);

    const bad = await post(c.employee, wednesday(p.id, { id: 'nicht-eine-uuid' }));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Ungültige ID');
    // the timer takes no client id and keeps working
    const timer = await t.http().post('/api/time-entries/start').set(bearer(c.employee)).send({ projectId: p.id });
    expect(timer.status).toBe(201);
  });
});

describe('time entries: a timer run offline (replayed as a manual entry)', () => {
  it('keeps the positions of its start and stop with their accuracy; without them none; half a pair is a German 400', async () => {
    const c = await createCompany(t, { gps_enabled: true });
    const p = await createProject(t, c.admin, {}, [c.employee]);
    const post = (body: object) => t.http().post('/api/time-entries').set(bearer(c.employee)).send(body);
    const id = randomUUID();
    const times = manual(p.id, '2026-11-18T08:00:00+01:00', '2026-11-18T12:00:00+01:00', { id });

    const res = await post({
      ...times,
      startPosition: { latitude: 46.948, longitude: 7.4474, accuracy: 12 },
      endPosition: { latitude: 46.95, longitude: 7.45, accuracy: null },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      start_latitude: 46.948,
      start_longitude: 7.4474,
      start_accuracy: 12,
      end_latitude: 46.95,
      end_longitude: 7.45,
      end_accuracy: null,
    });
    // The office sees them on the entry.
    const list = await t.http().get(`/api/time-entries?projectId=${p.id}`).set(bearer(c.admin));
    const listed = (list.body.items as TimeEntryDto[]).find((e) => e.id === id);
    expect(listed).toMatchObject({ start_latitude: 46.948, start_accuracy: 12, end_longitude: 7.45 });

    const plain = await post(manual(p.id, '2026-11-18T13:00:00+01:00', '2026-11-18T14:00:00+01:00'));
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ start_latitude: null, end_latitude: null, end_accuracy: null });

    const half = await post({
      ...manual(p.id, '2026-11-18T15:00:00+01:00', '2026-11-18T16:00:00+01:00'),
      endPosition: { latitude: 46.95 },
    });
    expect(half.status).toBe(400);
    expect(half.body.error).toContain('Breiten- und Längengrad müssen zusammen angegeben werden');
  });
});

describe('time entries: the company setting gps_enabled (issue 14)', () => {
  const position = { latitude: 47.3769, longitude: 8.5417, accuracy: 12 };
  const positionColumns = `SELECT start_latitude, start_longitude, start_accuracy, end_latitude, end_longitude, end_accuracy
     FROM time_entries WHERE id = $1`;
  const noPosition = {
    start_latitude: null,
    start_longitude: null,
    start_accuracy: null,
    end_latitude: null,
    end_longitude: null,
    end_accuracy: null,
  };

  it('off (the default): positions sent at start, stop and in an offline entry are dropped, never stored', async () => {
    const c = await createCompany(t);
    const p = await createProject(t, c.admin, {}, [c.employee]);
    const start = await t
      .http()
      .post('/api/time-entries/start')
      .set(bearer(c.employee))
      .send({ projectId: p.id, ...position });
    expect(start.status).toBe(201);
    expect(start.body).toMatchObject({ start_latitude: null, start_longitude: null, start_accuracy: null });
    const stop = await t
      .http()
      .post('/api/time-entries/stop')
      .set(bearer(c.employee))
      .send({ timeEntryId: start.body.id, breakMinutes: 0, ...position });
    expect(stop.status).toBe(200);
    expect(stop.body).toMatchObject({ status: 'completed', end_latitude: null, end_accuracy: null });
    expect((await t.dataSource.query(positionColumns, [start.body.id]))[0]).toEqual(noPosition);

    const offline = await t
      .http()
      .post('/api/time-entries')
      .set(bearer(c.employee))
      .send({
        ...manual(p.id, '2026-11-18T08:00:00+01:00', '2026-11-18T12:00:00+01:00', { id: randomUUID() }),
        startPosition: position,
        endPosition: position,
      });
    expect(offline.status).toBe(201);
    expect((await t.dataSource.query(positionColumns, [offline.body.id]))[0]).toEqual(noPosition);
  });

  it('on: stored with its accuracy; switched off again: dropped again; an older event without the field keeps it', async () => {
    const c = await createCompany(t);
    const p = await createProject(t, c.admin, {}, [c.employee]);
    await setSettings(t, c.id, { gps_enabled: true });
    const start = await t
      .http()
      .post('/api/time-entries/start')
      .set(bearer(c.employee))
      .send({ projectId: p.id, ...position });
    expect(start.body).toMatchObject({ start_latitude: 47.3769, start_longitude: 8.5417, start_accuracy: 12 });
    // Switched off while the timer runs: the stop position is dropped, the start stays.
    await setSettings(t, c.id, { gps_enabled: false });
    await t
      .http()
      .post('/api/time-entries/stop')
      .set(bearer(c.employee))
      .send({ timeEntryId: start.body.id, breakMinutes: 0, latitude: 47.5, longitude: 8.7, accuracy: 30 });
    expect((await t.dataSource.query(positionColumns, [start.body.id]))[0]).toEqual({
      ...noPosition,
      start_latitude: 47.3769,
      start_longitude: 8.5417,
      start_accuracy: 12,
    });

    // An event from before the setting existed (no gps_enabled) changes other settings, not this one.
    await setSettings(t, c.id, { gps_enabled: true });
    const { gps_enabled: _omitted, ...older } = DEFAULT_COMPANY_SETTINGS;
    await t.dataSource.transaction((m) => t.app.get(DirectoryService).applySettings(m, c.id, older));
    const offline = await t
      .http()
      .post('/api/time-entries')
      .set(bearer(c.employee))
      .send({
        ...manual(p.id, '2026-11-18T08:00:00+01:00', '2026-11-18T12:00:00+01:00'),
        startPosition: position,
        endPosition: { latitude: 47.5, longitude: 8.7, accuracy: null },
      });
    expect(offline.body).toMatchObject({
      start_latitude: 47.3769,
      start_accuracy: 12,
      end_latitude: 47.5,
      end_longitude: 8.7,
      end_accuracy: null,
    });
  });
});
