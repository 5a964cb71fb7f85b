import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectDocumentedResponse } from '@zunft/nest-common';
import { AUTH_OPENAPI } from '../src/openapi.js';
import {
  PASSWORD,
  bearer,
  createStaff,
  outboxTypes,
  registerCompany,
  uniqueEmail,
  type Session,
} from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let admin: Session;
let backoffice: Session;
let employee: Session;
let foreignAdmin: Session;
let foreignUserId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t);
  backoffice = (await createStaff(t, admin, 'backoffice')).session;
  employee = (await createStaff(t, admin, 'employee', { craftsmanCategory: 'Elektriker', hourlyRate: 92.5 })).session;
  foreignAdmin = await registerCompany(t, { companyName: 'Andere AG' });
  foreignUserId = (await createStaff(t, foreignAdmin, 'employee')).user.id;
});
afterAll(() => t.close());

const newUser = (over: object = {}) => ({
  firstName: 'Nina',
  lastName: 'Neu',
  email: uniqueEmail('neu'),
  password: PASSWORD,
  role: 'employee',
  ...over,
});

describe('GET /api/users', () => {
  it('lists the own company users for admin and backoffice', async () => {
    for (const session of [admin, backoffice]) {
      const res = await t.http().get('/api/users').set(bearer(session));
      expect(res.status).toBe(200);
      const ids = res.body.map((u: { id: string }) => u.id);
      expect(ids).toEqual(expect.arrayContaining([admin.user.id, backoffice.user.id, employee.user.id]));
      expect(ids).not.toContain(foreignUserId);
      expect(ids).not.toContain(foreignAdmin.user.id);
    }
    const res = await t.http().get('/api/users').set(bearer(admin));
    const row = res.body.find((u: { id: string }) => u.id === employee.user.id);
    expect(row).toEqual({
      id: employee.user.id,
      first_name: 'Max',
      last_name: 'Muster',
      email: employee.email,
      role: 'employee',
      craftsman_category: 'Elektriker',
      hourly_rate: 92.5,
      is_active: true,
      language: 'de',
      pensum: 100,
      weekly_hours: 42.5,
      holiday_days_per_year: 20,
      employment_start: expect.any(String),
      created_at: expect.any(String),
      last_login_at: expect.any(String),
    });
    expect(row).not.toHaveProperty('password_hash');
  });

  it('is closed to employees (403) and anonymous callers (401)', async () => {
    const res = await t.http().get('/api/users').set(bearer(employee));
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Keine Berechtigung für diese Aktion');
    expect((await t.http().get('/api/users')).status).toBe(401);
  });
});

describe('POST /api/users', () => {
  it('creates a user who can sign in, and publishes auth.user.created', async () => {
    const body = newUser({ role: 'backoffice', hourlyRate: '88.50', craftsmanCategory: '' });
    const res = await t.http().post('/api/users').set(bearer(admin)).send(body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email: body.email,
      role: 'backoffice',
      hourly_rate: 88.5,
      craftsman_category: null,
      is_active: true,
      last_login_at: null,
    });
    expect((await t.http().post('/api/auth/login').send({ email: body.email, password: PASSWORD })).status).toBe(200);
    expect(await outboxTypes(t, admin.user.companyId)).toContain('auth.user.created');
  });

  it('answers German validation errors', async () => {
    const cases: Array<[object, string]> = [
      [newUser({ role: 'chef' }), 'Ungültige Rolle. Erlaubt: admin, backoffice, employee, accountant'],
      [newUser({ hourlyRate: -1 }), 'Stundensatz darf nicht negativ sein'],
      [newUser({ hourlyRate: 'viel' }), 'Stundensatz muss eine Zahl sein'],
      [newUser({ lastName: '' }), 'Nachname ist erforderlich'],
      [newUser({ password: undefined }), 'Passwort ist erforderlich'],
    ];
    for (const [body, message] of cases) {
      const res = await t.http().post('/api/users').set(bearer(admin)).send(body);
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 400, error: message });
    }
  });

  it('refuses a taken e-mail with 409, also one of another company', async () => {
    for (const email of [employee.email, foreignAdmin.email.toUpperCase()]) {
      const res = await t.http().post('/api/users').set(bearer(admin)).send(newUser({ email }));
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('Diese E-Mail-Adresse ist bereits registriert');
    }
  });

  it('is admin only', async () => {
    for (const session of [backoffice, employee]) {
      expect((await t.http().post('/api/users').set(bearer(session)).send(newUser())).status).toBe(403);
    }
    expect((await t.http().post('/api/users').send(newUser())).status).toBe(401);
  });
});

