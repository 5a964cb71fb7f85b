import { Injectable } from '@nestjs/common';
import type { Language } from '@zunft/contracts';
import type { TenantScope } from '@zunft/nest-common';
import { DataSource, IsNull, Not, type EntityManager } from 'typeorm';
import { UserEntity } from './user.entity.js';

export type NewUser = Pick<
  UserEntity,
  'firstName' | 'lastName' | 'email' | 'passwordHash' | 'role' | 'craftsmanCategory' | 'hourlyRate' | 'isActive'
> &
  Partial<Employment> &
  Partial<Pick<UserEntity, 'identityUserId'>>;
/** Working time (issue 24); the columns' defaults apply where absent. */
export type Employment = Pick<UserEntity, 'pensum' | 'weeklyHours' | 'holidayDaysPerYear' | 'employmentStart'>;
export type UserPatch = Partial<
  NewUser & Pick<UserEntity, 'lastLoginAt' | 'previousLoginAt' | 'deletedAt' | 'language'>
>;

/**
 * Users of a company. Deleted (anonymised) users are invisible to every scoped query. The only
 * unscoped lookups are by e-mail (login finds the tenant) and by id for a session the auth
 * service itself issued (refresh, super-admin login).
 */
@Injectable()
export class UsersRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(m?: EntityManager) {
    return (m ?? this.dataSource.manager).getRepository(UserEntity);
  }

  listForScope(scope: TenantScope): Promise<UserEntity[]> {
    return this.repo().find({
      where: { companyId: scope.companyId, deletedAt: IsNull() },
      order: { lastName: 'ASC', firstName: 'ASC', createdAt: 'ASC' },
    });
  }

  findById(scope: TenantScope, id: string, m?: EntityManager): Promise<UserEntity | null> {
    return this.repo(m).findOneBy({ id, companyId: scope.companyId, deletedAt: IsNull() });
  }

  findByIdForUpdate(scope: TenantScope, id: string, m: EntityManager): Promise<UserEntity | null> {
    return this.repo(m)
      .createQueryBuilder('u')
      .setLock('pessimistic_write')
      .where('u.id = :id AND u.company_id = :companyId AND u.deleted_at IS NULL', { id, companyId: scope.companyId })
      .getOne();
  }

  /** Login: the e-mail identifies user and tenant (the home account; a fiduciary's linked ones repeat it). */
  findByEmail(email: string, m?: EntityManager): Promise<UserEntity | null> {
    return this.repo(m)
      .createQueryBuilder('u')
      .where('lower(u.email) = lower(:email) AND u.deleted_at IS NULL AND u.identity_user_id IS NULL', { email })
      .getOne();
  }

  /** E-mails are unique across all companies among home accounts (login is by e-mail only). */
  async emailTaken(email: string, exceptUserId: string | null, m?: EntityManager): Promise<boolean> {
    const qb = this.repo(m)
      .createQueryBuilder('u')
      .where('lower(u.email) = lower(:email) AND u.deleted_at IS NULL AND u.identity_user_id IS NULL', { email });
    if (exceptUserId) qb.andWhere('u.id <> :exceptUserId', { exceptUserId });
    return (await qb.getCount()) > 0;
  }

  /** A session this service issued names the user; the token is the scope. */
  findForSession(userId: string, m?: EntityManager): Promise<UserEntity | null> {
    return this.repo(m).findOneBy({ id: userId, deletedAt: IsNull() });
  }

  /**
   * Every account of one person (issue 26): the home account `identityId` and its linked accountant
   * accounts in further companies, not deleted, with their company; oldest first.
   */
  findAccountsOfIdentity(identityId: string, m?: EntityManager): Promise<UserEntity[]> {
    return this.repo(m)
      .createQueryBuilder('u')
      .innerJoinAndSelect('u.company', 'c')
      .where('(u.id = :identityId OR u.identity_user_id = :identityId) AND u.deleted_at IS NULL', { identityId })
      .orderBy('u.identity_user_id IS NULL', 'DESC')
      .addOrderBy('c.name', 'ASC')
      .getMany();
  }

  /**
   * Whether the company has a (not deleted) account with this e-mail: a home one, or a linked one that
   * is active (a removed fiduciary's deactivated access may be given back by a new invitation).
   */
  async companyHasEmail(companyId: string, email: string, m?: EntityManager): Promise<boolean> {
    const count = await this.repo(m)
      .createQueryBuilder('u')
      .where('u.company_id = :companyId AND lower(u.email) = lower(:email) AND u.deleted_at IS NULL', {
        companyId,
        email,
      })
      .andWhere('(u.identity_user_id IS NULL OR u.is_active)')
      .getCount();
    return count > 0;
  }

  /** The linked accounts of a home account (its name and e-mail follow the home account's). */
  async updateLinked(identityId: string, patch: Pick<UserPatch, 'firstName' | 'lastName' | 'email'>, m: EntityManager) {
    if (Object.keys(patch).length === 0) return [];
    await this.repo(m).update({ identityUserId: identityId, deletedAt: IsNull() }, patch);
    return this.repo(m).findBy({ identityUserId: identityId, deletedAt: IsNull() });
  }

  /** The company's first active admin (the owner who registered, unless deactivated). */
  findPrimaryAdmin(scope: TenantScope, m?: EntityManager): Promise<UserEntity | null> {
    return this.repo(m).findOne({
      where: { companyId: scope.companyId, role: 'admin', isActive: true, deletedAt: IsNull() },
      order: { createdAt: 'ASC' },
    });
  }

  /**
   * A user created inactive for want of a seat and never logged in (the subscription's «pay for a
   * new user»): the given one, else the company's newest such user. May be active: the caller decides.
   */
  findPendingActivation(companyId: string, userId: string | undefined): Promise<UserEntity | null> {
    return userId
      ? this.repo().findOneBy({ id: userId, companyId, deletedAt: IsNull() })
      : this.repo().findOne({
          where: { companyId, isActive: false, deletedAt: IsNull(), lastLoginAt: IsNull() },
          order: { createdAt: 'DESC' },
        });
  }

  /** Active users that take a paid seat (a fiduciary, role accountant, takes none: issue 26). */
  countActive(scope: TenantScope): Promise<number> {
    return this.repo().countBy({
      companyId: scope.companyId,
      isActive: true,
      deletedAt: IsNull(),
      role: Not('accountant'),
    });
  }

  /** A new user speaks the given language, else the company's (issue 15: the company's language is the default). */
  async insert(scope: TenantScope, user: NewUser & { language?: Language }, m: EntityManager): Promise<UserEntity> {
    const language = user.language ?? (await this.companyLanguage(scope, m));
    return this.repo(m).save(this.repo(m).create({ ...user, language, companyId: scope.companyId }));
  }

  private async companyLanguage(scope: TenantScope, m: EntityManager): Promise<Language> {
    const rows = (await m.query(`SELECT "language" FROM "companies" WHERE "id" = $1`, [scope.companyId])) as {
      language: Language;
    }[];
    return rows[0]?.language ?? 'de';
  }

  async update(scope: TenantScope, id: string, patch: UserPatch, m: EntityManager): Promise<void> {
    if (Object.keys(patch).length === 0) return;
    await this.repo(m).update({ id, companyId: scope.companyId }, patch);
  }
}
