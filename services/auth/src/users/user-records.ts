import { Injectable } from '@nestjs/common';
import type { Language } from '@zunft/contracts';
import type { TenantScope } from '@zunft/nest-common';
import type { DataSource, EntityManager } from 'typeorm';
import { CraftsmanCategoriesRepository } from './craftsman-categories.repository.js';
import type { UserEntity } from './user.entity.js';
import { UsersRepository, type NewUser, type UserPatch } from './users.repository.js';

/**
 * The users room's door for other rooms (login and profile, registration, super-admin support, the
 * subscription and its Stripe webhook, the demo seed): the reads and writes of user records they
 * need. User management with its rules stays with `UsersService`; the repositories stay inside this
 * folder. Methods that write take the caller's `EntityManager`, so a transaction that spans rooms
 * (register a company and its admin, activate a paid-for user) stays one transaction.
 */
@Injectable()
export class UserRecords {
  constructor(
    private readonly users: UsersRepository,
    private readonly categories: CraftsmanCategoriesRepository,
  ) {}

  /** For code that runs without Nest (the super-admin token CLI). */
  static on(dataSource: DataSource): UserRecords {
    return new UserRecords(new UsersRepository(dataSource), new CraftsmanCategoriesRepository(dataSource));
  }

  /** Login: the e-mail (any case) identifies user and tenant; deleted users are not found. */
  findByEmail(email: string, m?: EntityManager): Promise<UserEntity | null> {
    return this.users.findByEmail(email, m);
  }

  findById(scope: TenantScope, id: string, m?: EntityManager): Promise<UserEntity | null> {
    return this.users.findById(scope, id, m);
  }

  /** The user row locked for the caller's transaction. */
  findByIdForUpdate(scope: TenantScope, id: string, m: EntityManager): Promise<UserEntity | null> {
    return this.users.findByIdForUpdate(scope, id, m);
  }

  /** A session this service issued names the user; the token is the scope. */
  findForSession(userId: string): Promise<UserEntity | null> {
    return this.users.findForSession(userId);
  }

  /** The company's first active admin (the owner who registered, unless deactivated). */
  findPrimaryAdmin(scope: TenantScope): Promise<UserEntity | null> {
    return this.users.findPrimaryAdmin(scope);
  }

  /** A user created inactive for want of a seat and never logged in (the given one, else the newest). */
  findPendingActivation(companyId: string, userId: string | undefined): Promise<UserEntity | null> {
    return this.users.findPendingActivation(companyId, userId);
  }

  /** E-mails are unique across all companies (login is by e-mail only). */
  emailTaken(email: string, exceptUserId: string | null, m?: EntityManager): Promise<boolean> {
    return this.users.emailTaken(email, exceptUserId, m);
  }

  /** Every (not deleted) account of one person: the home account and its linked ones, with their company. */
  findAccountsOfIdentity(identityId: string, m?: EntityManager): Promise<UserEntity[]> {
    return this.users.findAccountsOfIdentity(identityId, m);
  }

  /** Whether the company has a (not deleted) home account, or an active linked one, with this e-mail. */
  companyHasEmail(companyId: string, email: string, m?: EntityManager): Promise<boolean> {
    return this.users.companyHasEmail(companyId, email, m);
  }

  /** A home account's name or e-mail changed: its linked accounts follow (answers them, updated). */
  updateLinked(
    identityId: string,
    patch: Pick<UserPatch, 'firstName' | 'lastName' | 'email'>,
    m: EntityManager,
  ): Promise<UserEntity[]> {
    return this.users.updateLinked(identityId, patch, m);
  }

  countActive(scope: TenantScope): Promise<number> {
    return this.users.countActive(scope);
  }

  insert(scope: TenantScope, user: NewUser & { language?: Language }, m: EntityManager): Promise<UserEntity> {
    return this.users.insert(scope, user, m);
  }

  update(scope: TenantScope, id: string, patch: UserPatch, m: EntityManager): Promise<void> {
    return this.users.update(scope, id, patch, m);
  }

  /** Registration: the company's first craftsman categories. */
  addCategories(scope: TenantScope, names: readonly string[], m: EntityManager): Promise<void> {
    return this.categories.insertMany(scope, names, m);
  }
}
