import { INVALID_CURSOR_MESSAGE, isRealIsoDate } from '@zunft/contracts';
import { DomainError } from '../errors/domain.error.js';
import type { EntityManager } from 'typeorm';
import { rows } from '../database/sql.js';
import { sqlWhere, type SqlWhere } from '../database/sql-filter.js';

/*
 * Keyset (cursor) pagination for list endpoints, and page/pageSize on the same order.
 *
 * Usage in a repository (billing's quotes/reports/invoices the same way):
 *
 *   const ORDER = keyset('quotes', 'desc', [
 *     { sql: 'q.created_at', type: 'timestamptz' },
 *     { sql: 'q.id', type: 'uuid' },            // last column: the unique id
 *   ]);                                          // index: (company_id, created_at DESC, id DESC)
 *
 *   const where = sqlWhere('q.company_id = $1', [scope.companyId]).eq('q.status', filter.status);
 *   const page = await ORDER.fetch<QuoteRow>(manager,
 *     { columns: 'q.id, q.title, c.name AS customer_name', table: 'quotes q',
 *       from: 'quotes q JOIN customers c ON c.id = q.customer_id' },
 *     where, query);                             // query: { page, pageSize, cursor }; bad cursor: German 400
 *   const total = page.total ?? (await listTotals.get(scope.companyId, 'quotes', filter,
 *     async () => Number((await one<{ n: string }>(manager, `SELECT count(*) AS n FROM quotes q WHERE ${where.sql}`, where.params))!.n)));
 *   return { items: page.rows.map(toDto), total, page: query.page, pageSize: query.pageSize, nextCursor: page.nextCursor };
 *
 *   // and in every write that adds, removes or re-filters rows of the list:
 *   listTotals.invalidate(manager, scope.companyId, 'quotes');   // (a ListTotals per service process)
 *
 * The cursor is opaque to clients: base64url of {"l": list, "k": [sort key values…, id]}. It names
 * only a position in the order; the WHERE keeps the company filter, so a cursor taken from another
 * company's list yields only the caller's own rows. A cursor that does not decode, belongs to
 * another list, or carries malformed values is a German 400 (`invalid_cursor`), never a 500.
 * Key columns must be NOT NULL and ordered in one direction (the index order).
 */

/** The validated `page`, `pageSize` and `cursor` of a list call. */
export interface PageQuery {
  page: number;
  pageSize: number;
  cursor?: string | null;
}

export type KeyType = 'timestamptz' | 'date' | 'text' | 'uuid';

export interface KeyColumn {
  /** A trusted SQL expression of the repository, e.g. `te.start_time`. */
  sql: string;
  type: KeyType;
}

/** The selected key columns of a row (`cursor_k0`, `cursor_k1`, …), as text. */
export type CursorKeys = Record<`cursor_k${number}`, string>;

export const invalidCursor = () => new DomainError('invalid_cursor', INVALID_CURSOR_MESSAGE, 400);

const MAX_CURSOR_LENGTH = 2048;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;

function validKey(type: KeyType, v: unknown): v is string {
  if (typeof v !== 'string') return false;
  switch (type) {
    case 'uuid':
      return UUID.test(v);
    case 'date':
      return isRealIsoDate(v);
    case 'timestamptz': {
      const m = TIMESTAMP.exec(v);
      return !!m && isRealIsoDate(m[1]!) && Number(m[2]) < 24 && Number(m[3]) < 60 && Number(m[4]) < 60;
    }
    case 'text':
      return v.length <= 1000 && !v.includes('\u0000');
  }
}

