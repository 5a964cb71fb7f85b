// `rpc.operations.user-dependencies` (asked by auth when it deletes a user) over the real NATS.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RpcClient, RpcRemoteError } from '@zunft/nest-common';
import { randomUUID } from 'node:crypto';
import { DirectoryRepository } from '../src/directory/directory.repository.js';
import { bearer, createCompany, createProject, type Company, type Member } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let rpc: RpcClient;
let c: Company;
let other: Company;

beforeAll(async () => {
  t = await createTestApp();
  rpc = t.app.get(RpcClient);
  c = await createCompany(t);
  other = await createCompany(t);
});
afterAll(() => t?.close());

async function entry(by: Member, projectId: string, day: number) {
  const start = new Date(Date.UTC(2026, 2, day, 7));
  const res = await t
    .http()
    .post('/api/time-entries')
    .set(bearer(by))
    .send({ projectId, startTime: start.toISOString(), endTime: new Date(start.getTime() + 3_600_000).toISOString() });
  if (res.status !== 201) throw new Error(`time entry: ${res.status} ${JSON.stringify(res.body)}`);
}

async function expense(companyId: string, member: Member) {
  await t.dataSource.query(
    `INSERT INTO expenses (company_id, user_id, first_name, last_name, category, description, amount, expense_date)
     VALUES ($1, $2, 'Emil', 'Employee', 'meals', 'Mittagessen', 24.5, '2026-03-02')`,
    [companyId, member.id],
  );
}

describe('rpc.operations.user-dependencies', () => {
  it("counts the user's time entries, expenses and material usage of the company: what anonymisation touches", async () => {
    const project = await createProject(t, c.admin, {}, [c.employee, c.employee2]);
    for (const day of [2, 3, 4]) await entry(c.employee, project.id, day);
    await entry(c.employee2, project.id, 2);
    const material = await t
      .http()
      .post('/api/materials')
      .set(bearer(c.admin))
      .send({ name: 'Dübel', unit: 'Stk', unitPrice: 0.2, stockQuantity: 500 });
    for (const quantity of [10, 20]) {
      const res = await t
        .http()
        .post('/api/materials/usage')
        .set(bearer(c.employee))
        .send({ projectId: project.id, materialId: material.body.id, quantity, usageDate: '2026-03-02' });
      expect(res.status).toBe(201);
    }
    await expense(c.id, c.employee);

    const counts = await rpc.request('rpc.operations.user-dependencies', { companyId: c.id, userId: c.employee.id });
    expect(counts).toEqual({ time_entries: 3, expenses: 1, material_usage: 2 });

    // the same numbers the anonymisation changes (run in a transaction that is rolled back)
    const runner = t.dataSource.createQueryRunner();
    await runner.startTransaction();
    try {
      const changed = await t.app
        .get(DirectoryRepository)
        .anonymise(runner.manager, c.id, c.employee.id, 'Gelöschter Benutzer');
      expect({
        time_entries: changed.time_entries,
        expenses: changed.expenses,
        material_usage: changed.material_usages,
      }).toEqual(counts);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });

  it('has zeros for an unknown user and for the user asked under another company', async () => {
    const project = await createProject(t, other.admin, {}, [other.employee]);
    await entry(other.employee, project.id, 5);
    await expense(other.id, other.employee);
    expect(
      await rpc.request('rpc.operations.user-dependencies', { companyId: c.id, userId: other.employee.id }),
    ).toEqual({ time_entries: 0, expenses: 0, material_usage: 0 });
    expect(await rpc.request('rpc.operations.user-dependencies', { companyId: c.id, userId: randomUUID() })).toEqual({
      time_entries: 0,
      expenses: 0,
      material_usage: 0,
    });
    expect(
      await rpc.request('rpc.operations.user-dependencies', { companyId: other.id, userId: other.employee.id }),
    ).toEqual({ time_entries: 1, expenses: 1, material_usage: 0 });
  });

  it('answers bad_request for an invalid id', async () => {
    const err = await rpc
      .request('rpc.operations.user-dependencies', { companyId: c.id, userId: 'nicht-gültig' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RpcRemoteError);
    expect(err).toMatchObject({ code: 'bad_request', message: 'Ungültige Benutzer-ID' });
  });
});