describe('PUT /api/users/:id', () => {
  it('updates the given fields and publishes auth.user.updated', async () => {
    const { user } = await createStaff(t, admin, 'employee');
    const res = await t
      .http()
      .put(`/api/users/${user.id}`)
      .set(bearer(admin))
      .send({ lastName: 'Geändert', hourlyRate: 99, unknownField: 'ignored' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, first_name: 'Max', last_name: 'Geändert', hourly_rate: 99 });
    expect((await outboxTypes(t, admin.user.companyId)).at(-1)).toBe('auth.user.updated');
  });

  it("sets a user's language (de/fr/it); another value is a German 400 and changes nothing", async () => {
    const { user } = await createStaff(t, admin, 'employee');
    const res = await t.http().put(`/api/users/${user.id}`).set(bearer(admin)).send({ language: 'it' });
    expect(res.status).toBe(200);
    expect(res.body.language).toBe('it');
    const bad = await t.http().put(`/api/users/${user.id}`).set(bearer(admin)).send({ language: 'en' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/Sprache/);
    const listed = (await t.http().get('/api/users').set(bearer(admin))).body.find(
      (u: { id: string }) => u.id === user.id,
    );
    expect(listed.language).toBe('it');
  });

  it('deactivates and re-activates with isActive (the screen activates this way)', async () => {
    const { user, session } = await createStaff(t, admin, 'employee');
    const before = (await outboxTypes(t, admin.user.companyId)).length;
    const off = await t.http().put(`/api/users/${user.id}`).set(bearer(admin)).send({ isActive: false });
    expect(off.body.is_active).toBe(false);
    expect((await t.http().post('/api/auth/refresh').set('cookie', session.cookie!)).status).toBe(401);
    // the deactivation's events, written in one transaction (their order there is not defined)
    expect((await outboxTypes(t, admin.user.companyId)).slice(before).sort()).toEqual([
      'auth.user.deactivated',
      'auth.user.sessions-revoked',
      'auth.user.updated',
    ]);
    const on = await t.http().put(`/api/users/${user.id}`).set(bearer(admin)).send({ isActive: true });
    expect(on.body.is_active).toBe(true);
    expect((await t.http().post('/api/auth/login').send({ email: user.email, password: PASSWORD })).status).toBe(200);
  });

  it('refuses own deactivation or role change, a taken e-mail, bad ids, other companies and non-admins', async () => {
    const self = await t.http().put(`/api/users/${admin.user.id}`).set(bearer(admin)).send({ isActive: false });
    expect(self.status).toBe(400);
    expect(self.body.error).toBe('Sie können Ihr eigenes Konto nicht deaktivieren');
    const role = await t.http().put(`/api/users/${admin.user.id}`).set(bearer(admin)).send({ role: 'employee' });
    expect(role.body.error).toBe('Sie können Ihre eigene Rolle nicht ändern');
    const taken = await t
      .http()
      .put(`/api/users/${employee.user.id}`)
      .set(bearer(admin))
      .send({ email: backoffice.email });
    expect(taken.status).toBe(409);
    const badId = await t.http().put('/api/users/123').set(bearer(admin)).send({});
    expect(badId.status).toBe(400);
    expect(badId.body.error).toBe('Ungültige ID');
    const foreign = await t.http().put(`/api/users/${foreignUserId}`).set(bearer(admin)).send({ lastName: 'Hack' });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('Benutzer nicht gefunden');
    expect((await t.http().put(`/api/users/${employee.user.id}`).set(bearer(backoffice)).send({})).status).toBe(403);
    expect((await t.http().put(`/api/users/${employee.user.id}`).send({})).status).toBe(401);
  });
});

describe('PUT /api/users/:id/deactivate and /activate', () => {
  it('deactivation ends the sessions of the user; activation lets them back in', async () => {
    const { user, session } = await createStaff(t, admin, 'employee');
    const res = await t.http().put(`/api/users/${user.id}/deactivate`).set(bearer(admin));
    expect(res.status).toBe(200);
    expect(res.body.is_active).toBe(false);
    expect((await t.http().post('/api/auth/refresh').set('cookie', session.cookie!)).status).toBe(401);
    expect((await t.http().post('/api/auth/login').send({ email: user.email, password: PASSWORD })).status).toBe(403);
    // The access token they still hold is refused at once (not only when it expires).
    const stale = await t.http().get('/api/auth/profile').set(bearer(session));
    expect(stale.status).toBe(401);
    expect(stale.body).toMatchObject({
      code: 'account_deactivated',
      error: 'Ihr Konto wurde deaktiviert. Bitte wenden Sie sich an Ihren Administrator.',
    });
    expect(await outboxTypes(t, admin.user.companyId)).toContain('auth.user.deactivated');
    const activated = await t.http().put(`/api/users/${user.id}/activate`).set(bearer(admin));
    expect(activated.status).toBe(200);
    expect(activated.body.is_active).toBe(true);
    expect((await t.http().get('/api/auth/profile').set(bearer(session))).status).toBe(200);
    expect((await t.http().post('/api/auth/login').send({ email: user.email, password: PASSWORD })).status).toBe(200);
  });

  it('refuses oneself, other companies and non-admins', async () => {
    const self = await t.http().put(`/api/users/${admin.user.id}/deactivate`).set(bearer(admin));
    expect(self.status).toBe(400);
    for (const action of ['deactivate', 'activate']) {
      const foreign = await t.http().put(`/api/users/${foreignUserId}/${action}`).set(bearer(admin));
      expect(foreign.status).toBe(404);
      expect(foreign.body.error).toBe('Benutzer nicht gefunden');
      expect((await t.http().put(`/api/users/${employee.user.id}/${action}`).set(bearer(backoffice))).status).toBe(403);
      expect((await t.http().put(`/api/users/${employee.user.id}/${action}`).set(bearer(employee))).status).toBe(403);
      expect((await t.http().put(`/api/users/${employee.user.id}/${action}`)).status).toBe(401);
    }
  });
});

describe('DELETE /api/users/:id', () => {
  it('anonymises the user, ends their sessions and publishes auth.user.deleted', async () => {
    const { user, session } = await createStaff(t, admin, 'employee', { firstName: 'Peter', lastName: 'Weg' });
    const res = await t.http().delete(`/api/users/${user.id}`).set(bearer(admin));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Benutzer wurde endgültig gelöscht',
      dependencies_updated: { time_entries: 0, expenses: 0, material_usage: 0, reports: 0 },
    });
    const list = await t.http().get('/api/users').set(bearer(admin));
    expect(list.body.map((u: { id: string }) => u.id)).not.toContain(user.id);
    const [row] = await t.dataSource.query(
      `SELECT first_name, last_name, email, password_hash, deleted_at FROM users WHERE id = $1`,
      [user.id],
    );
    expect(row).toMatchObject({ first_name: 'Gelöschter', last_name: 'Benutzer', password_hash: '!unusable' });
    expect(row.email).not.toBe(user.email);
    expect(row.deleted_at).not.toBeNull();
    expect((await t.http().post('/api/auth/refresh').set('cookie', session.cookie!)).status).toBe(401);
    expect((await t.http().post('/api/auth/login').send({ email: user.email, password: PASSWORD })).status).toBe(401);
    // Order-independent: the delete writes several events in one transaction (same millisecond,
    // random UUIDs), so «the last one» is not defined; it must have published exactly one deletion.
    const deleted = await t.dataSource.query(
      `SELECT data FROM outbox_events WHERE company_id = $1 AND type = 'auth.user.deleted'`,
      [admin.user.companyId],
    );
    expect(deleted.filter((e: { data: { userId: string } }) => e.data.userId === user.id)).toHaveLength(1);
    expect((await t.http().delete(`/api/users/${user.id}`).set(bearer(admin))).status).toBe(404);
    // The e-mail is free again.
    expect(
      (
        await t
          .http()
          .post('/api/users')
          .set(bearer(admin))
          .send(newUser({ email: user.email }))
      ).status,
    ).toBe(201);
  });

  it('refuses oneself, other companies and non-admins', async () => {
    const self = await t.http().delete(`/api/users/${admin.user.id}`).set(bearer(admin));
    expect(self.status).toBe(400);
    expect(self.body.error).toBe('Sie können Ihr eigenes Konto nicht löschen');
    const foreign = await t.http().delete(`/api/users/${foreignUserId}`).set(bearer(admin));
    expect(foreign.status).toBe(404);
    expect((await t.http().delete(`/api/users/${employee.user.id}`).set(bearer(backoffice))).status).toBe(403);
    expect((await t.http().delete(`/api/users/${employee.user.id}`)).status).toBe(401);
    const [row] = await t.dataSource.query(`SELECT deleted_at FROM users WHERE id = $1`, [foreignUserId]);
    expect(row.deleted_at).toBeNull();
  });
});

