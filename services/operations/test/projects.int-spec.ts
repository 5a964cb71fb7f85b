import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ProjectDto } from '@zunft/contracts';
import { randomUUID } from 'node:crypto';
import {
  appWithTwoCompanies,
  addMember,
  bearer,
  createCompany,
  createCustomer,
  createProject,
  outboxTypes,
  type Company,
  type Member,
} from './support/factories.js';
import type { TestApp } from './support/test-app.js';

let t: TestApp, a: Company, b: Company;
beforeAll(async () => ({ t, a, b } = await appWithTwoCompanies()));
afterAll(() => t?.close());

const year = new Date().getFullYear();

describe('projects', () => {
  it('creates with generated number P-<year>-001, default status planned, customer read fields, activity', async () => {
    const c = await createCompany(t);
    const customer = await createCustomer(t, c.admin, { name: 'Huber AG', city: 'Luzern' });
    const res = await t.http().post('/api/projects').set(bearer(c.backoffice)).send({
      customerId: customer.id,
      title: 'Dachsanierung',
      startDate: '2026-03-01',
      endDate: '',
      budget: '12500.50',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      customer_id: customer.id,
      customer_name: 'Huber AG',
      customer_city: 'Luzern',
      title: 'Dachsanierung',
      project_number: `P-${year}-001`,
      start_date: '2026-03-01',
      end_date: null,
      budget: 12500.5,
      status: 'planned',
      assigned_users: [],
    });
    const second = await createProject(t, c.admin, { customerId: customer.id });
    expect(second.project_number).toBe(`P-${year}-002`);
    const own = await createProject(t, c.admin, { customerId: customer.id, projectNumber: 'EIGEN-1' });
    expect(own.project_number).toBe('EIGEN-1');
    const dup = await t
      .http()
      .post('/api/projects')
      .set(bearer(c.admin))
      .send({ customerId: customer.id, title: 'X', projectNumber: 'EIGEN-1' });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('Diese Projektnummer ist bereits vergeben');
    const activity = await t.dataSource.query(
      `SELECT type, description FROM activities WHERE company_id = $1 AND type = 'project_created' ORDER BY created_at`,
      [c.id],
    );
    expect(activity[0].description).toContain('Dachsanierung');
    expect(await outboxTypes(t, c.id)).toContain('operations.project.created');
  });

  it('GET /projects/stats: counts by status over all projects of the company, employees only their assigned ones', async () => {
    const c = await createCompany(t);
    const other = await createCompany(t);
    const stats = (member: Member | null) => {
      const req = t.http().get('/api/projects/stats');
      return member ? req.set(bearer(member)) : req;
    };
    const empty = await stats(c.admin);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ total: 0, planned: 0, in_progress: 0, completed: 0, cancelled: 0 });

    const customer = await createCustomer(t, c.admin);
    await createProject(t, c.admin, { customerId: customer.id, status: 'planned' }, [c.employee]);
    await createProject(t, c.admin, { customerId: customer.id, status: 'planned' });
    await createProject(t, c.admin, { customerId: customer.id, status: 'in_progress' }, [c.employee]);
    await createProject(t, c.admin, { customerId: customer.id, status: 'completed' });
    await createProject(t, c.admin, { customerId: customer.id, status: 'completed' });
    await createProject(t, c.admin, { customerId: customer.id, status: 'cancelled' }, [c.employee]);
    // Another company's projects are never counted, and its figures hold only its own.
    await createProject(t, other.admin, { status: 'in_progress' }, [other.employee]);

    const all = { total: 6, planned: 2, in_progress: 1, completed: 2, cancelled: 1 };
    expect((await stats(c.admin)).body).toEqual(all);
    expect((await stats(c.backoffice)).body).toEqual(all);
    // The same figures the whole list gives.
    const list = (await t.http().get('/api/projects').set(bearer(c.admin))).body as ProjectDto[];
    expect(list).toHaveLength(all.total);
    expect(list.filter((p) => p.status === 'completed')).toHaveLength(all.completed);
    expect((await stats(other.admin)).body).toEqual({
      total: 1,
      planned: 0,
      in_progress: 1,
      completed: 0,
      cancelled: 0,
    });

    // Employees (as on GET /projects): only the projects assigned to them.
    const mine = await stats(c.employee);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({ total: 3, planned: 1, in_progress: 1, completed: 0, cancelled: 1 });
    expect((await stats(c.employee2)).body).toEqual({
      total: 0,
      planned: 0,
      in_progress: 0,
      completed: 0,
      cancelled: 0,
    });
    expect((await stats(null)).status).toBe(401);
  });

  it('400 with German messages', async () => {
    const customer = await createCustomer(t, a.admin);
    const send = (body: object) => t.http().post('/api/projects').set(bearer(a.admin)).send(body);
    expect((await send({ title: 'X' })).body.error).toBe('Kunde ist erforderlich');
    expect((await send({ customerId: customer.id })).body.error).toBe('Titel ist erforderlich');
    expect((await send({ customerId: customer.id, title: 'X', budget: -1 })).body.error).toBe(
      'Budget darf nicht negativ sein',
    );
    expect((await send({ customerId: customer.id, title: 'X', status: 'done' })).body.error).toMatch(
      /Ungültiger Status/,
    );
    const dates = await send({ customerId: customer.id, title: 'X', startDate: '2026-05-02', endDate: '2026-05-01' });
    expect(dates.status).toBe(400);
    expect(dates.body.error).toBe('Das Enddatum darf nicht vor dem Startdatum liegen');
    expect((await send({ customerId: customer.id, title: 'X', startDate: '01.05.2026' })).status).toBe(400);
  });

  it('404 for another company’s customer, project and user', async () => {
    const foreignCustomer = await createCustomer(t, b.admin);
    const res = await t
      .http()
      .post('/api/projects')
      .set(bearer(a.admin))
      .send({ customerId: foreignCustomer.id, title: 'X' });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Kunde nicht gefunden');
    const foreign = await createProject(t, b.admin);
    expect((await t.http().get(`/api/projects/${foreign.id}`).set(bearer(a.admin))).status).toBe(404);
    expect((await t.http().put(`/api/projects/${foreign.id}`).set(bearer(a.admin)).send({ title: 'Y' })).status).toBe(
      404,
    );
    expect((await t.http().delete(`/api/projects/${foreign.id}`).set(bearer(a.admin))).status).toBe(404);
    expect(
      (await t.http().post(`/api/projects/${foreign.id}/assign`).set(bearer(a.admin)).send({ userId: a.employee.id }))
        .status,
    ).toBe(404);
    const mine = await createProject(t, a.admin);
    const foreignUser = await t
      .http()
      .post(`/api/projects/${mine.id}/assign`)
      .set(bearer(a.admin))
      .send({ userId: b.employee.id });
    expect(foreignUser.status).toBe(404);
    expect(foreignUser.body.error).toBe('Benutzer nicht gefunden');
    const unknown = await t
      .http()
      .post(`/api/projects/${mine.id}/assign`)
      .set(bearer(a.admin))
      .send({ userId: randomUUID() });
    expect(unknown.status).toBe(404);
  });

  it('403 for employees on writes; 401 without token', async () => {
    const p = await createProject(t, a.admin, {}, [a.employee]);
    expect(
      (await t.http().post('/api/projects').set(bearer(a.employee)).send({ customerId: p.customer_id, title: 'X' }))
        .status,
    ).toBe(403);
    expect((await t.http().put(`/api/projects/${p.id}`).set(bearer(a.employee)).send({ title: 'X' })).status).toBe(403);
    expect((await t.http().delete(`/api/projects/${p.id}`).set(bearer(a.employee))).status).toBe(403);
    expect(
      (await t.http().post(`/api/projects/${p.id}/assign`).set(bearer(a.employee)).send({ userId: a.employee2.id }))
        .status,
    ).toBe(403);
    expect(
      (await t.http().delete(`/api/projects/${p.id}/assign/${a.employee.id}`).set(bearer(a.employee))).status,
    ).toBe(403);
    expect((await t.http().get('/api/projects')).status).toBe(401);
  });

  it('assigns and unassigns active staff (idempotent); inactive staff cannot be assigned', async () => {
    const c = await createCompany(t);
    const p = await createProject(t, c.admin);
    const first = await t
      .http()
      .post(`/api/projects/${p.id}/assign`)
      .set(bearer(c.backoffice))
      .send({ userId: c.employee.id });
    expect(first.status).toBe(201);
    expect(first.body.assigned_users).toEqual([
      { id: c.employee.id, first_name: 'Emil', last_name: expect.any(String), role: 'employee' },
    ]);
    const again = await t
      .http()
      .post(`/api/projects/${p.id}/assign`)
      .set(bearer(c.backoffice))
      .send({ userId: c.employee.id });
    expect(again.body.assigned_users).toHaveLength(1);
    const bad = await t.http().post(`/api/projects/${p.id}/assign`).set(bearer(c.backoffice)).send({});
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Benutzer ist erforderlich');

    const inactive = await addMember(t, c.id, 'employee');
    await t.dataSource.query(`UPDATE staff SET is_active = false WHERE id = $1`, [inactive.id]);
    expect(
      (await t.http().post(`/api/projects/${p.id}/assign`).set(bearer(c.admin)).send({ userId: inactive.id })).status,
    ).toBe(404);

    const removed = await t.http().delete(`/api/projects/${p.id}/assign/${c.employee.id}`).set(bearer(c.admin));
    expect(removed.status).toBe(200);
    expect(removed.body.assigned_users).toEqual([]);
  });

  it('GET /projects?search=&status=: title, project number, customer name; one status; paged too', async () => {
    const c = await createCompany(t);
    const huber = await createCustomer(t, c.admin, { name: 'Bäckerei Huber' });
    const rossi = await createCustomer(t, c.admin, { name: 'Garage Rossi' });
    const roof = await createProject(t, c.admin, { customerId: huber.id, title: 'Dachsanierung', status: 'planned' });
    const shop = await createProject(t, c.admin, {
      customerId: rossi.id,
      title: 'Werkstatt 50%',
      projectNumber: 'W-77',
      status: 'in_progress',
    });
    await createProject(t, c.admin, { customerId: rossi.id, title: 'Fassade', status: 'completed' }, [c.employee]);
    const other = await createCompany(t);
    const foreign = await createCustomer(t, other.admin, { name: 'Bäckerei Huber' });
    await createProject(t, other.admin, { customerId: foreign.id, title: 'Dachsanierung' });
    const titles = async (query: Record<string, string | number>, who = c.admin) => {
      const res = await t.http().get('/api/projects').query(query).set(bearer(who));
      expect(res.status).toBe(200);
      return (Array.isArray(res.body) ? res.body : res.body.items).map((p: ProjectDto) => p.title).sort();
    };
    expect(await titles({ search: 'dach' })).toEqual(['Dachsanierung']);
    expect(await titles({ search: 'w-77' })).toEqual(['Werkstatt 50%']);
    expect(await titles({ search: roof.project_number })).toEqual(['Dachsanierung']);
    expect(await titles({ search: 'rossi' })).toEqual(['Fassade', 'Werkstatt 50%']);
    expect(await titles({ search: '50%' })).toEqual(['Werkstatt 50%']);
    expect(await titles({ search: '_' })).toEqual([]);
    expect(await titles({ status: 'in_progress' })).toEqual(['Werkstatt 50%']);
    expect(await titles({ search: 'rossi', status: 'completed' })).toEqual(['Fassade']);
    expect(await titles({ search: 'rossi', status: '' })).toEqual(['Fassade', 'Werkstatt 50%']);
    expect(await titles({ search: 'huber', page: 1, pageSize: 1 })).toEqual(['Dachsanierung']);
    const paged = await t
      .http()
      .get('/api/projects')
      .query({ search: 'rossi', page: 1, pageSize: 1 })
      .set(bearer(c.admin));
    expect(paged.body).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(paged.body.items.map((p: ProjectDto) => p.id)).toEqual([expect.any(String)]);
    // Employees search their assigned projects only.
    expect(await titles({ search: 'rossi' }, c.employee)).toEqual(['Fassade']);
    // Renaming the customer changes what the search finds, totals included.
    await t.http().put(`/api/customers/${rossi.id}`).set(bearer(c.admin)).send({ name: 'Garage Bianchi' });
    const renamed = await t
      .http()
      .get('/api/projects')
      .query({ search: 'rossi', page: 1, pageSize: 1 })
      .set(bearer(c.admin));
    expect(renamed.body).toMatchObject({ items: [], total: 0 });
    expect((await titles({ search: 'bianchi' })).length).toBe(2);
    expect(shop.status).toBe('in_progress');

    const bad = await t.http().get('/api/projects').query({ status: 'offen' }).set(bearer(c.admin));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Ungültiger Status. Erlaubt: planned, in_progress, completed, cancelled');
  });

  it('employees see only assigned projects, in the list and by id', async () => {
    const c = await createCompany(t);
    const mine = await createProject(t, c.admin, {}, [c.employee]);
    const other = await createProject(t, c.admin, {}, [c.employee2]);
    const list = await t.http().get('/api/projects').set(bearer(c.employee));
    expect(list.body.map((p: ProjectDto) => p.id)).toEqual([mine.id]);
    expect((await t.http().get(`/api/projects/${mine.id}`).set(bearer(c.employee))).status).toBe(200);
    const hidden = await t.http().get(`/api/projects/${other.id}`).set(bearer(c.employee));
    expect(hidden.status).toBe(404);
    expect(hidden.body.error).toBe('Projekt nicht gefunden');
    const office = await t.http().get('/api/projects').set(bearer(c.backoffice));
    expect(office.body).toHaveLength(2);
  });

  it('updates given fields only and deletes', async () => {
    const c = await createCompany(t);
    const p = await createProject(t, c.admin, { description: 'Alt', budget: 100 });
    const put = await t
      .http()
      .put(`/api/projects/${p.id}`)
      .set(bearer(c.backoffice))
      .send({ status: 'completed', budget: '' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ status: 'completed', description: 'Alt', budget: null, title: p.title });
    const dates = await t.http().put(`/api/projects/${p.id}`).set(bearer(c.admin)).send({ startDate: '2026-05-02' });
    expect(dates.status).toBe(200);
    const wrong = await t.http().put(`/api/projects/${p.id}`).set(bearer(c.admin)).send({ endDate: '2026-05-01' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('Das Enddatum darf nicht vor dem Startdatum liegen');
    const del = await t.http().delete(`/api/projects/${p.id}`).set(bearer(c.admin));
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('Projekt erfolgreich gelöscht');
    expect((await t.http().get(`/api/projects/${p.id}`).set(bearer(c.admin))).status).toBe(404);
    expect(await outboxTypes(t, c.id)).toEqual(
      expect.arrayContaining(['operations.project.updated', 'operations.project.deleted']),
    );
  });
});
