import {
  CatalogueFileError,
  decimalOf,
  eanOf,
  MAPPABLE_FIELDS,
  priceUnitOf,
  text,
  unitOf,
  type CatalogueArticle,
  type ColumnMapping,
  type MappableField,
} from './catalogue-article.js';

/** A cell as read from CSV (text) or XLSX (text or number). */
export type Cell = string | number;
/** Rows of a table with the 1-based line (CSV) or row number (XLSX) each came from. */
export interface TableRow {
  line: number;
  cells: Cell[];
}

/**
 * Header names recognised without a mapping (lower case, accents and punctuation folded): the usual
 * German, French, Italian and English column titles of wholesalers' price lists.
 */
const HEADER_NAMES: Record<MappableField, string[]> = {
  articleNumber: [
    'artikelnummer',
    'artikelnr',
    'artnr',
    'lieferantenartikelnummer',
    'lieferantenartikelnr',
    'numerodarticle',
    'noarticle',
    'narticle',
    'reference',
    'ref',
    'codicearticolo',
    'numeroarticolo',
    'codarticolo',
    'articlenumber',
    'itemnumber',
    'itemno',
    'sku',
    'partnumber',
  ],
  name: [
    'bezeichnung',
    'artikelbezeichnung',
    'kurztext',
    'kurztext1',
    'name',
    'designation',
    'libelle',
    'descrizione',
    'denominazione',
    'description',
    'articlename',
    'itemname',
  ],
  description: ['zusatztext', 'kurztext2', 'langtext', 'designation2', 'complement', 'descrizione2', 'description2'],
  unit: ['einheit', 'mengeneinheit', 'me', 'unite', 'unita', 'unit', 'uom', 'unitofmeasure'],
  price: [
    'preis',
    'listenpreis',
    'bruttopreis',
    'prix',
    'prixunitaire',
    'prixbrut',
    'prezzo',
    'prezzounitario',
    'prezzolordo',
    'price',
    'unitprice',
    'listprice',
    'grossprice',
  ],
  netPrice: ['nettopreis', 'prixnet', 'prezzonetto', 'netprice'],
  priceUnit: ['preiseinheit', 'pe', 'unitedeprix', 'unitadiprezzo', 'priceunit'],
  ean: ['ean', 'gtin', 'eancode', 'codeean', 'codiceean', 'barcode', 'ean13'],
  productGroup: [
    'warengruppe',
    'produktgruppe',
    'groupedeproduits',
    'groupe',
    'gruppomerceologico',
    'gruppoprodotti',
    'productgroup',
  ],
  discountGroup: ['rabattgruppe', 'groupederabais', 'grouperabais', 'grupposconto', 'discountgroup'],
  metalWeightKg: [
    'kupfergewicht',
    'metallgewicht',
    'cugewicht',
    'poidscuivre',
    'pesorame',
    'copperweight',
    'metalweight',
  ],
};

/** `Art.-Nr.` → `artnr`, `Désignation` → `designation`, `N° d'article` → `ndarticle`. */
export const foldHeader = (h: string) =>
  h
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/°/g, '')
    .replace(/[^a-z0-9]/g, '');

/** The column index of each field: from the mapping given or remembered, else from the header names. */
export function resolveColumns(
  headers: string[],
  mapping: ColumnMapping | null,
): Partial<Record<MappableField, number>> {
  const folded = headers.map((h) => foldHeader(String(h)));
  const columns: Partial<Record<MappableField, number>> = {};
  for (const field of MAPPABLE_FIELDS) {
    const mapped = mapping?.[field];
    if (mapped) {
      const i = folded.indexOf(foldHeader(mapped));
      if (i === -1) throw new CatalogueFileError('material_import_mapping_column_missing', { column: mapped });
      columns[field] = i;
      continue;
    }
    const i = folded.findIndex((h) => HEADER_NAMES[field].includes(h));
    if (i !== -1) columns[field] = i;
  }
  return columns;
}

