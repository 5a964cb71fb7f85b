import { strFromU8, unzipSync } from 'fflate';
import { CatalogueFileError } from './catalogue-article.js';
import type { Cell, TableRow } from './table-catalogue.js';

/** Unpacked parts larger than this are refused before they are inflated (a zip bomb stays packed). */
const MAX_PART_BYTES = 300 * 1024 * 1024;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)))
      : (ENTITIES[e] ?? m),
  );

/** The text of `<t>` elements inside a shared string or inline string (rich text runs joined). */
const textOf = (xml: string) =>
  [...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((m) => unescapeXml(m[1]!)).join('');

/** `BC12` → 54 (0-based column of a cell reference). */
const columnOf = (ref: string) => {
  const letters = /^[A-Z]+/.exec(ref)?.[0] ?? 'A';
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
};

/**
 * The first worksheet of an Office Open XML workbook (ECMA-376 part 1, SpreadsheetML) as rows of
 * cells: shared strings (`t="s"`), inline strings, formula results as stored (`<v>`), numbers as
 * numbers. Enough for a price list; styles, dates and formulas are not evaluated.
 */
export function parseXlsx(bytes: Uint8Array): TableRow[] {
  let parts: Record<string, Uint8Array>;
  try {
    parts = unzipSync(bytes, {
      filter: (f) => {
        if (f.originalSize > MAX_PART_BYTES) throw new CatalogueFileError('material_import_bad_xlsx', {});
        return (
          f.name === 'xl/workbook.xml' ||
          f.name === 'xl/_rels/workbook.xml.rels' ||
          f.name === 'xl/sharedStrings.xml' ||
          f.name.startsWith('xl/worksheets/sheet')
        );
      },
    });
  } catch (e) {
    if (e instanceof CatalogueFileError) throw e;
    throw new CatalogueFileError('material_import_bad_xlsx', {});
  }
  const read = (name: string) => (parts[name] ? strFromU8(parts[name]) : null);
  const workbook = read('xl/workbook.xml');
  const rels = read('xl/_rels/workbook.xml.rels');
  if (!workbook || !rels) throw new CatalogueFileError('material_import_bad_xlsx', {});
  const firstSheetRel = /<sheet\b[^>]*\br:id="([^"]+)"/.exec(workbook)?.[1];
  const relTag = [...rels.matchAll(/<Relationship\b[^>]*>/g)]
    .map((m) => m[0])
    .find((tag) => tag.includes(`Id="${firstSheetRel}"`));
  const target = relTag && /Target="([^"]+)"/.exec(relTag)?.[1];
  const sheetPath = target ? (target.startsWith('/') ? target.slice(1) : `xl/${target}`) : 'xl/worksheets/sheet1.xml';
  const sheet = read(sheetPath);
  if (!sheet) throw new CatalogueFileError('material_import_bad_xlsx', {});
  const shared = [...(read('xl/sharedStrings.xml') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => textOf(m[1]!));

  const rows: TableRow[] = [];
  for (const row of sheet.matchAll(/<row\b([^>]*)>([\s\S]*?)<\/row>/g)) {
    const line = Number(/\br="(\d+)"/.exec(row[1]!)?.[1] ?? rows.length + 1);
    const cells: Cell[] = [];
    for (const c of row[2]!.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = c[1]!;
      const inner = c[2] ?? '';
      const ref = /\br="([A-Z]+\d+)"/.exec(attrs)?.[1];
      const type = /\bt="([a-zA-Z]+)"/.exec(attrs)?.[1];
      const v = /<v>([\s\S]*?)<\/v>/.exec(inner)?.[1];
      let value: Cell = '';
      if (type === 's') value = shared[Number(v)] ?? '';
      else if (type === 'inlineStr') value = textOf(inner);
      else if (type === 'str' || type === 'e' || type === 'b') value = unescapeXml(v ?? '');
      else if (v !== undefined) value = Number(v);
      cells[ref ? columnOf(ref) : cells.length] = value;
    }
    rows.push({ line, cells: Array.from(cells, (c) => c ?? '') });
  }
  return rows;
}
