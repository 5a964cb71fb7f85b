import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  appWithTwoCompanies,
  bearer,
  createCompany,
  createCustomer,
  createProject,
  outboxTypes,
  type Company,
} from './support/factories.js';
import type { TestApp } from './support/test-app.js';

let t: TestApp, a: Company, b: Company;
beforeAll(async () => ({ t, a, b } = await appWithTwoCompanies()));
afterAll(() => t?.close());

describe('customers', () => {
  it('creates a customer with a generated number K-0001, K-0002 … and records activity + event', async () => {
    const c = await createCompany(t);
    const first = await createCustomer(t, c.backoffice, {
      name: 'Müller AG',
      email: 'INFO@mueller.ch',
      contactPerson: '',
    });
    const second = await createCustomer(t, c.admin, { name: 'Keller GmbH' });
    expect(first).toMatchObject({
      name: 'Müller AG',
      customer_number: 'K-0001',
      email: 'info@mueller.ch',
      contact_person: null,
      language: 'de',
      projects_count: 0,
    });
    expect(second.customer_number).toBe('K-0002');
    expect(await outboxTypes(t, c.id)).toEqual(['operations.customer.created', 'operations.customer.created']);
    const activities = await t.dataSource.query(
      `SELECT type, user_name FROM activities WHERE company_id = $1 ORDER BY created_at`,
      [c.id],
    );
    expect(activities).toHaveLength(2);
    expect(activities[0]).toMatchObject({ type: 'customer_added', user_name: c.backoffice.name });
  });

  it('country (ISO alpha-2): CH by default, upper-cased, kept when an update leaves it out, in the event; German 400', async () => {
    const c = await createCompany(t);
    const swiss = await createCustomer(t, c.backoffice, { name: 'Huber AG' });
    expect(swiss.country).toBe('CH');
    const german = await createCustomer(t, c.backoffice, {
      name: 'Müller GmbH',
      zip: '78462',
      city: 'Konstanz',
      country: 'de',
    });
    expect(german.country).toBe('DE');
    const kept = await t
      .http()
      .put(`/api/customers/${german.id}`)
      .set(bearer(c.backoffice))
      .send({ name: 'Müller GmbH', zip: '78462', city: 'Konstanz' });
    expect(kept.status).toBe(200);
    expect(kept.body.country).toBe('DE');
    const italian = await t
      .http()
      .put(`/api/customers/${german.id}`)
      .set(bearer(c.backoffice))
      .send({ name: 'Rossi SA', zip: '22100', city: 'Como', country: 'IT' });
    expect(italian.body.country).toBe('IT');
    const events: Array<{ data: { country: string } }> = await t.dataSource.query(
      `SELECT data FROM outbox_events WHERE company_id = $1 AND type LIKE 'operations.customer.%' ORDER BY occurred_at, id`,
      [c.id],
    );
    expect(events.map((e) => e.data.country)).toEqual(['CH', 'DE', 'DE', 'IT']);
    const bad = await t.http().post('/api/customers').set(bearer(c.admin)).send({ name: 'X', country: 'Deutschland' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Land: zweistelliger ISO-Code (z. B. CH)');
    const other = await t
      .http()
      .put(`/api/customers/${german.id}`)
      .set(bearer(b.admin))
      .send({ name: 'X', country: 'FR' });
    expect(other.status).toBe(404);
    const employee = await t
      .http()
      .put(`/api/customers/${german.id}`)
      .set(bearer(c.employee))
      .send({ name: 'X', country: 'FR' });
    expect(employee.status).toBe(403);
  });

  it('Postfach (issue 23): its own field, kept when an update leaves it out, removed with null, in the event; German 400', async () => {
    const c = await createCompany(t);
    const created = await createCustomer(t, c.backoffice, {
      name: 'Treuhand Keller AG',
      address: 'Bahnhofstrasse 5',
      poBox: ' Postfach 4021 ',
      zip: '8021',
      city: 'Zürich',
    });
    expect(created).toMatchObject({ address: 'Bahnhofstrasse 5', po_box: 'Postfach 4021' });
    const put = (body: Record<string, unknown>, by = c.backoffice) =>
      t.http().put(`/api/customers/${created.id}`).set(bearer(by)).send(body);
    const kept = await put({ name: 'Treuhand Keller AG', zip: '8021', city: 'Zürich' });
    expect(kept.status).toBe(200);
    expect(kept.body.po_box).toBe('Postfach 4021');
    expect((await put({ name: 'Treuhand Keller AG', poBox: '' })).body.po_box).toBeNull();
    const events: Array<{ data: { poBox?: string | null } }> = await t.dataSource.query(
      `SELECT data FROM outbox_events WHERE company_id = $1 AND type LIKE 'operations.customer.%' ORDER BY occurred_at, id`,
      [c.id],
    );
    expect(events.map((e) => e.data.poBox)).toEqual(['Postfach 4021', 'Postfach 4021', null]);
    const bad = await put({ name: 'X', poBox: 'P'.repeat(71) });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Postfach ist zu lang (max. 70 Zeichen)');
    expect((await put({ name: 'X', poBox: 'Postfach 1' }, b.admin)).status).toBe(404);
    expect((await put({ name: 'X', poBox: 'Postfach 1' }, c.employee)).status).toBe(403);
  });

  it('keeps a given customer number, skips it when generating and refuses duplicates (409)', async () => {
    const c = await createCompany(t);
    await createCustomer(t, c.admin, { customerNumber: 'K-0001' });
    const generated = await createCustomer(t, c.admin);
    expect(generated.customer_number).toBe('K-0002');
    const dup = await t
      .http()
      .post('/api/customers')
      .set(bearer(c.admin))
      .send({ name: 'X', customerNumber: 'K-0002' });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('Diese Kundennummer ist bereits vergeben');
  });

  it('generates distinct numbers for concurrent creations', async () => {
    const c = await createCompany(t);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t
          .http()
          .post('/api/customers')
          .set(bearer(c.admin))
          .send({ name: `Parallel ${i}` }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    const numbers = new Set(results.map((r) => r.body.customer_number));
    expect(numbers.size).toBe(8);
  });

  it('the same generated number may exist in two companies', async () => {
    const c1 = await createCompany(t);
    const c2 = await createCompany(t);
    expect((await createCustomer(t, c1.admin)).customer_number).toBe('K-0001');
    expect((await createCustomer(t, c2.admin)).customer_number).toBe('K-0001');
  });

  it('400 with German messages', async () => {
    const noName = await t.http().post('/api/customers').set(bearer(a.admin)).send({ email: 'x@y.ch' });
    expect(noName.status).toBe(400);
    expect(noName.body.error).toBe('Firmenname / Name ist erforderlich');
    const badMail = await t.http().post('/api/customers').set(bearer(a.admin)).send({ name: 'X', email: 'kein-mail' });
    expect(badMail.status).toBe(400);
    expect(badMail.body.error).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein');
    const badLang = await t.http().post('/api/customers').set(bearer(a.admin)).send({ name: 'X', language: 'en' });
    expect(badLang.status).toBe(400);
    expect(badLang.body.error).toMatch(/Sprache/);
    const badId = await t.http().get('/api/customers/123').set(bearer(a.admin));
    expect(badId.status).toBe(400);
    expect(badId.body.error).toBe('Ungültige ID');
  });

  it('401 without or with a foreign token', async () => {
    expect((await t.http().get('/api/customers')).status).toBe(401);
    const res = await t.http().get('/api/customers').set({ authorization: 'Bearer abc.def.ghi' });
    expect(res.status).toBe(401);
    expect(res.body.error).toBeTruthy();
  });

  it('403 for employees on writes', async () => {
    const customer = await createCustomer(t, a.admin);
    const post = await t.http().post('/api/customers').set(bearer(a.employee)).send({ name: 'X' });
    expect(post.status).toBe(403);
    expect(post.body.error).toBe('Keine Berechtigung für diese Aktion');
    expect(
      (await t.http().put(`/api/customers/${customer.id}`).set(bearer(a.employee)).send({ name: 'X' })).status,
    ).toBe(403);
    expect((await t.http().delete(`/api/customers/${customer.id}`).set(bearer(a.employee))).status).toBe(403);
  });

  it('403 requires_payment when the trial ended', async () => {
    const token = await t.sign({ ...a.admin.claims, trialEndsAt: new Date(Date.now() - 1000).toISOString() });
    const res = await t
      .http()
      .get('/api/customers')
      .set({ authorization: `Bearer ${token}` });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'requires_payment', requires_payment: true });
  });

  it('404 for another company’s customer on get/put/delete', async () => {
    const foreign = await createCustomer(t, b.admin);
    expect((await t.http().get(`/api/customers/${foreign.id}`).set(bearer(a.admin))).status).toBe(404);
    const put = await t.http().put(`/api/customers/${foreign.id}`).set(bearer(a.admin)).send({ name: 'Übernommen' });
    expect(put.status).toBe(404);
    expect(put.body.error).toBe('Kunde nicht gefunden');
    expect((await t.http().delete(`/api/customers/${foreign.id}`).set(bearer(a.admin))).status).toBe(404);
    const list = await t.http().get('/api/customers').set(bearer(a.admin));
    expect(list.body.map((c: { id: string }) => c.id)).not.toContain(foreign.id);
  });

  it('updates, searches by name/e-mail/phone/city and counts projects', async () => {
    const c = await createCompany(t);
    const zurich = await createCustomer(t, c.admin, { name: 'Alpha Bau', city: 'Zürich', phone: '044 111 22 33' });
    await createCustomer(t, c.admin, { name: 'Beta Holz', city: 'Basel', email: 'info@beta.ch' });
    await createProject(t, c.admin, { customerId: zurich.id });
    await createProject(t, c.admin, { customerId: zurich.id, status: 'completed' });
    const search = async (q: string) =>
      (await t.http().get('/api/customers').query({ search: q }).set(bearer(c.admin))).body.map(
        (x: { name: string }) => x.name,
      );
    expect(await search('zür')).toEqual(['Alpha Bau']);
    expect(await search('beta.ch')).toEqual(['Beta Holz']);
    expect(await search('111 22')).toEqual(['Alpha Bau']);
    expect(await search('holz')).toEqual(['Beta Holz']);
    expect(await search('%')).toEqual([]);
    const all = (await t.http().get('/api/customers').set(bearer(c.admin))).body;
    expect(all.find((x: { id: string }) => x.id === zurich.id)).toMatchObject({
      projects_count: 2,
      active_projects_count: 1,
    });

    const put = await t
      .http()
      .put(`/api/customers/${zurich.id}`)
      .set(bearer(c.backoffice))
      .send({ name: 'Alpha Bau AG', city: 'Winterthur', phone: '', language: 'fr' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      name: 'Alpha Bau AG',
      city: 'Winterthur',
      phone: null,
      language: 'fr',
      customer_number: 'K-0001',
    });
    expect(await outboxTypes(t, c.id)).toContain('operations.customer.updated');
  });

  it('searches customer numbers, contact persons and phone numbers typed without spaces', async () => {
    const c = await createCompany(t);
    await createCustomer(t, c.admin, { name: 'Gamma Elektro', phone: '079 123 45 67', customerNumber: 'K-7788' });
    await createCustomer(t, c.admin, { name: 'Delta Sanitär', contactPerson: 'Erika Muster', phone: '0449998877' });
    const other = await createCompany(t);
    await createCustomer(t, other.admin, { name: 'Fremd Gamma', phone: '0791234567', customerNumber: 'K-7788' });
    const search = async (q: string) =>
      (await t.http().get('/api/customers').query({ search: q }).set(bearer(c.admin))).body.map(
        (x: { name: string }) => x.name,
      );
    expect(await search('k-7788')).toEqual(['Gamma Elektro']);
    expect(await search('erika')).toEqual(['Delta Sanitär']);
    expect(await search('0791234567')).toEqual(['Gamma Elektro']);
    expect(await search('1234')).toEqual(['Gamma Elektro']);
    expect(await search('044 999 88')).toEqual(['Delta Sanitär']);
    expect(await search('123 45')).toEqual(['Gamma Elektro']);
    expect(await search('0799')).toEqual([]);
    // A pasted number with a no-break space or a tab is found too.
    await createCustomer(t, c.admin, { name: 'Epsilon Maler', phone: '031\u00a0222\t33 44' });
    expect(await search('0312223344')).toEqual(['Epsilon Maler']);
    // The paged call searches the same way.
    const page = await t
      .http()
      .get('/api/customers')
      .query({ search: '079 1234567', page: 1, pageSize: 20 })
      .set(bearer(c.admin));
    expect(page.status).toBe(200);
    expect(page.body.items.map((x: { name: string }) => x.name)).toEqual(['Gamma Elektro']);
    expect(page.body.total).toBe(1);
  });

  it('GET /customers/stats: total, active projects, with e-mail, with phone over all customers of the company', async () => {
    const c = await createCompany(t);
    const other = await createCompany(t);
    const empty = await t.http().get('/api/customers/stats').set(bearer(c.admin));
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ total: 0, active_projects: 0, with_email: 0, with_phone: 0 });

    const alpha = await createCustomer(t, c.admin, { name: 'Alpha', email: 'a@alpha.ch', phone: '044 111 22 33' });
    const beta = await createCustomer(t, c.admin, { name: 'Beta', email: 'b@beta.ch' });
    await createCustomer(t, c.admin, { name: 'Gamma', phone: '079 000 00 00' });
    await createCustomer(t, c.admin, { name: 'Delta' });
    await createProject(t, c.admin, { customerId: alpha.id }, [c.employee]);
    await createProject(t, c.admin, { customerId: alpha.id, status: 'in_progress' });
    await createProject(t, c.admin, { customerId: beta.id, status: 'completed' }, [c.employee]);
    await createProject(t, c.admin, { customerId: beta.id, status: 'cancelled' });
    // Another company's customers and projects are not counted.
    const foreign = await createCustomer(t, other.admin, { name: 'Fremd', email: 'x@fremd.ch', phone: '031 000' });
    await createProject(t, other.admin, { customerId: foreign.id }, [other.employee]);

    const stats = await t.http().get('/api/customers/stats').set(bearer(c.admin));
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({ total: 4, active_projects: 2, with_email: 2, with_phone: 2 });
    expect((await t.http().get('/api/customers/stats').set(bearer(c.backoffice))).body).toEqual(stats.body);
    // The same figures the whole list gives.
    const all = (await t.http().get('/api/customers').set(bearer(c.admin))).body as {
      active_projects_count: number;
    }[];
    expect(all.reduce((sum, x) => sum + x.active_projects_count, 0)).toBe(2);
    expect((await t.http().get('/api/customers/stats').set(bearer(other.admin))).body).toEqual({
      total: 1,
      active_projects: 1,
      with_email: 1,
      with_phone: 1,
    });

    // Employees (as on GET /customers): only the customers of their assigned projects, only those projects.
    const mine = await t.http().get('/api/customers/stats').set(bearer(c.employee));
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({ total: 2, active_projects: 1, with_email: 2, with_phone: 1 });
    expect((await t.http().get('/api/customers/stats').set(bearer(c.employee2))).body).toEqual({
      total: 0,
      active_projects: 0,
      with_email: 0,
      with_phone: 0,
    });
    expect((await t.http().get('/api/customers/stats')).status).toBe(401);
  });

  it('employees read only customers of their assigned projects', async () => {
    const c = await createCompany(t);
    const mine = await createCustomer(t, c.admin, { name: 'Meiner' });
    const other = await createCustomer(t, c.admin, { name: 'Fremder' });
    await createProject(t, c.admin, { customerId: mine.id }, [c.employee]);
    await createProject(t, c.admin, { customerId: other.id }, [c.employee2]);
    const list = await t.http().get('/api/customers').set(bearer(c.employee));
    expect(list.status).toBe(200);
    expect(list.body.map((x: { name: string }) => x.name)).toEqual(['Meiner']);
    expect((await t.http().get(`/api/customers/${mine.id}`).set(bearer(c.employee))).status).toBe(200);
    expect((await t.http().get(`/api/customers/${other.id}`).set(bearer(c.employee))).status).toBe(404);
  });

  it('deletes a customer without projects; refuses one with projects (409)', async () => {
    const c = await createCompany(t);
    const free = await createCustomer(t, c.admin);
    const busy = await createCustomer(t, c.admin);
    await createProject(t, c.admin, { customerId: busy.id });
    const del = await t.http().delete(`/api/customers/${free.id}`).set(bearer(c.backoffice));
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('Kunde erfolgreich gelöscht');
    expect((await t.http().get(`/api/customers/${free.id}`).set(bearer(c.admin))).status).toBe(404);
    const refused = await t.http().delete(`/api/customers/${busy.id}`).set(bearer(c.admin));
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/Projekte/);
    expect(await outboxTypes(t, c.id)).toContain('operations.customer.deleted');
  });
});
