// `rpc.operations.report-data` over the real NATS, answered by the real service on a throw-away
// database: asked from a separate NATS connection, as billing would.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { reportDataSchema, type ReportDataRequest } from '@zunft/contracts';
import { RpcRemoteError, RpcUnavailableError, requestReply } from '@zunft/nest-common';
import {
  bearer,
  createCompany,
  createCustomer,
  createProject,
  setSettings,
  type Company,
  type Member,
} from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp | undefined;
let app: TestApp;
let nc: NatsConnection;
let c: Company;
let other: Company;
let subject: string;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  t = app = await createTestApp();
  nc = await connect({ servers: app.config.natsUrl });
  // the per-run stream prefixes every subject, request/reply included
  subject = `${app.config.natsStream}.rpc.operations.report-data`;
  c = await createCompany(app);
  other = await createCompany(app);
});
afterAll(async () => {
  await t?.close();
  await nc?.close();
  process.off('unhandledRejection', onUnhandled);
});

const ask = (payload: ReportDataRequest, timeoutMs = 5000) =>
  requestReply(nc, subject, payload, reportDataSchema, { timeoutMs, requestId: null });

async function manualEntry(by: Member, projectId: string, startTime: string, endTime: string, description?: string) {
  const res = await app
    .http()
    .post('/api/time-entries')
    .set(bearer(by))
    .send({ projectId, startTime, endTime, breakMinutes: 15, description });
  if (res.status !== 201) throw new Error(`time entry: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string };
}

async function usage(by: Member, projectId: string, materialId: string, usageDate: string, quantity: number) {
  const res = await app
    .http()
    .post('/api/materials/usage')
    .set(bearer(by))
    .send({ projectId, materialId, quantity, usageDate });
  if (res.status !== 201) throw new Error(`usage: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string };
}

