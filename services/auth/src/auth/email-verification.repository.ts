import { Injectable } from '@nestjs/common';
import { IsNull, type EntityManager } from 'typeorm';
import { CompanyEntity } from '../companies/company.entity.js';
import { UserEntity } from '../users/user.entity.js';

/** The verification columns of `companies` (issue 25): the latest link's token hash and its expiry. */
@Injectable()
export class EmailVerificationRepository {
  private companies(m: EntityManager) {
    return m.getRepository(CompanyEntity);
  }

  /** Replaces the company's link (an older one stops working); null: announced, token not drawn yet. */
  async storeToken(m: EntityManager, companyId: string, tokenHash: string | null, expiresAt: Date): Promise<void> {
    await this.companies(m).update(
      { id: companyId },
      { emailVerificationTokenHash: tokenHash, emailVerificationExpiresAt: expiresAt },
    );
  }

  /** The company whose link this is, locked for the change. */
  findByTokenForUpdate(m: EntityManager, tokenHash: string): Promise<CompanyEntity | null> {
    return this.companies(m)
      .createQueryBuilder('c')
      .setLock('pessimistic_write')
      .where('c.email_verification_token_hash = :tokenHash', { tokenHash })
      .getOne();
  }

  /** The company, locked: one new link at a time. */
  findCompanyForUpdate(m: EntityManager, companyId: string): Promise<CompanyEntity | null> {
    return this.companies(m)
      .createQueryBuilder('c')
      .setLock('pessimistic_write')
      .where('c.id = :companyId', { companyId })
      .getOne();
  }

  /** The signed-in user the new link goes to. */
  findUser(m: EntityManager, companyId: string, userId: string): Promise<UserEntity | null> {
    return m.getRepository(UserEntity).findOneBy({ id: userId, companyId, deletedAt: IsNull() });
  }

  async markVerified(m: EntityManager, companyId: string, verifiedAt: Date): Promise<void> {
    await this.companies(m).update({ id: companyId }, { emailVerifiedAt: verifiedAt });
  }
}
