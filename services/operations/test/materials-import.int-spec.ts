import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MaterialDto, MaterialImportDto } from '@zunft/contracts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MaterialsImportService } from '../src/materials-import/index.js';
import { bearer, createCompany, createProject, type Company, type Member } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { buildXlsx } from './support/xlsx.js';

/*
 * The wholesaler's catalogue (issue 29) through the real service and PostgreSQL: Datanorm 4/5, CSV
 * and XLSX fixtures (test/fixtures/materials, written from the format descriptions, docs/datanorm.md),
 * re-imports, price history, missing articles, markups, bad files, roles and other companies.
 * Prices are computed by hand in the comments.
 */

let t: TestApp;
let a: Company;
let b: Company;

beforeAll(async () => {
  t = await createTestApp();
  a = await createCompany(t);
  b = await createCompany(t);
});
afterAll(() => t?.close());

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures/materials');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

function upload(by: Member, file: Buffer, fileName: string, supplier: string, mapping?: object) {
  const req = t.http().post('/api/materials/import').set(bearer(by)).field('supplier', supplier);
  if (mapping) req.field('mapping', JSON.stringify(mapping));
  return req.attach('file', file, fileName);
}

/** Uploads, waits for the background write and answers the finished job (as the poll shows it). */
async function importFile(
  by: Member,
  file: Buffer,
  fileName: string,
  supplier: string,
  mapping?: object,
): Promise<MaterialImportDto> {
  const res = await upload(by, file, fileName, supplier, mapping);
  if (res.status !== 202) throw new Error(`import: ${res.status} ${JSON.stringify(res.body)}`);
  await t.app.get(MaterialsImportService).settled();
  const poll = await t.http().get(`/api/materials/import/${res.body.id}`).set(bearer(by));
  expect(poll.status).toBe(200);
  return poll.body;
}

const catalogue = async (by: Member): Promise<MaterialDto[]> =>
  (await t.http().get('/api/materials?includeInactive=true').set(bearer(by))).body;
const bySupplierNumber = (list: MaterialDto[], n: string) => list.find((m) => m.supplier_article_number === n)!;

