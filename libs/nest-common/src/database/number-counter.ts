import type { EntityManager } from 'typeorm';
import { one } from './sql.js';

/**
 * Next free generated number (K-0001, P-2026-001, A-2026-0001 …) of a company, from the service's
 * `number_counters` table (company_id, kind, last_value). The counter row is locked by the upsert
 * until the caller's transaction ends, so concurrent creations get distinct numbers; numbers that
 * are taken (e.g. typed in by hand) are skipped. The unique index on the target column is the
 * final guard.
 */
export async function nextFreeNumber(
  manager: EntityManager,
  companyId: string,
  kind: string,
  format: (n: number) => string,
  isTaken: (candidate: string) => Promise<boolean>,
): Promise<string> {
  for (;;) {
    const row = await one<{ last_value: number }>(
      manager,
      `INSERT INTO number_counters (company_id, kind, last_value) VALUES ($1, $2, 1)
       ON CONFLICT (company_id, kind) DO UPDATE SET last_value = number_counters.last_value + 1
       RETURNING last_value`,
      [companyId, kind],
    );
    const candidate = format(row!.last_value);
    if (!(await isTaken(candidate))) return candidate;
  }
}
