import { Injectable } from '@nestjs/common';
import type { AccessTokenClaims } from '@zunft/contracts';
import { DataSource } from 'typeorm';
import { one } from '../database/sql.js';
import { staffStatus, type UserStatus, type UserStatusCheck } from './user-status.js';

/**
 * The JWT guard's user status hook (`USER_STATUS_CHECK`) for a service that keeps a copy of the
 * staff from auth's events in a `staff` table (id, company_id, role, is_active, deleted_at,
 * updated_at): a deactivated or deleted user's token is refused at once instead of working until
 * it expires, and one whose role the copy saw change after the token was issued is sent to
 * refresh it. No cache: one primary-key read, and a cache would reopen the window it closes.
 */
@Injectable()
export class StaffTableStatusCheck implements UserStatusCheck {
  constructor(private readonly dataSource: DataSource) {}

  async check(claims: AccessTokenClaims): Promise<UserStatus> {
    const row = await one<{ role: string; is_active: boolean; deleted_at: Date | null; updated_at: Date }>(
      this.dataSource.manager,
      `SELECT role, is_active, deleted_at, updated_at FROM staff WHERE id = $1 AND company_id = $2`,
      [claims.userId, claims.companyId],
    );
    return staffStatus(row, claims);
  }
}
