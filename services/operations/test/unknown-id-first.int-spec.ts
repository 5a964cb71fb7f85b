import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { matchGermanMessage } from '@zunft/contracts';
import { walkUnknownIdRoutes } from '@zunft/nest-common/testing';
import { randomUUID } from 'node:crypto';
import { bearer, createCompany, createProject, type Company, type Member } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 28: look-ups of another company's ids (or of none) answer 404 before any body validation.
 * Every route with a record id and a body is walked (read from the router) with an unknown id and
 * a bad body; then each of them is called with a real record of another company (404) and with the
 * caller's own record (the same German 400 as before: the body is read once the record is found).
 */

/** The twelve routes of operations with a record id and a body, and the code of their 404. */
const ROUTES = {
  'PUT /api/absences/:id/reject': 'absence_not_found',
  'PUT /api/customers/:id': 'customer_not_found',
  'PUT /api/expenses/:id': 'expense_not_found',
  'POST /api/expenses/:id/reject': 'expense_not_found',
  'PUT /api/materials/:id': 'material_not_found',
  'PUT /api/materials/usage/:id': 'material_usage_not_found',
  'POST /api/materials/usage/:id/reject': 'material_usage_not_found',
  'PUT /api/projects/:id': 'project_not_found',
  'POST /api/projects/:id/assign': 'project_not_found',
  'PUT /api/schedule/assignments/:id': 'schedule_assignment_not_found',
  'POST /api/time-accounts/:userId/:month/reopen': 'user_not_found',
  'PUT /api/time-entries/:id': 'time_entry_not_found',
} as const;
type Route = keyof typeof ROUTES;

/** The walker fills every path parameter with a uuid; `:month` is no record id and needs a month. */
const MONTH_ROUTE: Route = 'POST /api/time-accounts/:userId/:month/reopen';

describe('operations: unknown ids answer 404 before the body is validated', () => {
  let t: TestApp;
  let a: Company;
  let b: Company;
  /** Company b's records, by route, and who of b may send the route (the owner for expenses and entries). */
  let own: Record<Route, { url: string; by: Member }>;

  const created = async (res: { status: number; body: { id: string } }, what: string) => {
    if (res.status !== 201) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    [a, b] = [await createCompany(t), await createCompany(t)];
    const http = () => t.http();
    const project = await createProject(t, b.admin, {}, [b.employee]);
    const material = await created(
      await http().post('/api/materials').set(bearer(b.admin)).send({ name: 'Rohr', unit: 'm', unitPrice: 4 }),
      'material',
    );
    const usage = await created(
      await http()
        .post('/api/materials/usage')
        .set(bearer(b.employee))
        .send({ projectId: project.id, materialId: material, quantity: 2 }),
      'usage',
    );
    const expense = await created(
      await http()
        .post('/api/expenses')
        .set(bearer(b.employee))
        .field('category', 'transport')
        .field('description', 'Zugticket')
        .field('amount', '12.40')
        .field('expenseDate', '2026-11-10'),
      'expense',
    );
    const assignment = await created(
      await http()
        .post('/api/schedule/assignments')
        .set(bearer(b.admin))
        .send({ userId: b.employee.id, projectId: project.id, workDate: '2026-11-17' }),
      'assignment',
    );
    const entry = await created(
      await http().post('/api/time-entries').set(bearer(b.employee)).send({
        projectId: project.id,
        startTime: '2026-11-16T07:00:00+01:00',
        endTime: '2026-11-16T11:00:00+01:00',
        breakMinutes: 0,
      }),
      'time entry',
    );
    const absence = await created(
      await http()
        .post('/api/absences')
        .set(bearer(b.employee))
        .send({ type: 'holiday', startDate: '2026-12-07', endDate: '2026-12-08' }),
      'absence',
    );
    own = {
      'PUT /api/absences/:id/reject': { url: `/api/absences/${absence}/reject`, by: b.admin },
      'PUT /api/customers/:id': { url: `/api/customers/${project.customer_id}`, by: b.admin },
      'PUT /api/expenses/:id': { url: `/api/expenses/${expense}`, by: b.employee },
      'POST /api/expenses/:id/reject': { url: `/api/expenses/${expense}/reject`, by: b.admin },
      'PUT /api/materials/:id': { url: `/api/materials/${material}`, by: b.admin },
      'PUT /api/materials/usage/:id': { url: `/api/materials/usage/${usage}`, by: b.employee },
      'POST /api/materials/usage/:id/reject': { url: `/api/materials/usage/${usage}/reject`, by: b.admin },
      'PUT /api/projects/:id': { url: `/api/projects/${project.id}`, by: b.admin },
      'POST /api/projects/:id/assign': { url: `/api/projects/${project.id}/assign`, by: b.admin },
      'PUT /api/schedule/assignments/:id': { url: `/api/schedule/assignments/${assignment}`, by: b.admin },
      'POST /api/time-accounts/:userId/:month/reopen': {
        url: `/api/time-accounts/${b.employee.id}/2026-11/reopen`,
        by: b.admin,
      },
      'PUT /api/time-entries/:id': { url: `/api/time-entries/${entry}`, by: b.employee },
    };
  }, 60_000);
  afterAll(() => t?.close());

  /** A body no schema of these routes accepts. */
  const send = (route: Route, url: string, by: Member) =>
    t
      .http()
      [route.startsWith('PUT') ? 'put' : 'post'](url)
      .set(bearer(by))
      .set('content-type', 'application/json')
      .send('[1]');

  it('every route with an id and a body: 404 for an unknown id, whatever the body', async () => {
    const answers = await walkUnknownIdRoutes({ app: t.app, http: t.http, headers: bearer(a.admin) });
    const walked = answers.filter((x) => x.route !== MONTH_ROUTE);
    expect(walked).toEqual(
      Object.entries(ROUTES)
        .filter(([route]) => route !== MONTH_ROUTE)
        .map(([route, code]) => ({ route, status: 404, code })),
    );
    // the walker's uuid for `:month` is a bad month (a path check, not the body): a real month here
    expect(answers.map((x) => x.route)).toContain(MONTH_ROUTE);
    const reopen = await send(MONTH_ROUTE, `/api/time-accounts/${randomUUID()}/2026-11/reopen`, a.admin);
    expect([reopen.status, reopen.body.code]).toEqual([404, 'user_not_found']);
  });

  it("another company's record answers 404 with a bad body; the own record the same German 400 as before", async () => {
    for (const [route, code] of Object.entries(ROUTES) as Array<[Route, string]>) {
      const { url, by } = own[route];
      const foreign = await send(route, url, route === 'PUT /api/expenses/:id' ? a.employee : a.admin);
      expect({ route, status: foreign.status, code: foreign.body.code }).toEqual({ route, status: 404, code });
      const mine = await send(route, url, by);
      expect({ route, status: mine.status, code: mine.body.code }).toEqual({
        route,
        status: 400,
        code: 'validation_failed',
      });
      expect(matchGermanMessage(mine.body.error)).toBeDefined();
    }
    // a good body on the own record still works after its look-up (the reason is stored)
    const rejected = await t
      .http()
      .put(own['PUT /api/absences/:id/reject'].url)
      .set(bearer(b.backoffice))
      .send({ reason: 'Betriebsferien' });
    expect([rejected.status, rejected.body.status, rejected.body.reject_reason]).toEqual([
      200,
      'rejected',
      'Betriebsferien',
    ]);
  });
});
