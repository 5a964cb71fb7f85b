import { INVALID_CURSOR_MESSAGE, isRealIsoDate } from '@zunft/contracts';
import { DomainError } from '../errors/domain.error.js';
import type { EntityManager } from 'typeorm';
import { rows } from '../database/sql.js';
import { sqlWhere, type SqlWhere } from '../database/sql-filter.js';
import type { ListTotals } from './list-totals.js';

/*
 * Keyset (cursor) pagination for list endpoints, and page/pageSize on the same order.
 *
 * Repositories do not call it directly: `pagedList` (paged-list.ts) wraps a keyset with the list's
 * rows' source, its total (ListTotals) and their invalidation, and answers a list call in one line.
 *
 * The cursor is opaque to clients: base64url of {"l": list, "k": [sort key values…, id]}. It names
 * only a position in the order; the WHERE keeps the company filter, so a cursor taken from another
 * company's list yields only the caller's own rows. A cursor that does not decode, belongs to
 * another list, or carries malformed values is a German 400 (`invalid_cursor`), never a 500.
 * Key columns must be NOT NULL and ordered in one direction (the index order).
 *
 * Deep pages by number (`page=1000`): `OFFSET` would walk every row before the page. With an
 * `AnchorScope` (the service's ListTotals and the company) the keyset keeps the key of every
 * 500th row of a (list, filter) — found once with one index walk that stops at the row needed —
 * and reads the page as "after the nearest anchor, OFFSET < 500". The anchors are dropped with
 * the list's totals (every write of the list in that company) and after 10 s, so a page by number
 * shows exactly what OFFSET would.
 */

/** Every how many rows a deep page anchor is kept. */
export const ANCHOR_EVERY = 500;
const ANCHOR_TTL_MS = 10_000;
const MAX_ANCHOR_LISTS = 2_000;

/** Lets `fetch` keep anchors for deep pages by number (see above). */
export interface AnchorScope {
  totals: ListTotals;
  companyId: string;
}

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

/** The keys of rows ANCHOR_EVERY, 2·ANCHOR_EVERY, … of one filtered list. */
interface AnchorEntry {
  keys: string[][];
  complete: boolean;
  generation: number;
  expires: number;
}