/** The mapping as used (field → header), remembered for the supplier. */
export const mappingOf = (headers: string[], columns: Partial<Record<MappableField, number>>): ColumnMapping =>
  Object.fromEntries(Object.entries(columns).map(([f, i]) => [f, String(headers[i!]).trim()])) as ColumnMapping;

/**
 * Articles of a table (CSV or the first XLSX sheet): the first non-empty row is the header. Article
 * number, name and a price (list or net) must be found, else 400 `material_import_mapping_required`
 * listing the headers (the UI then shows the mapping dialog).
 */
export function articlesOfTable(
  rows: TableRow[],
  mapping: ColumnMapping | null,
): { articles: CatalogueArticle[]; mapping: ColumnMapping } {
  const body = rows.filter((r) => r.cells.some((c) => String(c).trim() !== ''));
  if (body.length === 0) throw new CatalogueFileError('material_import_empty', {});
  const [header, ...data] = body;
  const headers = header!.cells.map((c) => String(c).trim());
  const columns = resolveColumns(headers, mapping);
  if (
    columns.articleNumber === undefined ||
    columns.name === undefined ||
    (columns.price ?? columns.netPrice) === undefined
  )
    throw new CatalogueFileError('material_import_mapping_required', { headers: headers.join(', ') });
  const cell = (r: TableRow, f: MappableField): Cell => {
    const i = columns[f];
    return i === undefined ? '' : (r.cells[i] ?? '');
  };
  const articles = data.map((r): CatalogueArticle => {
    const line = r.line;
    const articleNumber = text(String(cell(r, 'articleNumber')), 40);
    if (!articleNumber) throw new CatalogueFileError('material_import_missing_article_number', { line });
    const name = text(String(cell(r, 'name')), 200);
    if (!name) throw new CatalogueFileError('material_import_missing_name', { line });
    const listPrice = decimalOf(cell(r, 'price'), line, headers[columns.price ?? -1] ?? 'Preis');
    const netPrice = decimalOf(cell(r, 'netPrice'), line, headers[columns.netPrice ?? -1] ?? 'Nettopreis');
    if (listPrice === null && netPrice === null)
      throw new CatalogueFileError('material_import_missing_price', { line });
    return {
      line,
      articleNumber,
      name,
      description: text(String(cell(r, 'description')), 2000) || null,
      unit: unitOf(String(cell(r, 'unit')), line),
      priceUnit: priceUnitOf(cell(r, 'priceUnit'), line),
      listPrice,
      netPrice,
      ean: eanOf(String(cell(r, 'ean')), line),
      productGroup: text(String(cell(r, 'productGroup')), 40) || null,
      discountGroup: text(String(cell(r, 'discountGroup')), 20) || null,
      metalWeightKg: decimalOf(cell(r, 'metalWeightKg'), line, headers[columns.metalWeightKg ?? -1] ?? 'Metallgewicht'),
    };
  });
  return { articles, mapping: mappingOf(headers, columns) };
}

/**
 * RFC 4180 CSV with the separator guessed from the header line (`;` as Swiss/German Excel writes it,
 * `,` or tab). Quoted fields may hold separators, doubled quotes and line breaks. Lines are counted
 * as in the file (a quoted line break counts), so errors name the line an editor shows.
 */
export function parseCsv(content: string): TableRow[] {
  const src = content.replace(/^\ufeff/, '');
  const firstLine = src.slice(0, src.search(/\r?\n|$/));
  const sep = [';', '\t', ','].map((s) => ({ s, n: firstLine.split(s).length })).sort((a, b) => b.n - a.n)[0]!.s;
  const rows: TableRow[] = [];
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        field += ch;
      }
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === sep) {
      cells.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      cells.push(field);
      rows.push({ line: rowLine, cells });
      cells = [];
      field = '';
      line++;
      rowLine = line;
    } else field += ch;
  }
  if (quoted) throw new CatalogueFileError('material_import_unclosed_quote', { line: rowLine });
  if (field !== '' || cells.length > 0) {
    cells.push(field);
    rows.push({ line: rowLine, cells });
  }
  return rows;
}
