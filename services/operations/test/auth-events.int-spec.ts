import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_COMPANY_SETTINGS, type EventData } from '@zunft/contracts';
import { EventsConnection } from '@zunft/nest-common';
import { waitFor } from '@zunft/nest-common/testing';
import { randomUUID } from 'node:crypto';
import { bearer, createCompany, createProject } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const user = (userId: string, over: Partial<EventData<'auth.user.created'>> = {}): EventData<'auth.user.created'> => ({
  userId,
  email: `${userId}@test.ch`,
  firstName: 'Lena',
  lastName: 'Lehner',
  role: 'employee',
  craftsmanCategory: null,
  hourlyRate: null,
  isActive: true,
  ...over,
});

describe('auth events consumer', () => {
  it('copies company settings and name from auth.company.registered, settings-updated and profile-updated', async () => {
    const companyId = randomUUID();
    await t.publish('auth.company.registered', companyId, {
      companyId,
      name: 'Holzbau AG',
      email: 'info@holzbau.ch',
      language: 'de',
      trialEndsAt: null,
      adminUserId: randomUUID(),
      settings: { ...DEFAULT_COMPANY_SETTINGS, sunday_surcharge: 60 },
    });
    const first = await waitFor(
      async () => (await t.dataSource.query(`SELECT * FROM company_settings WHERE company_id = $1`, [companyId]))[0],
    );
    expect(Number(first.sunday_surcharge)).toBe(60);
    expect(first.company_name).toBe('Holzbau AG'); // the header of the ArGV 1 record (issue 24)
    await t.publish('auth.company.settings-updated', companyId, {
      settings: {
        ...DEFAULT_COMPANY_SETTINGS,
        auto_calculate_surcharges: false,
        auto_approve_time_entries: true,
        timezone: 'Europe/Geneva',
      },
    });
    const updated = await waitFor(async () => {
      const row = (await t.dataSource.query(`SELECT * FROM company_settings WHERE company_id = $1`, [companyId]))[0];
      return row?.auto_calculate_surcharges === false ? row : null;
    });
    expect(updated).toMatchObject({ auto_approve_time_entries: true, timezone: 'Europe/Zurich' }); // Geneva is no IANA zone: stored as its equivalent
    await t.publish('auth.company.profile-updated', companyId, {
      name: 'Holzbau Meier AG',
      email: null,
      phone: null,
      website: null,
      address: null,
      logoUrl: null,
    });
    const renamed = await waitFor(async () => {
      const row = (await t.dataSource.query(`SELECT * FROM company_settings WHERE company_id = $1`, [companyId]))[0];
      return row?.company_name === 'Holzbau Meier AG' ? row : null;
    });
    expect(renamed).toMatchObject({ auto_calculate_surcharges: false, sunday_surcharge: '50.00' }); // the rest unchanged
  });

  it('keeps the staff table: created, updated (renames entries), deactivated', async () => {
    const c = await createCompany(t);
    const userId = randomUUID();
    await t.publish('auth.user.created', c.id, user(userId));
    await waitFor(async () => (await t.dataSource.query(`SELECT 1 FROM staff WHERE id = $1`, [userId]))[0]);
    // the new employee can be assigned and books time
    const p = await createProject(t, c.admin, {}, []);
    expect((await t.http().post(`/api/projects/${p.id}/assign`).set(bearer(c.admin)).send({ userId })).status).toBe(
      201,
    );
    const token = await t.sign({ ...c.employee.claims, sub: userId, userId });
    const entry = await t
      .http()
      .post('/api/time-entries')
      .set({ authorization: `Bearer ${token}` })
      .send({ projectId: p.id, startTime: '2026-11-18T08:00:00+01:00', endTime: '2026-11-18T09:00:00+01:00' });
    expect(entry.body.user_name).toBe('Lena Lehner');

    await t.publish('auth.user.updated', c.id, user(userId, { lastName: 'Meier', role: 'backoffice' }));
    const renamed = await waitFor(async () => {
      const row = (await t.dataSource.query(`SELECT user_name FROM time_entries WHERE id = $1`, [entry.body.id]))[0];
      return row?.user_name === 'Lena Meier' ? row : null;
    });
    expect(renamed.user_name).toBe('Lena Meier');
    expect((await t.dataSource.query(`SELECT role FROM staff WHERE id = $1`, [userId]))[0].role).toBe('backoffice');

    await t.publish('auth.user.deactivated', c.id, { userId });
    await waitFor(
      async () => (await t.dataSource.query(`SELECT 1 FROM staff WHERE id = $1 AND is_active = false`, [userId]))[0],
    );
    const p2 = await createProject(t, c.admin);
    expect((await t.http().post(`/api/projects/${p2.id}/assign`).set(bearer(c.admin)).send({ userId })).status).toBe(
      404,
    );
  });

  it('auth.user.sessions-revoked: access tokens issued before validAfter get 401 token_expired', async () => {
    const c = await createCompany(t);
    const userId = randomUUID();
    await t.publish('auth.user.created', c.id, user(userId));
    await waitFor(async () => (await t.dataSource.query(`SELECT 1 FROM staff WHERE id = $1`, [userId]))[0]);
    const token = { authorization: `Bearer ${await t.sign({ ...c.employee.claims, sub: userId, userId })}` };
    expect((await t.http().get('/api/projects').set(token)).status).toBe(200);

    // Logout one second after the token was issued (iat has whole seconds).
    const validAfter = new Date((Math.floor(Date.now() / 1000) + 1) * 1000).toISOString();
    await t.publish('auth.user.sessions-revoked', c.id, { userId, validAfter });
    // A late, older revocation does not move the line back.
    const lateId = randomUUID();
    await t.publish('auth.user.sessions-revoked', c.id, { userId, validAfter: '2020-01-01T00:00:00.000Z' }, lateId);
    await waitFor(async () => {
      const done = await t.dataSource.query(`SELECT 1 FROM processed_events WHERE event_id = $1`, [lateId]);
      const [row] = await t.dataSource.query(`SELECT sessions_valid_after FROM staff WHERE id = $1`, [userId]);
      return done.length > 0 && row?.sessions_valid_after ? row : null;
    });
    const refused = await t.http().get('/api/projects').set(token);
    expect([refused.status, refused.body.code]).toEqual([401, 'token_expired']);
    expect((await t.http().get('/api/projects').set(bearer(c.admin))).status).toBe(200);
    const [row] = await t.dataSource.query(`SELECT sessions_valid_after FROM staff WHERE id = $1`, [userId]);
    expect(new Date(row.sessions_valid_after).toISOString()).toBe(validAfter);
  });

  it('auth.user.deleted anonymises the user’s entries once, even when delivered twice', async () => {
    const c = await createCompany(t);
    const p = await createProject(t, c.admin, {}, [c.employee]);
    for (const day of ['18', '19']) {
      await t
        .http()
        .post('/api/time-entries')
        .set(bearer(c.employee))
        .send({
          projectId: p.id,
          startTime: `2026-11-${day}T08:00:00+01:00`,
          endTime: `2026-11-${day}T09:00:00+01:00`,
        });
    }
    const eventId = randomUUID();
    const data = { userId: c.employee.id, anonymizedName: 'Gelöschter Benutzer' };
    await t.publish('auth.user.deleted', c.id, data, eventId);
    await waitFor(async () => {
      const rows = await t.dataSource.query(`SELECT DISTINCT user_name FROM time_entries WHERE user_id = $1`, [
        c.employee.id,
      ]);
      return rows.length === 1 && rows[0].user_name === 'Gelöschter Benutzer';
    });

    // A sentinel a second run of the handler would overwrite; then the same event is delivered again.
    await t.dataSource.query(`UPDATE time_entries SET user_name = 'Sentinel' WHERE user_id = $1`, [c.employee.id]);
    const events = t.app.get(EventsConnection);
    const before = await events.jsm.consumers.info(t.config.natsStream, 'operations-auth-directory');
    await t.publish('auth.user.deleted', c.id, data, eventId);
    await waitFor(async () => {
      const info = await events.jsm.consumers.info(t.config.natsStream, 'operations-auth-directory');
      return (
        info.delivered.stream_seq > before.delivered.stream_seq && info.num_pending === 0 && info.num_ack_pending === 0
      );
    });
    const afterDuplicate = await t.dataSource.query(`SELECT DISTINCT user_name FROM time_entries WHERE user_id = $1`, [
      c.employee.id,
    ]);
    expect(afterDuplicate).toEqual([{ user_name: 'Sentinel' }]);
    await t.dataSource.query(`UPDATE time_entries SET user_name = 'Gelöschter Benutzer' WHERE user_id = $1`, [
      c.employee.id,
    ]);

    const processed = await t.dataSource.query(`SELECT count(*)::int AS n FROM processed_events WHERE event_id = $1`, [
      eventId,
    ]);
    expect(processed[0].n).toBe(1);
    const staff = (
      await t.dataSource.query(`SELECT first_name, is_active, deleted_at FROM staff WHERE id = $1`, [c.employee.id])
    )[0];
    expect(staff).toMatchObject({ first_name: 'Gelöschter Benutzer', is_active: false });
    expect(staff.deleted_at).not.toBeNull();
    const project = await t.http().get(`/api/projects/${p.id}`).set(bearer(c.admin));
    expect(project.body.assigned_users).toEqual([]);
    const list = await t.http().get('/api/time-entries').query({ userId: c.employee.id }).set(bearer(c.admin));
    expect(list.body.items.map((e: { user_name: string }) => e.user_name)).toEqual([
      'Gelöschter Benutzer',
      'Gelöschter Benutzer',
    ]);

    // a late `updated` for the deleted user does not bring the name back
    await t.publish('auth.user.updated', c.id, user(c.employee.id, { firstName: 'Emil' }));
    const marker = randomUUID();
    await t.publish('auth.user.created', c.id, user(marker));
    await waitFor(async () => (await t.dataSource.query(`SELECT 1 FROM staff WHERE id = $1`, [marker]))[0]);
    const after = await t.dataSource.query(`SELECT DISTINCT user_name FROM time_entries WHERE user_id = $1`, [
      c.employee.id,
    ]);
    expect(after).toEqual([{ user_name: 'Gelöschter Benutzer' }]);
  });
});
