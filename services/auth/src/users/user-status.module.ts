import { Global, Injectable, Module } from '@nestjs/common';
import { USER_STATUS_CHECK, type UserStatusCheck } from '@zunft/nest-common';
import { DataSource } from 'typeorm';

/**
 * The JWT guard's user status hook for the auth service itself. Auth owns the users table, so
 * here a user who no longer exists, is deleted or is deactivated is refused at once (the other
 * services only block users their directory knows). One primary-key read per request, no cache.
 */
@Injectable()
export class AuthUserStatusCheck implements UserStatusCheck {
  constructor(private readonly dataSource: DataSource) {}

  async isBlocked(companyId: string, userId: string): Promise<boolean> {
    const rows: { is_active: boolean; deleted_at: Date | null }[] = await this.dataSource.query(
      'SELECT is_active, deleted_at FROM users WHERE id = $1 AND company_id = $2',
      [userId, companyId],
    );
    const user = rows[0];
    return !user || !user.is_active || user.deleted_at !== null;
  }
}

@Global()
@Module({
  providers: [AuthUserStatusCheck, { provide: USER_STATUS_CHECK, useExisting: AuthUserStatusCheck }],
  exports: [USER_STATUS_CHECK],
})
export class UserStatusModule {}