export class Keyset {
  /** (filter → keys of rows ANCHOR_EVERY, 2·ANCHOR_EVERY, …) for deep pages by number. */
  private readonly anchors = new Map<string, AnchorEntry>();
  /** Anchor walks under way: concurrent calls needing the same one wait for it. */
  private readonly walking = new Map<string, Promise<AnchorEntry>>();

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
    return this.after(copy, this.decode(cursor));
  }

  /** `where` plus "rows after the row with these key values" (a new SqlWhere). */
  private after(where: SqlWhere, keys: string[]): SqlWhere {
    const copy = sqlWhere(where.sql, where.params);
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
    return this.limit(query.pageSize, this.offsetOf(query));
  }

  private offsetOf(query: PageQuery): number {
    const size = Math.trunc(query.pageSize);
    const page = Math.trunc(query.page);
    if (!(size >= 1) || !(page >= 1)) throw new Error('keyset: page and pageSize must be positive integers');
    return query.cursor ? 0 : (page - 1) * size;
  }

  private limit(pageSize: number, offset: number): string {
    const size = Math.trunc(pageSize);
    const skip = Math.trunc(offset);
    return `LIMIT ${size + 1}${skip > 0 ? ` OFFSET ${skip}` : ''}`;
  }

  /**
   * The key of row `ANCHOR_EVERY · n` (1-based) for the largest n ≤ `wanted` the list has, and n;
   * null when the list has fewer rows than one anchor. Kept per filter; dropped when the list's
   * generation in ListTotals moves (a write) or after ANCHOR_TTL_MS.
   */
  private async anchor(
    manager: EntityManager,
    table: string,
    where: SqlWhere,
    wanted: number,
    scope: AnchorScope,
  ): Promise<{ keys: string[]; index: number } | null> {
    const key = `${where.sql}|${JSON.stringify(where.params)}`;
    const generation = scope.totals.generation(scope.companyId, this.list);
    const now = Date.now();
    let entry = this.anchors.get(key);
    if (!entry || entry.generation !== generation || entry.expires <= now) {
      entry = { keys: [], complete: false, generation, expires: now + ANCHOR_TTL_MS };
    }
    if (entry.keys.length < wanted && !entry.complete) {
      // Concurrent calls that need the same walk (same filter, generation and depth) wait for one.
      const flight = `${key}|${generation}|${wanted}`;
      let walk = this.walking.get(flight);
      if (!walk) {
        walk = this.walkAnchors(manager, table, where, wanted, scope, key, entry).finally(() =>
          this.walking.delete(flight),
        );
        this.walking.set(flight, walk);
      }
      entry = await walk;
    }
    const index = Math.min(wanted, entry.keys.length);
    return index > 0 ? { keys: entry.keys[index - 1]!, index } : null;
  }

  /** Reads the anchors up to `wanted` into `entry` and keeps it when no write happened meanwhile. */
  private async walkAnchors(
    manager: EntityManager,
    table: string,
    where: SqlWhere,
    wanted: number,
    scope: AnchorScope,
    key: string,
    entry: AnchorEntry,
  ): Promise<AnchorEntry> {
    const generation = entry.generation;
    const id = this.columns[this.columns.length - 1]!.sql;
    // One walk of the index in list order that stops at the wanted anchor; only the anchor rows'
    // keys are turned into text.
    const found = await rows<CursorKeys>(
      manager,
      `SELECT ${this.selectKeys} FROM ${table}
       WHERE ${id} IN (
         SELECT a.anchor_id FROM (
           SELECT ${id} AS anchor_id, row_number() OVER (ORDER BY ${this.orderBy}) AS anchor_rn
           FROM ${table} WHERE ${where.sql}
         ) a WHERE a.anchor_rn % ${ANCHOR_EVERY} = 0 LIMIT ${Math.trunc(wanted)})
       ORDER BY ${this.orderBy}`,
      where.params,
    );
    const walked: AnchorEntry = {
      ...entry,
      keys: found.map((row) => this.columns.map((_, i) => String(row[`cursor_k${i}`]))),
      complete: found.length < wanted,
    };
    if (scope.totals.generation(scope.companyId, this.list) === generation) {
      if (this.anchors.size >= MAX_ANCHOR_LISTS) this.anchors.clear();
      const kept = this.anchors.get(key);
      // A shorter walk that ends after a longer one of the same generation does not shrink it.
      if (!kept || kept.generation !== generation || kept.keys.length <= walked.keys.length) {
        this.anchors.set(key, walked);
      }
    }
    return walked;
  }

  /**
   * One page: the ids are picked on the index alone (`table` + `where` + cursor, ORDER BY, LIMIT,
   * OFFSET only by page number, from the nearest anchor when `anchors` is given), then only their
   * rows are read with `columns` from `from`.
   */
  async fetch<Row extends object>(
    manager: EntityManager,
    sql: { columns: string; from: string; table: string },
    where: SqlWhere,
    query: PageQuery,
    anchors?: AnchorScope,
  ): Promise<{ rows: Row[]; nextCursor: string | null; total: number | null }> {
    let paged = this.where(where, query.cursor);
    let offset = this.offsetOf(query);
    if (anchors && offset >= ANCHOR_EVERY) {
      const anchor = await this.anchor(manager, sql.table, where, Math.floor(offset / ANCHOR_EVERY), anchors);
      if (anchor) {
        paged = this.after(where, anchor.keys);
        offset -= anchor.index * ANCHOR_EVERY;
      }
    }
    const id = this.columns[this.columns.length - 1]!.sql;
    const found = await rows<Row & CursorKeys>(
      manager,
      `SELECT ${sql.columns}, ${this.selectKeys} FROM ${sql.from}
       WHERE ${id} IN (SELECT ${id} FROM ${sql.table} WHERE ${paged.sql} ORDER BY ${this.orderBy} ${this.limit(query.pageSize, offset)})
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
    // A new object without the key columns (deleting them from a copy would make every row a
    // slow dictionary-mode object for the mapping and JSON that follow).
    const stripped = pageRows.map((r) => {
      const copy: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(r)) if (!name.startsWith('cursor_k')) copy[name] = value;
      return copy as Omit<T, keyof CursorKeys>;
    });
    return { rows: stripped, nextCursor, total };
  }
}

/** A list's order: key columns in index order, the unique id last. */
export function keyset(list: string, direction: 'asc' | 'desc', columns: readonly KeyColumn[]): Keyset {
  return new Keyset(list, direction, columns);
}
