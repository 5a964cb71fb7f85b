import { Global, Injectable, Module } from '@nestjs/common';
import type { AccessTokenClaims } from '@zunft/contracts';
import { USER_STATUS_CHECK, issuedBefore, type UserStatus, type UserStatusCheck } from '@zunft/nest-common';
import { DataSource } from 'typeorm';

/**
 * The JWT guard's user status hook for the auth service itself. Auth owns the users table, so
 * here a user who no longer exists, is deleted or is deactivated is refused at once (the other
 * services only block users their directory knows), and a token whose role is no longer the
 * user's is sent to refresh. One primary-key read per request, no cache.
 */
@Injectable()
export class AuthUserStatusCheck implements UserStatusCheck {
  constructor(private readonly dataSource: DataSource) {}

  async check(claims: AccessTokenClaims): Promise<UserStatus> {
    const rows: {
      is_active: boolean;
      deleted_at: Date | null;
      role: string;
      sessions_valid_after: Date | null;
    }[] = await this.dataSource.query(
      'SELECT is_active, deleted_at, role, sessions_valid_after FROM users WHERE id = $1 AND company_id = $2',
      [claims.userId, claims.companyId],
    );
    const user = rows[0];
    if (!user || !user.is_active || user.deleted_at !== null) return 'blocked';
    // Logout, password change or deactivation after the token was issued.
    if (issuedBefore(claims, user.sessions_valid_after)) return 'revoked';
    // Auth owns the role: a token carrying another one is outdated (a refresh issues the current).
    return user.role === claims.role ? 'ok' : 'role_changed';
  }
}

@Global()
@Module({
  providers: [AuthUserStatusCheck, { provide: USER_STATUS_CHECK, useExisting: AuthUserStatusCheck }],
  exports: [USER_STATUS_CHECK],
})
export class UserStatusModule {}
