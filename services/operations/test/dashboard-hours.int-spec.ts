// Issue 28: GET /dashboard/hours-per-week — hours per week (Monday, Zurich) and project for the
// dashboard's chart; the office sees everyone's, an employee their own. Figures by hand below.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { HoursPerWeekResponse } from '@zunft/contracts';
import { expectDocumentedResponse } from '@zunft/nest-common';
import { lastMondays } from '../src/dashboard/dashboard.service.js';
import { OPERATIONS_OPENAPI } from '../src/openapi.js';
import { bearer, createCompany, createProject, type Company, type Member } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let c: Company;
let other: Company;
let mondays: string[];
let p1: { id: string; title: string };
let p2: { id: string; title: string };

const zurichToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date());
const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
/** 08:00 on `day` in Zurich as an ISO time with its offset. */
function zurich(day: string, hhmm: string): string {
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Zurich', timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${day}T12:00:00Z`))
    .find((p) => p.type === 'timeZoneName')!
    .value.replace('GMT', '');
  return `${day}T${hhmm}:00${offset || '+00:00'}`;
}

async function work(who: Member, projectId: string, day: string, from: string, to: string) {
  const res = await t
    .http()
    .post('/api/time-entries')
    .set(bearer(who))
    .send({ projectId, startTime: zurich(day, from), endTime: zurich(day, to), breakMinutes: 0 });
  if (res.status !== 201) throw new Error(`work: ${res.status} ${JSON.stringify(res.body)}`);
}

beforeAll(async () => {
  t = await createTestApp();
  c = await createCompany(t);
  other = await createCompany(t);
  mondays = lastMondays(zurichToday(), 4);
  p1 = await createProject(t, c.admin, { title: 'Aaa Schulhaus', status: 'in_progress' }, [c.employee, c.employee2]);
  p2 = await createProject(t, c.admin, { title: 'Bbb Laden', status: 'in_progress' }, [c.employee]);
  // Two weeks ago, Wednesday: 3.5 h (employee, p1). Last week: Wednesday 2 h (employee2, p1),
  // Tuesday 1.5 h (employee, p2). Nothing this week, nothing three weeks ago.
  await work(c.employee, p1.id, addDays(mondays[1]!, 2), '08:00', '11:30');
  await work(c.employee2, p1.id, addDays(mondays[2]!, 2), '08:00', '10:00');
  await work(c.employee, p2.id, addDays(mondays[2]!, 1), '13:00', '14:30');
  const foreign = await createProject(t, other.admin, {}, [other.employee]);
  await work(other.employee, foreign.id, addDays(mondays[2]!, 1), '08:00', '09:00');
});
afterAll(() => t?.close());

describe('GET /dashboard/hours-per-week', () => {
  it('office: every project, week by week', async () => {
    const res = await t.http().get('/api/dashboard/hours-per-week?weeks=4').set(bearer(c.backoffice));
    expect(res.status).toBe(200);
    expectDocumentedResponse(OPERATIONS_OPENAPI, res);
    expect(res.body as HoursPerWeekResponse).toEqual({
      weeks: mondays,
      projects: [
        { project_id: p1.id, title: 'Aaa Schulhaus', hours: [0, 3.5, 2, 0] },
        { project_id: p2.id, title: 'Bbb Laden', hours: [0, 0, 1.5, 0] },
      ],
    });
  });

  it('employee: only their own hours', async () => {
    const own = await t.http().get('/api/dashboard/hours-per-week?weeks=4').set(bearer(c.employee));
    expect(own.body.projects).toEqual([
      { project_id: p1.id, title: 'Aaa Schulhaus', hours: [0, 3.5, 0, 0] },
      { project_id: p2.id, title: 'Bbb Laden', hours: [0, 0, 1.5, 0] },
    ]);
    const second = await t.http().get('/api/dashboard/hours-per-week?weeks=4').set(bearer(c.employee2));
    expect(second.body.projects).toEqual([{ project_id: p1.id, title: 'Aaa Schulhaus', hours: [0, 0, 2, 0] }]);
  });

  it('8 weeks by default; German 400 for a bad count; another company sees its own; 401', async () => {
    const res = await t.http().get('/api/dashboard/hours-per-week').set(bearer(other.admin));
    expect(res.body.weeks).toHaveLength(8);
    expect(res.body.projects).toHaveLength(1);
    expect(res.body.projects[0].hours.reduce((a: number, b: number) => a + b, 0)).toBe(1);
    const bad = await t.http().get('/api/dashboard/hours-per-week?weeks=0').set(bearer(c.admin));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/Wochen muss zwischen 1 und 26 liegen/);
    expect((await t.http().get('/api/dashboard/hours-per-week')).status).toBe(401);
  });
});
