import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, createCompany, createProject, type Company } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Issue 13: 'Vorwoche übernehmen' is one line in the dashboard's activity feed, not one per assignment. */
describe('copy-week in the activity feed', () => {
  let t: TestApp;
  let c: Company;

  beforeAll(async () => {
    t = await createTestApp();
    c = await createCompany(t);
  }, 60_000);
  afterAll(() => t?.close());

  const feed = async () => {
    const res = await t.http().get('/api/dashboard/stats').set(bearer(c.admin));
    expect(res.status).toBe(200);
    const text = JSON.stringify(res.body);
    return {
      planned: text.split('Einsatz geplant').length - 1,
      copied: text.split('Wochenplan übernommen').length - 1,
      text,
    };
  };

  it('copying a week of five assignments adds exactly one grouped line', async () => {
    const p = await createProject(t, c.admin, { title: 'Neubau Steiner', status: 'in_progress' });
    for (const day of ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27']) {
      const res = await t
        .http()
        .post('/api/schedule/assignments')
        .set(bearer(c.admin))
        .send({ userId: c.employee.id, projectId: p.id, workDate: day });
      expect(res.status).toBe(201);
    }
    const before = await feed();
    expect(before.planned).toBe(5);

    const copy = await t
      .http()
      .post('/api/schedule/copy-week')
      .set(bearer(c.backoffice))
      .send({ fromWeekStart: '2026-11-23', toWeekStart: '2026-11-30' });
    expect(copy.body).toEqual({ created: 5, skipped: 0, conflicts: 0 });

    const after = await feed();
    expect(after.planned).toBe(5);
    expect(after.copied).toBe(1);
    expect(after.text).toContain(
      'Wochenplan übernommen: 5 Einsätze der Woche ab 23.11.2026 in die Woche ab 30.11.2026',
    );

    // A copy that creates nothing adds no line.
    await t
      .http()
      .post('/api/schedule/copy-week')
      .set(bearer(c.backoffice))
      .send({ fromWeekStart: '2026-11-23', toWeekStart: '2026-11-30' });
    expect((await feed()).copied).toBe(1);
  });
});