describe('GET/POST /api/users/craftsman-categories', () => {
  it('lists the company categories for every role', async () => {
    const res = await t.http().get('/api/users/craftsman-categories').set(bearer(employee));
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(14);
    expect(res.body[0]).toEqual({ id: expect.any(String), name: 'Bodenleger' });
    expectDocumentedResponse(AUTH_OPENAPI, res);
    const anonymous = await t.http().get('/api/users/craftsman-categories');
    expect(anonymous.status).toBe(401);
    expectDocumentedResponse(AUTH_OPENAPI, anonymous);
  });

  it('lets admins add one, unique per company (case-insensitive)', async () => {
    const res = await t.http().post('/api/users/craftsman-categories').set(bearer(admin)).send({ name: 'Kaminfeger' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), name: 'Kaminfeger' });
    expectDocumentedResponse(AUTH_OPENAPI, res);
    const duplicate = await t
      .http()
      .post('/api/users/craftsman-categories')
      .set(bearer(admin))
      .send({ name: 'kaminfeger' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toBe('Dieser Handwerksbereich existiert bereits');
    expectDocumentedResponse(AUTH_OPENAPI, duplicate);
    const foreign = await t.http().get('/api/users/craftsman-categories').set(bearer(foreignAdmin));
    expect(foreign.body.map((c: { name: string }) => c.name)).not.toContain('Kaminfeger');
    expect(
      (await t.http().post('/api/users/craftsman-categories').set(bearer(foreignAdmin)).send({ name: 'Kaminfeger' }))
        .status,
    ).toBe(201);
  });

  it('validates the name and is admin only for writing', async () => {
    const empty = await t.http().post('/api/users/craftsman-categories').set(bearer(admin)).send({ name: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('Name des Handwerksbereichs ist erforderlich');
    expect(
      (await t.http().post('/api/users/craftsman-categories').set(bearer(backoffice)).send({ name: 'X' })).status,
    ).toBe(403);
    expect(
      (await t.http().post('/api/users/craftsman-categories').set(bearer(employee)).send({ name: 'X' })).status,
    ).toBe(403);
  });
});
