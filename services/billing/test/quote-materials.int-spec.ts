import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EventsConnection } from '@zunft/nest-common';
import type { Subscription } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { addCustomer, bearer, createCompany, quoteBody, type Company } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 13: quote and template items name only materials of the own company. Operations answers
 * `rpc.operations.materials-owned`; here a stand-in on the run's own subject answers from a known
 * catalogue per company (the operations responder has its own test against its database).
 */
describe('quote items name only the own company’s materials', () => {
  let t: TestApp;
  let a: Company;
  let b: Company;
  let customerA: string;
  const catalogue = new Map<string, Set<string>>();
  const asked: string[][] = [];
  let standIn: Subscription;
  const ownMaterial = randomUUID();
  const othersMaterial = randomUUID();

  beforeAll(async () => {
    t = await createTestApp();
    a = await createCompany(t);
    b = await createCompany(t);
    customerA = (await addCustomer(t, a.id)).customerId;
    catalogue.set(a.id, new Set([ownMaterial]));
    catalogue.set(b.id, new Set([othersMaterial]));
    const events = t.app.get(EventsConnection);
    standIn = events.nc.subscribe(events.subjectFor('rpc.operations.materials-owned'), {
      callback: (_err, msg) => {
        const request = msg.json<{ companyId: string; materialIds: string[] }>();
        asked.push(request.materialIds);
        const own = catalogue.get(request.companyId) ?? new Set<string>();
        msg.respond(JSON.stringify({ ok: true, data: { unknown: request.materialIds.filter((id) => !own.has(id)) } }));
      },
    });
  }, 60_000);
  afterAll(async () => {
    standIn?.unsubscribe();
    await t?.close();
  });

  const item = (materialId: string | null) => ({
    type: 'material' as const,
    title: 'Silikon',
    quantity: 1,
    unitPrice: 9,
    materialId,
  });

  it('POST and PUT /quotes: another company’s material → 404, nothing stored; the own one is kept', async () => {
    const foreign = await t
      .http()
      .post('/api/quotes')
      .set(bearer(a.admin))
      .send(quoteBody(customerA, { items: [item(ownMaterial), item(othersMaterial)] }));
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'material_not_found', error: 'Material nicht gefunden' });
    const stored = await t.dataSource.query(`SELECT 1 FROM quote_items WHERE material_id = $1`, [othersMaterial]);
    expect(stored).toHaveLength(0);

    const ok = await t
      .http()
      .post('/api/quotes')
      .set(bearer(a.admin))
      .send(quoteBody(customerA, { items: [item(ownMaterial)] }));
    expect(ok.status).toBe(201);
    expect(ok.body.items[0].material_id).toBe(ownMaterial);

    const update = await t
      .http()
      .put(`/api/quotes/${ok.body.id}`)
      .set(bearer(a.admin))
      .send(quoteBody(customerA, { items: [item(othersMaterial)] }));
    expect(update.status).toBe(404);
    const unknownId = await t
      .http()
      .put(`/api/quotes/${ok.body.id}`)
      .set(bearer(a.admin))
      .send(quoteBody(customerA, { items: [item(randomUUID())] }));
    expect(unknownId.status).toBe(404);
    const after = await t.http().get(`/api/quotes/${ok.body.id}`).set(bearer(a.admin));
    expect(after.body.items.map((i: { material_id: string }) => i.material_id)).toEqual([ownMaterial]);
  });

  it('items without a material do not ask operations', async () => {
    const before = asked.length;
    const res = await t
      .http()
      .post('/api/quotes')
      .set(bearer(a.admin))
      .send(quoteBody(customerA, { items: [item(null)] }));
    expect(res.status).toBe(201);
    expect(asked.length).toBe(before);
  });

  it('POST /quotes/templates with a payload naming another company’s material → 404', async () => {
    const payload = { title: 'Vorlage', items: [item(othersMaterial)] };
    const foreign = await t.http().post('/api/quotes/templates').set(bearer(a.admin)).send({ name: 'Bad', payload });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('material_not_found');
    const own = await t
      .http()
      .post('/api/quotes/templates')
      .set(bearer(a.admin))
      .send({ name: 'Bad', payload: { ...payload, items: [item(ownMaterial)] } });
    expect(own.status).toBe(201);
  });
});
