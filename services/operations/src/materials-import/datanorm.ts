import {
  CatalogueFileError,
  decimalOf,
  eanOf,
  text,
  unitOf,
  type CatalogueArticle,
  type DiscountGroup,
} from './catalogue-article.js';

/*
 * Datanorm 4 and 5 (the DACH wholesale exchange format), the subset a trade business needs: articles
 * (A), their additions (B: EAN, metal weight), price changes (P) and discount groups (R). Our reading
 * of the public format descriptions, field by field, is in docs/datanorm.md; other record types
 * (T long texts, D dimension texts, Z/S/W/X, E end) are skipped. Fixtures:
 * services/operations/test/fixtures/materials/*.001.
 */

export type DatanormVersion = 4 | 5;

/** Version from the V record: Datanorm 4 `V 241126…04EUR` (fixed width) or `V;04…`; Datanorm 5 `V;050;…`. */
export function datanormVersionOf(firstLine: string): DatanormVersion | null {
  if (/^V;05/.test(firstLine)) return 5;
  if (/^V;04/.test(firstLine)) return 4;
  if (/^V /.test(firstLine) && /04[A-Z]{3}\s*$/.test(firstLine)) return 4;
  return null;
}

const PRICE_UNIT_CODES: Record<string, 1 | 10 | 100 | 1000> = { '0': 1, '1': 10, '2': 100, '3': 1000, '': 1 };
const PRICE_UNIT_AMOUNTS: Record<string, 1 | 10 | 100 | 1000> = { '1': 1, '10': 10, '100': 100, '1000': 1000, '': 1 };

/** Prices are whole cents without a separator (`1250` = 12.50). */
function cents(raw: string | undefined, line: number, field: string): number {
  const v = (raw ?? '').trim();
  if (!/^\d+$/.test(v)) throw new CatalogueFileError('material_import_bad_number', { line, field, value: v });
  return Number(v) / 100;
}

interface Prices {
  kind: string;
  price: number;
}

const pricesOf = (p: Prices) => ({
  listPrice: p.kind === '1' ? p.price : null,
  netPrice: p.kind === '2' ? p.price : null,
});

function priceKind(raw: string | undefined, line: number): string {
  const v = (raw ?? '').trim();
  // 1 = Bruttopreis (list price, less the discount group), 2 = Nettopreis.
  if (v !== '1' && v !== '2') throw new CatalogueFileError('material_import_bad_price_kind', { line, value: v });
  return v;
}

