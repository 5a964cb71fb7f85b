import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type CreateMaterialRequest, type MaterialDto, type MaterialUsageDto } from '@zunft/contracts';
import { randomUUID } from 'node:crypto';
import { TenantScope } from '@zunft/nest-common';
import { MaterialsRepository } from '../src/materials/materials.repository.js';
import { localDate } from '../src/materials/materials.service.js';
import { bearer, createCompany, createProject, outboxTypes, type Company, type Member } from './support/factories.js';
import { idempotencyChecks } from './support/idempotency.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let a: Company;
let b: Company;

beforeAll(async () => {
  t = await createTestApp();
  a = await createCompany(t);
  b = await createCompany(t);
});
afterAll(() => t?.close());

let counter = 0;

async function createMaterial(by: Member, over: Partial<CreateMaterialRequest> = {}): Promise<MaterialDto> {
  const res = await t
    .http()
    .post('/api/materials')
    .set(bearer(by))
    .send({ name: `Material ${++counter}`, unit: 'Stk', unitPrice: 10, stockQuantity: 100, ...over });
  if (res.status !== 201) throw new Error(`createMaterial: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function recordUsage(by: Member, body: object): Promise<MaterialUsageDto> {
  const res = await t.http().post('/api/materials/usage').set(bearer(by)).send(body);
  if (res.status !== 201) throw new Error(`recordUsage: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const stockOf = async (by: Member, id: string): Promise<number> =>
  (await t.http().get(`/api/materials/${id}`).set(bearer(by))).body.stock_quantity;

describe('GET /materials/product-groups (issue 29: the markups dialog offers every group)', () => {
  it("the company's active articles' groups with counts by name; everyone reads them; never another company's", async () => {
    const c = await createCompany(t);
    const d = await createCompany(t);
    // The catalogue import (materials-import) fills product_group; here the fixture sets it directly.
    const group = async (company: Company, name: string, productGroup: string | null) => {
      const m = await createMaterial(company.backoffice, { name });
      await t.dataSource.query(`UPDATE materials SET product_group = $2 WHERE id = $1`, [m.id, productGroup]);
      return m;
    };
    await group(c, 'Kabel TT 3x1.5', 'Kabel');
    await group(c, 'Kabel TT 5x2.5', 'Kabel');
    await group(c, 'Abzweigdose', 'Dosen');
    await group(c, 'LS C16', 'Automaten');
    await group(c, 'Ohne Gruppe', null);
    await group(c, 'Leere Gruppe', '  ');
    const removed = await group(c, 'Alte Leuchte', 'Leuchten');
    expect((await t.http().delete(`/api/materials/${removed.id}`).set(bearer(c.backoffice))).status).toBe(200);
    await group(d, 'Fremdes Rohr', 'Rohre');
    await group(d, 'Fremdes Kabel', 'Kabel');

    const expected = [
      { product_group: 'Automaten', material_count: 1 },
      { product_group: 'Dosen', material_count: 1 },
      { product_group: 'Kabel', material_count: 2 },
    ];
    for (const who of [c.admin, c.backoffice, c.employee]) {
      const res = await t.http().get('/api/materials/product-groups').set(bearer(who));
      expect(res.status).toBe(200);
      expect(res.body).toEqual(expected);
    }
    const other = await t.http().get('/api/materials/product-groups').set(bearer(d.admin));
    expect(other.body).toEqual([
      { product_group: 'Kabel', material_count: 1 },
      { product_group: 'Rohre', material_count: 1 },
    ]);
    expect((await t.http().get('/api/materials/product-groups')).status).toBe(401);
  });
});

describe('materials', () => {
  it('office creates a material (units, categories, money), everyone reads it, the event and defaults are right', async () => {
    const c = await createCompany(t);
    const res = await t.http().post('/api/materials').set(bearer(c.backoffice)).send({
      name: '  Kupferrohr 15 mm ',
      description: '',
      unit: 'm',
      category: 'Sanitär',
      unitPrice: '12.35',
      stockQuantity: 40,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Kupferrohr 15 mm',
      description: null,
      unit: 'm',
      category: 'Sanitär',
      unit_price: 12.35,
      stock_quantity: 40,
      min_stock: 0,
      is_active: true,
      low_stock: false,
    });
    expect(typeof res.body.created_at).toBe('string');

    for (const member of [c.admin, c.backoffice, c.employee]) {
      const list = await t.http().get('/api/materials').set(bearer(member));
      expect(list.status).toBe(200);
      expect(list.body.map((m: MaterialDto) => m.id)).toEqual([res.body.id]);
      const one = await t.http().get(`/api/materials/${res.body.id}`).set(bearer(member));
      expect(one.body).toEqual(res.body);
    }
    expect(await outboxTypes(t, c.id)).toContain('operations.material.created');

    const m2 = await createMaterial(c.admin, { name: 'Dämmplatte', unit: 'm²', category: 'Isoliermaterial' });
    const m3 = await createMaterial(c.admin, { name: 'Beton', unit: 'm³', category: null });
    expect([m2.unit, m3.unit, m3.category]).toEqual(['m²', 'm³', null]);
  });

  it('400 with German messages', async () => {
    const cases: Array<[object, string]> = [
      [{ unit: 'Stk', unitPrice: 1 }, 'Name ist erforderlich'],
      [{ name: 'X', unitPrice: 1 }, 'Einheit ist erforderlich'],
      [{ name: 'X', unit: 'Stück', unitPrice: 1 }, 'Ungültige Einheit. Erlaubt: Stk, kg, m, m², m³, l, Pkg'],
      [{ name: 'X', unit: 'Stk' }, 'Preis pro Einheit ist erforderlich'],
      [{ name: 'X', unit: 'Stk', unitPrice: -1 }, 'Preis pro Einheit darf nicht negativ sein'],
      [{ name: 'X', unit: 'Stk', unitPrice: 1.005 }, 'Preis pro Einheit: höchstens zwei Nachkommastellen'],
      [{ name: 'X', unit: 'Stk', unitPrice: 1, stockQuantity: 1.5 }, 'Lagerbestand muss eine ganze Zahl sein'],
      [{ name: 'X', unit: 'Stk', unitPrice: 1, minStock: -1 }, 'Mindestbestand darf nicht negativ sein'],
      [{ name: 'X', unit: 'Stk', unitPrice: 1, category: 'Lebensmittel' }, 'Ungültige Kategorie'],
    ];
    for (const [body, error] of cases) {
      const res = await t.http().post('/api/materials').set(bearer(a.admin)).send(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(error);
    }
    const bad = await t.http().get('/api/materials/not-a-uuid').set(bearer(a.admin));
    expect(bad.status).toBe(400);
    expect(typeof bad.body.error).toBe('string');
  });

  it('401 without a token; 403 for employees on writes', async () => {
    expect((await t.http().get('/api/materials')).status).toBe(401);
    expect((await t.http().get('/api/materials/usage/list')).status).toBe(401);
    const m = await createMaterial(a.admin);
    const post = await t
      .http()
      .post('/api/materials')
      .set(bearer(a.employee))
      .send({ name: 'X', unit: 'Stk', unitPrice: 1 });
    expect(post.status).toBe(403);
    expect(post.body.error).toBe('Keine Berechtigung für diese Aktion');
    expect((await t.http().put(`/api/materials/${m.id}`).set(bearer(a.employee)).send({ name: 'Y' })).status).toBe(403);
    expect((await t.http().delete(`/api/materials/${m.id}`).set(bearer(a.employee))).status).toBe(403);
    expect((await t.http().get(`/api/materials/${m.id}`).set(bearer(a.employee))).body.name).toBe(m.name);
  });

  it('an employee creates only the company’s first material (empty state); then 403 like every other write', async () => {
    const c = await createCompany(t);
    const first = await t
      .http()
      .post('/api/materials')
      .set(bearer(c.employee))
      .send({ name: 'Erstes', unit: 'Stk', unitPrice: 2, stockQuantity: 5 });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ name: 'Erstes', unit_price: 2, stock_quantity: 5, is_active: true });
    expect(await outboxTypes(t, c.id)).toEqual(['operations.material.created']);

    const second = await t
      .http()
      .post('/api/materials')
      .set(bearer(c.employee))
      .send({ name: 'Zweites', unit: 'Stk', unitPrice: 1 });
    expect(second.status).toBe(403);
    expect(second.body.error).toBe('Keine Berechtigung für diese Aktion');
    expect(
      (await t.http().post('/api/materials').set(bearer(c.employee2)).send({ name: 'Z', unit: 'm', unitPrice: 1 }))
        .status,
    ).toBe(403);
    expect(
      (await t.http().put(`/api/materials/${first.body.id}`).set(bearer(c.employee)).send({ name: 'Y' })).status,
    ).toBe(403);
    expect((await t.http().delete(`/api/materials/${first.body.id}`).set(bearer(c.employee))).status).toBe(403);
    // the office keeps creating
    await createMaterial(c.backoffice, { name: 'Vom Büro' });
    expect((await t.http().get('/api/materials').set(bearer(c.admin))).body.map((m: MaterialDto) => m.name)).toEqual([
      'Erstes',
      'Vom Büro',
    ]);
  });

  it('first material by employees: parallel requests create exactly one; a deactivated one does not count', async () => {
    const c = await createCompany(t);
    const results = await Promise.all(
      [c.employee, c.employee2, c.employee].map((member, i) =>
        t
          .http()
          .post('/api/materials')
          .set(bearer(member))
          .send({ name: `Parallel ${i}`, unit: 'Stk', unitPrice: 1 }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 403, 403]);
    expect((await t.http().get('/api/materials?includeInactive=true').set(bearer(c.admin))).body).toHaveLength(1);

    // an office create still in flight (creation lock held, row not yet committed): the employee waits for it
    const e = await createCompany(t);
    const repo = t.app.get(MaterialsRepository);
    const qr = t.dataSource.createQueryRunner();
    await qr.connect();
    await qr.startTransaction();
    let settled = false;
    try {
      const scope = TenantScope.fromClaims(e.admin.claims);
      await repo.lockCreation(qr.manager, scope);
      await repo.insert(qr.manager, scope, e.admin.id, {
        name: 'Vom Büro',
        description: null,
        unit: 'Stk',
        category: null,
        unitPrice: 1,
        stockQuantity: 0,
        minStock: 0,
        isActive: true,
      });
      const waiting = t
        .http()
        .post('/api/materials')
        .set(bearer(e.employee))
        .send({ name: 'Auch erstes', unit: 'Stk', unitPrice: 1 })
        .then((r) => {
          settled = true;
          return r;
        });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(settled).toBe(false);
      await qr.commitTransaction();
      expect((await waiting).status).toBe(403);
    } finally {
      if (qr.isTransactionActive) await qr.rollbackTransaction();
      await qr.release();
    }

    // only a deactivated material (deleted with recorded usage): the employee's list is empty, so the
    // empty state's button must work
    const d = await createCompany(t);
    const p = await createProject(t, d.admin, {}, [d.employee]);
    const m = await createMaterial(d.admin);
    await recordUsage(d.employee, { projectId: p.id, materialId: m.id, quantity: 1 });
    expect((await t.http().delete(`/api/materials/${m.id}`).set(bearer(d.admin))).body.deactivated).toBe(true);
    const list = await t.http().get('/api/materials').set(bearer(d.employee));
    expect(list.body).toEqual([]);
    const first = await t
      .http()
      .post('/api/materials')
      .set(bearer(d.employee))
      .send({ name: 'Neu', unit: 'Stk', unitPrice: 1 });
    expect(first.status).toBe(201);
  });

  it('a stock left fractional by approved usage can be saved unchanged with a new price (PUT)', async () => {
    const c = await createCompany(t);
    const p = await createProject(t, c.admin, {}, [c.employee]);
    const m = await createMaterial(c.admin, { name: 'Gips', unit: 'kg', unitPrice: 4, stockQuantity: 13, minStock: 2 });
    const u = await recordUsage(c.employee, { projectId: p.id, materialId: m.id, quantity: 0.5 });
    await t.http().post(`/api/materials/usage/${u.id}/approve`).set(bearer(c.admin)).expect(200);
    expect(await stockOf(c.admin, m.id)).toBe(12.5);

    // the edit dialog sends the full payload, with the stored stock
    const upd = await t.http().put(`/api/materials/${m.id}`).set(bearer(c.backoffice)).send({
      name: 'Gips',
      description: null,
      unit: 'kg',
      category: null,
      unitPrice: 4.5,
      stockQuantity: 12.5,
      minStock: 2,
    });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ unit_price: 4.5, stock_quantity: 12.5, min_stock: 2 });

    const tooPrecise = await t
      .http()
      .put(`/api/materials/${m.id}`)
      .set(bearer(c.admin))
      .send({ stockQuantity: 12.345 });
    expect(tooPrecise.status).toBe(400);
    expect(tooPrecise.body.error).toBe('Lagerbestand: höchstens zwei Nachkommastellen');
    const created = await t
      .http()
      .post('/api/materials')
      .set(bearer(c.admin))
      .send({ name: 'X', unit: 'kg', unitPrice: 1, stockQuantity: 12.5 });
    expect(created.status).toBe(400);
    expect(created.body.error).toBe('Lagerbestand muss eine ganze Zahl sein');
    expect(await stockOf(c.admin, m.id)).toBe(12.5);
  });

  it('404 for another company’s material (get, update, delete)', async () => {
    const m = await createMaterial(a.admin);
    for (const res of [
      await t.http().get(`/api/materials/${m.id}`).set(bearer(b.admin)),
      await t.http().put(`/api/materials/${m.id}`).set(bearer(b.admin)).send({ name: 'Fremd' }),
      await t.http().delete(`/api/materials/${m.id}`).set(bearer(b.admin)),
      await t.http().get(`/api/materials/${randomUUID()}`).set(bearer(a.admin)),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Material nicht gefunden');
    }
    expect(
      (await t.http().get('/api/materials').set(bearer(b.admin))).body.map((x: MaterialDto) => x.id),
    ).not.toContain(m.id);
    expect((await t.http().get(`/api/materials/${m.id}`).set(bearer(a.admin))).body.name).toBe(m.name);
  });

  it('updates partially and deletes a material without usage', async () => {
    const c = await createCompany(t);
    const m = await createMaterial(c.admin, { name: 'Silikon', unit: 'Stk', unitPrice: 8.9, stockQuantity: 12 });
    const upd = await t
      .http()
      .put(`/api/materials/${m.id}`)
      .set(bearer(c.backoffice))
      .send({ unitPrice: 9.5, minStock: 12, category: 'Dichtungsmaterial' });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({
      name: 'Silikon',
      unit_price: 9.5,
      stock_quantity: 12,
      min_stock: 12,
      category: 'Dichtungsmaterial',
      low_stock: true,
    });
    const del = await t.http().delete(`/api/materials/${m.id}`).set(bearer(c.admin));
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ id: m.id, deleted: true, deactivated: false });
    expect((await t.http().get(`/api/materials/${m.id}`).set(bearer(c.admin))).status).toBe(404);
    expect(await outboxTypes(t, c.id)).toEqual([
      'operations.material.created',
      'operations.material.updated',
      'operations.material.deleted',
    ]);
  });

  it('low_stock flag (stock <= min) and the stats: count, low stock, stock value, usage count', async () => {
    const c = await createCompany(t);
    await createMaterial(c.admin, { name: 'A', unitPrice: 2.5, stockQuantity: 10, minStock: 2 }); // 25.00
    const low = await createMaterial(c.admin, { name: 'B', unitPrice: 0.35, stockQuantity: 5, minStock: 5 }); // 1.75
    const empty = await createMaterial(c.admin, { name: 'C', unitPrice: 100, stockQuantity: 0 }); // 0, min 0 -> low
    const gone = await createMaterial(c.admin, { name: 'D', unitPrice: 1000, stockQuantity: 1, minStock: 5 });
    expect([low.low_stock, empty.low_stock, gone.low_stock]).toEqual([true, true, true]);
    await t.http().put(`/api/materials/${gone.id}`).set(bearer(c.admin)).send({ isActive: false });

    const list = await t.http().get('/api/materials').set(bearer(c.employee));
    expect(list.body.map((m: MaterialDto) => [m.name, m.low_stock])).toEqual([
      ['A', false],
      ['B', true],
      ['C', true],
    ]);
    const all = await t.http().get('/api/materials?includeInactive=true').set(bearer(c.admin));
    expect(all.body).toHaveLength(4);

    const p = await createProject(t, c.admin, {}, [c.employee]);
    await recordUsage(c.employee, { projectId: p.id, materialId: low.id, quantity: 1 });
    await recordUsage(c.admin, { projectId: p.id, materialId: low.id, quantity: 1 });

    const stats = await t.http().get('/api/materials/stats').set(bearer(c.backoffice));
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({ material_count: 3, low_stock_count: 2, stock_value: 26.75, usage_count: 2 });
    const own = await t.http().get('/api/materials/stats').set(bearer(c.employee));
    expect(own.body.usage_count).toBe(1);
  });

  it('a picker searches on the server: ?search&page&pageSize answers one page of matches (name, category, description)', async () => {
    const c = await createCompany(t);
    const other = await createCompany(t);
    // 30 cables (more than a picker's page), a few others, an inactive one and one of another company.
    await t.dataSource.query(
      `INSERT INTO materials (company_id, name, unit, unit_price, category)
       SELECT $1, 'Kabel NYM ' || lpad(g::text, 2, '0'), 'm', 2.35, 'Elektromaterial' FROM generate_series(1, 30) g`,
      [c.id],
    );
    await createMaterial(c.admin, { name: 'Kupferrohr 15 mm', unit: 'm', category: 'Sanitär', unitPrice: 4.35 });
    await createMaterial(c.admin, { name: 'Dübel 8', description: 'für Beton und 100% Mauerwerk' });
    const old = await createMaterial(c.admin, { name: 'Kabelbinder alt' });
    await t.http().put(`/api/materials/${old.id}`).set(bearer(c.admin)).send({ isActive: false });
    await createMaterial(other.admin, { name: 'Kabel fremd' });

    const page = async (query: Record<string, string | number>, member = c.employee) => {
      const res = await t.http().get('/api/materials').query(query).set(bearer(member));
      expect(res.status).toBe(200);
      return res.body as { items: MaterialDto[]; total: number; page: number; pageSize: number; nextCursor: string };
    };
    const names = (p: { items: MaterialDto[] }) => p.items.map((m) => m.name);

    // The first 20 matches in the screen's order, the total of all matches, a cursor for more.
    const first = await page({ search: 'kabel', page: 1, pageSize: 20 });
    expect(names(first)).toEqual(Array.from({ length: 20 }, (_, i) => `Kabel NYM ${String(i + 1).padStart(2, '0')}`));
    expect(first).toMatchObject({ total: 30, page: 1, pageSize: 20, nextCursor: expect.any(String) });
    expect(first.items[0]).toMatchObject({ unit: 'm', unit_price: 2.35, category: 'Elektromaterial', is_active: true });
    const rest = await page({ search: 'kabel', pageSize: 20, cursor: first.nextCursor });
    expect(names(rest)).toEqual(Array.from({ length: 10 }, (_, i) => `Kabel NYM ${i + 21}`));
    expect(rest.nextCursor).toBeNull();

    // Case-insensitive over name, category and description; LIKE wildcards are plain text.
    expect(names(await page({ search: 'KUPFER', pageSize: 20 }))).toEqual(['Kupferrohr 15 mm']);
    expect(names(await page({ search: 'sanitär', pageSize: 20 }))).toEqual(['Kupferrohr 15 mm']);
    expect(names(await page({ search: 'beton', pageSize: 20 }))).toEqual(['Dübel 8']);
    expect(names(await page({ search: '100%', pageSize: 20 }))).toEqual(['Dübel 8']);
    expect(names(await page({ search: '%', pageSize: 20 }))).toEqual(['Dübel 8']);
    expect(await page({ search: 'Schraube', pageSize: 20 })).toMatchObject({ items: [], total: 0, nextCursor: null });

    // Inactive ones only with includeInactive; another company's never.
    expect(names(await page({ search: 'binder', pageSize: 20 }))).toEqual([]);
    expect(names(await page({ search: 'binder', pageSize: 20, includeInactive: 'true' }, c.admin))).toEqual([
      'Kabelbinder alt',
    ]);
    expect(names(await page({ search: 'fremd', pageSize: 20 }))).toEqual([]);
    expect(names(await page({ search: 'fremd', pageSize: 20 }, other.employee))).toEqual(['Kabel fremd']);

    // No term: the first page of everything active; the total follows a new material.
    expect(await page({ page: 1, pageSize: 20 })).toMatchObject({ total: 32 });
    await createMaterial(c.admin, { name: 'Kabel NYM 99' });
    expect((await page({ search: 'kabel', page: 1, pageSize: 20 })).total).toBe(31);

    // Without page fields the whole list as before (the materials screen), now filterable too.
    const whole = await t.http().get('/api/materials').query({ search: 'rohr' }).set(bearer(c.employee));
    expect(whole.body.map((m: MaterialDto) => m.name)).toEqual(['Kupferrohr 15 mm']);
    expect((await t.http().get('/api/materials').set(bearer(c.employee))).body).toHaveLength(33);

    // Bad input: German 400.
    const tooBig = await t.http().get('/api/materials').query({ pageSize: 500 }).set(bearer(c.employee));
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error).toBe('Seitengrösse darf höchstens 200 sein');
    const tooLong = await t
      .http()
      .get('/api/materials')
      .query({ search: 'x'.repeat(201) })
      .set(bearer(c.employee));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toBe('Suchbegriff ist zu lang');
  });
});

