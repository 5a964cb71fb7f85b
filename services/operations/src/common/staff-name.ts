import { one, type TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';

/** Display name of a staff member from the local directory ('Unbekannter Benutzer' until known). */
export async function staffName(manager: EntityManager, scope: TenantScope, userId: string): Promise<string> {
  const row = await one<{ name: string }>(
    manager,
    `SELECT trim(first_name || ' ' || last_name) AS name FROM staff WHERE id = $1 AND company_id = $2`,
    [userId, scope.companyId],
  );
  return row?.name || 'Unbekannter Benutzer';
}