export function parseDatanorm(content: string): {
  version: DatanormVersion;
  articles: CatalogueArticle[];
  discountGroups: DiscountGroup[];
} {
  const lines = content.replace(/^\ufeff/, '').split(/\r?\n/);
  const first = lines.findIndex((l) => l.trim() !== '');
  const version = first === -1 ? null : datanormVersionOf(lines[first]!);
  if (!version) throw new CatalogueFileError('material_import_unknown_format', {});

  const articles = new Map<string, CatalogueArticle>();
  const deleted = new Set<string>();
  const additions: Array<{ line: number; number: string; ean: string | null; metalPerPriceUnit: number | null }> = [];
  const priceChanges: Array<{ line: number; number: string; prices: Prices }> = [];
  const discountGroups = new Map<string, DiscountGroup>();

  for (let i = first + 1; i < lines.length; i++) {
    const raw = lines[i]!.replace(/\x1a/g, '');
    if (raw.trim() === '') continue;
    const line = i + 1;
    const f = raw.split(';');
    const type = f[0]!.trim();
    switch (type) {
      case 'A': {
        const status = (f[1] ?? '').trim();
        const number = text(f[2], 40);
        if (!number) throw new CatalogueFileError('material_import_missing_article_number', { line });
        if (status === 'L') {
          deleted.add(number);
          continue;
        }
        const a = version === 4 ? articleV4(f, line, number) : articleV5(f, line, number);
        if (articles.has(number)) throw new CatalogueFileError('material_import_duplicate', { line, value: number });
        articles.set(number, a);
        break;
      }
      case 'B': {
        const number = text(f[2], 40);
        // Datanorm 4: 7 Rohstoffkennzeichen, 8 Rohstoffkennzahl, 9 Rohstoffgewicht (kg je Preiseinheit), 10 EAN.
        // Datanorm 5 carries EAN and metal in the A record; a B record there is read the same way.
        const metalFlag = (f[6] ?? '').trim();
        const weight = decimalOf(f[8] ?? '', line, 'Rohstoffgewicht');
        additions.push({
          line,
          number,
          ean: eanOf(f[9] ?? '', line),
          metalPerPriceUnit: metalFlag !== '' && metalFlag !== '0' && weight ? weight : null,
        });
        break;
      }
      case 'P': {
        // Up to three blocks of 7 fields: Artikelnummer, Preiskennzeichen, Preis, Rabattkennzeichen, Rabatt 1–3.
        for (let b = 2; b + 2 < f.length; b += 7) {
          const number = text(f[b], 40);
          if (!number) continue;
          priceChanges.push({
            line,
            number,
            prices: { kind: priceKind(f[b + 1], line), price: cents(f[b + 2], line, 'Preis') },
          });
        }
        break;
      }
      case 'R': {
        // R;Satzstatus;Rabattgruppe;Kennzeichen (1 = Rabatt in Prozent);Wert in 1/100 %;Bezeichnung
        const code = text(f[2], 20);
        if (!code) throw new CatalogueFileError('material_import_bad_record', { line, value: 'R' });
        if ((f[3] ?? '').trim() !== '1')
          throw new CatalogueFileError('material_import_bad_discount', { line, value: code });
        const percent = cents(f[4], line, 'Rabatt');
        if (percent > 100) throw new CatalogueFileError('material_import_bad_discount', { line, value: code });
        discountGroups.set(code, { code, percent, label: text(f[5], 120) || null });
        break;
      }
      case 'V':
        throw new CatalogueFileError('material_import_bad_record', { line, value: 'V' });
      default:
        // T, D, Z, S, W, X, E, …: texts, dimensions, price steps, sets, end record; not needed here.
        if (!/^[A-Z]$/.test(type))
          throw new CatalogueFileError('material_import_bad_record', { line, value: type.slice(0, 10) });
    }
  }

  for (const add of additions) {
    const a = articles.get(add.number);
    if (!a) continue; // an addition to an article this file does not carry (or deletes)
    if (add.ean) a.ean = add.ean;
    if (add.metalPerPriceUnit !== null) a.metalWeightKg = round4(add.metalPerPriceUnit / a.priceUnit);
  }
  for (const change of priceChanges) {
    const a = articles.get(change.number);
    if (!a)
      throw new CatalogueFileError('material_import_unknown_article', { line: change.line, value: change.number });
    Object.assign(a, pricesOf(change.prices));
  }
  for (const number of deleted) articles.delete(number);
  if (articles.size === 0) throw new CatalogueFileError('material_import_empty', {});
  return { version, articles: [...articles.values()], discountGroups: [...discountGroups.values()] };
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/**
 * Datanorm 4 A record: 1 A, 2 Satzstatus (N/A neu/ändern, L löschen), 3 Artikelnummer, 4 Textkennzeichen,
 * 5 Kurztext 1, 6 Kurztext 2, 7 Preiskennzeichen, 8 Preiseinheit (0 = 1, 1 = 10, 2 = 100, 3 = 1000),
 * 9 Mengeneinheit, 10 Preis (Cent), 11 Rabattgruppe, 12 Hauptwarengruppe, 13 Langtextschlüssel.
 */
function articleV4(f: string[], line: number, number: string): CatalogueArticle {
  const priceUnit = PRICE_UNIT_CODES[(f[7] ?? '').trim()];
  if (!priceUnit) throw new CatalogueFileError('material_import_bad_price_unit', { line, value: (f[7] ?? '').trim() });
  const name = text(f[4], 40);
  if (!name) throw new CatalogueFileError('material_import_missing_name', { line });
  return {
    line,
    articleNumber: number,
    name,
    description: text(f[5], 40) || null,
    unit: unitOf(f[8] ?? '', line),
    priceUnit,
    ...pricesOf({ kind: priceKind(f[6], line), price: cents(f[9], line, 'Preis') }),
    ean: null,
    productGroup: text(f[11], 40) || null,
    discountGroup: text(f[10], 20) || null,
    metalWeightKg: null,
  };
}

/**
 * Datanorm 5 A record: 1 A, 2 Satzstatus, 3 Artikelnummer, 4 Kurztext 1, 5 Kurztext 2, 6 Mengeneinheit,
 * 7 Preiskennzeichen, 8 Preiseinheit (Menge 1, 10, 100, 1000), 9 Preis (Cent), 10 Rabattgruppe,
 * 11 Warengruppe, 12 Warengruppenbezeichnung, 13 Rohstoffkennzeichen, 14 Rohstoffgewicht (kg je
 * Preiseinheit), 15–18 frei, 19 EAN.
 */
function articleV5(f: string[], line: number, number: string): CatalogueArticle {
  const priceUnit = PRICE_UNIT_AMOUNTS[(f[7] ?? '').trim()];
  if (!priceUnit) throw new CatalogueFileError('material_import_bad_price_unit', { line, value: (f[7] ?? '').trim() });
  const name = text(f[3], 40);
  if (!name) throw new CatalogueFileError('material_import_missing_name', { line });
  const metalFlag = (f[12] ?? '').trim();
  const weight = decimalOf(f[13] ?? '', line, 'Rohstoffgewicht');
  return {
    line,
    articleNumber: number,
    name,
    description: text(f[4], 40) || null,
    unit: unitOf(f[5] ?? '', line),
    priceUnit,
    ...pricesOf({ kind: priceKind(f[6], line), price: cents(f[8], line, 'Preis') }),
    ean: eanOf(f[18] ?? '', line),
    productGroup: text(f[10], 40) || null,
    discountGroup: text(f[9], 20) || null,
    metalWeightKg: metalFlag !== '' && metalFlag !== '0' && weight ? round4(weight / priceUnit) : null,
  };
}
