import { one } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';

/**
 * Who holds a client-chosen record id (idempotent creates): nobody, the caller (a repeated save of
 * the same record), or someone else (409, and nothing of that row is told).
 */
export type ClientIdHolder = 'free' | 'own' | 'taken';

/**
 * The holder of `id` in `table`. Deliberately not scoped by company: ids are unique across
 * companies, so a foreign row must block the id. Only the verdict leaves here, never the row.
 * `extraOwnCondition` narrows "own" further (e.g. only manual time entries, not the timer's).
 */
export async function clientIdHolder(
  manager: EntityManager,
  table: 'expenses' | 'material_usages' | 'time_entries',
  ids: { id: string; companyId: string; userId: string },
  extraOwnCondition = 'true',
): Promise<ClientIdHolder> {
  const row = await one<{ own: boolean }>(
    manager,
    `SELECT coalesce(company_id = $2 AND user_id = $3 AND ${extraOwnCondition}, false) AS own FROM ${table} WHERE id = $1`,
    [ids.id, ids.companyId, ids.userId],
  );
  if (!row) return 'free';
  return row.own ? 'own' : 'taken';
}
