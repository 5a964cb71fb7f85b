import type { EntityManager } from 'typeorm';
import { rows } from './sql.js';

/*
 * SQL shared by the services' closed-company retention (issue 26): once a closed company has no
 * business record left (kept 10 years, OR art. 958f para. 1), each service removes the rest of its rows.
 * Repositories only; the caller runs them in its daily task's transaction.
 */

/** Notes the company closed at `closedAt` (auth's event); a redelivered event keeps the first date. */
export async function markCompanyClosed(manager: EntityManager, companyId: string, closedAt: string): Promise<void> {
  await manager.query(
    `INSERT INTO retention_closed_companies (company_id, closed_at) VALUES ($1, $2)
     ON CONFLICT (company_id) DO NOTHING`,
    [companyId, closedAt],
  );
}

/** Whether any of `recordTables` still holds a row of the company. */
export async function companyRecordsLeft(
  manager: EntityManager,
  companyId: string,
  recordTables: readonly string[],
): Promise<boolean> {
  const left = await rows<{ left: boolean }>(
    manager,
    `SELECT ${recordTables.map((t) => `EXISTS (SELECT 1 FROM ${t} WHERE company_id = $1)`).join(' OR ')} AS left`,
    [companyId],
  );
  return left[0]?.left ?? false;
}

/**
 * The final sweep: deletes the company's rows from every table of the schema with a `company_id`
 * column (found in the schema, so a later migration's table goes too) but `notSwept`, then records
 * the removal in `retention_closed_companies`.
 */
export async function sweepClosedCompany(
  manager: EntityManager,
  companyId: string,
  notSwept: ReadonlySet<string>,
): Promise<void> {
  const tables = await rows<{ table_name: string }>(
    manager,
    `SELECT c.table_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND c.column_name = 'company_id' AND t.table_type = 'BASE TABLE'
      ORDER BY c.table_name`,
  );
  for (const { table_name } of tables) {
    if (!notSwept.has(table_name)) {
      await manager.query(`DELETE FROM "${table_name}" WHERE company_id = $1`, [companyId]);
    }
  }
  await manager.query(`UPDATE retention_closed_companies SET removed_at = now() WHERE company_id = $1`, [companyId]);
}