describe('materials import', () => {
  it('Datanorm 4: articles with supplier prices, discount groups and metal weight; twice gives the same catalogue; searchable by EAN and number', async () => {
    const c = await createCompany(t);
    const job = await importFile(c.backoffice, fixture('elektro.datanorm4.001'), 'DATANORM.001', 'Elektro Muster AG');
    expect(job).toMatchObject({
      status: 'done',
      format: 'datanorm4',
      total_rows: 3,
      processed_rows: 3,
      created_count: 3,
      updated_count: 0,
      missing_count: 0,
      error: null,
    });
    const first = await catalogue(c.admin);
    const cable = bySupplierNumber(first, '100200');
    expect(cable).toMatchObject({
      name: 'NYM-J 3x1,5 Installationskabel',
      unit: 'm',
      supplier_name: 'Elektro Muster AG',
      ean: '7612345000015',
      product_group: 'KAB',
      discount_group: 'K1',
      price_unit: 100,
      list_price: 85.4,
      net_price: null,
      // 85.40 per 100 m less K1 35 % = 55.51 per 100 m → 0.5551 per m; no markup yet → 0.56
      purchase_price: 0.5551,
      unit_price: 0.56,
      metal_weight_kg: 0.0432,
      stock_quantity: 0,
      missing_since: null,
    });
    // net 3.95; 18.90 less K2 20 % = 15.12
    expect(bySupplierNumber(first, '100300')).toMatchObject({ unit_price: 3.95, net_price: 3.95, unit: 'Stk' });
    expect(bySupplierNumber(first, '100400')).toMatchObject({ unit_price: 15.12, purchase_price: 15.12 });

    const again = await importFile(c.backoffice, fixture('elektro.datanorm4.001'), 'DATANORM.001', 'elektro muster ag');
    expect(again).toMatchObject({
      status: 'done',
      created_count: 0,
      updated_count: 0,
      unchanged_count: 3,
      missing_count: 0,
    });
    expect(await catalogue(c.admin)).toEqual(first);

    for (const term of ['7612345000015', '100200', 'nym-j']) {
      const found = await t.http().get(`/api/materials?search=${term}`).set(bearer(c.employee));
      expect(found.body.map((m: MaterialDto) => m.id)).toEqual([cable.id]);
    }
    const other = await t.http().get('/api/materials?search=7612345000015').set(bearer(b.admin));
    expect(other.body).toEqual([]);
  });

  it('a newer file updates prices with history, keeps stock and usage, marks the missing article; markups reprice', async () => {
    const c = await createCompany(t);
    await importFile(c.admin, fixture('elektro.datanorm4.001'), 'nov.001', 'Elektro Muster AG');
    const cable = bySupplierNumber(await catalogue(c.admin), '100200');
    const breaker = bySupplierNumber(await catalogue(c.admin), '100400');
    expect(
      (await t.http().put(`/api/materials/${cable.id}`).set(bearer(c.admin)).send({ stockQuantity: 500, minStock: 50 }))
        .status,
    ).toBe(200);
    const project = await createProject(t, c.admin);
    const usage = await t
      .http()
      .post('/api/materials/usage')
      .set(bearer(c.admin))
      .send({ projectId: project.id, materialId: cable.id, quantity: 25 });
    expect(usage.status).toBe(201);
    expect(usage.body).toMatchObject({ unit_price: 0.56, status: 'pending' });

    const job = await importFile(c.admin, fixture('elektro-dezember.datanorm4.001'), 'dez.001', 'Elektro Muster AG');
    expect(job).toMatchObject({
      status: 'done',
      created_count: 0,
      updated_count: 1,
      unchanged_count: 1,
      missing_count: 1,
    });
    const after = await t.http().get(`/api/materials/${cable.id}`).set(bearer(c.admin));
    // 91.20 per 100 m less 35 % = 59.28 → 0.5928 per m → 0.59
    expect(after.body).toMatchObject({
      list_price: 91.2,
      purchase_price: 0.5928,
      unit_price: 0.59,
      stock_quantity: 500,
      min_stock: 50,
      missing_since: null,
    });
    const missing = await t.http().get(`/api/materials/${breaker.id}`).set(bearer(c.admin));
    expect(missing.body.missing_since).toEqual(expect.any(String));
    expect(missing.body.is_active).toBe(true);
    const usages = await t.http().get(`/api/materials/usage/list?projectId=${project.id}`).set(bearer(c.admin));
    expect(usages.body.map((u: { unit_price: number; quantity: number }) => [u.quantity, u.unit_price])).toEqual([
      [25, 0.56],
    ]);

    const prices = await t.http().get(`/api/materials/${cable.id}/prices`).set(bearer(c.backoffice));
    expect(prices.body.map((p: { list_price: number; unit_price: number }) => [p.list_price, p.unit_price])).toEqual([
      [91.2, 0.59],
      [85.4, 0.56],
    ]);

    // KAB 30 %, everything else 20 %: 0.5928 × 1.3 = 0.77064 → 0.77; 3.95 × 1.2 = 4.74; 15.12 × 1.2 = 18.144 → 18.14
    const set = await t
      .http()
      .put('/api/materials/markups')
      .set(bearer(c.admin))
      .send({
        markups: [
          { productGroup: 'KAB', percent: 30 },
          { productGroup: '*', percent: 20 },
        ],
      });
    expect(set.status).toBe(200);
    expect(set.body).toEqual([
      { product_group: '*', percent: 20 },
      { product_group: 'KAB', percent: 30 },
    ]);
    const repriced = await catalogue(c.admin);
    expect([cable.id, breaker.id].map((id) => repriced.find((m) => m.id === id)!.unit_price)).toEqual([0.77, 18.14]);
    expect(bySupplierNumber(repriced, '100300').unit_price).toBe(4.74);
    // The next import keeps the markup: the Dezember file again changes nothing.
    const third = await importFile(c.admin, fixture('elektro-dezember.datanorm4.001'), 'dez.001', 'Elektro Muster AG');
    expect(third).toMatchObject({ created_count: 0, updated_count: 0, unchanged_count: 2, missing_count: 1 });
  });

  it("a price update shows in the next quote: the quote form's material search answers the newer file's selling price", async () => {
    // Quotes take a material's price from the quote form's picker (mf-billing quotesApi.materials:
    // GET /materials?search=…&page=1&pageSize=20); billing only asks operations whether the id is the
    // company's (rpc.operations.materials-owned). So the picker's answer is the price the next quote gets.
    const c = await createCompany(t);
    const picker = async (search: string) => {
      const res = await t
        .http()
        .get(`/api/materials?search=${encodeURIComponent(search)}&page=1&pageSize=20`)
        .set(bearer(c.backoffice));
      expect(res.status).toBe(200);
      return res.body.items as MaterialDto[];
    };
    expect(
      (
        await t
          .http()
          .put('/api/materials/markups')
          .set(bearer(c.admin))
          .send({ markups: [{ productGroup: 'KAB', percent: 30 }] })
      ).status,
    ).toBe(200);
    await importFile(c.admin, fixture('elektro.datanorm4.001'), 'nov.001', 'Elektro Muster AG');
    // November: 85.40 per 100 m less 35 % = 55.51 → 0.5551 per m; KAB + 30 % = 0.72163 → 0.72
    const [nov] = await picker('100200');
    expect(nov).toMatchObject({ supplier_article_number: '100200', purchase_price: 0.5551, unit_price: 0.72 });

    await importFile(c.admin, fixture('elektro-dezember.datanorm4.001'), 'dez.001', 'Elektro Muster AG');
    // December: 91.20 per 100 m less 35 % = 59.28 → 0.5928 per m; + 30 % = 0.77064 → 0.77
    const byNumber = await picker('100200');
    expect(byNumber.map((m) => [m.id, m.purchase_price, m.unit_price])).toEqual([[nov!.id, 0.5928, 0.77]]);
    // the same article found by a part of its name, as the user types it, with the same price
    const byName = (await picker(nov!.name.slice(0, 6))).find((m) => m.id === nov!.id);
    expect(byName?.unit_price).toBe(0.77);
  });

  it('Datanorm 5, CSV and XLSX (remembered mapping for unknown headers); each twice gives the same catalogue', async () => {
    const c = await createCompany(t);
    const d5 = await importFile(c.admin, fixture('sanitaer.datanorm5.001'), 'sanitaer.001', 'Sanitär Muster AG');
    expect(d5).toMatchObject({ format: 'datanorm5', created_count: 2 });
    const csv = await importFile(c.admin, fixture('befestigung.csv'), 'befestigung.csv', 'Befestigung AG');
    expect(csv).toMatchObject({ format: 'csv', created_count: 3 });
    const xlsx = await importFile(c.admin, fixture('quincaillerie.xlsx'), 'prix.xlsx', 'Quincaillerie SA');
    expect(xlsx).toMatchObject({ format: 'xlsx', created_count: 2 });
    const first = await catalogue(c.admin);
    // 48.50 per 10 less R20 25 % = 36.375 per 10 → 3.6375 → 3.64
    expect(bySupplierNumber(first, 'SAN-002')).toMatchObject({
      purchase_price: 3.6375,
      unit_price: 3.64,
      price_unit: 10,
    });
    expect(bySupplierNumber(first, 'SAN-001')).toMatchObject({
      unit_price: 12.4,
      metal_weight_kg: 0.39,
      ean: '7613000000012',
    });
    expect(bySupplierNumber(first, 'C-1003')).toMatchObject({ unit_price: 1234.5, unit: 'Pkg' });
    expect(bySupplierNumber(first, 'Q-10')).toMatchObject({
      unit_price: 0.18,
      ean: '7615000000016',
      supplier_name: 'Quincaillerie SA',
    });
    for (const [file, name, supplier] of [
      ['sanitaer.datanorm5.001', 'x.001', 'Sanitär Muster AG'],
      ['befestigung.csv', 'x.csv', 'Befestigung AG'],
      ['quincaillerie.xlsx', 'x.xlsx', 'Quincaillerie SA'],
    ] as const)
      expect(await importFile(c.admin, fixture(file), name, supplier)).toMatchObject({
        created_count: 0,
        updated_count: 0,
      });
    expect(await catalogue(c.admin)).toEqual(first);

    // Unknown headers: 400 listing them; with a mapping it imports and the supplier remembers it.
    const own = Buffer.from(
      buildXlsx([
        ['Nr', 'Text', 'CHF'],
        ['Z-1', 'Rohrschelle', 2.4],
      ]),
    );
    const refused = await upload(c.admin, own, 'eigene.xlsx', 'Eigenlager');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'material_import_mapping_required',
      error: expect.stringContaining('Nr, Text, CHF'),
    });
    expect(
      await importFile(c.admin, own, 'eigene.xlsx', 'Eigenlager', { articleNumber: 'Nr', name: 'Text', price: 'CHF' }),
    ).toMatchObject({ created_count: 1 });
    const suppliers = await t.http().get('/api/materials/suppliers').set(bearer(c.admin));
    expect(suppliers.body.find((s: { name: string }) => s.name === 'Eigenlager').column_mapping).toEqual({
      articleNumber: 'Nr',
      name: 'Text',
      price: 'CHF',
    });
    const next = Buffer.from(
      buildXlsx([
        ['Nr', 'Text', 'CHF'],
        ['Z-1', 'Rohrschelle', 2.6],
      ]),
    );
    expect(await importFile(c.admin, next, 'eigene.xlsx', 'Eigenlager')).toMatchObject({ updated_count: 1 });
  });

  it('bad files: German 400 naming the line, nothing imported; a failing write rolls the whole file back', async () => {
    const c = await createCompany(t);
    const bad = Buffer.from('Artikelnummer;Bezeichnung;Einheit;Preis\nA-1;Gut;Stk;1,00\nA-2;Schlecht;Stk;zwölf\n');
    const res = await upload(c.admin, bad, 'bad.csv', 'Muster');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'material_import_bad_number',
      error: 'Zeile 3: «zwölf» ist keine gültige Zahl (Preis).',
    });
    const fr = await upload(c.admin, bad, 'bad.csv', 'Muster').set('Accept-Language', 'fr');
    expect(fr.body.error).toBe('Ligne 3 : «zwölf» n’est pas un nombre valable (Preis).');
    const d5 = Buffer.from('V;050;A;20261126;CHF;x\nA;N;1;Kabel;;Fass;1;1;100\n');
    expect((await upload(c.admin, d5, 'x.001', 'Muster')).body.error).toBe(
      'Zeile 2: Die Einheit «Fass» ist unbekannt (erlaubt: Stk, kg, m, m², m³, l, Pkg und ihre üblichen Kürzel).',
    );
    expect((await upload(c.admin, Buffer.from(''), 'leer.csv', 'Muster')).status).toBe(400);
    expect(
      (await t.http().post('/api/materials/import').set(bearer(c.admin)).field('supplier', 'Muster')).body.code,
    ).toBe('material_import_file_missing');
    expect((await upload(c.admin, bad, 'bad.csv', '')).status).toBe(400);
    expect(await catalogue(c.admin)).toEqual([]);

    // The second article's list price does not fit numeric(14,4): the database refuses it after the first was written.
    const huge = Buffer.from('Artikelnummer;Bezeichnung;Preis\nOK-1;Passt;5.00\nNO-2;Zu teuer;99999999999\n');
    const job = await importFile(c.admin, huge, 'huge.csv', 'Muster');
    expect(job).toMatchObject({
      status: 'failed',
      error: 'Der Import ist fehlgeschlagen; es wurde nichts übernommen.',
    });
    expect(await catalogue(c.admin)).toEqual([]);
  });

  it('metal surcharge: weight per unit × the latest copper quotation ÷ 100, its own figure beside the price', async () => {
    const c = await createCompany(t);
    await importFile(c.admin, fixture('elektro.datanorm4.001'), 'nov.001', 'Elektro Muster AG');
    const cable = () => t.http().get('/api/materials?search=100200').set(bearer(c.employee));
    expect((await cable()).body[0]).toMatchObject({ metal_weight_kg: 0.0432, metal_surcharge: null });
    expect((await t.http().get('/api/materials/metal-quotation').set(bearer(c.employee))).body).toEqual({});
    const earlier = await t
      .http()
      .put('/api/materials/metal-quotation')
      .set(bearer(c.backoffice))
      .send({ pricePer100kg: 820, day: '2026-01-05' });
    expect(earlier.body).toEqual({ metal: 'copper', day: '2026-01-05', price_per_100kg: 820 });
    // 0.0432 kg/m × 820 CHF/100 kg = 0.35424 → 0.35 per m
    expect((await cable()).body[0]).toMatchObject({ unit_price: 0.56, metal_surcharge: 0.35 });
    const today = await t
      .http()
      .put('/api/materials/metal-quotation')
      .set(bearer(c.admin))
      .send({ pricePer100kg: '1045.50' });
    expect(today.status).toBe(200);
    // 0.0432 × 1045.50 / 100 = 0.451656 → 0.45; the latest quotation counts
    expect((await cable()).body[0].metal_surcharge).toBe(0.45);
    expect((await t.http().get('/api/materials/metal-quotation').set(bearer(c.employee))).body).toMatchObject({
      price_per_100kg: 1045.5,
    });
    // Articles without a metal weight carry none.
    expect(
      (await t.http().get('/api/materials?search=100300').set(bearer(c.admin))).body[0].metal_surcharge,
    ).toBeNull();
    // Other companies: their own quotation only.
    expect((await t.http().get('/api/materials/metal-quotation').set(bearer(b.admin))).body).toEqual({});
    expect(
      (await t.http().put('/api/materials/metal-quotation').set(bearer(c.employee)).send({ pricePer100kg: 1 })).status,
    ).toBe(403);
    const bad = await t
      .http()
      .put('/api/materials/metal-quotation')
      .set(bearer(c.admin))
      .send({ pricePer100kg: 'viel' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('Kupfernotierung muss eine Zahl sein');
  });

  it("roles and other companies: admin/backoffice only; another company's import or material answers 404", async () => {
    const file = fixture('befestigung.csv');
    expect((await upload(a.employee, file, 'x.csv', 'Muster')).status).toBe(403);
    expect((await t.http().post('/api/materials/import').attach('file', file, 'x.csv')).status).toBe(401);
    for (const path of ['/api/materials/import', '/api/materials/suppliers', '/api/materials/markups'])
      expect((await t.http().get(path).set(bearer(a.employee))).status).toBe(403);
    expect((await t.http().put('/api/materials/markups').set(bearer(a.employee)).send({ markups: [] })).status).toBe(
      403,
    );
    const job = await importFile(a.backoffice, file, 'x.csv', 'Muster');
    const list = await t.http().get('/api/materials/import').set(bearer(a.admin));
    expect(list.body.map((j: MaterialImportDto) => j.id)).toEqual([job.id]);
    expect((await t.http().get(`/api/materials/import/${job.id}`).set(bearer(b.admin))).status).toBe(404);
    expect((await t.http().get('/api/materials/import').set(bearer(b.admin))).body).toEqual([]);
    const material = (await catalogue(a.admin))[0]!;
    expect((await t.http().get(`/api/materials/${material.id}/prices`).set(bearer(b.admin))).status).toBe(404);
    const badMarkup = await t
      .http()
      .put('/api/materials/markups')
      .set(bearer(a.admin))
      .send({ markups: [{ productGroup: 'X', percent: -1 }] });
    expect(badMarkup.status).toBe(400);
    expect(badMarkup.body.error).toContain('Zuschlag darf nicht negativ sein');
  });
});
