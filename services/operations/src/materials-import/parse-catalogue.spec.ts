import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CatalogueFileError } from './catalogue-article.js';
import { parseCatalogue } from './parse-catalogue.js';
import { markupFor, purchasePricePerUnit, sellingPrice } from './pricing.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../test/fixtures/materials');
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(FIXTURES, name)));
const bytes = (text: string) => new TextEncoder().encode(text);

/** The CatalogueFileError a bad file throws: its message key and parameters. */
function failure(content: Uint8Array, mapping = null): { key: string; params: Record<string, unknown> } {
  try {
    parseCatalogue(content, mapping);
  } catch (e) {
    if (e instanceof CatalogueFileError) return { key: e.key, params: e.params };
    throw e;
  }
  throw new Error('no error');
}

describe('parseCatalogue', () => {
  it('reads Datanorm 4: A and B records, discount groups, price units, metal weight; T and E skipped', () => {
    const c = parseCatalogue(fixture('elektro.datanorm4.001'), null);
    expect(c.format).toBe('datanorm4');
    expect(c.discountGroups).toEqual([
      { code: 'K1', percent: 35, label: 'Kabel und Leitungen' },
      { code: 'K2', percent: 20, label: 'Verteilerbau' },
    ]);
    expect(c.articles.map((a) => ({ ...a }))).toEqual([
      {
        line: 2,
        articleNumber: '100200',
        name: 'NYM-J 3x1,5 Installationskabel',
        description: 'Ring 100 m',
        unit: 'm',
        priceUnit: 100,
        listPrice: 85.4,
        netPrice: null,
        ean: '7612345000015',
        productGroup: 'KAB',
        discountGroup: 'K1',
        // 4,32 kg per price unit of 100 m
        metalWeightKg: 0.0432,
      },
      {
        line: 5,
        articleNumber: '100300',
        name: 'Abzweigdose AP 80x80',
        description: 'IP54 grau',
        unit: 'Stk',
        priceUnit: 1,
        listPrice: null,
        netPrice: 3.95,
        ean: '7612345000022',
        productGroup: 'DOS',
        discountGroup: null,
        metalWeightKg: null,
      },
      expect.objectContaining({ articleNumber: '100400', listPrice: 18.9, discountGroup: 'K2', ean: '7612345000039' }),
    ]);
  });

  it('reads Datanorm 5: EAN and metal in the A record, price unit as an amount', () => {
    const c = parseCatalogue(fixture('sanitaer.datanorm5.001'), null);
    expect(c.format).toBe('datanorm5');
    expect(c.articles).toEqual([
      expect.objectContaining({
        articleNumber: 'SAN-001',
        unit: 'm',
        priceUnit: 1,
        netPrice: 12.4,
        listPrice: null,
        metalWeightKg: 0.39,
        ean: '7613000000012',
        productGroup: 'ROHR',
      }),
      expect.objectContaining({
        articleNumber: 'SAN-002',
        name: 'Pressfitting Bogen 90° 15 mm',
        unit: 'Stk',
        priceUnit: 10,
        listPrice: 48.5,
        discountGroup: 'R20',
        metalWeightKg: null,
      }),
    ]);
    expect(c.discountGroups).toEqual([{ code: 'R20', percent: 25, label: 'Fittings' }]);
  });

  it("reads CSV with German headers (quoted separator, 1'234.50) and XLSX with French ones", () => {
    const csv = parseCatalogue(fixture('befestigung.csv'), null);
    expect(csv.format).toBe('csv');
    expect(
      csv.articles.map((a) => [a.line, a.articleNumber, a.name, a.unit, a.listPrice, a.ean, a.productGroup]),
    ).toEqual([
      [2, 'C-1001', 'Kabelbinder 200 mm schwarz', 'Pkg', 7.9, '7614000000019', 'BEF'],
      [3, 'C-1002', 'Dübel 8 mm; Nylon', 'Stk', 0.12, null, 'BEF'],
      [4, 'C-1003', 'Schraube 4x40 (100 Stk)', 'Pkg', 1234.5, '7614000000026', null],
    ]);
    expect(csv.mapping).toEqual({
      articleNumber: 'Artikelnummer',
      name: 'Bezeichnung',
      unit: 'Einheit',
      price: 'Preis',
      ean: 'EAN',
      productGroup: 'Warengruppe',
    });
    const xlsx = parseCatalogue(fixture('quincaillerie.xlsx'), null);
    expect(xlsx.format).toBe('xlsx');
    expect(xlsx.articles.map((a) => [a.line, a.articleNumber, a.name, a.unit, a.listPrice, a.ean])).toEqual([
      [2, 'Q-10', 'Cheville universelle 6 mm', 'Stk', 0.18, '7615000000016'],
      [3, 'Q-20', 'Vis à bois 5x60 & rondelle', 'Pkg', 24.5, null],
    ]);
  });

  it('uses a mapping for unknown headers and names the line of a bad value', () => {
    const file = bytes('Nr,Text,CHF\nX1,Rohrschelle,"2,40"\nX2,Muffe,zwei\n');
    expect(failure(file)).toEqual({ key: 'material_import_mapping_required', params: { headers: 'Nr, Text, CHF' } });
    expect(failure(file, { articleNumber: 'Nr', name: 'Text', price: 'CHF' } as never)).toEqual({
      key: 'material_import_bad_number',
      params: { line: 3, field: 'CHF', value: 'zwei' },
    });
    expect(failure(bytes('Artikelnummer;Bezeichnung;Preis;Einheit\nA;B;1;Fass\n'))).toEqual({
      key: 'material_import_bad_unit',
      params: { line: 2, value: 'Fass' },
    });
    expect(failure(bytes('Artikelnummer;Bezeichnung;Preis\nA;B;1\nA;C;2\n'))).toEqual({
      key: 'material_import_duplicate',
      params: { line: 3, value: 'A' },
    });
    expect(failure(bytes('V;050;A;20261126;CHF;x\nA;N;1;Kabel;;m;3;1;100\n'))).toEqual({
      key: 'material_import_bad_price_kind',
      params: { line: 2, value: '3' },
    });
    expect(failure(bytes('V;050;A;20261126;CHF;x\nA;N;1;Kabel;;m;1;1;12,50\n'))).toMatchObject({
      key: 'material_import_bad_number',
      params: { line: 2 },
    });
    expect(failure(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toEqual({
      key: 'material_import_bad_xlsx',
      params: {},
    });
  });
});

describe('pricing', () => {
  it('purchase price per unit from list price less discount group, or net; markup per product group', () => {
    const discounts = new Map([['K1', 35]]);
    // 85.40 per 100 m less 35 % = 55.51 per 100 m = 0.5551 per m
    const cable = { listPrice: 85.4, netPrice: null, priceUnit: 100, discountGroup: 'K1' } as never;
    expect(purchasePricePerUnit(cable, discounts)).toBe(0.5551);
    // net 48.50 per 10 = 4.85
    expect(
      purchasePricePerUnit({ listPrice: 60, netPrice: 48.5, priceUnit: 10, discountGroup: 'K1' } as never, discounts),
    ).toBe(4.85);
    const markups = new Map([
      ['KAB', 30],
      ['*', 20],
    ]);
    expect(markupFor('KAB', markups)).toBe(30);
    expect(markupFor('DOS', markups)).toBe(20);
    expect(markupFor(null, new Map())).toBe(0);
    // 0.5551 × 1.30 = 0.72163 → 0.72; 3.95 × 1.20 = 4.74; 15.12 × 1.2 = 18.144 → 18.14
    expect(sellingPrice(0.5551, 30)).toBe(0.72);
    expect(sellingPrice(3.95, 20)).toBe(4.74);
    expect(sellingPrice(15.12, 20)).toBe(18.14);
  });
});
