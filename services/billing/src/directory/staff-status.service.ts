import { Injectable } from '@nestjs/common';
import type { AccessTokenClaims } from '@zunft/contracts';
import { staffStatus, type UserStatus, type UserStatusCheck } from '@zunft/nest-common';
import { DataSource } from 'typeorm';
import { DirectoryRepository } from './directory.repository.js';

/**
 * The JWT guard's user status hook (`USER_STATUS_CHECK`): a token of a user the staff directory
 * knows as deactivated or deleted is refused at once instead of working until it expires, and one
 * whose role the directory saw change after the token was issued is sent to refresh it.
 * No cache: the lookup is one primary-key read, and a cache would reopen the window it closes.
 */
@Injectable()
export class StaffStatusService implements UserStatusCheck {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: DirectoryRepository,
  ) {}

  async check(claims: AccessTokenClaims): Promise<UserStatus> {
    return staffStatus(
      await this.repo.staffStatusRow(this.dataSource.manager, claims.companyId, claims.userId),
      claims,
    );
  }
}