describe('rpc.operations.report-data', () => {
  it('answers customer, project, the finished entries and the approved usage of the period (both days, Zurich time)', async () => {
    const customer = await createCustomer(app, c.admin, {
      name: 'Bäckerei Huber AG',
      contactPerson: 'Hans Huber',
      email: 'hans@huber.ch',
      phone: '+41 31 123 45 67',
      address: 'Marktgasse 1',
      zip: '3011',
      city: 'Bern',
      language: 'fr',
    });
    const project = await createProject(
      app,
      c.admin,
      { customerId: customer.id, title: 'Ladenumbau', description: 'Neue Theke' },
      [c.employee],
    );
    const elsewhere = await createProject(app, c.admin, { customerId: customer.id }, [c.employee]);

    // Europe/Zurich is UTC+1 in March: the period 2026-03-02 … 2026-03-05 is
    // [2026-03-01T23:00Z, 2026-03-05T23:00Z)
    const firstMinute = await manualEntry(
      c.employee,
      project.id,
      '2026-03-01T23:30:00Z', // Mon 02.03. 00:30 local (UTC still the 1st)
      '2026-03-02T02:30:00Z',
      'Abbruch alte Theke',
    );
    const lastEvening = await manualEntry(c.employee, project.id, '2026-03-05T21:30:00Z', '2026-03-05T22:45:00Z');
    await manualEntry(c.employee, project.id, '2026-03-01T22:30:00Z', '2026-03-01T22:59:00Z'); // Sun 01.03. 23:30 local
    await manualEntry(c.employee, project.id, '2026-03-05T23:00:00Z', '2026-03-05T23:50:00Z'); // Fri 06.03. 00:00 local
    await manualEntry(c.employee, elsewhere.id, '2026-03-03T08:00:00Z', '2026-03-03T10:00:00Z'); // other project
    expect(
      (await app.http().post(`/api/time-entries/${lastEvening.id}/approve`).set(bearer(c.admin)).send({})).status,
    ).toBe(200);
    // a running timer (started now, by the office) is never part of a report
    expect(
      (await app.http().post('/api/time-entries/start').set(bearer(c.admin)).send({ projectId: project.id })).status,
    ).toBe(201);
    const material = await app
      .http()
      .post('/api/materials')
      .set(bearer(c.admin))
      .send({ name: 'Schrauben 4x40', unit: 'Pkg', unitPrice: 12.35, stockQuantity: 100 });
    expect(material.status).toBe(201);
    const approvedFirst = await usage(c.employee, project.id, material.body.id, '2026-03-02', 3);
    const approvedLast = await usage(c.employee, project.id, material.body.id, '2026-03-05', 1.5);
    const pending = await usage(c.employee, project.id, material.body.id, '2026-03-03', 1);
    const rejected = await usage(c.employee, project.id, material.body.id, '2026-03-04', 1);
    const after = await usage(c.employee, project.id, material.body.id, '2026-03-06', 1);
    const before = await usage(c.employee, project.id, material.body.id, '2026-03-01', 1);
    for (const u of [approvedLast, approvedFirst, after, before]) {
      expect((await app.http().post(`/api/materials/usage/${u.id}/approve`).set(bearer(c.admin)).send({})).status).toBe(
        200,
      );
    }
    expect(
      (
        await app
          .http()
          .post(`/api/materials/usage/${rejected.id}/reject`)
          .set(bearer(c.admin))
          .send({ reason: 'Falsches Projekt' })
      ).status,
    ).toBe(200);

    const data = await ask({
      companyId: c.id,
      projectId: project.id,
      periodStart: '2026-03-02',
      periodEnd: '2026-03-05',
    });

    expect(data.period).toEqual({ start: '2026-03-02', end: '2026-03-05', timezone: 'Europe/Zurich' });
    expect(data.customer).toEqual({
      id: customer.id,
      name: 'Bäckerei Huber AG',
      contact_person: 'Hans Huber',
      customer_number: customer.customer_number,
      email: 'hans@huber.ch',
      phone: '+41 31 123 45 67',
      address: 'Marktgasse 1',
      zip: '3011',
      city: 'Bern',
      language: 'fr',
    });
    expect(data.project).toEqual({
      id: project.id,
      title: 'Ladenumbau',
      project_number: project.project_number,
      status: 'in_progress',
      description: 'Neue Theke',
      start_date: null,
      end_date: null,
    });
    expect(data.time_entries.map((e) => e.id)).toEqual([firstMinute.id, lastEvening.id]);
    expect(data.time_entries[0]).toEqual({
      id: firstMinute.id,
      user_id: c.employee.id,
      user_name: c.employee.name,
      start_time: '2026-03-01T23:30:00.000Z',
      end_time: '2026-03-02T02:30:00.000Z',
      break_minutes: 15,
      total_minutes: 165,
      // Monday 00:30 local: a night entry
      surcharge_night: 25,
      surcharge_saturday: 0,
      surcharge_sunday: 0,
      surcharge_total: 25,
      description: 'Abbruch alte Theke',
      status: 'completed',
    });
    expect(data.time_entries[1]).toMatchObject({ status: 'approved', total_minutes: 60 });

    expect(data.material_usage.map((u) => u.id)).toEqual([approvedFirst.id, approvedLast.id]);
    expect(data.material_usage[0]).toEqual({
      id: approvedFirst.id,
      material_id: material.body.id,
      material_name: 'Schrauben 4x40',
      user_id: c.employee.id,
      user_name: c.employee.name,
      quantity: 3,
      unit: 'Pkg',
      unit_price: 12.35,
      total_price: 37.05,
      used_at: '2026-03-02',
      description: null,
    });
    expect(data.material_usage[1]).toMatchObject({ quantity: 1.5, total_price: 18.53, used_at: '2026-03-05' });
    expect(data.material_usage.map((u) => u.id)).not.toContain(pending.id);

    // a one-day period: only that day (Zurich) counts
    const oneDay = await ask({
      companyId: c.id,
      projectId: project.id,
      periodStart: '2026-03-05',
      periodEnd: '2026-03-05',
    });
    expect(oneDay.time_entries.map((e) => e.id)).toEqual([lastEvening.id]);
    expect(oneDay.material_usage.map((u) => u.id)).toEqual([approvedLast.id]);
  });

  it("cuts the period in Swiss time for a company set to 'Europe/Geneva' (no IANA zone of its own)", async () => {
    const c2 = await createCompany(app);
    const project = await createProject(app, c2.admin, {}, [c2.employee]);
    await setSettings(app, c2.id, { timezone: 'Europe/Geneva' });
    const [entry] = await app.dataSource.query(
      `INSERT INTO time_entries (company_id, project_id, user_id, user_name, start_time, end_time, total_minutes, status)
       VALUES ($1, $2, $3, $4, '2026-07-01T22:30:00Z', '2026-07-01T23:30:00Z', 60, 'completed') RETURNING id`,
      [c2.id, project.id, c2.employee.id, c2.employee.name],
    );
    // summer time, UTC+2: 22:30Z on the 1st is 00:30 on the 2nd
    const data = await ask({
      companyId: c2.id,
      projectId: project.id,
      periodStart: '2026-07-02',
      periodEnd: '2026-07-02',
    });
    expect(data.period.timezone).toBe('Europe/Zurich');
    expect(data.time_entries.map((e) => e.id)).toEqual([entry.id]);
    const dayBefore = await ask({
      companyId: c2.id,
      projectId: project.id,
      periodStart: '2026-07-01',
      periodEnd: '2026-07-01',
    });
    expect(dayBefore.time_entries).toEqual([]);
  });

  it('precise surcharge mode: each entry carries its minutes per ArG window and percent (issue 24)', async () => {
    // night 23:00–06:00 (default), night 25 %, Sunday 50 %, Saturday 25 %; canton ZH (1 August)
    const p = await createCompany(app, { canton: 'ZH', surcharge_mode: 'precise' });
    const project = await createProject(app, p.admin, {}, [p.employee]);
    // Tuesday 21:00–01:00, 15 min break: 225 min worked, 23:00–01:00 = 120 night minutes
    const tuesday = await manualEntry(p.employee, project.id, '2026-09-08T21:00:00+02:00', '2026-09-09T01:00:00+02:00');
    // Sunday 04:00–10:00, 15 min break: 345 min worked; 04:00–06:00 = 120 night minutes; the whole
    // entry lies in the Sunday (Saturday 23:00–Sunday 23:00), capped at the worked 345
    const sunday = await manualEntry(p.employee, project.id, '2026-09-13T04:00:00+02:00', '2026-09-13T10:00:00+02:00');
    // Saturday 1 August 10:00–14:00, 15 min break: 225 holiday minutes at the Sunday percent (ArG
    // art. 20a); the Saturday percent of the company's rule (by start day) stays the entry's total
    const august = await manualEntry(p.employee, project.id, '2026-08-01T10:00:00+02:00', '2026-08-01T14:00:00+02:00');
    const data = await ask({
      companyId: p.id,
      projectId: project.id,
      periodStart: '2026-08-01',
      periodEnd: '2026-09-30',
    });
    const byId = new Map(data.time_entries.map((e) => [e.id, e]));
    expect(byId.get(tuesday.id)).toMatchObject({
      total_minutes: 225,
      surcharge_night: 0,
      surcharge_total: 0,
      precise_surcharges: [{ kind: 'night', percent: 25, minutes: 120 }],
    });
    expect(byId.get(sunday.id)).toMatchObject({
      total_minutes: 345,
      surcharge_sunday: 0,
      surcharge_total: 0,
      precise_surcharges: [
        { kind: 'night', percent: 25, minutes: 120 },
        { kind: 'sunday', percent: 50, minutes: 345 },
      ],
    });
    expect(byId.get(august.id)).toMatchObject({
      total_minutes: 225,
      surcharge_saturday: 25,
      surcharge_total: 25,
      precise_surcharges: [{ kind: 'holiday', percent: 50, minutes: 225 }],
    });
    // the company's surcharges off: no windows billed
    await setSettings(app, p.id, { canton: 'ZH', surcharge_mode: 'precise', auto_calculate_surcharges: false });
    const off = await ask({
      companyId: p.id,
      projectId: project.id,
      periodStart: '2026-09-08',
      periodEnd: '2026-09-08',
    });
    expect(off.time_entries[0]).toMatchObject({ id: tuesday.id, precise_surcharges: [] });
    // spec mode: the whole entry at the spec percent, no windows
    await setSettings(app, p.id, { canton: 'ZH', surcharge_mode: 'spec' });
    const spec = await ask({
      companyId: p.id,
      projectId: project.id,
      periodStart: '2026-09-08',
      periodEnd: '2026-09-08',
    });
    expect(spec.time_entries[0]).toMatchObject({ id: tuesday.id, surcharge_night: 25, surcharge_total: 25 });
    expect(spec.time_entries[0]!.precise_surcharges ?? null).toBeNull();
  });

  it("answers not_found for another company's project and an unknown one", async () => {
    const foreign = await createProject(app, other.admin);
    for (const projectId of [foreign.id, '00000000-0000-4000-8000-000000000000']) {
      const err = await ask({ companyId: c.id, projectId, periodStart: '2026-03-01', periodEnd: '2026-03-31' }).catch(
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(RpcRemoteError);
      expect(err).toMatchObject({ code: 'not_found', status: 404, message: 'Projekt nicht gefunden' });
    }
    // the owner gets it
    await expect(
      ask({ companyId: other.id, projectId: foreign.id, periodStart: '2026-03-01', periodEnd: '2026-03-31' }),
    ).resolves.toMatchObject({ project: { id: foreign.id } });
  });

  it('answers bad_request with a German message for an invalid period', async () => {
    const project = await createProject(app, c.admin);
    const cases: Array<[ReportDataRequest, string]> = [
      [
        { companyId: c.id, projectId: project.id, periodStart: '2026-03-05', periodEnd: '2026-03-04' },
        'Das Ende des Zeitraums darf nicht vor dessen Beginn liegen',
      ],
      [
        { companyId: c.id, projectId: project.id, periodStart: '2026-02-30', periodEnd: '2026-03-04' },
        'Beginn des Zeitraums ist kein gültiges Datum',
      ],
      [
        { companyId: c.id, projectId: project.id, periodStart: '1.3.2026', periodEnd: '2026-03-04' },
        'Beginn des Zeitraums muss ein Datum im Format JJJJ-MM-TT sein',
      ],
      [
        { companyId: c.id, projectId: 'P-1', periodStart: '2026-03-01', periodEnd: '2026-03-04' },
        'Ungültige Projekt-ID',
      ],
    ];
    for (const [payload, message] of cases) {
      const err = await ask(payload).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RpcRemoteError);
      expect(err).toMatchObject({ code: 'bad_request', status: 400, message });
    }
  });

  it('times out cleanly when operations is down', async () => {
    const project = await createProject(app, c.admin);
    const request = { companyId: c.id, projectId: project.id, periodStart: '2026-03-01', periodEnd: '2026-03-31' };
    await expect(ask(request)).resolves.toMatchObject({ project: { id: project.id } });

    await app.close();
    t = undefined;

    const started = Date.now();
    const err = await ask(request, 2000).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RpcUnavailableError);
    expect(err).toMatchObject({
      status: 503,
      code: 'service_unavailable',
      message: 'Der Dienst antwortet nicht. Bitte später erneut versuchen.',
    });
    expect(Date.now() - started).toBeLessThan(2500);
    await new Promise((r) => setTimeout(r, 50));
    expect(unhandled).toEqual([]);
  });
});
