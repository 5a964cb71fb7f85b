import {
  CatalogueFileError,
  type CatalogueArticle,
  type ColumnMapping,
  type ParsedCatalogue,
} from './catalogue-article.js';
import { datanormVersionOf, parseDatanorm } from './datanorm.js';
import { articlesOfTable, parseCsv } from './table-catalogue.js';
import { parseXlsx } from './xlsx-table.js';

/** UTF-8 when the bytes are valid UTF-8, else Windows-1252 (older Datanorm and Excel CSV files). */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

const isZip = (b: Uint8Array) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/**
 * The articles of a supplier file, by content (not by name): a ZIP is an XLSX workbook, a first line
 * `V …04EUR` / `V;04` / `V;050` is Datanorm 4 or 5, anything else is read as CSV. Throws
 * CatalogueFileError (German 400 naming the line) for a bad file.
 */
export function parseCatalogue(bytes: Uint8Array, mapping: ColumnMapping | null): ParsedCatalogue {
  if (bytes.length === 0) throw new CatalogueFileError('material_import_empty', {});
  if (isZip(bytes)) {
    const table = articlesOfTable(parseXlsx(bytes), mapping);
    return { format: 'xlsx', articles: unique(table.articles), mapping: table.mapping, discountGroups: [] };
  }
  const content = decodeText(bytes);
  const firstLine =
    content
      .replace(/^\ufeff/, '')
      .split(/\r?\n/)
      .find((l) => l.trim() !== '') ?? '';
  if (datanormVersionOf(firstLine)) {
    const d = parseDatanorm(content);
    return {
      format: d.version === 4 ? 'datanorm4' : 'datanorm5',
      articles: d.articles,
      discountGroups: d.discountGroups,
      mapping: null,
    };
  }
  if (content.includes('\u0000')) throw new CatalogueFileError('material_import_unknown_format', {});
  const table = articlesOfTable(parseCsv(content), mapping);
  return { format: 'csv', articles: unique(table.articles), mapping: table.mapping, discountGroups: [] };
}

/** A supplier article number once per file (the second is named with its line). */
function unique(articles: CatalogueArticle[]): CatalogueArticle[] {
  const seen = new Set<string>();
  for (const a of articles) {
    if (seen.has(a.articleNumber))
      throw new CatalogueFileError('material_import_duplicate', { line: a.line, value: a.articleNumber });
    seen.add(a.articleNumber);
  }
  return articles;
}
