import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { RpcClient, RpcRemoteError } from '@zunft/nest-common';
import { bearer, createStaff, registerCompany, type Session } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let admin: Session;
let foreignAdmin: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t, { companyName: 'Arbeitszeit AG' });
  foreignAdmin = await registerCompany(t, { companyName: 'Fremd AG' });
});
afterAll(() => t.close());

const lastEvent = async (companyId: string, type: string) =>
  (
    await t.dataSource.query(
      `SELECT data AS payload FROM outbox_events WHERE company_id = $1 AND type = $2 ORDER BY occurred_at DESC LIMIT 1`,
      [companyId, type],
    )
  )[0]?.payload;

describe('working-time settings (issue 24)', () => {
  it('defaults, admin changes them, the settings event carries them; employees may not; German 400s', async () => {
    const before = await t.http().get('/api/companies/settings').set(bearer(admin));
    expect(before.body).toMatchObject({
      canton: null,
      surcharge_mode: 'spec',
      night_start: '23:00',
      night_end: '06:00',
      weekly_max_hours: 45,
      gps_retention_days: 90,
    });
    const changes = {
      canton: 'zh',
      surcharge_mode: 'precise',
      night_start: '22:00',
      night_end: '05:00',
      weekly_max_hours: 50,
      gps_retention_days: 30,
    };
    const { session: worker } = await createStaff(t, admin, 'employee');
    expect((await t.http().put('/api/companies/settings').set(bearer(worker)).send(changes)).status).toBe(403);
    const res = await t.http().put('/api/companies/settings').set(bearer(admin)).send(changes);
    expect(res.status).toBe(200);
    const expected = { ...changes, canton: 'ZH' };
    expect(res.body).toMatchObject(expected);
    expect((await lastEvent(admin.user.companyId, 'auth.company.settings-updated')).settings).toMatchObject(expected);
    expect((await t.http().get('/api/companies/settings').set(bearer(foreignAdmin))).body.canton).toBeNull();

    const bad: Array<[object, string]> = [
      [{ canton: 'XY' }, 'Ungültiger Kanton. Erwartet wird ein Kantonskürzel (z. B. ZH, BE, VD)'],
      [{ surcharge_mode: 'exakt' }, 'Ungültiger Zuschlagsmodus. Erlaubt: spec, precise'],
      [{ night_start: '25:00' }, 'Beginn der Nachtarbeit muss eine Uhrzeit im Format HH:MM sein'],
      [{ weekly_max_hours: 48 }, 'Wöchentliche Höchstarbeitszeit muss 45 oder 50 Stunden sein'],
      [{ gps_retention_days: 0 }, 'Aufbewahrung der Standorte muss zwischen 1 und 3650 Tagen liegen'],
    ];
    for (const [body, error] of bad) {
      const r = await t.http().put('/api/companies/settings').set(bearer(admin)).send(body);
      expect({ status: r.status, error: r.body.error }).toEqual({ status: 400, error });
    }
    const cleared = await t.http().put('/api/companies/settings').set(bearer(admin)).send({ canton: '' });
    expect(cleared.body.canton).toBeNull();
  });
});

describe('working-time fields of a user (issue 24)', () => {
  it('defaults (start = creation day), the admin sets them, the user event carries them; German 400s', async () => {
    const { user } = await createStaff(t, admin, 'employee');
    const list = await t.http().get('/api/users').set(bearer(admin));
    const listed = list.body.find((u: { id: string }) => u.id === user.id);
    expect(listed).toMatchObject({ pensum: 100, weekly_hours: 42.5, holiday_days_per_year: 20 });
    expect(listed.employment_start).toBe(
      new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Zurich' }).format(new Date(listed.created_at)),
    );
    const res = await t
      .http()
      .put(`/api/users/${user.id}`)
      .set(bearer(admin))
      .send({ pensum: 80, weekly_hours: 42, holiday_days_per_year: 25, employment_start: '2026-03-01' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      pensum: 80,
      weekly_hours: 42,
      holiday_days_per_year: 25,
      employment_start: '2026-03-01',
    });
    expect(await lastEvent(admin.user.companyId, 'auth.user.updated')).toMatchObject({
      userId: user.id,
      pensum: 80,
      weeklyHours: 42,
      holidayDaysPerYear: 25,
      employmentStart: '2026-03-01',
    });
    const bad: Array<[object, string]> = [
      [{ pensum: 0 }, 'Pensum muss zwischen 1 und 100 % liegen'],
      [{ pensum: 'viel' }, 'Pensum muss eine Zahl sein'],
      [{ weekly_hours: 60 }, 'Wochenstunden müssen zwischen 1 und 50 liegen'],
      [{ holiday_days_per_year: 20.3 }, 'Ferientage: in Schritten von halben Tagen'],
      [{ employment_start: '2026-02-30' }, 'Eintrittsdatum ist kein gültiges Datum'],
    ];
    for (const [body, error] of bad) {
      const r = await t.http().put(`/api/users/${user.id}`).set(bearer(admin)).send(body);
      expect({ status: r.status, error: r.body.error }).toEqual({ status: 400, error });
    }
    expect((await t.http().put(`/api/users/${user.id}`).set(bearer(foreignAdmin)).send({ pensum: 50 })).status).toBe(
      404,
    );
  });

  it('rpc.auth.company-name answers the company’s name to operations (ArGV 1 art. 73 record); unknown company: not_found', async () => {
    const rpc = t.app.get(RpcClient);
    expect(await rpc.request('rpc.auth.company-name', { companyId: admin.user.companyId })).toEqual({
      name: 'Arbeitszeit AG',
    });
    const unknown = await rpc.request('rpc.auth.company-name', { companyId: randomUUID() }).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(RpcRemoteError);
    expect((unknown as RpcRemoteError).status).toBe(404);
    const bad = await rpc.request('rpc.auth.company-name', { companyId: 'keine-id' }).catch((e: unknown) => e);
    expect((bad as RpcRemoteError).status).toBe(400);
  });
});
