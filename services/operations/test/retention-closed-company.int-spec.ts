// A closed company's data in operations (issue 26), removed by the daily task once kept as the law
// asks: nothing during the 90 days' grace; then the schedule, settings and unused materials; time
// records 5 years after the calendar year of the work (ArGV 1 art. 73 para. 2, the Zurich day counts);
// expenses and material use 10 years after their business year (OR art. 958f para. 1); the company's
// projects and customers last. Dates are set by hand.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from '@zunft/nest-common/testing';
import { createCompany, createProject, type Company } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { ClosedCompanyRetentionTask } from '../src/retention/index.js';

const TODAY = '2026-11-28';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const one = async <T = { id: string }>(sql: string, params: unknown[]): Promise<T> =>
  ((await t.dataSource.query(sql, params)) as T[])[0]!;

async function timeEntry(c: Company, projectId: string, startUtc: string): Promise<string> {
  return (
    await one(
      `INSERT INTO time_entries (company_id, project_id, user_id, user_name, start_time, end_time, status)
       VALUES ($1, $2, $3, 'Emil Test', $4::timestamptz, $4::timestamptz + interval '2 hours', 'approved') RETURNING id`,
      [c.id, projectId, c.employee.id, startUtc],
    )
  ).id;
}

async function absence(c: Company, start: string, end: string): Promise<string> {
  return (
    await one(
      `INSERT INTO absences (company_id, user_id, status, type, start_date, end_date, created_by)
       VALUES ($1, $2, 'approved', 'vacation', $3, $4, $5) RETURNING id`,
      [c.id, c.employee.id, start, end, c.admin.id],
    )
  ).id;
}

async function expense(c: Company, day: string): Promise<string> {
  return (
    await one(
      `INSERT INTO expenses (company_id, user_id, first_name, last_name, category, description, amount, expense_date)
       VALUES ($1, $2, 'Emil', 'Test', 'transport', 'Zug Bern–Thun', 24.80, $3) RETURNING id`,
      [c.id, c.employee.id, day],
    )
  ).id;
}

async function material(c: Company, name: string): Promise<string> {
  return (await one(`INSERT INTO materials (company_id, name, unit) VALUES ($1, $2, 'Stk') RETURNING id`, [c.id, name]))
    .id;
}

async function usage(c: Company, projectId: string, materialId: string, day: string): Promise<string> {
  return (
    await one(
      `INSERT INTO material_usages (company_id, project_id, material_id, material_name, user_id, user_name, quantity,
         unit, unit_price, used_at, status)
       VALUES ($1, $2, $3, 'Kabel', $4, 'Emil Test', 3, 'm', 2.50, $5, 'approved') RETURNING id`,
      [c.id, projectId, materialId, c.employee.id, day],
    )
  ).id;
}

async function close(companyId: string, closedAt: string): Promise<void> {
  const id = await t.publish('auth.company.closed', companyId, { closedAt });
  await waitFor(
    async () =>
      (
        await t.dataSource.query(
          `SELECT 1 FROM processed_events WHERE consumer = 'operations-retention' AND event_id = $1`,
          [id],
        )
      ).length > 0,
  );
}

/** Every row of the company in operations' tables, as text. */
async function snapshot(companyId: string): Promise<Record<string, unknown[]>> {
  const tables: Array<{ table_name: string }> = await t.dataSource.query(
    `SELECT c.table_name FROM information_schema.columns c JOIN information_schema.tables x USING (table_schema, table_name)
      WHERE c.table_schema = current_schema() AND c.column_name = 'company_id' AND x.table_type = 'BASE TABLE'
        AND c.table_name NOT IN ('outbox_events', 'processed_events', 'dead_letter_events') ORDER BY 1`,
  );
  const out: Record<string, unknown[]> = {};
  for (const { table_name } of tables) {
    out[table_name] = await t.dataSource.query(
      `SELECT to_jsonb(x) AS row FROM "${table_name}" x WHERE company_id = $1 ORDER BY to_jsonb(x)::text`,
      [companyId],
    );
  }
  return out;
}

const ids = async (table: string, companyId: string) =>
  (
    (await t.dataSource.query(`SELECT id FROM ${table} WHERE company_id = $1 ORDER BY id`, [companyId])) as Array<{
      id: string;
    }>
  ).map((r) => r.id);

