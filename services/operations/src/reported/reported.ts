import { one } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { OperationsError } from '../common/operations.errors.js';

const NOUN = {
  time_entries: 'Dieser Zeiteintrag',
  material_usages: 'Dieser Materialverbrauch',
} as const;

/**
 * 409 when the record is part of a signed work report (marked by `billing.report.signed`): it was
 * billed (or will be), so it can no longer be edited or deleted. The German text names the report.
 * Call after the row was read FOR UPDATE in the same transaction.
 */
export async function assertNotReported(
  m: EntityManager,
  table: keyof typeof NOUN,
  companyId: string,
  id: string,
): Promise<void> {
  const row = await one<{ reported_report_number: string | null }>(
    m,
    `SELECT reported_report_number FROM ${table} WHERE company_id = $1 AND id = $2`,
    [companyId, id],
  );
  if (row?.reported_report_number) {
    throw new OperationsError(
      'record_reported',
      `${NOUN[table]} ist im unterschriebenen Rapport ${row.reported_report_number} enthalten und kann nicht mehr geändert oder gelöscht werden.`,
      409,
    );
  }
}
