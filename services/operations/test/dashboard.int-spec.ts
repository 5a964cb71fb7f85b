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
});
