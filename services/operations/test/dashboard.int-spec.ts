import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DashboardStatsResponse, UserStatsResponse } from '@zunft/contracts';
import {
  bearer,
  createCompany,
  createCustomer,
  createProject,
  type Company,
  type Member,
} from './support/factories.js';
import { StructuredActivities1795890075620 } from '../src/migrations/1795890075620-structured-activities.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let c: Company;
let other: Company;

// Entries of the last hour count for "this month" (except in the first hour of a month).
const lastHour = (minutesAgo: number) => ({
  startTime: new Date(Date.now() - minutesAgo * 60_000 - 60 * 60_000).toISOString(),
  endTime: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
});

async function logHour(who: Member, projectId: string, minutesAgo = 0) {
  const res = await t
    .http()
    .post('/api/time-entries')
    .set(bearer(who))
    .send({ projectId, ...lastHour(minutesAgo) });
  if (res.status !== 201) throw new Error(`logHour: ${res.status} ${JSON.stringify(res.body)}`);
}

beforeAll(async () => {
  t = await createTestApp();
  c = await createCompany(t);
  other = await createCompany(t);
  const customer = await createCustomer(t, c.admin, { name: 'Dashboard AG' });
  await createCustomer(t, c.admin, { name: 'Zweitkunde' });
  const p1 = await createProject(t, c.admin, { customerId: customer.id, status: 'in_progress' }, [c.employee]);
  await createProject(t, c.backoffice, { customerId: customer.id, status: 'planned' });
  await createProject(t, c.admin, { status: 'in_progress' }, [c.employee2]);
  await logHour(c.employee, p1.id, 0);
  await logHour(c.employee, p1.id, 70);
  await logHour(c.admin, p1.id, 0);
  // noise in another company
  await createProject(t, other.admin, {}, [other.employee]);
});
afterAll(() => t?.close());