describe('material usage', () => {
  it('employee records usage on an assigned project: pending, name/unit/price from the material, today by default', async () => {
    const c = await createCompany(t);
    const p = await createProject(t, c.admin, {}, [c.employee]);
    const m = await createMaterial(c.admin, {
      name: 'Schrauben 4x40',
      unit: 'Pkg',
      unitPrice: 12.5,
      stockQuantity: 10,
    });
    const res = await t.http().post('/api/materials/usage').set(bearer(c.employee)).send({
      projectId: p.id,
      materialId: m.id,
      materialName: 'egal',
      quantity: '2.5',
      unit: 'kg',
      unitPrice: 0.01, // employees cannot change the price
      description: 'Dachlatten',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      project_id: p.id,
      project_title: p.title,
      material_id: m.id,
      material_name: 'Schrauben 4x40',
      quantity: 2.5,
      unit: 'Pkg',
      unit_price: 12.5,
      total_price: 31.25,
      used_at: localDate('Europe/Zurich'),
      status: 'pending',
      user_id: c.employee.id,
      user_name: c.employee.name,
      description: 'Dachlatten',
      rejection_reason: null,
    });
    expect(await stockOf(c.admin, m.id)).toBe(10);

    const office = await recordUsage(c.backoffice, {
      projectId: p.id,
      materialId: m.id,
      quantity: 1,
      unitPrice: 11,
      usageDate: '2026-03-02',
    });
    expect(office).toMatchObject({ unit_price: 11, total_price: 11, used_at: '2026-03-02', status: 'pending' });

    const activities: Array<{ description: string }> = await t.dataSource.query(
      `SELECT description FROM activities WHERE company_id = $1 AND entity_id = $2`,
      [c.id, res.body.id],
    );
    expect(activities.map((x) => x.description)).toEqual([`2.50 Pkg «Schrauben 4x40» auf «${p.title}» erfasst`]);
    expect(await outboxTypes(t, c.id)).toContain('operations.material-usage.created');
  });

  it('400 German, 404 for unassigned projects and other companies’ materials/projects', async () => {
    const p = await createProject(t, a.admin, {}, [a.employee]);
    const unassigned = await createProject(t, a.admin);
    const m = await createMaterial(a.admin);
    const foreign = await createMaterial(b.admin);
    const foreignProject = await createProject(t, b.admin);

    const cases: Array<[object, string]> = [
      [{ materialId: m.id, quantity: 1 }, 'Projekt ist erforderlich'],
      [{ projectId: p.id, quantity: 1 }, 'Material ist erforderlich'],
      [{ projectId: p.id, materialId: m.id }, 'Menge ist erforderlich'],
      [{ projectId: p.id, materialId: m.id, quantity: 0 }, 'Menge muss mindestens 0.01 sein'],
      [{ projectId: p.id, materialId: m.id, quantity: 1.001 }, 'Menge: höchstens zwei Nachkommastellen'],
      [
        { projectId: p.id, materialId: m.id, quantity: 1, usageDate: '22.11.2026' },
        'Datum muss im Format JJJJ-MM-TT sein',
      ],
    ];
    for (const [body, error] of cases) {
      const res = await t.http().post('/api/materials/usage').set(bearer(a.employee)).send(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(error);
    }

    const notAssigned = await t
      .http()
      .post('/api/materials/usage')
      .set(bearer(a.employee))
      .send({ projectId: unassigned.id, materialId: m.id, quantity: 1 });
    expect(notAssigned.status).toBe(404);
    expect(notAssigned.body.error).toBe('Projekt nicht gefunden');
    // the office may record on every project of the company
    await recordUsage(a.admin, { projectId: unassigned.id, materialId: m.id, quantity: 1 });

    const otherMaterial = await t
      .http()
      .post('/api/materials/usage')
      .set(bearer(a.employee))
      .send({ projectId: p.id, materialId: foreign.id, quantity: 1 });
    expect(otherMaterial.status).toBe(404);
    expect(otherMaterial.body.error).toBe('Ausgewähltes Material nicht gefunden');
    const otherProject = await t
      .http()
      .post('/api/materials/usage')
      .set(bearer(a.admin))
      .send({ projectId: foreignProject.id, materialId: m.id, quantity: 1 });
    expect(otherProject.status).toBe(404);
  });

  it('list: employees see their own usage on assigned projects, the office all with filters, other companies nothing', async () => {
    const c = await createCompany(t);
    const p1 = await createProject(t, c.admin, {}, [c.employee, c.employee2]);
    const p2 = await createProject(t, c.admin, {}, [c.employee]);
    const m = await createMaterial(c.admin);
    const u1 = await recordUsage(c.employee, {
      projectId: p1.id,
      materialId: m.id,
      quantity: 1,
      usageDate: '2026-01-01',
    });
    const u2 = await recordUsage(c.employee, {
      projectId: p2.id,
      materialId: m.id,
      quantity: 2,
      usageDate: '2026-01-02',
    });
    const u3 = await recordUsage(c.employee2, {
      projectId: p1.id,
      materialId: m.id,
      quantity: 3,
      usageDate: '2026-01-03',
    });
    await t.http().post(`/api/materials/usage/${u2.id}/approve`).set(bearer(c.admin)).expect(200);

    const ids = async (member: Member, query = '') => {
      const res = await t.http().get(`/api/materials/usage/list${query}`).set(bearer(member));
      expect(res.status).toBe(200);
      return res.body.map((u: MaterialUsageDto) => u.id);
    };
    expect(await ids(c.employee)).toEqual([u2.id, u1.id]);
    expect(await ids(c.employee, `?userId=${c.employee2.id}`)).toEqual([u2.id, u1.id]); // filter ignored
    expect(await ids(c.employee2)).toEqual([u3.id]);
    expect(await ids(c.admin)).toEqual([u3.id, u2.id, u1.id]);
    expect(await ids(c.backoffice, `?projectId=${p1.id}`)).toEqual([u3.id, u1.id]);
    expect(await ids(c.backoffice, '?status=approved')).toEqual([u2.id]);
    expect(await ids(c.backoffice, `?status=pending&userId=${c.employee.id}`)).toEqual([u1.id]);
    expect(await ids(b.admin)).not.toEqual(expect.arrayContaining([u1.id]));

    // unassigned from p2: the employee no longer sees usage there
    await t.http().delete(`/api/projects/${p2.id}/assign/${c.employee.id}`).set(bearer(c.admin)).expect(200);
    expect(await ids(c.employee)).toEqual([u1.id]);

    const bad = await t.http().get('/api/materials/usage/list?status=done').set(bearer(c.admin));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Ungültiger Status. Erlaubt: pending, approved, rejected');
  });

  it('update and delete only while pending; employees only their own', async () => {
    const c = await createCompany(t);
    const p = await createProject(t, c.admin, {}, [c.employee, c.employee2]);
    const m = await createMaterial(c.admin, { unitPrice: 4 });
    const m2 = await createMaterial(c.admin, { name: 'Anderes', unit: 'kg', unitPrice: 7 });
    const u = await recordUsage(c.employee, { projectId: p.id, materialId: m.id, quantity: 1 });

    const upd = await t
      .http()
      .put(`/api/materials/usage/${u.id}`)
      .set(bearer(c.employee))
      .send({ quantity: 3, materialId: m2.id, description: 'korrigiert' });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({
      quantity: 3,
      material_id: m2.id,
      material_name: 'Anderes',
      unit: 'kg',
      unit_price: 7,
      total_price: 21,
      description: 'korrigiert',
      status: 'pending',
    });

    for (const res of [
      await t.http().put(`/api/materials/usage/${u.id}`).set(bearer(c.employee2)).send({ quantity: 5 }),
      await t.http().delete(`/api/materials/usage/${u.id}`).set(bearer(c.employee2)),
      await t.http().put(`/api/materials/usage/${u.id}`).set(bearer(b.admin)).send({ quantity: 5 }),
      await t.http().delete(`/api/materials/usage/${u.id}`).set(bearer(b.admin)),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Materialverbrauch nicht gefunden');
    }

    await t.http().post(`/api/materials/usage/${u.id}/approve`).set(bearer(c.backoffice)).expect(200);
    for (const res of [
      await t.http().put(`/api/materials/usage/${u.id}`).set(bearer(c.employee)).send({ quantity: 5 }),
      await t.http().delete(`/api/materials/usage/${u.id}`).set(bearer(c.employee)),
      await t.http().put(`/api/materials/usage/${u.id}`).set(bearer(c.admin)).send({ quantity: 5 }),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('Nur ausstehende Einträge können geändert werden');
    }

    const u2 = await recordUsage(c.employee2, { projectId: p.id, materialId: m.id, quantity: 1 });
    const del = await t.http().delete(`/api/materials/usage/${u2.id}`).set(bearer(c.employee2));
    expect(del.status).toBe(200);
    expect((await t.http().get('/api/materials/usage/list').set(bearer(c.employee2))).body).toEqual([]);
    const u3 = await recordUsage(c.employee2, { projectId: p.id, materialId: m.id, quantity: 1 });
    expect((await t.http().delete(`/api/materials/usage/${u3.id}`).set(bearer(c.admin))).status).toBe(200);
    expect(await outboxTypes(t, c.id)).toEqual(
      expect.arrayContaining(['operations.material-usage.updated', 'operations.material-usage.deleted']),
    );
  });

  it('the office deletes usage of any status; an approved entry goes back on stock; employees only their own pending', async () => {
    const c = await createCompany(t);
    const p = await createProject(t, c.admin, {}, [c.employee, c.employee2]);
    const m = await createMaterial(c.admin, { unit: 'kg', unitPrice: 3, stockQuantity: 10 });
    const approved = await recordUsage(c.employee, { projectId: p.id, materialId: m.id, quantity: 2.5 });
    await t.http().post(`/api/materials/usage/${approved.id}/approve`).set(bearer(c.admin)).expect(200);
    expect(await stockOf(c.admin, m.id)).toBe(7.5);

    const own = await t.http().delete(`/api/materials/usage/${approved.id}`).set(bearer(c.employee));
    expect(own.status).toBe(409);
    expect(own.body.error).toBe('Nur ausstehende Einträge können geändert werden');
    for (const res of [
      await t.http().delete(`/api/materials/usage/${approved.id}`).set(bearer(c.employee2)),
      await t.http().delete(`/api/materials/usage/${approved.id}`).set(bearer(b.admin)),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Materialverbrauch nicht gefunden');
    }
    expect(await stockOf(c.admin, m.id)).toBe(7.5);

    const del = await t.http().delete(`/api/materials/usage/${approved.id}`).set(bearer(c.backoffice));
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: 'Materialverbrauch erfolgreich gelöscht!' });
    expect(await stockOf(c.admin, m.id)).toBe(10);
    const updated: Array<{ data: { stockQuantity: number } }> = await t.dataSource.query(
      `SELECT data FROM outbox_events WHERE company_id = $1 AND type = 'operations.material.updated'`,
      [c.id],
    );
    expect(updated.map((e) => e.data.stockQuantity)).toEqual([10]);

    // rejected and pending entries: deleted, the stock stays
    const rejected = await recordUsage(c.employee, { projectId: p.id, materialId: m.id, quantity: 1 });
    await t
      .http()
      .post(`/api/materials/usage/${rejected.id}/reject`)
      .set(bearer(c.admin))
      .send({ reason: 'Doppelt' })
      .expect(200);
    expect((await t.http().delete(`/api/materials/usage/${rejected.id}`).set(bearer(c.employee))).status).toBe(409);
    expect((await t.http().delete(`/api/materials/usage/${rejected.id}`).set(bearer(c.admin))).status).toBe(200);
    const pending = await recordUsage(c.employee2, { projectId: p.id, materialId: m.id, quantity: 4 });
    expect((await t.http().delete(`/api/materials/usage/${pending.id}`).set(bearer(c.admin))).status).toBe(200);
    expect(await stockOf(c.admin, m.id)).toBe(10);

    // two parallel deletes of one approved entry book it back exactly once
    const twice = await recordUsage(c.employee, { projectId: p.id, materialId: m.id, quantity: 0.75 });
    await t.http().post(`/api/materials/usage/${twice.id}/approve`).set(bearer(c.admin)).expect(200);
    expect(await stockOf(c.admin, m.id)).toBe(9.25);
    const results = await Promise.all([
      t.http().delete(`/api/materials/usage/${twice.id}`).set(bearer(c.admin)),
      t.http().delete(`/api/materials/usage/${twice.id}`).set(bearer(c.backoffice)),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 404]);
    expect(await stockOf(c.admin, m.id)).toBe(10);
    expect((await t.http().get('/api/materials/usage/list').set(bearer(c.admin))).body).toEqual([]);
  });

  it('approve books the stock out exactly once; double approve 409; too little stock 409; roles and tenants', async () => {
    const c = await createCompany(t);
    const p = await createProject(t, c.admin, {}, [c.employee]);
    const m = await createMaterial(c.admin, { unit: 'kg', unitPrice: 3, stockQuantity: 10, minStock: 7 });
    const u = await recordUsage(c.employee, { projectId: p.id, materialId: m.id, quantity: 2.5 });

    expect((await t.http().post(`/api/materials/usage/${u.id}/approve`).set(bearer(c.employee))).status).toBe(403);
    const foreign = await t.http().post(`/api/materials/usage/${u.id}/approve`).set(bearer(b.admin));
    expect(foreign.status).toBe(404);
    expect(await stockOf(c.admin, m.id)).toBe(10);

    // two concurrent approvals: exactly one wins
    const results = await Promise.all([
      t.http().post(`/api/materials/usage/${u.id}/approve`).set(bearer(c.admin)),
      t.http().post(`/api/materials/usage/${u.id}/approve`).set(bearer(c.backoffice)),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const ok = results.find((r) => r.status === 200)!;
    expect(ok.body).toMatchObject({ status: 'approved', quantity: 2.5 });
    expect(typeof ok.body.approved_at).toBe('string');
    expect(results.find((r) => r.status === 409)!.body.error).toBe('Dieser Materialverbrauch wurde bereits bearbeitet');
    const material = (await t.http().get(`/api/materials/${m.id}`).set(bearer(c.admin))).body;
    expect(material).toMatchObject({ stock_quantity: 7.5, low_stock: false });

    const again = await t.http().post(`/api/materials/usage/${u.id}/approve`).set(bearer(c.admin));
    expect(again.status).toBe(409);
    expect(await stockOf(c.admin, m.id)).toBe(7.5);

    const big = await recordUsage(c.employee, { projectId: p.id, materialId: m.id, quantity: 8 });
    const tooMuch = await t.http().post(`/api/materials/usage/${big.id}/approve`).set(bearer(c.admin));
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error).toBe('Nicht genügend Lagerbestand');
    expect(await stockOf(c.admin, m.id)).toBe(7.5);
    const listed = (await t.http().get('/api/materials/usage/list').set(bearer(c.admin))).body as MaterialUsageDto[];
    expect(listed.find((x) => x.id === big.id)?.status).toBe('pending');

    const exact = await recordUsage(c.employee, { projectId: p.id, materialId: m.id, quantity: 7.5 });
    await t.http().post(`/api/materials/usage/${exact.id}/approve`).set(bearer(c.admin)).expect(200);
    expect((await t.http().get(`/api/materials/${m.id}`).set(bearer(c.admin))).body).toMatchObject({
      stock_quantity: 0,
      low_stock: true,
    });

    const types = await outboxTypes(t, c.id);
    expect(types.filter((x) => x === 'operations.material-usage.approved')).toHaveLength(2);
    const approvedEvents: Array<{ data: { stockQuantityAfter: number } }> = await t.dataSource.query(
      `SELECT data FROM outbox_events WHERE company_id = $1 AND type = 'operations.material-usage.approved'
       ORDER BY occurred_at, id`,
      [c.id],
    );
    expect(approvedEvents.map((e) => e.data.stockQuantityAfter)).toEqual([7.5, 0]);
    const activity: Array<{ n: string }> = await t.dataSource.query(
      `SELECT count(*) AS n FROM activities WHERE company_id = $1 AND description LIKE 'Materialverbrauch genehmigt:%'`,
      [c.id],
    );
    expect(Number(activity[0]!.n)).toBe(2);
  });

  it('reject needs a reason, keeps the stock, and the entry is final', async () => {
    const c = await createCompany(t);
    const p = await createProject(t, c.admin, {}, [c.employee]);
    const m = await createMaterial(c.admin, { stockQuantity: 5 });
    const u = await recordUsage(c.employee, { projectId: p.id, materialId: m.id, quantity: 1 });

    expect(
      (await t.http().post(`/api/materials/usage/${u.id}/reject`).set(bearer(c.employee)).send({ reason: 'x' })).status,
    ).toBe(403);
    const noReason = await t
      .http()
      .post(`/api/materials/usage/${u.id}/reject`)
      .set(bearer(c.admin))
      .send({ reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error).toBe('Begründung ist erforderlich');
    expect(
      (await t.http().post(`/api/materials/usage/${u.id}/reject`).set(bearer(b.admin)).send({ reason: 'x' })).status,
    ).toBe(404);

    const rej = await t
      .http()
      .post(`/api/materials/usage/${u.id}/reject`)
      .set(bearer(c.backoffice))
      .send({ reason: 'Falsches Projekt' });
    expect(rej.status).toBe(200);
    expect(rej.body).toMatchObject({ status: 'rejected', rejection_reason: 'Falsches Projekt' });
    expect(await stockOf(c.admin, m.id)).toBe(5);
    expect((await t.http().post(`/api/materials/usage/${u.id}/approve`).set(bearer(c.admin))).status).toBe(409);
    expect(
      (await t.http().post(`/api/materials/usage/${u.id}/reject`).set(bearer(c.admin)).send({ reason: 'x' })).status,
    ).toBe(409);
    const own = (await t.http().get('/api/materials/usage/list').set(bearer(c.employee))).body as MaterialUsageDto[];
    expect(own[0]).toMatchObject({ status: 'rejected', rejection_reason: 'Falsches Projekt' });
    expect(await outboxTypes(t, c.id)).toContain('operations.material-usage.rejected');
  });

  it('auto_approve_material_usage: approved and booked right away; with too little stock it stays pending', async () => {
    const c = await createCompany(t, { auto_approve_material_usage: true });
    const p = await createProject(t, c.admin, {}, [c.employee]);
    const m = await createMaterial(c.admin, { stockQuantity: 3 });
    const u = await recordUsage(c.employee, { projectId: p.id, materialId: m.id, quantity: 2 });
    expect(u.status).toBe('approved');
    expect(await stockOf(c.admin, m.id)).toBe(1);
    const u2 = await recordUsage(c.employee, { projectId: p.id, materialId: m.id, quantity: 2 });
    expect(u2.status).toBe('pending');
    expect(await stockOf(c.admin, m.id)).toBe(1);
    const types = await outboxTypes(t, c.id);
    expect(types.filter((x) => x === 'operations.material-usage.created')).toHaveLength(2);
    expect(types.filter((x) => x === 'operations.material-usage.approved')).toHaveLength(1);

    // the setting of company a (default: off) is not affected
    const pa = await createProject(t, a.admin, {}, [a.employee]);
    const ma = await createMaterial(a.admin);
    expect((await recordUsage(a.employee, { projectId: pa.id, materialId: ma.id, quantity: 1 })).status).toBe(
      'pending',
    );
  });

  it('deleting a material with usage deactivates it; new usage on it is refused; projects with usage stay', async () => {
    const c = await createCompany(t);
    const p = await createProject(t, c.admin, {}, [c.employee]);
    const m = await createMaterial(c.admin, { name: 'Alt' });
    const u = await recordUsage(c.employee, { projectId: p.id, materialId: m.id, quantity: 1 });

    const del = await t.http().delete(`/api/materials/${m.id}`).set(bearer(c.admin));
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ id: m.id, deleted: false, deactivated: true });
    expect((await t.http().get('/api/materials').set(bearer(c.admin))).body).toEqual([]);
    expect((await t.http().get(`/api/materials/${m.id}`).set(bearer(c.admin))).body.is_active).toBe(false);

    const refused = await t
      .http()
      .post('/api/materials/usage')
      .set(bearer(c.employee))
      .send({ projectId: p.id, materialId: m.id, quantity: 1 });
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe('Ausgewähltes Material nicht gefunden');
    // recorded usage keeps its material and can still be approved
    await t.http().post(`/api/materials/usage/${u.id}/approve`).set(bearer(c.admin)).expect(200);

    const projectDelete = await t.http().delete(`/api/projects/${p.id}`).set(bearer(c.admin));
    expect(projectDelete.status).toBe(409);
    expect(projectDelete.body.error).toBe(
      'Das Projekt hat Materialverbrauch und kann nicht gelöscht werden. Setzen Sie es stattdessen auf «Abgebrochen».',
    );
  });

  it('a user deleted in auth is anonymised on usage rows', async () => {
    const c = await createCompany(t);
    const p = await createProject(t, c.admin, {}, [c.employee]);
    const m = await createMaterial(c.admin);
    const u = await recordUsage(c.employee, { projectId: p.id, materialId: m.id, quantity: 1 });
    const { DirectoryService } = await import('../src/directory/directory.service.js');
    const directory = t.app.get(DirectoryService);
    await t.dataSource.transaction((tx) =>
      directory.deleteUser(tx, c.id, { userId: c.employee.id, anonymizedName: 'Gelöschter Benutzer' }),
    );
    const listed = (await t.http().get('/api/materials/usage/list').set(bearer(c.admin))).body as MaterialUsageDto[];
    expect(listed.find((x) => x.id === u.id)?.user_name).toBe('Gelöschter Benutzer');
  });
});

describe('material usage: a repeated save with a client-chosen id', () => {
  const { rowsWith, countOf, activitiesOf, expectTaken } = idempotencyChecks(() => t, 'material_usages');
  const post = (by: Member, body: object) => t.http().post('/api/materials/usage').set(bearer(by)).send(body);

  it('the same id twice: one entry, stock booked once (auto-approve), the second save answers it (201) without a second event', async () => {
    const c = await createCompany(t, { auto_approve_material_usage: true });
    const p = await createProject(t, c.admin, {}, [c.employee]);
    const m = await createMaterial(c.admin, { stockQuantity: 10 });
    const id = randomUUID();
    const first = await post(c.employee, { id, projectId: p.id, materialId: m.id, quantity: 2 });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ id, status: 'approved', quantity: 2, user_id: c.employee.id });

    const again = await post(c.employee, { id, projectId: p.id, materialId: m.id, quantity: 2 });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await rowsWith(id)).toBe(1);
    expect(await stockOf(c.admin, m.id)).toBe(8);
    expect(await countOf(c.id, 'operations.material-usage.created')).toBe(1);
    expect(await countOf(c.id, 'operations.material-usage.approved')).toBe(1);
    expect(await activitiesOf(c.id, id)).toBe(1);

    // still the answer after the material was deactivated in between
    await t.http().delete(`/api/materials/${m.id}`).set(bearer(c.admin)).expect(200);
    const later = await post(c.employee, { id, projectId: p.id, materialId: m.id, quantity: 2 });
    expect(later.status).toBe(201);
    expect(later.body.id).toBe(id);
  });

  it('CONCURRENT saves with the same id create exactly one entry and book the stock once', async () => {
    const c = await createCompany(t, { auto_approve_material_usage: true });
    const p = await createProject(t, c.admin, {}, [c.employee]);
    const m = await createMaterial(c.admin, { stockQuantity: 100 });
    for (let round = 0; round < 3; round++) {
      const id = randomUUID();
      const results = await Promise.all(
        [0, 1, 2, 3].map(() => post(c.employee, { id, projectId: p.id, materialId: m.id, quantity: 1 })),
      );
      expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
      expect(new Set(results.map((r) => r.body.id))).toEqual(new Set([id]));
      expect(await rowsWith(id)).toBe(1);
      expect(await activitiesOf(c.id, id)).toBe(1);
    }
    expect(await stockOf(c.admin, m.id)).toBe(97);
    expect(await countOf(c.id, 'operations.material-usage.created')).toBe(3);
    expect(await countOf(c.id, 'operations.material-usage.approved')).toBe(3);
  });

  it('an id held by another user or company: 409 in German, nothing of it shown', async () => {
    const c = await createCompany(t);
    const p = await createProject(t, c.admin, {}, [c.employee, c.employee2]);
    const m = await createMaterial(c.admin);
    const id = randomUUID();
    expect((await post(c.employee, { id, projectId: p.id, materialId: m.id, quantity: 1 })).status).toBe(201);

    expectTaken(await post(c.employee2, { id, projectId: p.id, materialId: m.id, quantity: 1 }));
    expectTaken(await post(c.backoffice, { id, projectId: p.id, materialId: m.id, quantity: 1 }));
    const pb = await createProject(t, b.admin, {}, [b.employee]);
    const mb = await createMaterial(b.admin);
    expectTaken(await post(b.employee, { id, projectId: pb.id, materialId: mb.id, quantity: 1 }));
    expect(await rowsWith(id)).toBe(1);
    expect(await stockOf(b.admin, mb.id)).toBe(100);
  });

  it('without an id everything works as before (every save a new entry); a malformed id is a German 400', async () => {
    const c = await createCompany(t);
    const p = await createProject(t, c.admin, {}, [c.employee]);
    const m = await createMaterial(c.admin);
    const one = await post(c.employee, { projectId: p.id, materialId: m.id, quantity: 1 });
    const two = await post(c.employee, { id: null, projectId: p.id, materialId: m.id, quantity: 1 });
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(one.body.id).not.toBe(two.body.id);
    const bad = await post(c.employee, { id: 42, projectId: p.id, materialId: m.id, quantity: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Ungültige ID');
  });
});
