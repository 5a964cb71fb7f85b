import { describe, expect, it } from '@jest/globals';
import { sqlWhere } from './sql-filter.js';

describe('sqlWhere', () => {
  it('keeps the base condition and its parameters', () => {
    const where = sqlWhere('t.company_id = $1', ['c1']);
    expect(where.sql).toBe('t.company_id = $1');
    expect(where.params).toEqual(['c1']);
  });

  it('adds equality filters with the next parameter numbers, skipping empty values', () => {
    const where = sqlWhere('t.company_id = $1 AND ($2::uuid IS NULL OR t.user_id = $2)', ['c1', null])
      .eq('t.status', 'pending')
      .eq('t.project_id', undefined)
      .eq('t.kind', '')
      .eq('t.user_id', 'u1');
    expect(where.sql).toBe(
      't.company_id = $1 AND ($2::uuid IS NULL OR t.user_id = $2) AND t.status = $3 AND t.user_id = $4',
    );
    expect(where.params).toEqual(['c1', null, 'pending', 'u1']);
  });

  it('uses one parameter for a condition that names it several times; values never enter the SQL', () => {
    const evil = "%'; DROP TABLE t; --%";
    const where = sqlWhere('t.company_id = $1', ['c1']).when(evil, (p) => `(t.a ILIKE ${p} OR t.b ILIKE ${p})`);
    expect(where.sql).toBe('t.company_id = $1 AND (t.a ILIKE $2 OR t.b ILIKE $2)');
    expect(where.params).toEqual(['c1', evil]);
  });

  it('does not share parameters between two builders with the same base params', () => {
    const base = ['c1'];
    sqlWhere('x = $1', base).eq('y', 1);
    expect(base).toEqual(['c1']);
  });
});