describe('dashboard', () => {
  it('office: company-wide stats and recent activity (newest first)', async () => {
    const res = await t.http().get('/api/dashboard/stats').set(bearer(c.backoffice));
    expect(res.status).toBe(200);
    const body: DashboardStatsResponse = res.body;
    expect(body.projects).toEqual({ total_projects: 3, active_projects: 2, assigned_projects: 2 });
    expect(body.timeTracking).toEqual({ total_hours: 3, total_entries: 3 });
    expect(body.customers).toEqual({ total_customers: 3, new_this_month: 3 });
    expect(body.recentActivity.length).toBe(9); // 3 customers, 3 projects, 3 time entries
    expect(body.recentActivity[0]).toMatchObject({ type: 'time_logged', user_name: c.admin.name });
    expect(body.recentActivity.map((a) => a.type)).toEqual(
      expect.arrayContaining(['project_created', 'customer_added', 'time_logged']),
    );
    const times = body.recentActivity.map((a) => a.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('employee: own view (assigned projects, own hours, own activity)', async () => {
    const res = await t.http().get('/api/dashboard/stats').set(bearer(c.employee));
    const body: DashboardStatsResponse = res.body;
    expect(body.projects).toEqual({ total_projects: 1, active_projects: 1, assigned_projects: 1 });
    expect(body.timeTracking).toEqual({ total_hours: 2, total_entries: 2 });
    expect(body.customers).toEqual({ total_customers: 1, new_this_month: 1 });
    expect(body.recentActivity).toHaveLength(2);
    expect(body.recentActivity.every((a) => a.user_name === c.employee.name && a.type === 'time_logged')).toBe(true);
    expect(body.recentActivity[0]!.description).toMatch(/^1\.0 h auf «Projekt \d+» erfasst$/);
  });

  it('user-stats: the caller’s own numbers', async () => {
    const res = await t.http().get('/api/dashboard/user-stats').set(bearer(c.employee));
    expect(res.status).toBe(200);
    const body: UserStatsResponse = res.body;
    expect(body).toMatchObject({ totalHours: 2, projectsCount: 1, reportsCount: 0, timeEntriesCount: 2 });
    expect(body.recentActivity).toHaveLength(2);
    const empty = await t.http().get('/api/dashboard/user-stats').set(bearer(other.employee2));
    expect(empty.body).toEqual({
      totalHours: 0,
      projectsCount: 0,
      reportsCount: 0,
      timeEntriesCount: 0,
      recentActivity: [],
    });
  });

  it('another company sees none of it; 401 without a token', async () => {
    const res = await t.http().get('/api/dashboard/stats').set(bearer(other.admin));
    expect(res.body.projects.total_projects).toBe(1);
    expect(res.body.timeTracking.total_entries).toBe(0);
    expect(res.body.recentActivity.every((a: { user_name: string }) => a.user_name !== c.admin.name)).toBe(true);
    expect((await t.http().get('/api/dashboard/stats')).status).toBe(401);
    expect((await t.http().get('/api/dashboard/user-stats')).status).toBe(401);
  });

  // Issue 28: the feed is stored as events (key + parameters) and told in the reader's language.
  const GERMAN_WORDS = /erfasst|erstellt|hinzugefügt|gelöscht|versendet|überfällig|bezahlt|\bauf\b/;

  it.each([
    ['fr', 'Client «Dashboard AG» ajouté', /^1\.0 h saisies sur «Projet \d+»$/, 'Client supprimé'],
    ['it', 'Cliente «Dashboard AG» aggiunto', /^1\.0 h registrate su «Progetto \d+»$/, 'Cliente eliminato'],
  ])('%s: the activity feed and a success answer without German', async (language, added, logged, deleted) => {
    const res = await t.http().get('/api/dashboard/stats').set(bearer(c.backoffice)).set('Accept-Language', language);
    const lines = (res.body as DashboardStatsResponse).recentActivity.map((a) => a.description);
    expect(lines).toContain(added);
    // The factory's project titles are «Projekt <n>» (user data, not translated): only the sentence is.
    const employee = await t
      .http()
      .get('/api/dashboard/stats')
      .set(bearer(c.employee))
      .set('Accept-Language', language);
    const own = (employee.body as DashboardStatsResponse).recentActivity.map((a) => a.description);
    expect(
      own.map((line) => line.replace(/«Projekt (\d+)»/, language === 'fr' ? '«Projet $1»' : '«Progetto $1»')),
    ).toEqual(own.map(() => expect.stringMatching(logged)));
    expect(lines.filter((line) => GERMAN_WORDS.test(line.replace(/«[^»]*»/g, '')))).toEqual([]);
    const spare = await createCustomer(t, c.admin, { name: `Löschbar ${language}` });
    const gone = await t
      .http()
      .delete(`/api/customers/${spare.id}`)
      .set(bearer(c.admin))
      .set('Accept-Language', language);
    expect(gone.status).toBe(200);
    expect(gone.body.message).toBe(deleted);
  });

  it('German readers keep the very lines the services wrote before', async () => {
    const res = await t.http().get('/api/dashboard/stats').set(bearer(c.backoffice));
    const lines = (res.body as DashboardStatsResponse).recentActivity.map((a) => a.description);
    expect(lines).toContain('Kunde «Zweitkunde» hinzugefügt');
    expect(lines).toContainEqual(expect.stringMatching(/^1\.0 h auf «Projekt \d+» erfasst$/));
  });

  it('the migration turns the old German lines into events (rolled back afterwards)', async () => {
    const q = t.dataSource.createQueryRunner();
    await q.connect();
    await q.startTransaction();
    try {
      await q.query(`ALTER TABLE activities DROP COLUMN message_params, DROP COLUMN message_key`);
      const old = [
        'Kunde «Müller AG» hinzugefügt',
        'Projekt «Bad (2. Stock)» (P-2026-0004) aus Angebot A-2026-0002 erstellt',
        "Rechnung R-2026-0007 erstellt (Müller AG, CHF 1'234.50)",
        'Wochenplan übernommen: 3 Einsätze der Woche ab 05.01.2026 in die Woche ab 12.01.2026',
        'Etwas ganz anderes',
      ];
      for (const description of old) {
        await q.query(
          `INSERT INTO activities (company_id, type, description, user_name) VALUES ($1, 'other', $2, 'Alt')`,
          [other.id, description],
        );
      }
      await new StructuredActivities1795890075620().up(q);
      const converted: { description: string; message_key: string | null; message_params: unknown }[] = await q.query(
        `SELECT description, message_key, message_params FROM activities WHERE user_name = 'Alt' ORDER BY description`,
      );
      const byText = Object.fromEntries(converted.map((r) => [r.description, [r.message_key, r.message_params]]));
      expect(byText[old[0]!]).toEqual(['activity.customer_added', { name: 'Müller AG' }]);
      expect(byText[old[1]!]).toEqual([
        'activity.project_from_quote',
        { title: 'Bad (2. Stock)', number: 'P-2026-0004', quoteNumber: 'A-2026-0002' },
      ]);
      expect(byText[old[2]!]).toEqual([
        'activity.invoice_created',
        { invoiceNumber: 'R-2026-0007', customer: 'Müller AG', amount: "CHF 1'234.50" },
      ]);
      expect(byText[old[3]!]).toEqual(['activity.week_copied', { count: '3', from: '05.01.2026', to: '12.01.2026' }]);
      expect(byText[old[4]!]).toEqual([null, null]);
    } finally {
      await q.rollbackTransaction();
      await q.release();
    }
  });
});
