// billing.report.signed → time entries, material usage and expenses of the report are marked as
// reported: exactly once, editing/deleting them answers 409 naming the report, report-data leaves
// them out (and says how many).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { reportDataSchema, type EventData } from '@zunft/contracts';
import { requestReply } from '@zunft/nest-common';
import { waitFor } from '@zunft/nest-common/testing';
import { randomUUID } from 'node:crypto';
import { bearer, createCompany, createProject, type Company, type Member } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let nc: NatsConnection;
let c: Company;

beforeAll(async () => {
  t = await createTestApp();
  nc = await connect({ servers: t.config.natsUrl });
  c = await createCompany(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await nc?.close();
});

async function manualEntry(by: Member, projectId: string, startTime: string, endTime: string) {
  const res = await t
    .http()
    .post('/api/time-entries')
    .set(bearer(by))
    .send({ projectId, startTime, endTime, breakMinutes: 0 });
  if (res.status !== 201) throw new Error(`time entry: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string };
}

const signedEvent = (
  reportNumber: string,
  projectId: string,
  ids: { timeEntryIds: string[]; materialUsageIds: string[]; expenseIds: string[] },
): EventData<'billing.report.signed'> => ({
  reportId: randomUUID(),
  reportNumber,
  companyId: c.id,
  customerId: randomUUID(),
  projectId,
  projectName: 'Umbau',
  projectNumber: 'P-2026-001',
  customer: { name: 'Kunde', email: null, address: null, zip: null, city: null, language: 'de' },
  language: 'de',
  periodStart: '2026-03-02',
  periodEnd: '2026-03-06',
  signedAt: new Date().toISOString(),
  signerName: 'Peter Muster',
  labour: [],
  materials: [],
  expenses: [],
  ...ids,
});

const processed = async (eventIds: string[]) =>
  waitFor(async () => {
    const rows: unknown[] = await t.dataSource.query(
      `SELECT 1 FROM processed_events WHERE consumer = 'operations-reported-records' AND event_id = ANY($1::uuid[])`,
      [eventIds],
    );
    return rows.length === eventIds.length ? true : null;
  }, 30_000);

describe('billing.report.signed consumer', () => {
  it('locks the records once (redelivery and a second event change nothing); edits answer 409; report-data leaves them out', async () => {
    const project = await createProject(t, c.admin, {}, [c.employee]);
    const reported = await manualEntry(c.employee, project.id, '2026-03-03T07:00:00Z', '2026-03-03T11:00:00Z');
    const free = await manualEntry(c.employee, project.id, '2026-03-04T07:00:00Z', '2026-03-04T09:00:00Z');
    const material = await t
      .http()
      .post('/api/materials')
      .set(bearer(c.admin))
      .send({ name: 'Dübel', unit: 'Pkg', unitPrice: 4.5, stockQuantity: 100 });
    expect(material.status).toBe(201);
    const usage = await t
      .http()
      .post('/api/materials/usage')
      .set(bearer(c.employee))
      .send({ projectId: project.id, materialId: material.body.id, quantity: 2, usageDate: '2026-03-03' });
    expect(usage.status).toBe(201);
    expect((await t.http().post(`/api/materials/usage/${usage.body.id}/approve`).set(bearer(c.admin))).status).toBe(
      200,
    );

    const ids = { timeEntryIds: [reported.id], materialUsageIds: [usage.body.id], expenseIds: [] };
    const first = randomUUID();
    const data = signedEvent('R-2026-0007', project.id, ids);
    await t.publish('billing.report.signed', c.id, data, first);
    await t.publish('billing.report.signed', c.id, data, first); // redelivered (same event id)
    const second = randomUUID();
    await t.publish('billing.report.signed', c.id, signedEvent('R-2026-0099', project.id, ids), second);
    await processed([first, second]);

    const marks = await t.dataSource.query(
      `SELECT id, reported_report_number FROM time_entries WHERE id = ANY($1::uuid[]) ORDER BY start_time`,
      [[reported.id, free.id]],
    );
    expect(marks).toEqual([
      { id: reported.id, reported_report_number: 'R-2026-0007' },
      { id: free.id, reported_report_number: null },
    ]);
    const usageMark = await t.dataSource.query(`SELECT reported_report_number FROM material_usages WHERE id = $1`, [
      usage.body.id,
    ]);
    expect(usageMark).toEqual([{ reported_report_number: 'R-2026-0007' }]);

    const message =
      'Dieser Zeiteintrag ist im unterschriebenen Rapport R-2026-0007 enthalten und kann nicht mehr geändert oder gelöscht werden.';
    const edit = await t
      .http()
      .put(`/api/time-entries/${reported.id}`)
      .set(bearer(c.admin))
      .send({ description: 'geändert' });
    expect(edit.status).toBe(409);
    expect(edit.body).toMatchObject({ code: 'record_reported', error: message });
    const del = await t.http().delete(`/api/time-entries/${reported.id}`).set(bearer(c.employee));
    expect(del.status).toBe(409);
    expect(del.body.error).toBe(message);
    const usageEdit = await t
      .http()
      .put(`/api/materials/usage/${usage.body.id}`)
      .set(bearer(c.admin))
      .send({ quantity: 5 });
    expect(usageEdit.status).toBe(409);
    expect(usageEdit.body.error).toContain('Rapport R-2026-0007');
    const usageDel = await t.http().delete(`/api/materials/usage/${usage.body.id}`).set(bearer(c.admin));
    expect(usageDel.status).toBe(409);
    // the free entry stays editable
    expect(
      (await t.http().put(`/api/time-entries/${free.id}`).set(bearer(c.admin)).send({ description: 'ok' })).status,
    ).toBe(200);

    const reply = await requestReply(
      nc,
      `${t.config.natsStream}.rpc.operations.report-data`,
      { companyId: c.id, projectId: project.id, periodStart: '2026-03-02', periodEnd: '2026-03-06' },
      reportDataSchema,
      { timeoutMs: 10_000, requestId: null },
    );
    expect(reply.time_entries.map((e) => e.id)).toEqual([free.id]);
    expect(reply.material_usage).toEqual([]);
    expect(reply.excluded).toEqual({ time_entries: 1, material_usage: 1, expenses: 0 });
  }, 90_000);
});
