/**
 * A WHERE clause built from a fixed base condition plus optional filters, with every value as a
 * parameter (`$n`), never as text. Column names and condition SQL are trusted constants of the
 * repository; only values come from the request.
 *
 *   const where = sqlWhere('e.company_id = $1 AND e.deleted_at IS NULL', [scope.companyId])
 *     .eq('e.status', filter.status)
 *     .when(filter.search && `%${escapeLike(filter.search)}%`, (p) => `(e.title ILIKE ${p} OR e.number ILIKE ${p})`);
 *   await rows(manager, `SELECT … WHERE ${where.sql} ORDER BY …`, where.params);
 */
export class SqlWhere {
  private readonly conditions: string[];
  readonly params: unknown[];

  constructor(base: string, params: readonly unknown[] = []) {
    this.conditions = [base];
    this.params = [...params];
  }

  /** The conditions joined with AND (without the WHERE keyword). */
  get sql(): string {
    return this.conditions.join(' AND ');
  }

  /** `column = $n`, only when a value is given (undefined, null and '' add nothing). */
  eq(column: string, value: unknown): this {
    return this.when(value, (p) => `${column} = ${p}`);
  }

  /** Any condition over ONE new parameter (`p` may be used several times), only when a value is given. */
  when(value: unknown, condition: (param: string) => string): this {
    if (value === undefined || value === null || value === '') return this;
    this.params.push(value);
    this.conditions.push(condition(`$${this.params.length}`));
    return this;
  }
}

export function sqlWhere(base: string, params: readonly unknown[] = []): SqlWhere {
  return new SqlWhere(base, params);
}