/** How a key column is selected as exact text (microseconds kept, independent of the session zone). */
function keyText(c: KeyColumn): string {
  switch (c.type) {
    case 'timestamptz':
      return `to_char(${c.sql} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
    case 'date':
      return `to_char(${c.sql}, 'YYYY-MM-DD')`;
    default:
      return `${c.sql}::text`;
  }
}

export class Keyset {
  constructor(
    readonly list: string,
    readonly direction: 'asc' | 'desc',
    readonly columns: readonly KeyColumn[],
  ) {
    if (columns.length === 0) throw new Error('keyset: at least one key column (the id)');
  }

  /** `ORDER BY` body, e.g. `te.start_time DESC, te.id DESC`. */
  get orderBy(): string {
    const dir = this.direction === 'desc' ? 'DESC' : 'ASC';
    return this.columns.map((c) => `${c.sql} ${dir}`).join(', ');
  }

  /** Extra select list entries that carry the row's cursor (`…, cursor_k0, cursor_k1`). */
  get selectKeys(): string {
    return this.columns.map((c, i) => `${keyText(c)} AS cursor_k${i}`).join(', ');
  }

  /** The key values of an opaque cursor; throws the German 400 when it is not one of this list. */
  decode(cursor: string): string[] {
    if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalidCursor();
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    } catch {
      throw invalidCursor();
    }
    if (typeof parsed !== 'object' || parsed === null) throw invalidCursor();
    const { l, k } = parsed as { l?: unknown; k?: unknown };
    if (l !== this.list || !Array.isArray(k) || k.length !== this.columns.length) throw invalidCursor();
    if (!k.every((v, i) => validKey(this.columns[i]!.type, v))) throw invalidCursor();
    return k as string[];
  }

  encode(keys: readonly string[]): string {
    return Buffer.from(JSON.stringify({ l: this.list, k: keys }), 'utf8').toString('base64url');
  }

  /**
   * A copy of `where` plus "rows after the cursor" (one text[] parameter, compared as a row so the
   * (company_id, keys…) index is walked from that position). `where` itself stays as it was (for
   * the total). No cursor: an unchanged copy.
   */
  where(where: SqlWhere, cursor: string | null | undefined): SqlWhere {
    const copy = sqlWhere(where.sql, where.params);
    if (cursor === undefined || cursor === null || cursor === '') return copy;
    const keys = this.decode(cursor);
    const op = this.direction === 'desc' ? '<' : '>';
    return copy.when(keys, (p) => {
      const values = this.columns.map((c, i) => `(${p}::text[])[${i + 1}]::${c.type}`);
      return `(${this.columns.map((c) => c.sql).join(', ')}) ${op} (${values.join(', ')})`;
    });
  }

  /**
   * `LIMIT n+1 [OFFSET m]` as literal integers (validated numbers, never request text): one row
   * more than the page tells whether a next page exists. With a cursor the offset is ignored.
   */
  limitOffset(query: PageQuery): string {
    const size = Math.trunc(query.pageSize);
    const page = Math.trunc(query.page);
    if (!(size >= 1) || !(page >= 1)) throw new Error('keyset: page and pageSize must be positive integers');
    const offset = query.cursor ? 0 : (page - 1) * size;
    return `LIMIT ${size + 1}${offset > 0 ? ` OFFSET ${offset}` : ''}`;
  }

  /**
   * One page: the ids are picked on the index alone (`table` + `where` + cursor, ORDER BY, LIMIT,
   * OFFSET only by page number), then only their rows are read with `columns` from `from`.
   */
  async fetch<Row extends object>(
    manager: EntityManager,
    sql: { columns: string; from: string; table: string },
    where: SqlWhere,
    query: PageQuery,
  ): Promise<{ rows: Row[]; nextCursor: string | null; total: number | null }> {
    const paged = this.where(where, query.cursor);
    const id = this.columns[this.columns.length - 1]!.sql;
    const found = await rows<Row & CursorKeys>(
      manager,
      `SELECT ${sql.columns}, ${this.selectKeys} FROM ${sql.from}
       WHERE ${id} IN (SELECT ${id} FROM ${sql.table} WHERE ${paged.sql} ORDER BY ${this.orderBy} ${this.limitOffset(query)})
       ORDER BY ${this.orderBy}`,
      paged.params,
    );
    const page = this.page(found, query);
    return { ...page, rows: page.rows as Row[] };
  }

  /**
   * The page's rows without their key columns, the cursor after its last row (null: no more rows)
   * and the total when the page itself tells it (the last page reached by page number, e.g. any
   * list shorter than one page), else null (then ask ListTotals).
   */
  page<T extends object>(
    found: readonly T[],
    query: PageQuery,
  ): { rows: Omit<T, keyof CursorKeys>[]; nextCursor: string | null; total: number | null } {
    const more = found.length > query.pageSize;
    const pageRows = found.slice(0, query.pageSize);
    const last = pageRows[pageRows.length - 1] as Record<string, unknown> | undefined;
    const nextCursor = more && last ? this.encode(this.columns.map((_, i) => String(last[`cursor_k${i}`]))) : null;
    const byNumber = !query.cursor;
    const total =
      byNumber && !more && (pageRows.length > 0 || query.page === 1)
        ? (query.page - 1) * query.pageSize + pageRows.length
        : null;
    const stripped = pageRows.map((r) => {
      const copy = { ...r } as Record<string, unknown>;
      for (let i = 0; i < this.columns.length; i++) delete copy[`cursor_k${i}`];
      return copy as Omit<T, keyof CursorKeys>;
    });
    return { rows: stripped, nextCursor, total };
  }
}

/** A list's order: key columns in index order, the unique id last. */
export function keyset(list: string, direction: 'asc' | 'desc', columns: readonly KeyColumn[]): Keyset {
  return new Keyset(list, direction, columns);
}
