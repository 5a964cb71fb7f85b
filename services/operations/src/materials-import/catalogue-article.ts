import type { MaterialUnit, ServerMessageKey } from '@zunft/contracts';

/** One article as a supplier file gives it, before markup (issue 29). Prices per `priceUnit` units. */
export interface CatalogueArticle {
  /** 1-based line of the file (XLSX: the row) it came from, for error messages. */
  line: number;
  articleNumber: string;
  name: string;
  description: string | null;
  unit: MaterialUnit;
  priceUnit: 1 | 10 | 100 | 1000;
  /** List (gross) price per price unit, reduced by the discount group. */
  listPrice: number | null;
  /** Net price per price unit (taken as it is). */
  netPrice: number | null;
  ean: string | null;
  productGroup: string | null;
  discountGroup: string | null;
  /** Metal (copper) weight in kg per one unit. */
  metalWeightKg: number | null;
}

export interface DiscountGroup {
  code: string;
  /** Discount on the list price in percent. */
  percent: number;
  label: string | null;
}

export interface ParsedCatalogue {
  format: 'csv' | 'xlsx' | 'datanorm4' | 'datanorm5';
  articles: CatalogueArticle[];
  discountGroups: DiscountGroup[];
  /** CSV/XLSX: the column of each field as used (remembered for the supplier). */
  mapping: ColumnMapping | null;
}

export const MAPPABLE_FIELDS = [
  'articleNumber',
  'name',
  'description',
  'unit',
  'price',
  'netPrice',
  'priceUnit',
  'ean',
  'productGroup',
  'discountGroup',
  'metalWeightKg',
] as const;
export type MappableField = (typeof MAPPABLE_FIELDS)[number];
/** Field → the file's column header. */
export type ColumnMapping = Partial<Record<MappableField, string>>;

/** A bad file: German (fr, it) message naming the line; nothing of the file is imported. */
export class CatalogueFileError extends Error {
  constructor(
    readonly key: ServerMessageKey,
    readonly params: Record<string, string | number>,
  ) {
    super(`${key} ${JSON.stringify(params)}`);
  }
}

const UNIT_ALIASES: Record<string, MaterialUnit> = {};
const alias = (unit: MaterialUnit, names: string[]) => names.forEach((n) => (UNIT_ALIASES[n] = unit));
alias('Stk', [
  'stk',
  'st',
  'stck',
  'stück',
  'stueck',
  'pce',
  'pcs',
  'pc',
  'c62',
  'ea',
  'pièce',
  'piece',
  'pz',
  'pezzo',
  'pezzi',
]);
alias('m', ['m', 'mtr', 'lfm', 'meter', 'mètre', 'metre', 'metro', 'mt']);
alias('kg', ['kg', 'kgm', 'kilogramm', 'kilo']);
alias('m²', ['m²', 'm2', 'qm', 'mtk']);
alias('m³', ['m³', 'm3', 'cbm', 'mtq']);
alias('l', ['l', 'ltr', 'liter', 'litre', 'litro', 'lt']);
alias('Pkg', ['pkg', 'pak', 'pack', 'paket', 'pa', 'vpe', 'pk', 'pkt', 'paquet', 'pacco', 'set']);

/** Our unit for a supplier's unit code (empty = Stk); 400 naming the line for an unknown one. */
export function unitOf(raw: string, line: number): MaterialUnit {
  const key = raw.trim().toLowerCase().replace(/\.$/, '');
  if (key === '') return 'Stk';
  const unit = UNIT_ALIASES[key];
  if (!unit) throw new CatalogueFileError('material_import_bad_unit', { line, value: raw.trim() });
  return unit;
}

/** EAN/GTIN: 8, 12, 13 or 14 digits (spaces removed); empty = none. */
export function eanOf(raw: string, line: number): string | null {
  const v = raw.replace(/\s/g, '');
  if (v === '' || /^0+$/.test(v)) return null;
  if (!/^(\d{8}|\d{12,14})$/.test(v))
    throw new CatalogueFileError('material_import_bad_ean', { line, value: raw.trim() });
  return v;
}

/**
 * A decimal as Swiss, German, French or English files write it: `1'234.50`, `1.234,50`, `1 234,50`,
 * `12,5`, `12.5`. The last of `,` and `.` is the decimal separator. Empty = null.
 */
export function decimalOf(raw: string | number, line: number, field: string): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) && raw >= 0 ? raw : bad(raw, line, field);
  let v = raw.trim().replace(/['’\s\u00a0]/g, '');
  if (v === '') return null;
  const comma = v.lastIndexOf(',');
  const dot = v.lastIndexOf('.');
  if (comma > dot) v = v.replace(/\./g, '').replace(',', '.');
  else v = v.replace(/,/g, '');
  if (!/^\d+(\.\d+)?$/.test(v)) return bad(raw, line, field);
  return Number(v);
}

const bad = (raw: string | number, line: number, field: string): never => {
  throw new CatalogueFileError('material_import_bad_number', { line, field, value: String(raw).trim() });
};

export const PRICE_UNITS = [1, 10, 100, 1000] as const;

export function priceUnitOf(raw: string | number, line: number): 1 | 10 | 100 | 1000 {
  const n = typeof raw === 'number' ? raw : raw.trim() === '' ? 1 : Number(raw.trim());
  if (!(PRICE_UNITS as readonly number[]).includes(n))
    throw new CatalogueFileError('material_import_bad_price_unit', { line, value: String(raw).trim() });
  return n as 1 | 10 | 100 | 1000;
}

/** Trims a text to `max` characters (Datanorm short texts are 40). */
export const text = (raw: string | undefined, max: number): string => (raw ?? '').trim().slice(0, max);
