import { Injectable } from '@nestjs/common';
import type { OperationsUserDependencies } from '@zunft/contracts';
import { one, type TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';

/**
 * How many of a user's records the anonymisation on `auth.user.deleted` touches
 * (`DirectoryRepository.anonymise` renames exactly these rows: same tables, same filter).
 */
@Injectable()
export class UserDependenciesRepository {
  async count(manager: EntityManager, scope: TenantScope, userId: string): Promise<OperationsUserDependencies> {
    const row = await one<OperationsUserDependencies>(
      manager,
      `SELECT (SELECT count(*)::int FROM time_entries WHERE company_id = $1 AND user_id = $2) AS time_entries,
              (SELECT count(*)::int FROM expenses WHERE company_id = $1 AND user_id = $2) AS expenses,
              (SELECT count(*)::int FROM material_usages WHERE company_id = $1 AND user_id = $2) AS material_usage`,
      [scope.companyId, userId],
    );
    return row!;
  }
}
