import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, createCompany, createProject, type Company } from './support/factories.js';
import { setSettings } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let c: Company;
let projectId: string;

beforeAll(async () => {
  t = await createTestApp();
  c = await createCompany(t);
  projectId = (await createProject(t, c.admin, { title: 'Badsanierung' }, [c.employee, c.employee2])).id;
});
afterAll(() => t?.close());

// Zurich winter time is UTC+1; 2026-11-10 is a Tuesday.
const entry = (startTime: string, endTime: string) => ({ projectId, startTime, endTime, breakMinutes: 0 });
const post = (body: object, who = c.employee) => t.http().post('/api/time-entries').set(bearer(who)).send(body);

describe('time entries: rules of issue 24', () => {
  it('an overlapping entry of the same employee is a German 409 naming the other entry; touching ends are fine', async () => {
    const first = await post(entry('2026-11-10T08:00:00+01:00', '2026-11-10T12:00:00+01:00'));
    expect(first.status).toBe(201);
    const overlap = await post(entry('2026-11-10T11:00:00+01:00', '2026-11-10T13:00:00+01:00'));
    expect(overlap.status).toBe(409);
    expect(overlap.body.code).toBe('time_entry_overlap');
    expect(overlap.body.error).toBe(
      `Der Eintrag überschneidet sich mit einem anderen Eintrag: 10.11.2026 08:00–12:00, «Badsanierung» (${first.body.project_number})`,
    );
    const inside = await post(entry('2026-11-10T09:00:00+01:00', '2026-11-10T10:00:00+01:00'));
    expect(inside.status).toBe(409);
    const touching = await post(entry('2026-11-10T12:00:00+01:00', '2026-11-10T13:00:00+01:00'));
    expect(touching.status).toBe(201);
    // another employee may work at the same time
    expect((await post(entry('2026-11-10T09:00:00+01:00', '2026-11-10T10:00:00+01:00'), c.employee2)).status).toBe(201);
    // moving an entry onto another one is refused too; moving it onto itself is fine
    const moved = await t
      .http()
      .put(`/api/time-entries/${touching.body.id}`)
      .set(bearer(c.employee))
      .send({ startTime: '2026-11-10T11:30:00+01:00' });
    expect(moved.status).toBe(409);
    const longer = await t
      .http()
      .put(`/api/time-entries/${touching.body.id}`)
      .set(bearer(c.employee))
      .send({ endTime: '2026-11-10T13:30:00+01:00' });
    expect(longer.status).toBe(200);
  });

  it('more than 16 h, end before start and a start more than a day ahead are German 400s', async () => {
    const tooLong = await post(entry('2026-11-11T06:00:00+01:00', '2026-11-11T22:01:00+01:00'));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toBe('Ein Zeiteintrag darf höchstens 16 Stunden dauern');
    expect((await post(entry('2026-11-11T06:00:00+01:00', '2026-11-11T22:00:00+01:00'))).status).toBe(201);
    const reversed = await post(entry('2026-11-12T12:00:00+01:00', '2026-11-12T08:00:00+01:00'));
    expect(reversed.status).toBe(400);
    expect(reversed.body.error).toBe('Die Endzeit muss nach der Startzeit liegen');
    const ahead = new Date(Date.now() + 25 * 3600_000);
    const future = await post(
      entry(ahead.toISOString(), new Date(ahead.getTime() + 3600_000).toISOString()),
      c.employee2,
    );
    expect(future.status).toBe(400);
    expect(future.body.code).toBe('time_entry_in_future');
    expect(future.body.error).toBe('Ein Zeiteintrag darf höchstens einen Tag in der Zukunft beginnen');
  });

  it('a timer cannot start inside a finished entry; a manual entry cannot overlap a running timer', async () => {
    const x = await createCompany(t);
    const p = await createProject(t, x.admin, {}, [x.employee]);
    const now = Date.now();
    const around = await t
      .http()
      .post('/api/time-entries')
      .set(bearer(x.employee))
      .send({
        projectId: p.id,
        startTime: new Date(now - 3600_000).toISOString(),
        endTime: new Date(now + 3600_000).toISOString(),
      });
    expect(around.status).toBe(201);
    const start = await t.http().post('/api/time-entries/start').set(bearer(x.employee)).send({ projectId: p.id });
    expect(start.status).toBe(409);
    expect(start.body.code).toBe('time_entry_overlap');
    await t.http().delete(`/api/time-entries/${around.body.id}`).set(bearer(x.employee)).expect(200);
    const timer = await t.http().post('/api/time-entries/start').set(bearer(x.employee)).send({ projectId: p.id });
    expect(timer.status).toBe(201);
    await t.dataSource.query(`UPDATE time_entries SET start_time = now() - interval '2 hours' WHERE id = $1`, [
      timer.body.id,
    ]);
    const during = await t
      .http()
      .post('/api/time-entries')
      .set(bearer(x.employee))
      .send({
        projectId: p.id,
        startTime: new Date(now - 3600_000).toISOString(),
        endTime: new Date(now - 1800_000).toISOString(),
      });
    expect(during.status).toBe(409);
  });
});

