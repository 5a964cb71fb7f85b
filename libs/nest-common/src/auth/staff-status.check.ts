import { Injectable } from '@nestjs/common';
import type { AccessTokenClaims } from '@zunft/contracts';
import { DataSource } from 'typeorm';
import { one } from '../database/sql.js';
import { staffStatus, type UserStatus, type UserStatusCheck } from './user-status.js';

type StaffStatusRow = {
  role: string;
  is_active: boolean;
  deleted_at: Date | null;
  updated_at: Date;
  sessions_valid_after: Date | null;
};

/**
 * How long a staff row read for the status check is used again for the same user (the several API
 * calls of one screen). The service's auth event consumer drops every kept row as soon as a staff
 * change has committed (`forget`), so on this instance a deactivation still blocks at once; another
 * replica of the service may let the user through for at most this long.
 */
export const STAFF_STATUS_TTL_MS = 2_000;
/** Bounds the memory: the kept rows are dropped all at once when this many users are in it. */
const MAX_KEPT = 10_000;

/**
 * The JWT guard's user status hook (`USER_STATUS_CHECK`) for a service that keeps a copy of the
 * staff from auth's events in a `staff` table (id, company_id, role, is_active, deleted_at,
 * updated_at, sessions_valid_after): a deactivated or deleted user's token is refused at once instead of working until
 * it expires, and one whose role the copy saw change after the token was issued is sent to
 * refresh it. One primary-key read per user and `STAFF_STATUS_TTL_MS` (it was one per request:
 * a second database round trip on every list call, the largest cost after the list query itself).
 */
@Injectable()
export class StaffTableStatusCheck implements UserStatusCheck {
  private readonly kept = new Map<string, { row: StaffStatusRow | null; until: number }>();
  /** Bumped by `forget`: a read that started before a staff change is not kept. */
  private generation = 0;

  constructor(private readonly dataSource: DataSource) {}

  async check(claims: AccessTokenClaims): Promise<UserStatus> {
    const key = `${claims.companyId}/${claims.userId}`;
    const hit = this.kept.get(key);
    if (hit && hit.until > Date.now()) return staffStatus(hit.row, claims);
    const generation = this.generation;
    const row = await one<StaffStatusRow>(
      this.dataSource.manager,
      `SELECT role, is_active, deleted_at, updated_at, sessions_valid_after FROM staff WHERE id = $1 AND company_id = $2`,
      [claims.userId, claims.companyId],
    );
    if (generation === this.generation) {
      if (this.kept.size >= MAX_KEPT) this.kept.clear();
      this.kept.set(key, { row, until: Date.now() + STAFF_STATUS_TTL_MS });
    }
    return staffStatus(row, claims);
  }

  /** A staff change committed (the auth event consumer): every user's row is read again. */
  forget(): void {
    this.generation += 1;
    this.kept.clear();
  }
}
