import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { UserInvitationEntity } from './user-invitation.entity.js';

export type NewInvitation = Pick<UserInvitationEntity, 'companyId' | 'email' | 'role' | 'invitedBy' | 'expiresAt'>;

/** `user_invitations` (issue 26): scoped by company except the lookup by the link's token hash. */
@Injectable()
export class InvitationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(m?: EntityManager) {
    return (m ?? this.dataSource.manager).getRepository(UserInvitationEntity);
  }

  async insert(m: EntityManager, invitation: NewInvitation): Promise<UserInvitationEntity> {
    return this.repo(m).save(this.repo(m).create({ ...invitation, tokenHash: null }));
  }

  /** The company's invitations, newest first (at most 200: a company invites a handful). */
  list(companyId: string): Promise<UserInvitationEntity[]> {
    return this.repo().find({ where: { companyId }, order: { createdAt: 'DESC' }, take: 200 });
  }

  findForUpdate(m: EntityManager, companyId: string, id: string): Promise<UserInvitationEntity | null> {
    return this.repo(m)
      .createQueryBuilder('i')
      .setLock('pessimistic_write')
      .where('i.id = :id AND i.company_id = :companyId', { id, companyId })
      .getOne();
  }

  findByTokenHash(tokenHash: string, m?: EntityManager): Promise<UserInvitationEntity | null> {
    const qb = this.repo(m).createQueryBuilder('i').where('i.token_hash = :tokenHash', { tokenHash });
    if (m) qb.setLock('pessimistic_write');
    return qb.getOne();
  }

  async update(
    m: EntityManager,
    id: string,
    patch: Partial<Pick<UserInvitationEntity, 'tokenHash' | 'acceptedAt' | 'acceptedUserId' | 'revokedAt'>>,
  ): Promise<void> {
    await this.repo(m).update({ id }, patch);
  }
}
