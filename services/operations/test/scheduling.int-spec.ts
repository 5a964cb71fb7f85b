import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  mondayOf,
  type CreateScheduleAssignmentRequest,
  type ScheduleAssignmentSaveResponse,
  type ScheduleWeekResponse,
} from '@zunft/contracts';
import { randomUUID } from 'node:crypto';
import { DirectoryService } from '../src/directory/directory.service.js';
import {
  appWithTwoCompanies,
  addMember,
  bearer,
  createCompany,
  createProject,
  outboxTypes,
  type Company,
  type Member,
} from './support/factories.js';
import type { TestApp } from './support/test-app.js';

let t: TestApp, a: Company, b: Company;
beforeAll(async () => ({ t, a, b } = await appWithTwoCompanies()));
afterAll(() => t?.close());

// KW 48 of 2026: Monday 23 to Sunday 29 November.
const WEEK = '2026-11-23';
const TUE = '2026-11-24';
const WED = '2026-11-25';

async function plan(
  by: Member,
  body: Partial<CreateScheduleAssignmentRequest> & { userId: string; projectId: string },
): Promise<ScheduleAssignmentSaveResponse> {
  const res = await t
    .http()
    .post('/api/schedule/assignments')
    .set(bearer(by))
    .send({ workDate: TUE, ...body });
  if (res.status !== 201) throw new Error(`plan: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function week(by: Member, weekStart = WEEK): Promise<ScheduleWeekResponse> {
  const res = await t.http().get(`/api/schedule?weekStart=${weekStart}`).set(bearer(by));
  if (res.status !== 200) throw new Error(`week: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

describe('scheduling', () => {
  it('the office plans an employee: 201 with project and customer, membership, activity and events', async () => {
    const c = await createCompany(t);
    const p = await createProject(t, c.admin, { title: 'Dachsanierung Huber', status: 'planned' });
    // Not a project member yet: the employee cannot see it.
    expect((await t.http().get(`/api/projects/${p.id}`).set(bearer(c.employee))).status).toBe(404);

    const res = await t.http().post('/api/schedule/assignments').set(bearer(c.backoffice)).send({
      userId: c.employee.id,
      projectId: p.id,
      workDate: TUE,
      startTime: '07:30',
      endTime: '12:00',
      note: '  Gerüst steht ab 7 Uhr ',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      user_id: c.employee.id,
      project_id: p.id,
      project_title: 'Dachsanierung Huber',
      project_number: p.project_number,
      project_status: 'planned',
      customer_name: p.customer_name,
      work_date: TUE,
      start_time: '07:30',
      end_time: '12:00',
      note: 'Gerüst steht ab 7 Uhr',
      created_by: c.backoffice.id,
      conflict: false,
      conflict_with: [],
      conflicts: [],
    });

    // Planning made the employee a project member (so they can track time on it).
    const project = await t.http().get(`/api/projects/${p.id}`).set(bearer(c.employee));
    expect(project.status).toBe(200);
    expect(project.body.assigned_users.map((u: { id: string }) => u.id)).toEqual([c.employee.id]);
    const timer = await t.http().post('/api/time-entries/start').set(bearer(c.employee)).send({ projectId: p.id });
    expect(timer.status).toBe(201);

    // A second plan on the same project does not assign again.
    await plan(c.admin, { userId: c.employee.id, projectId: p.id, workDate: WED });
    const types = await outboxTypes(t, c.id);
    expect(types.filter((x) => x === 'operations.assignment.created')).toHaveLength(2);
    expect(types.filter((x) => x === 'operations.project.updated')).toHaveLength(1);
    const [event] = await t.dataSource.query(
      `SELECT data FROM outbox_events WHERE company_id = $1 AND type = 'operations.assignment.created' ORDER BY occurred_at LIMIT 1`,
      [c.id],
    );
    expect(event.data).toEqual({
      assignmentId: res.body.id,
      userId: c.employee.id,
      projectId: p.id,
      workDate: TUE,
      startTime: '07:30',
      endTime: '12:00',
      note: 'Gerüst steht ab 7 Uhr',
      conflictWith: [],
    });
    const activities = await t.http().get('/api/dashboard/stats').set(bearer(c.admin));
    expect(JSON.stringify(activities.body)).toContain(
      `Einsatz geplant: ${c.employee.name} auf «Dachsanierung Huber» (${p.project_number}) am 24.11.2026`,
    );
  });

  it('week board: 7 days, all active staff for the office, the employee only their own week', async () => {
    const c = await createCompany(t);
    const p1 = await createProject(t, c.admin, { title: 'Küche Meier' });
    const p2 = await createProject(t, c.admin, { title: 'Bad Keller' });
    await plan(c.admin, {
      userId: c.employee.id,
      projectId: p1.id,
      workDate: WED,
      startTime: '13:00',
      endTime: '17:00',
    });
    await plan(c.admin, { userId: c.employee.id, projectId: p2.id, workDate: WED });
    await plan(c.admin, { userId: c.employee2.id, projectId: p2.id, workDate: TUE });
    // Outside the week: not listed.
    await plan(c.admin, { userId: c.employee.id, projectId: p1.id, workDate: '2026-11-30' });
    const inactive = await addMember(t, c.id, 'employee', 'Ida');
    await t.app.get(DirectoryService).deactivateUser(t.dataSource.manager, c.id, inactive.id);

    const board = await week(c.backoffice);
    expect(board.weekStart).toBe(WEEK);
    expect(board.isoWeek).toBe(48);
    expect(board.days).toEqual([WEEK, TUE, WED, '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    expect(board.employees.map((e) => e.id).sort()).toEqual(
      [c.admin.id, c.backoffice.id, c.employee.id, c.employee2.id].sort(),
    );
    expect(board.employees.find((e) => e.id === c.employee.id)).toMatchObject({
      first_name: 'Emil',
      role: 'employee',
      is_active: true,
    });
    // Tuesday first; on Wednesday the whole-day plan comes before the timed one.
    expect(board.assignments.map((x) => [x.user_id, x.work_date, x.project_title, x.start_time])).toEqual([
      [c.employee2.id, TUE, 'Bad Keller', null],
      [c.employee.id, WED, 'Bad Keller', null],
      [c.employee.id, WED, 'Küche Meier', '13:00'],
    ]);

    const own = await week(c.employee);
    expect(own.employees.map((e) => e.id)).toEqual([c.employee.id]);
    expect(own.assignments.map((x) => x.user_id)).toEqual([c.employee.id, c.employee.id]);
    expect((await week(c.employee2)).assignments.map((x) => x.project_title)).toEqual(['Bad Keller']);
    expect((await week(c.employee, '2026-11-30')).assignments).toHaveLength(1);

    // Another company sees none of it.
    const other = await week(b.admin);
    expect(other.assignments).toEqual([]);
    expect(other.employees.map((e) => e.id)).not.toContain(c.employee.id);
  });

  it('without weekStart: the current week in the company time zone', async () => {
    const res = await t.http().get('/api/schedule').set(bearer(a.employee));
    expect(res.status).toBe(200);
    const today = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Zurich',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date());
    expect(res.body.weekStart).toBe(mondayOf(today));
    expect(res.body.days).toHaveLength(7);
  });

  it('400 with German messages', async () => {
    const p = await createProject(t, a.admin);
    const base = { userId: a.employee.id, projectId: p.id, workDate: TUE };
    const cases: Array<[object, string]> = [
      [{ ...base, userId: undefined }, 'Mitarbeiter ist erforderlich'],
      [{ ...base, projectId: 'kein-projekt' }, 'Projekt ist erforderlich'],
      [{ ...base, workDate: undefined }, 'Datum ist erforderlich'],
      [{ ...base, workDate: '24.11.2026' }, 'Datum muss im Format JJJJ-MM-TT sein'],
      [{ ...base, workDate: '2026-02-30' }, 'Datum ist kein gültiges Datum'],
      [{ ...base, startTime: '7 Uhr', endTime: '12:00' }, 'Von muss eine Uhrzeit im Format HH:mm sein'],
      [{ ...base, startTime: '07:00', endTime: '25:00' }, 'Bis muss eine Uhrzeit im Format HH:mm sein'],
      [{ ...base, startTime: '07:00' }, 'Bitte Von und Bis angeben oder beide leer lassen'],
      [{ ...base, endTime: '07:00' }, 'Bitte Von und Bis angeben oder beide leer lassen'],
      [{ ...base, startTime: '12:00', endTime: '08:00' }, 'Bis muss nach Von liegen'],
      [{ ...base, startTime: '12:00', endTime: '12:00' }, 'Bis muss nach Von liegen'],
      [{ ...base, note: 'x'.repeat(501) }, 'Notiz ist zu lang (max. 500 Zeichen)'],
    ];
    for (const [body, error] of cases) {
      const res = await t.http().post('/api/schedule/assignments').set(bearer(a.admin)).send(body);
      expect([res.status, res.body.error]).toEqual([400, error]);
    }
    for (const [query, error] of [
      ['weekStart=2026-11-24', 'Der Wochenbeginn muss ein Montag sein'],
      ['weekStart=23.11.2026', 'Wochenbeginn muss im Format JJJJ-MM-TT sein'],
      ['weekStart=2026-13-02', 'Wochenbeginn ist kein gültiges Datum'],
    ] as const) {
      const res = await t.http().get(`/api/schedule?${query}`).set(bearer(a.employee));
      expect([res.status, res.body.error]).toEqual([400, error]);
    }

    // PUT: a half window is refused, the stored window stays.
    const x = await plan(a.admin, { ...base, startTime: '08:00', endTime: '10:00' });
    const put = await t.http().put(`/api/schedule/assignments/${x.id}`).set(bearer(a.admin)).send({ endTime: '07:00' });
    expect([put.status, put.body.error]).toEqual([400, 'Bitte Von und Bis angeben oder beide leer lassen']);
    const bad = await t.http().put('/api/schedule/assignments/nope').set(bearer(a.admin)).send({});
    expect([bad.status, bad.body.error]).toEqual([400, 'Ungültige ID']);

    // Closed projects and deactivated employees cannot be planned.
    const done = await createProject(t, a.admin, { status: 'completed' });
    const cancelled = await createProject(t, a.admin, { status: 'cancelled' });
    for (const projectId of [done.id, cancelled.id]) {
      const res = await t
        .http()
        .post('/api/schedule/assignments')
        .set(bearer(a.admin))
        .send({ ...base, projectId });
      expect([res.status, res.body.error]).toEqual([
        400,
        'Für abgeschlossene oder abgebrochene Projekte können keine Einsätze geplant werden',
      ]);
    }
    const leaver = await addMember(t, a.id, 'employee');
    await t.app.get(DirectoryService).deactivateUser(t.dataSource.manager, a.id, leaver.id);
    const inactive = await t
      .http()
      .post('/api/schedule/assignments')
      .set(bearer(a.admin))
      .send({ ...base, userId: leaver.id });
    expect([inactive.status, inactive.body.error]).toEqual([
      400,
      'Dieser Mitarbeiter ist deaktiviert und kann nicht eingeplant werden',
    ]);
  });

  it('401 without a token; 403 for employees on every write, but they read', async () => {
    expect((await t.http().get(`/api/schedule?weekStart=${WEEK}`)).status).toBe(401);
    const p = await createProject(t, a.admin, {}, [a.employee]);
    const x = await plan(a.admin, { userId: a.employee.id, projectId: p.id });
    const body = { userId: a.employee.id, projectId: p.id, workDate: TUE };
    const writes = [
      await t.http().post('/api/schedule/assignments').set(bearer(a.employee)).send(body),
      await t.http().put(`/api/schedule/assignments/${x.id}`).set(bearer(a.employee)).send({ note: 'x' }),
      await t.http().delete(`/api/schedule/assignments/${x.id}`).set(bearer(a.employee)),
      await t
        .http()
        .post('/api/schedule/copy-week')
        .set(bearer(a.employee))
        .send({ fromWeekStart: WEEK, toWeekStart: '2026-11-30' }),
    ];
    for (const res of writes) {
      expect([res.status, res.body.error]).toEqual([403, 'Keine Berechtigung für diese Aktion']);
    }
    expect((await week(a.employee)).assignments.map((y) => y.id)).toContain(x.id);
  });

  it('404 for another company’s assignment, project and employee', async () => {
    const pa = await createProject(t, a.admin);
    const pb = await createProject(t, b.admin);
    const xa = await plan(a.admin, { userId: a.employee.id, projectId: pa.id });

    const foreignProject = await t
      .http()
      .post('/api/schedule/assignments')
      .set(bearer(a.admin))
      .send({ userId: a.employee.id, projectId: pb.id, workDate: TUE });
    expect([foreignProject.status, foreignProject.body.error]).toEqual([404, 'Projekt nicht gefunden']);
    const foreignUser = await t
      .http()
      .post('/api/schedule/assignments')
      .set(bearer(a.admin))
      .send({ userId: b.employee.id, projectId: pa.id, workDate: TUE });
    expect([foreignUser.status, foreignUser.body.error]).toEqual([404, 'Benutzer nicht gefunden']);
    const unknownUser = await t
      .http()
      .post('/api/schedule/assignments')
      .set(bearer(a.admin))
      .send({ userId: randomUUID(), projectId: pa.id, workDate: TUE });
    expect(unknownUser.status).toBe(404);

    for (const res of [
      await t.http().put(`/api/schedule/assignments/${xa.id}`).set(bearer(b.admin)).send({ note: 'fremd' }),
      await t.http().delete(`/api/schedule/assignments/${xa.id}`).set(bearer(b.backoffice)),
      await t.http().put(`/api/schedule/assignments/${randomUUID()}`).set(bearer(a.admin)).send({ note: 'x' }),
    ]) {
      expect([res.status, res.body.error]).toEqual([404, 'Einsatz nicht gefunden']);
    }
    // Moving an own assignment onto a foreign project or person is a 404 too.
    const move = await t
      .http()
      .put(`/api/schedule/assignments/${xa.id}`)
      .set(bearer(a.admin))
      .send({ projectId: pb.id });
    expect([move.status, move.body.error]).toEqual([404, 'Projekt nicht gefunden']);
    const moveUser = await t
      .http()
      .put(`/api/schedule/assignments/${xa.id}`)
      .set(bearer(a.admin))
      .send({ userId: b.employee.id });
    expect([moveUser.status, moveUser.body.error]).toEqual([404, 'Benutzer nicht gefunden']);
    expect((await week(a.admin)).assignments.find((y) => y.id === xa.id)?.note).toBeNull();
  });

  it('conflicts: overlapping windows and whole days are flagged, touching windows are not; saving is allowed', async () => {
    const c = await createCompany(t);
    const p1 = await createProject(t, c.admin, { title: 'Morgen' });
    const p2 = await createProject(t, c.admin, { title: 'Nachmittag' });
    const p3 = await createProject(t, c.admin, { title: 'Ganztags' });

    const morning = await plan(c.admin, {
      userId: c.employee.id,
      projectId: p1.id,
      startTime: '08:00',
      endTime: '12:00',
    });
    const afternoon = await plan(c.admin, {
      userId: c.employee.id,
      projectId: p2.id,
      startTime: '12:00',
      endTime: '16:00',
    });
    expect(afternoon.conflict).toBe(false);
    expect(afternoon.conflicts).toEqual([]);
    // Another employee at the same time, and the same employee another day: no conflict.
    expect(
      (await plan(c.admin, { userId: c.employee2.id, projectId: p1.id, startTime: '08:00', endTime: '12:00' }))
        .conflict,
    ).toBe(false);
    expect((await plan(c.admin, { userId: c.employee.id, projectId: p3.id, workDate: WED })).conflict).toBe(false);

    // A whole day overlaps both windows.
    const whole = await plan(c.backoffice, { userId: c.employee.id, projectId: p3.id });
    expect(whole.conflict).toBe(true);
    expect(whole.conflict_with.sort()).toEqual([morning.id, afternoon.id].sort());
    expect(whole.conflicts.map((x) => x.project_title).sort()).toEqual(['Morgen', 'Nachmittag']);

    let board = await week(c.admin);
    const flag = (id: string) => board.assignments.find((x) => x.id === id)!;
    expect(flag(morning.id)).toMatchObject({ conflict: true, conflict_with: [whole.id] });
    expect(flag(afternoon.id)).toMatchObject({ conflict: true, conflict_with: [whole.id] });
    expect(board.assignments.filter((x) => x.conflict)).toHaveLength(3);

    // Giving the whole day a window of 11:00–13:00 still overlaps both; 16:00–18:00 touches only.
    const partial = await t
      .http()
      .put(`/api/schedule/assignments/${whole.id}`)
      .set(bearer(c.admin))
      .send({ startTime: '11:00', endTime: '13:00' });
    expect(partial.status).toBe(200);
    expect(partial.body.conflict_with.sort()).toEqual([morning.id, afternoon.id].sort());
    const evening = await t
      .http()
      .put(`/api/schedule/assignments/${whole.id}`)
      .set(bearer(c.admin))
      .send({ startTime: '16:00', endTime: '18:00' });
    expect(evening.body).toMatchObject({ conflict: false, conflict_with: [], conflicts: [], start_time: '16:00' });
    board = await week(c.admin);
    expect(board.assignments.filter((x) => x.conflict)).toEqual([]);

    // The employee sees the flag on their own week too.
    await plan(c.admin, { userId: c.employee.id, projectId: p1.id, startTime: '09:00', endTime: '10:00' });
    const own = await week(c.employee);
    expect(
      own.assignments
        .filter((x) => x.conflict)
        .map((x) => x.start_time)
        .sort(),
    ).toEqual(['08:00', '09:00']);
  });

  it('update changes only given fields, back to a whole day, moves to another employee (membership); delete', async () => {
    const c = await createCompany(t);
    const p = await createProject(t, c.admin);
    const x = await plan(c.admin, {
      userId: c.employee.id,
      projectId: p.id,
      startTime: '07:00',
      endTime: '09:30',
      note: 'Schlüssel beim Hauswart',
    });
    const noteOnly = await t
      .http()
      .put(`/api/schedule/assignments/${x.id}`)
      .set(bearer(c.backoffice))
      .send({ note: 'Material mitnehmen' });
    expect(noteOnly.status).toBe(200);
    expect(noteOnly.body).toMatchObject({ start_time: '07:00', end_time: '09:30', note: 'Material mitnehmen' });

    const moved = await t
      .http()
      .put(`/api/schedule/assignments/${x.id}`)
      .set(bearer(c.admin))
      .send({ userId: c.employee2.id, workDate: WED, startTime: null, endTime: null, note: '' });
    expect(moved.body).toMatchObject({
      user_id: c.employee2.id,
      work_date: WED,
      start_time: null,
      end_time: null,
      note: null,
    });
    expect((await t.http().get(`/api/projects/${p.id}`).set(bearer(c.employee2))).status).toBe(200);
    expect(await outboxTypes(t, c.id)).toContain('operations.assignment.updated');

    // A project completed after planning: the plan may still be corrected, not moved onto it.
    await t.http().put(`/api/projects/${p.id}`).set(bearer(c.admin)).send({ status: 'completed' });
    const late = await t.http().put(`/api/schedule/assignments/${x.id}`).set(bearer(c.admin)).send({ workDate: TUE });
    expect([late.status, late.body.work_date, late.body.project_status]).toEqual([200, TUE, 'completed']);
    const reassign = await t
      .http()
      .put(`/api/schedule/assignments/${x.id}`)
      .set(bearer(c.admin))
      .send({ userId: c.employee.id });
    expect(reassign.status).toBe(400);

    const del = await t.http().delete(`/api/schedule/assignments/${x.id}`).set(bearer(c.admin));
    expect([del.status, del.body.message]).toEqual([200, 'Einsatz gelöscht']);
    expect((await t.http().delete(`/api/schedule/assignments/${x.id}`).set(bearer(c.admin))).status).toBe(404);
    expect((await week(c.admin)).assignments).toEqual([]);
    expect(await outboxTypes(t, c.id)).toContain('operations.assignment.deleted');
  });

  it('copy-week copies to the same weekdays, skips closed projects, inactive staff and duplicates', async () => {
    const c = await createCompany(t);
    const open = await createProject(t, c.admin, { title: 'Offen' });
    const closing = await createProject(t, c.admin, { title: 'Wird abgeschlossen' });
    await plan(c.admin, {
      userId: c.employee.id,
      projectId: open.id,
      workDate: TUE,
      startTime: '08:00',
      endTime: '12:00',
    });
    await plan(c.admin, { userId: c.employee.id, projectId: closing.id, workDate: WED });
    await plan(c.admin, { userId: c.employee2.id, projectId: open.id, workDate: '2026-11-29' });
    await t.http().put(`/api/projects/${closing.id}`).set(bearer(c.admin)).send({ status: 'completed' });
    // Already there in the target week: a whole day on Tuesday, which the copy will overlap.
    await plan(c.admin, { userId: c.employee.id, projectId: open.id, workDate: '2026-12-01' });

    const res = await t
      .http()
      .post('/api/schedule/copy-week')
      .set(bearer(c.backoffice))
      .send({ fromWeekStart: WEEK, toWeekStart: '2026-11-30' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ created: 2, skipped: 1, conflicts: 1 });
    const next = await week(c.admin, '2026-11-30');
    expect(next.assignments.map((x) => [x.user_id, x.work_date, x.start_time])).toEqual([
      [c.employee.id, '2026-12-01', null],
      [c.employee.id, '2026-12-01', '08:00'],
      [c.employee2.id, '2026-12-06', null],
    ]);
    // Copying again creates nothing new.
    const again = await t
      .http()
      .post('/api/schedule/copy-week')
      .set(bearer(c.admin))
      .send({ fromWeekStart: WEEK, toWeekStart: '2026-11-30' });
    expect(again.body).toEqual({ created: 0, skipped: 3, conflicts: 0 });
    const same = await t
      .http()
      .post('/api/schedule/copy-week')
      .set(bearer(c.admin))
      .send({ fromWeekStart: WEEK, toWeekStart: WEEK });
    expect([same.status, same.body.error]).toEqual([400, 'Quell- und Zielwoche dürfen nicht gleich sein']);
  });

  it('a deleted user keeps their past plan under the anonymised name; a deleted project takes its plan along', async () => {
    const c = await createCompany(t);
    const p = await createProject(t, c.admin);
    const gone = await addMember(t, c.id, 'employee', 'Gustav');
    await plan(c.admin, { userId: gone.id, projectId: p.id });
    await t.dataSource.transaction((m) =>
      t.app.get(DirectoryService).deleteUser(m, c.id, { userId: gone.id, anonymizedName: 'Gelöschter Benutzer' }),
    );
    const board = await week(c.admin);
    expect(board.employees.find((e) => e.id === gone.id)).toMatchObject({
      first_name: 'Gelöschter Benutzer',
      is_active: false,
    });
    expect(board.assignments.map((x) => x.user_id)).toEqual([gone.id]);
    // Not in a week without assignments.
    expect((await week(c.admin, '2026-11-30')).employees.map((e) => e.id)).not.toContain(gone.id);

    const q = await createProject(t, c.admin);
    await plan(c.admin, { userId: c.employee.id, projectId: q.id, workDate: WED });
    expect((await t.http().delete(`/api/projects/${q.id}`).set(bearer(c.admin))).status).toBe(200);
    expect((await week(c.admin)).assignments.map((x) => x.project_id)).toEqual([p.id]);
  });
});
