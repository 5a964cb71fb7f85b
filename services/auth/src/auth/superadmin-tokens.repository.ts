import { Injectable } from '@nestjs/common';
import type { TenantScope } from '@zunft/nest-common';
import { DataSource, type EntityManager } from 'typeorm';
import { SuperAdminTokenEntity } from './superadmin-token.entity.js';

@Injectable()
export class SuperAdminTokensRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(m?: EntityManager) {
    return (m ?? this.dataSource.manager).getRepository(SuperAdminTokenEntity);
  }

  async insert(scope: TenantScope, row: { userId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
    await this.repo().insert({ ...row, companyId: scope.companyId, usedAt: null });
  }

  /** The token identifies the tenant; locked so it can be used once only. */
  findByHashForUpdate(m: EntityManager, tokenHash: string): Promise<SuperAdminTokenEntity | null> {
    return this.repo(m)
      .createQueryBuilder('t')
      .setLock('pessimistic_write')
      .where('t.token_hash = :tokenHash', { tokenHash })
      .getOne();
  }

  async markUsed(m: EntityManager, id: string, at: Date): Promise<void> {
    await this.repo(m).update({ id }, { usedAt: at });
  }
}
