import type { DataExportChunk, DataExportFiles, DataExportRows, DataExportTables } from '@zunft/contracts';
import { DATA_EXPORT_CHUNK_BYTES, serverMessage } from '@zunft/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { DomainError } from '../errors/domain.error.js';

/*
 * «Alle Daten exportieren» (issue 26, revDSG art. 28: the data a company gave us, in a common
 * machine-readable format). One reader per service, over its own database: the tables are found in
 * the schema, not listed by hand, so a table added by a later migration is exported without anyone
 * remembering it. A table belongs to the company when it has a `company_id` column (the root table
 * named in `rootTables`, auth's `companies`, by its own id). Every column is exported as PostgreSQL
 * writes it as text, except:
 *  - secrets (`SECRET_COLUMN`: password and token hashes, TOTP secrets, API keys, private keys):
 *    never, not even hashed;
 *  - `bytea` columns (a receipt's image, a logo): as documents of their own, next to the files of
 *    `stored_files`, not as hex in the CSV;
 *  - plumbing tables (`INFRASTRUCTURE_TABLES`: migrations, outbox, processed events, dead letters,
 *    `stored_files` itself).
 * Pages are keyset by primary key (no server-side cursor: each page is an independent request that
 * any replica may answer) and stop at `maxJsonBytes`, so a page fits in one NATS message (1 MB).
 */

/** Columns never exported (secrets of the company or its users). */
export const SECRET_COLUMN = /(password|secret|token|api_?key|totp|private_key)/i;

/** Tables of the services' plumbing, never exported. */
export const INFRASTRUCTURE_TABLES = [
  'migrations',
  'outbox_events',
  'processed_events',
  'dead_letter_events',
  'stored_files',
  'typeorm_metadata',
] as const;

export interface CompanyDataReaderOptions {
  /** Tables owned by their own `id` (auth: `companies`), not by a `company_id` column. */
  rootTables?: readonly string[];
  /** More tables to leave out (besides `INFRASTRUCTURE_TABLES`). */
  excludeTables?: readonly string[];
  /** More columns to leave out, as `table.column` (e.g. mail bodies that carry customers' links with tokens). */
  excludeColumns?: readonly string[];
  /** Stored files under `<companyId>/<prefix>` to leave out (billing: the export ZIPs themselves). */
  excludeFilePrefixes?: readonly string[];
  /** Rows per page at most (default 2000). */
  pageRows?: number;
  /** JSON size of one page's CSV at most (default 600 KB, NATS carries 1 MB). */
  maxJsonBytes?: number;
  /** Documents per page of `files` (default 500). */
  filesPerPage?: number;
}

interface TableInfo {
  name: string;
  /** `company_id` or `id` (root table). */
  owner: string;
  columns: string[];
  /** Primary key columns with their SQL type (for the keyset); `ctid` when there is none. */
  key: Array<{ name: string; type: string }>;
  blobs: string[];
}

export class DataExportError extends DomainError {}