describe('closed company retention in operations', () => {
  it('exactly the expired data goes; open, just-closed and other companies stay byte-identical', async () => {
    // A: closed 2026-08-01 (grace over 2026-10-30). On 2026-11-28 time records up to 2020 and business
    // records up to 2015 have expired.
    const a = await createCompany(t);
    const projectA = (await createProject(t, a.admin)).id;
    const entry2020 = await timeEntry(a, projectA, '2020-12-31T22:30:00Z'); // Zurich 2020-12-31 23:30
    const entry2021 = await timeEntry(a, projectA, '2020-12-31T23:30:00Z'); // Zurich 2021-01-01 00:30
    const absence2020 = await absence(a, '2020-12-28', '2020-12-31');
    const absenceInto2021 = await absence(a, '2020-12-28', '2021-01-02');
    const expense2015 = await expense(a, '2015-11-30');
    const expense2016 = await expense(a, '2016-01-04');
    const usedIn2015 = await material(a, 'Kabel 2015');
    const usedIn2016 = await material(a, 'Kabel 2016');
    const unused = await material(a, 'Nie gebraucht');
    const usage2015 = await usage(a, projectA, usedIn2015, '2015-06-01');
    const usage2016 = await usage(a, projectA, usedIn2016, '2016-06-01');
    await t.dataSource.query(
      `INSERT INTO schedule_assignments (company_id, user_id, project_id, work_date) VALUES ($1, $2, $3, '2026-07-30')`,
      [a.id, a.employee.id, projectA],
    );
    await close(a.id, '2026-08-01T08:00:00.000Z');

    // B: closed yesterday, old records: all stays. C: open, old records: never touched.
    const b = await createCompany(t);
    const projectB = (await createProject(t, b.admin)).id;
    await timeEntry(b, projectB, '2010-03-01T07:00:00Z');
    await expense(b, '2010-03-01');
    await close(b.id, '2026-11-27T10:00:00.000Z');
    const c = await createCompany(t);
    const projectC = (await createProject(t, c.admin)).id;
    await timeEntry(c, projectC, '2011-03-01T07:00:00Z');
    await expense(c, '2011-03-01');
    await material(c, 'Offen');

    // D: closed in 2015, every record from 2015 or before: nothing of it stays.
    const d = await createCompany(t);
    const projectD = (await createProject(t, d.admin)).id;
    await timeEntry(d, projectD, '2015-02-02T07:00:00Z');
    await absence(d, '2014-08-01', '2014-08-10');
    await expense(d, '2015-02-02');
    await usage(d, projectD, await material(d, 'Rohr'), '2015-02-02');
    await close(d.id, '2015-03-01T08:00:00.000Z');

    const before = { b: await snapshot(b.id), c: await snapshot(c.id), a: await snapshot(a.id) };
    const result = await t.app.get(ClosedCompanyRetentionTask).run(TODAY);
    const byCompany = Object.fromEntries(result.companies.map((r) => [r.companyId, r]));
    expect(byCompany[b.id]).toBeUndefined();
    expect(byCompany[c.id]).toBeUndefined();
    expect(byCompany[a.id]).toMatchObject({ timeRecords: 2, businessRecords: 2, removed: false });
    expect(byCompany[d.id]).toMatchObject({ removed: true });

    expect(await ids('time_entries', a.id)).toEqual([entry2021]);
    expect(await ids('absences', a.id)).toEqual([absenceInto2021]);
    expect(await ids('expenses', a.id)).toEqual([expense2016]);
    expect(await ids('material_usages', a.id)).toEqual([usage2016]);
    expect(await ids('materials', a.id)).toEqual([usedIn2016]);
    expect(await ids('schedule_assignments', a.id)).toEqual([]);
    expect(await ids('projects', a.id)).toEqual([projectA]);
    const [{ n: gone }] = await t.dataSource.query(
      `SELECT (SELECT count(*) FROM time_entries WHERE id = $1) + (SELECT count(*) FROM absences WHERE id = $2)
            + (SELECT count(*) FROM expenses WHERE id = $3) + (SELECT count(*) FROM material_usages WHERE id = $4)
            + (SELECT count(*) FROM materials WHERE id = ANY($5)) AS n`,
      [entry2020, absence2020, expense2015, usage2015, [unused, usedIn2015]],
    );
    expect(Number(gone)).toBe(0);
    // What stays of A is byte-identical.
    const after = await snapshot(a.id);
    for (const table of ['time_entries', 'absences', 'expenses', 'material_usages', 'projects', 'customers', 'staff']) {
      const kept = (before.a[table] as Array<{ row: { id?: string } }>).filter((r) =>
        (after[table] as Array<{ row: { id?: string } }>).some((x) => x.row.id === r.row.id),
      );
      expect(after[table]).toEqual(kept);
    }
    expect(await snapshot(b.id)).toEqual(before.b);
    expect(await snapshot(c.id)).toEqual(before.c);
    const left = await snapshot(d.id);
    expect(
      Object.entries(left)
        .filter(([, rows]) => rows.length > 0)
        .map(([table]) => table),
    ).toEqual(['retention_closed_companies']);

    // The same day again: nothing more; B and C still as they were.
    const again = await t.app.get(ClosedCompanyRetentionTask).run(TODAY);
    expect(again.companies.find((r) => r.companyId === a.id)).toEqual({
      companyId: a.id,
      nonRecords: 0,
      timeRecords: 0,
      businessRecords: 0,
      removed: false,
    });
    expect(again.companies.find((r) => r.companyId === d.id)).toBeUndefined();
    expect(await snapshot(b.id)).toEqual(before.b);
    expect(await snapshot(c.id)).toEqual(before.c);
  });
});
