import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import { RefreshTokenEntity } from './refresh-token.entity.js';

/**
 * Refresh tokens are looked up by their hash (the token itself identifies the user, so these
 * queries are not tenant-scoped); revocations are by user or family.
 */
@Injectable()
export class RefreshTokensRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(m?: EntityManager) {
    return (m ?? this.dataSource.manager).getRepository(RefreshTokenEntity);
  }

  async insert(
    m: EntityManager,
    row: Omit<RefreshTokenEntity, 'id' | 'createdAt' | 'user' | 'revokedAt' | 'replacedById'>,
  ) {
    return this.repo(m).save(this.repo(m).create({ ...row, revokedAt: null, replacedById: null }));
  }

  findByHash(tokenHash: string) {
    return this.repo().findOneBy({ tokenHash });
  }

  /** Locks the row, so two refreshes with the same token cannot both rotate it. */
  findByHashForUpdate(m: EntityManager, tokenHash: string) {
    return this.repo(m)
      .createQueryBuilder('t')
      .setLock('pessimistic_write')
      .where('t.token_hash = :tokenHash', { tokenHash })
      .getOne();
  }

  /** Locks the family's live (unrevoked, unexpired) tokens, so revocations wait; answers their number. */
  async lockLiveInFamily(m: EntityManager, familyId: string, now: Date): Promise<number> {
    const live = await this.repo(m)
      .createQueryBuilder('t')
      .setLock('pessimistic_write')
      .where('t.family_id = :familyId', { familyId })
      .andWhere('t.revoked_at IS NULL')
      .andWhere('t.expires_at > :now', { now })
      .getMany();
    return live.length;
  }

  async markRotated(m: EntityManager, id: string, replacedById: string, at: Date) {
    await this.repo(m).update({ id }, { revokedAt: at, replacedById });
  }

  async revoke(m: EntityManager, id: string, at: Date) {
    await this.repo(m).update({ id, revokedAt: IsNull() }, { revokedAt: at });
  }

  async revokeFamily(m: EntityManager, familyId: string, at: Date) {
    await this.repo(m).update({ familyId, revokedAt: IsNull() }, { revokedAt: at });
  }

  async revokeAllForUser(m: EntityManager, userId: string, at: Date) {
    await this.repo(m).update({ userId, revokedAt: IsNull() }, { revokedAt: at });
  }
}