describe('time entries: precise surcharge minutes and ArG warnings (issue 24)', () => {
  it('spec mode (default) leaves the minutes at 0; precise mode counts night and holiday minutes', async () => {
    const x = await createCompany(t, { canton: 'ZH' });
    const p = await createProject(t, x.admin, {}, [x.employee]);
    const night = { projectId: p.id, startTime: '2025-12-24T20:00:00+01:00', endTime: '2025-12-25T02:00:00+01:00' };
    const spec = await t.http().post('/api/time-entries').set(bearer(x.employee)).send(night);
    expect(spec.body).toMatchObject({ night_minutes: 0, sunday_minutes: 0, holiday_minutes: 0 });
    await t.http().delete(`/api/time-entries/${spec.body.id}`).set(bearer(x.employee)).expect(200);

    await setSettings(t, x.id, { canton: 'ZH', surcharge_mode: 'precise' });
    // Wed 24 Dec 2025 20:00 to Thu 25 Dec (Christmas) 02:00: night 23:00–02:00 = 180 min, holiday from 23:00 = 180 min
    const precise = await t.http().post('/api/time-entries').set(bearer(x.employee)).send(night);
    expect(precise.body).toMatchObject({
      night_minutes: 180,
      sunday_minutes: 0,
      holiday_minutes: 180,
      total_minutes: 360,
    });
    const moved = await t
      .http()
      .put(`/api/time-entries/${precise.body.id}`)
      .set(bearer(x.employee))
      .send({ startTime: '2025-12-24T22:00:00+01:00' });
    expect(moved.body).toMatchObject({ night_minutes: 180, holiday_minutes: 180, total_minutes: 240 });
  });

  it('a 13.5 h day without a break is recorded with a German warning (answer and list)', async () => {
    const x = await createCompany(t);
    const p = await createProject(t, x.admin, {}, [x.employee]);
    const res = await t
      .http()
      .post('/api/time-entries')
      .set(bearer(x.employee))
      .send({ projectId: p.id, startTime: '2026-11-10T06:00:00+01:00', endTime: '2026-11-10T19:30:00+01:00' });
    expect(res.status).toBe(201);
    const warning = {
      rule: 'break',
      message: 'Pause zu kurz: 13.5 h gearbeitet, 0 Min. Pause, vorgeschrieben sind 60 Min. (ArG Art. 15)',
    };
    expect(res.body.warnings).toEqual([warning]);
    const list = await t.http().get('/api/time-entries').set(bearer(x.employee));
    expect(list.body.items[0].warnings).toEqual([warning]);
    const fixed = await t
      .http()
      .put(`/api/time-entries/${res.body.id}`)
      .set(bearer(x.employee))
      .send({ breakMinutes: 60 });
    expect(fixed.body.warnings).toEqual([]);
  });
});
