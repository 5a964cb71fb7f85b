import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, createCompany, createProject, type Company } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * GET /api/time-entries must stay fast for a company with years of entries: 100,000 entries
 * (10 employees × ~3 years) are inserted with generate_series, then the list is timed through HTTP.
 */
const ENTRIES = 100_000;
let t: TestApp;
let c: Company;
let projectId: string;

beforeAll(async () => {
  t = await createTestApp();
  c = await createCompany(t);
  const projects = [];
  for (let i = 0; i < 5; i++) projects.push(await createProject(t, c.admin, {}, [c.employee]));
  projectId = projects[0]!.id;
  const users = [c.employee.id, c.employee2.id, c.admin.id, c.backoffice.id];
  // entries every ~15 minutes back from now, round-robin over users and projects
  await t.dataSource.query(
    `INSERT INTO time_entries (company_id, project_id, user_id, user_name, start_time, end_time, break_minutes,
       total_minutes, status)
     SELECT $1, ($2::uuid[])[1 + g % 5], ($3::uuid[])[1 + g % 4], 'Test Person',
            now() - (g * interval '15 minutes') - interval '1 hour', now() - (g * interval '15 minutes'), 0, 60,
            CASE WHEN g % 3 = 0 THEN 'approved' ELSE 'completed' END
     FROM generate_series(1, $4) AS g`,
    [c.id, projects.map((p) => p.id), users, ENTRIES],
  );
  await t.dataSource.query('VACUUM ANALYZE time_entries');
}, 120_000);
afterAll(() => t?.close());

async function timeGet(token: string, query: Record<string, string | number>, runs = 15) {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const res = await t
      .http()
      .get('/api/time-entries')
      .query(query)
      .set({ authorization: `Bearer ${token}` });
    times.push(performance.now() - started);
    expect(res.status).toBe(200);
    total = res.body.total;
  }
  times.sort((x, y) => x - y);
  return { median: times[Math.floor(times.length / 2)]!, max: times[times.length - 1]!, total };
}

describe(`GET /api/time-entries with ${ENTRIES.toLocaleString('de-CH')} entries`, () => {
  it('pages through the (company_id, start_time desc) index, never sorting the whole table', async () => {
    const plan = async (sql: string, params: unknown[]) =>
      JSON.stringify(await t.dataSource.query(`EXPLAIN (FORMAT JSON) ${sql}`, params));
    const page = await plan(
      `SELECT te.id FROM time_entries te JOIN projects p ON p.id = te.project_id WHERE te.company_id = $1
       ORDER BY te.start_time DESC, te.id DESC LIMIT 50 OFFSET 0`,
      [c.id],
    );
    expect(page).toContain('ix_time_entries_company_start');
    expect(page).not.toContain('"Sort"');
    const own = await plan(
      `SELECT te.id FROM time_entries te WHERE te.company_id = $1 AND te.user_id = $2
       ORDER BY te.start_time DESC, te.id DESC LIMIT 50`,
      [c.id, c.employee.id],
    );
    expect(own).not.toContain('"Sort"');
    // (the total count may scan: here every row belongs to the one company, which is the worst case the timing covers)
  });

  it('answers each page in well under 250 ms (median, HTTP round trip included)', async () => {
    const cases: Array<[string, string, Record<string, string | number>]> = [
      ['office, page 1', c.admin.token, { page: 1, pageSize: 50 }],
      ['office, page 1000', c.admin.token, { page: 1000, pageSize: 50 }],
      ['office, by employee', c.admin.token, { userId: c.employee2.id, page: 1, pageSize: 50 }],
      ['office, by project', c.admin.token, { projectId, page: 1, pageSize: 50 }],
      ['employee, own', c.employee.token, { page: 1, pageSize: 50 }],
    ];
    const report: string[] = [];
    for (const [label, token, query] of cases) {
      const r = await timeGet(token, query);
      report.push(`${label}: median ${r.median.toFixed(1)} ms, max ${r.max.toFixed(1)} ms (total ${r.total})`);
      expect(r.median).toBeLessThan(250);
    }
    console.log(`GET /api/time-entries, ${ENTRIES} entries:\n  ${report.join('\n  ')}`);
    const first = await t.http().get('/api/time-entries').query({ pageSize: 50 }).set(bearer(c.admin));
    expect(first.body.total).toBe(ENTRIES);
    expect(first.body.items).toHaveLength(50);
  });

  it('a deep page by number holds exactly the rows OFFSET would, also right after a write (page anchors)', async () => {
    const offsetIds = async (offset: number, userId?: string): Promise<string[]> =>
      (
        (await t.dataSource.query(
          `SELECT id FROM time_entries WHERE company_id = $1 ${userId ? 'AND user_id = $2' : ''}
           ORDER BY start_time DESC, id DESC LIMIT 50 OFFSET ${offset}`,
          userId ? [c.id, userId] : [c.id],
        )) as Array<{ id: string }>
      ).map((r) => r.id);
    const apiIds = async (page: number, extra: Record<string, string> = {}): Promise<string[]> => {
      const res = await t
        .http()
        .get('/api/time-entries')
        .query({ page, pageSize: 50, ...extra })
        .set(bearer(c.admin));
      expect(res.status).toBe(200);
      return (res.body.items as Array<{ id: string }>).map((e) => e.id);
    };
    // 11: below the first anchor (row 500); the others start after an anchor; 2000 is the last page.
    for (const page of [11, 537, 1000, 1001, 2000]) {
      expect(await apiIds(page)).toEqual(await offsetIds((page - 1) * 50));
    }
    expect(await apiIds(2001)).toEqual([]);
    expect(await apiIds(300, { userId: c.employee2.id })).toEqual(await offsetIds(299 * 50, c.employee2.id));

    // A new newest entry moves every row one place down, on page 1000 at once (the anchors of the
    // call before are dropped with the write).
    const before = await apiIds(1000);
    const created = await t
      .http()
      .post('/api/time-entries')
      .set(bearer(c.employee))
      .send({
        projectId,
        startTime: new Date(Date.now() - 30 * 60_000).toISOString(),
        endTime: new Date(Date.now() - 10 * 60_000).toISOString(),
      });
    expect(created.status).toBe(201);
    const after = await apiIds(1000);
    expect(after).toEqual(await offsetIds(999 * 50));
    expect(after.slice(1)).toEqual(before.slice(0, 49));
  });
});
