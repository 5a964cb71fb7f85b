import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RpcClient } from '@zunft/nest-common';
import { randomUUID } from 'node:crypto';
import { bearer, createCompany, type Company } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** `rpc.operations.materials-owned` (issue 13): billing learns which material ids are not the company's. */
describe('materials-owned responder', () => {
  let t: TestApp;
  let a: Company;
  let b: Company;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createCompany(t);
    b = await createCompany(t);
  }, 60_000);
  afterAll(() => t?.close());

  const material = async (c: Company, name: string) => {
    const res = await t
      .http()
      .post('/api/materials')
      .set(bearer(c.admin))
      .send({ name, unit: 'Stk', unitPrice: 2.5, stockQuantity: 10, minStock: 1 });
    if (res.status !== 201) throw new Error(`material: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id as string;
  };

  it('answers the ids that are no material of the company (another company’s, unknown), never the own', async () => {
    const own = await material(a, 'Schrauben');
    const others = await material(b, 'Dübel');
    const nobody = randomUUID();
    const rpc = t.app.get(RpcClient);
    const reply = await rpc.request('rpc.operations.materials-owned', {
      companyId: a.id,
      materialIds: [own, others, nobody, own],
    });
    expect(new Set(reply.unknown)).toEqual(new Set([others, nobody]));
    expect(await rpc.request('rpc.operations.materials-owned', { companyId: a.id, materialIds: [own] })).toEqual({
      unknown: [],
    });
    expect(await rpc.request('rpc.operations.materials-owned', { companyId: b.id, materialIds: [own] })).toEqual({
      unknown: [own],
    });
  });
});
