import type { EntityManager } from 'typeorm';

/** Runs SQL and returns typed rows (repositories only). */
export async function rows<T>(manager: EntityManager, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await manager.query(sql, params)) as T[];
}

export async function one<T>(manager: EntityManager, sql: string, params: unknown[] = []): Promise<T | null> {
  const result = await rows<T>(manager, sql, params);
  return result[0] ?? null;
}

/** UPDATE/DELETE through manager.query: pg returns [rows, affected count]. */
export async function affected(manager: EntityManager, sql: string, params: unknown[] = []): Promise<number> {
  const result = (await manager.query(sql, params)) as [unknown[], number];
  return result[1];
}

export const iso = (d: Date | string | null): string | null =>
  d === null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString();
export const num = (v: string | number | null): number | null => (v === null ? null : Number(v));

/** UPDATE/DELETE … RETURNING through manager.query: the returned rows. */
export async function changed<T>(manager: EntityManager, sql: string, params: unknown[] = []): Promise<T[]> {
  const result = (await manager.query(sql, params)) as [T[], number];
  return result[0];
}