const notFound = () => new DataExportError('not_found', serverMessage('data_export_not_found'), 404);
const badReference = () => new DataExportError('bad_request', serverMessage('data_export_bad_reference'), 400);
const q = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/** One CSV field: quoted when it holds the separator, a quote or a line break (RFC 4180, `;` for Swiss Excel). */
export function csvField(value: string | null): string {
  if (value === null) return '';
  return /[";\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export const csvLine = (values: Array<string | null>) => `${values.map(csvField).join(';')}\r\n`;

/** A file name extension from the first bytes (documents without one in their key). */
export function extensionOf(head: Buffer, contentType?: string): string {
  if (head.subarray(0, 4).toString('latin1') === '%PDF') return '.pdf';
  if (head[0] === 0x89 && head.subarray(1, 4).toString('latin1') === 'PNG') return '.png';
  if (head[0] === 0xff && head[1] === 0xd8) return '.jpg';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF') return '.webp';
  if (contentType === 'application/pdf') return '.pdf';
  return '.bin';
}

type FileRef = { kind: 'stored'; key: string } | { kind: 'column'; table: string; column: string; id: string };

export class CompanyDataReader {
  private readonly pageRows: number;
  private readonly maxJsonBytes: number;
  private readonly filesPerPage: number;

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: CompanyDataReaderOptions = {},
  ) {
    this.pageRows = options.pageRows ?? 2000;
    this.maxJsonBytes = options.maxJsonBytes ?? 600 * 1024;
    this.filesPerPage = options.filesPerPage ?? 500;
  }

  private get m(): EntityManager {
    return this.dataSource.manager;
  }

  /** The company's tables (from the schema), in name order. */
  async schema(): Promise<TableInfo[]> {
    const excluded = new Set<string>([...INFRASTRUCTURE_TABLES, ...(this.options.excludeTables ?? [])]);
    const roots = new Set(this.options.rootTables ?? []);
    const excludedColumns = new Set(this.options.excludeColumns ?? []);
    const cols = (await this.m.query(
      `SELECT c.table_name, c.column_name, c.data_type
         FROM information_schema.columns c
         JOIN information_schema.tables t USING (table_schema, table_name)
        WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
        ORDER BY c.table_name, c.ordinal_position`,
    )) as Array<{ table_name: string; column_name: string; data_type: string }>;
    const keys = (await this.m.query(
      `SELECT cl.relname AS table_name, a.attname AS column_name, format_type(a.atttypid, a.atttypmod) AS type
         FROM pg_index i
         JOIN pg_class cl ON cl.oid = i.indrelid
         JOIN pg_namespace n ON n.oid = cl.relnamespace AND n.nspname = current_schema()
         JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, pos) ON true
         JOIN pg_attribute a ON a.attrelid = cl.oid AND a.attnum = k.attnum
        WHERE i.indisprimary
        ORDER BY cl.relname, k.pos`,
    )) as Array<{ table_name: string; column_name: string; type: string }>;
    const byTable = new Map<string, TableInfo>();
    for (const c of cols) {
      if (excluded.has(c.table_name)) continue;
      let t = byTable.get(c.table_name);
      if (!t) {
        t = { name: c.table_name, owner: '', columns: [], key: [], blobs: [] };
        byTable.set(c.table_name, t);
      }
      if (c.column_name === 'company_id' && !roots.has(c.table_name)) t.owner = 'company_id';
      if (c.column_name === 'id' && roots.has(c.table_name)) t.owner = 'id';
      if (SECRET_COLUMN.test(c.column_name) || excludedColumns.has(`${c.table_name}.${c.column_name}`)) continue;
      if (c.data_type === 'bytea') t.blobs.push(c.column_name);
      else t.columns.push(c.column_name);
    }
    for (const k of keys) byTable.get(k.table_name)?.key.push({ name: k.column_name, type: k.type });
    const tables = [...byTable.values()].filter((t) => t.owner !== '');
    for (const t of tables) if (t.key.length === 0) t.key = [{ name: 'ctid', type: 'tid' }];
    return tables.sort((a, b) => a.name.localeCompare(b.name));
  }

  private async table(name: string): Promise<TableInfo> {
    const t = (await this.schema()).find((x) => x.name === name);
    if (!t) throw notFound();
    return t;
  }

  async tables(companyId: string): Promise<DataExportTables> {
    const tables: DataExportTables['tables'] = [];
    for (const t of await this.schema()) {
      const [row] = (await this.m.query(`SELECT count(*)::int AS n FROM ${q(t.name)} WHERE ${q(t.owner)} = $1`, [
        companyId,
      ])) as Array<{ n: number }>;
      tables.push({ name: t.name, columns: t.columns, rows: row!.n });
    }
    let count = 0;
    let bytes = 0;
    for (const source of await this.fileSources()) {
      const [row] = (await this.m.query(source.countSql, [companyId])) as Array<{ n: number; bytes: string }>;
      count += row!.n;
      bytes += Number(row!.bytes);
    }
    return { tables, files: { count, bytes } };
  }

  /** The next page of `table` after the key `after`, as CSV lines (no header). */
  async rows(companyId: string, tableName: string, after: string[] | null): Promise<DataExportRows> {
    const t = await this.table(tableName);
    if (after && after.length !== t.key.length) throw badReference();
    const keyCols = t.key.map((k) => q(k.name)).join(', ');
    const params: unknown[] = [companyId];
    let where = `${q(t.owner)} = $1`;
    if (after) {
      const placeholders = t.key.map((k, i) => `$${i + 2}::${k.type}`).join(', ');
      where += ` AND (${keyCols}) > (${placeholders})`;
      params.push(...after);
    }
    const select = [
      ...t.columns.map((c, i) => `${q(c)}::text AS c${i}`),
      ...t.key.map((k, i) => `${q(k.name)}::text AS k${i}`),
    ].join(', ');
    const rows = (await this.m.query(
      `SELECT ${select} FROM ${q(t.name)} WHERE ${where} ORDER BY ${keyCols} LIMIT ${this.pageRows}`,
      params,
    )) as Array<Record<string, string | null>>;
    let csv = '';
    let size = 2;
    let sent = 0;
    let last: string[] | null = null;
    for (const row of rows) {
      const line = csvLine(t.columns.map((_, i) => row[`c${i}`] ?? null));
      const lineSize = JSON.stringify(line).length - 2;
      if (sent > 0 && size + lineSize > this.maxJsonBytes) break;
      csv += line;
      size += lineSize;
      sent += 1;
      last = t.key.map((_, i) => row[`k${i}`] as string);
    }
    const done = sent === rows.length && rows.length < this.pageRows;
    return { csv, rows: sent, after: done ? null : last };
  }

  /** Where documents are: `stored_files` and every `bytea` column of a company table with a one-column key. */
  private async fileSources(): Promise<
    Array<{ index: number; countSql: string; page: (companyId: string, after: string | null) => Promise<FilePage> }>
  > {
    const sources: Array<{
      index: number;
      countSql: string;
      page: (companyId: string, after: string | null) => Promise<FilePage>;
    }> = [];
    const [{ exists }] = (await this.m.query(`SELECT to_regclass('stored_files') IS NOT NULL AS exists`)) as Array<{
      exists: boolean;
    }>;
    if (exists) {
      // prefixes are the service's own constants (checked), the company id is a parameter
      const skip = (this.options.excludeFilePrefixes ?? [])
        .map((p) => {
          if (!/^[a-z0-9-]+\/$/.test(p)) throw new Error(`invalid file prefix ${p}`);
          return ` AND key NOT LIKE company_id::text || '/${p}%'`;
        })
        .join('');
      sources.push({
        index: 0,
        countSql: `SELECT count(*)::int AS n, coalesce(sum(size), 0)::text AS bytes FROM stored_files WHERE company_id = $1${skip}`,
        page: async (companyId, after) => {
          const rows = (await this.m.query(
            `SELECT key, size::int AS size, content_type, substring(data FROM 1 FOR 8) AS head
               FROM stored_files WHERE company_id = $1 AND ($2::text IS NULL OR key > $2)${skip} ORDER BY key LIMIT $3`,
            [companyId, after, this.filesPerPage],
          )) as Array<{ key: string; size: number; content_type: string; head: Buffer }>;
          return rows.map((r) => {
            const inZip = r.key.startsWith(`${companyId}/`) ? r.key.slice(companyId.length + 1) : r.key;
            const name = /\.[A-Za-z0-9]{2,5}$/.test(inZip) ? inZip : `${inZip}${extensionOf(r.head, r.content_type)}`;
            return {
              cursor: r.key,
              file: {
                ref: JSON.stringify({ kind: 'stored', key: r.key }),
                name,
                size: r.size,
                contentType: r.content_type,
              },
            };
          });
        },
      });
    }
    for (const t of await this.schema()) {
      if (t.key.length !== 1 || t.key[0]!.name === 'ctid') continue;
      const id = q(t.key[0]!.name);
      for (const column of t.blobs) {
        const from = `${q(t.name)} WHERE ${q(t.owner)} = $1 AND ${q(column)} IS NOT NULL`;
        sources.push({
          index: sources.length,
          countSql: `SELECT count(*)::int AS n, coalesce(sum(octet_length(${q(column)})), 0)::text AS bytes FROM ${from}`,
          page: async (companyId, after) => {
            const rows = (await this.m.query(
              `SELECT ${id}::text AS id, octet_length(${q(column)})::int AS size, substring(${q(column)} FROM 1 FOR 8) AS head
                 FROM ${from} AND ($2::text IS NULL OR ${id}::text > $2) ORDER BY ${id}::text LIMIT $3`,
              [companyId, after, this.filesPerPage],
            )) as Array<{ id: string; size: number; head: Buffer }>;
            return rows.map((r) => ({
              cursor: r.id,
              file: {
                ref: JSON.stringify({ kind: 'column', table: t.name, column, id: r.id }),
                name: `${t.name}/${r.id}-${column}${extensionOf(r.head)}`,
                size: r.size,
                contentType: 'application/octet-stream',
              },
            }));
          },
        });
      }
    }
    return sources;
  }

  /** The next page of the company's documents; `cursor` is opaque (source and last key). */
  async files(companyId: string, cursor: string | null): Promise<DataExportFiles> {
    const sources = await this.fileSources();
    let [index, after] = cursor ? parseCursor(cursor) : [0, null];
    while (index < sources.length) {
      const page = await sources[index]!.page(companyId, after);
      if (page.length > 0) {
        const next = page.length < this.filesPerPage ? JSON.stringify([index + 1, null]) : null;
        const last = page[page.length - 1]!.cursor;
        return {
          files: page.map((p) => p.file),
          cursor: next ?? JSON.stringify([index, last]),
        };
      }
      index += 1;
      after = null;
    }
    return { files: [], cursor: null };
  }

  private skipStored(): string {
    return (this.options.excludeFilePrefixes ?? [])
      .map((p) => ` AND key NOT LIKE company_id::text || '/${p}%'`)
      .join('');
  }

  /** Up to `DATA_EXPORT_CHUNK_BYTES` of one document from `offset` (the company's own only: 404 else). */
  async chunk(companyId: string, refText: string, offset: number): Promise<DataExportChunk & { bytes: Buffer }> {
    const ref = parseRef(refText);
    let rows: Array<{ d: Buffer; n: number }>;
    if (ref.kind === 'stored') {
      rows = (await this.m.query(
        `SELECT substring(data FROM $3 FOR $4) AS d, octet_length(data)::int AS n
           FROM stored_files WHERE key = $1 AND company_id = $2${this.skipStored()}`,
        [ref.key, companyId, offset + 1, DATA_EXPORT_CHUNK_BYTES],
      )) as Array<{ d: Buffer; n: number }>;
    } else {
      // table and column only as found in the schema, never as sent
      const t = await this.table(ref.table);
      if (!t.blobs.includes(ref.column) || t.key.length !== 1) throw notFound();
      rows = (await this.m.query(
        `SELECT substring(${q(ref.column)} FROM $3 FOR $4) AS d, octet_length(${q(ref.column)})::int AS n
           FROM ${q(t.name)} WHERE ${q(t.key[0]!.name)}::text = $1 AND ${q(t.owner)} = $2 AND ${q(ref.column)} IS NOT NULL`,
        [ref.id, companyId, offset + 1, DATA_EXPORT_CHUNK_BYTES],
      )) as Array<{ d: Buffer; n: number }>;
    }
    const row = rows[0];
    if (!row) throw notFound();
    return { data: row.d.toString('base64'), size: row.n, bytes: row.d };
  }
}

type FilePage = Array<{ cursor: string; file: DataExportFiles['files'][number] }>;

function parseCursor(cursor: string): [number, string | null] {
  try {
    const value = JSON.parse(cursor) as unknown;
    if (Array.isArray(value) && typeof value[0] === 'number' && (value[1] === null || typeof value[1] === 'string')) {
      return [value[0], value[1] as string | null];
    }
  } catch {
    // answered below
  }
  throw badReference();
}

function parseRef(ref: string): FileRef {
  try {
    const value = JSON.parse(ref) as FileRef;
    if (value.kind === 'stored' && typeof value.key === 'string') return value;
    if (value.kind === 'column' && [value.table, value.column, value.id].every((x) => typeof x === 'string')) {
      return value;
    }
  } catch {
    // answered below
  }
  throw badReference();
}
