import { Injectable } from '@nestjs/common';
import {
  SUBSCRIPTION_MESSAGES,
  type CraftsmanCategoryDto,
  type DeleteUserResponse,
  type EventData,
  type EventType,
  type UserDto,
  type UserRequiresPaymentResponse,
} from '@zunft/contracts';
import { currentRequestId, enqueueEvent, successMessage, TenantScope } from '@zunft/nest-common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import type { Actor } from '../common/actor.js';
import { assertPasswordAcceptable } from '../auth/password-policy.js';
import { PasswordHasher, UNUSABLE_PASSWORD_HASH } from '../sessions/password-hasher.service.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { SeatPolicy, SubscriptionErrors } from '../subscriptions/index.js';
import { CraftsmanCategoriesRepository } from './craftsman-categories.repository.js';
import type { UserEntity } from './user.entity.js';
import { UserDependenciesClient } from './user-dependencies.client.js';
import {
  ANONYMISED_FIRST_NAME,
  ANONYMISED_LAST_NAME,
  ANONYMISED_NAME,
  toCraftsmanCategoryDto,
  toUserDto,
  toUserEventData,
  type CreateCraftsmanCategoryInput,
  type CreateUserInput,
  type UpdateUserInput,
} from './users.dto.js';
import { UserErrors, isUniqueViolation } from './users.errors.js';
import { UsersRepository, type Employment, type UserPatch } from './users.repository.js';

/**
 * User management of one company. Role rules sit on the routes (@Roles); the rules here are the
 * ones that depend on the data: tenant scope, "not on oneself", unique e-mail, session revocation.
 */
@Injectable()
export class UsersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly categories: CraftsmanCategoriesRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly dependencies: UserDependenciesClient,
    private readonly seats: SeatPolicy,
  ) {}

  async list(actor: Actor): Promise<UserDto[]> {
    return (await this.users.listForScope(scope(actor))).map(toUserDto);
  }

  /**
   * A user beyond the paid seats of a paying company is created inactive; the answer then carries
   * `requires_payment`, the pro-rata `payment_calculation` and the `userId` (part 2 §7).
   */
  async create(actor: Actor, input: CreateUserInput): Promise<UserDto | (UserDto & UserRequiresPaymentResponse)> {
    assertPasswordAcceptable(input.password);
    const passwordHash = await this.hasher.hash(input.password);
    return this.writeUnique(async (m) => {
      if (await this.users.emailTaken(input.email, null, m)) throw UserErrors.emailTaken();
      // A fiduciary (accountant) is not an employee and takes no paid seat (issue 26), however added.
      const payment =
        input.isActive === false || input.role === 'accountant'
          ? null
          : await this.seats.paymentForOneMore(actor.companyId, m);
      const user = await this.users.insert(
        scope(actor),
        {
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          passwordHash,
          role: input.role,
          craftsmanCategory: input.craftsmanCategory ?? null,
          hourlyRate: input.hourlyRate ?? null,
          isActive: payment ? false : input.isActive,
          language: input.language,
          ...employmentPatch(input),
        },
        m,
      );
      await this.publish(m, actor, 'auth.user.created', toUserEventData(user));
      if (!payment) return toUserDto(user);
      return {
        ...toUserDto(user),
        requires_payment: true as const,
        message: SUBSCRIPTION_MESSAGES.extraSeatRequiresPayment,
        payment_calculation: payment,
        userId: user.id,
      };
    });
  }

  /**
   * Also activates/deactivates (the screen activates with `isActive: true`). `body` is read (and
   * validated) once the user is found in the company: another company's id answers 404 first.
   */
  update(actor: Actor, id: string, body: () => UpdateUserInput): Promise<UserDto> {
    return this.writeUnique(async (m) => {
      const user = await this.requireUser(actor, id, m);
      const input = body();
      const isSelf = user.id === actor.userId;
      if (isSelf && input.isActive === false) throw UserErrors.cannotDeactivateSelf();
      if (isSelf && input.role !== undefined && input.role !== user.role) throw UserErrors.cannotChangeOwnRole();
      const emailChanged = input.email !== undefined && input.email.toLowerCase() !== user.email.toLowerCase();
      // a fiduciary's linked account (issue 26) keeps the address of the person's home account
      if (user.identityUserId && emailChanged) throw UserErrors.linkedEmailFixed();
      if (input.email !== undefined && !user.identityUserId && (await this.users.emailTaken(input.email, user.id, m))) {
        throw UserErrors.emailTaken();
      }
      const patch: UserPatch = {};
      if (input.firstName !== undefined) patch.firstName = input.firstName;
      if (input.lastName !== undefined) patch.lastName = input.lastName;
      if (input.email !== undefined) patch.email = input.email;
      if (input.role !== undefined) patch.role = input.role;
      if (input.craftsmanCategory !== undefined) patch.craftsmanCategory = input.craftsmanCategory;
      if (input.hourlyRate !== undefined) patch.hourlyRate = input.hourlyRate;
      if (input.isActive !== undefined) patch.isActive = input.isActive;
      if (input.language !== undefined) patch.language = input.language;
      Object.assign(patch, employmentPatch(input));
      // A seat is needed when the account becomes an active staff account: activated, or an active
      // fiduciary's (seat-free, issue 26) account given a staff role.
      const seatedBefore = user.isActive && user.role !== 'accountant';
      const seatedAfter = (patch.isActive ?? user.isActive) && (patch.role ?? user.role) !== 'accountant';
      if (seatedAfter && !seatedBefore) await this.requireSeat(actor, user, m);
      return this.applyChange(m, actor, user, patch);
    });
  }

  deactivate(actor: Actor, id: string): Promise<UserDto> {
    return this.dataSource.transaction(async (m) => {
      const user = await this.requireUser(actor, id, m);
      if (user.id === actor.userId) throw UserErrors.cannotDeactivateSelf();
      return this.applyChange(m, actor, user, { isActive: false });
    });
  }

  activate(actor: Actor, id: string): Promise<UserDto> {
    return this.dataSource.transaction(async (m) => {
      const user = await this.requireUser(actor, id, m);
      if (!user.isActive && user.role !== 'accountant') await this.requireSeat(actor, user, m);
      return this.applyChange(m, actor, user, { isActive: true });
    });
  }

  /**
   * After the checkout for an extra seat: the webhook has activated the user when the payment
   * succeeded; this only confirms it (402 while that payment is not paid).
   */
  /** `transactionId` is read (and the body validated) only once the user is found in the company. */
  async activateAfterPayment(actor: Actor, id: string, transactionId: () => string): Promise<UserDto> {
    const user = await this.users.findById(scope(actor), id);
    if (!user) throw UserErrors.notFound();
    const payment = await this.seats.seatPayment(actor.companyId, transactionId());
    if (!payment || payment.userId !== user.id) throw SubscriptionErrors.noPendingPayment();
    if (payment.status !== 'paid' || !user.isActive) throw SubscriptionErrors.paymentNotCompleted(null, user.id);
    return toUserDto(user);
  }

  /** The admin cancelled the payment for an extra employee: the pending (never active) user goes. */
  async removePending(actor: Actor, id: string): Promise<DeleteUserResponse> {
    await this.dataSource.transaction(async (m) => {
      const user = await this.requireUser(actor, id, m);
      if (user.isActive || user.lastLoginAt) throw SubscriptionErrors.noPendingUser();
      const cancelled = await this.seats.cancelPendingSeatPayments(actor.companyId, user.id, m);
      const paid = (await this.seats.seatPaymentsOfUser(actor.companyId, user.id, m)).some((p) => p.status === 'paid');
      if (paid || (!cancelled && !(await this.seats.paymentForOneMore(actor.companyId, m)))) {
        throw SubscriptionErrors.noPendingPayment();
      }
    });
    return this.remove(actor, id);
  }

  /** 402 with the pro-rata calculation when activating one more user needs a paid seat. */
  private async requireSeat(actor: Actor, user: UserEntity, m: EntityManager): Promise<void> {
    const payment = await this.seats.paymentForOneMore(actor.companyId, m);
    if (payment) throw SubscriptionErrors.activationRequiresPayment(payment, user.id);
  }

  /**
   * Permanent deletion = anonymisation: the row stays (other services reference the id), the
   * person's data goes. Other services anonymise their copies when they consume auth.user.deleted;
   * after the commit they are asked how many records of the user that touches (request/reply,
   * `UserDependenciesClient`). A service that does not answer counts 0: the deletion never fails
   * or waits longer than the request timeout because another service is down.
   */
  async remove(actor: Actor, id: string): Promise<DeleteUserResponse> {
    const userId = await this.dataSource.transaction(async (m) => {
      const user = await this.requireUser(actor, id, m);
      if (user.id === actor.userId) throw UserErrors.cannotDeleteSelf();
      await this.users.update(
        scope(actor),
        user.id,
        {
          firstName: ANONYMISED_FIRST_NAME,
          lastName: ANONYMISED_LAST_NAME,
          email: `deleted-${randomUUID()}@deleted.zunft.invalid`,
          passwordHash: UNUSABLE_PASSWORD_HASH,
          craftsmanCategory: null,
          hourlyRate: null,
          isActive: false,
          deletedAt: new Date(),
        },
        m,
      );
      await this.sessions.revokeAllForUser(m, user.id);
      await this.publish(m, actor, 'auth.user.deleted', { userId: user.id, anonymizedName: ANONYMISED_NAME });
      return user.id;
    });
    return {
      message: successMessage('success.user_deleted'),
      dependencies_updated: await this.dependencies.count(actor.companyId, userId),
    };
  }

  async listCategories(actor: Actor): Promise<CraftsmanCategoryDto[]> {
    return (await this.categories.list(scope(actor))).map(toCraftsmanCategoryDto);
  }

  async createCategory(actor: Actor, input: CreateCraftsmanCategoryInput): Promise<CraftsmanCategoryDto> {
    const tenant = scope(actor);
    if (await this.categories.existsByName(tenant, input.name)) throw UserErrors.categoryExists();
    try {
      return toCraftsmanCategoryDto(await this.categories.insert(tenant, input.name));
    } catch (error) {
      if (isUniqueViolation(error, 'uq_craftsman_categories_company_name')) throw UserErrors.categoryExists();
      throw error;
    }
  }

  private async applyChange(m: EntityManager, actor: Actor, user: UserEntity, patch: UserPatch): Promise<UserDto> {
    await this.users.update(scope(actor), user.id, patch, m);
    const updated = (await this.users.findById(scope(actor), user.id, m))!;
    const deactivated = user.isActive && !updated.isActive;
    if (deactivated) await this.sessions.revokeAllForUser(m, user.id);
    await this.publish(m, actor, 'auth.user.updated', toUserEventData(updated));
    if (deactivated) await this.publish(m, actor, 'auth.user.deactivated', { userId: user.id });
    return toUserDto(updated);
  }

  private async requireUser(actor: Actor, id: string, m: EntityManager): Promise<UserEntity> {
    const user = await this.users.findByIdForUpdate(scope(actor), id, m);
    if (!user) throw UserErrors.notFound();
    return user;
  }

  private async publish<T extends EventType>(m: EntityManager, actor: Actor, type: T, data: EventData<T>) {
    await enqueueEvent(m, {
      type,
      companyId: actor.companyId,
      actorId: actor.userId,
      requestId: currentRequestId(),
      data,
    });
  }

  /** Runs a write; a parallel request that took the same e-mail first still yields the German 409. */
  private async writeUnique<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.dataSource.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error, 'uq_users_email_active')) throw UserErrors.emailTaken();
      throw error;
    }
  }
}

const scope = (actor: Actor) => TenantScope.fromClaims(actor);

/** The working-time fields a create or update request carries (issue 24). */
function employmentPatch(input: CreateUserInput | UpdateUserInput): Partial<Employment> {
  const patch: Partial<Employment> = {};
  if (input.pensum !== undefined) patch.pensum = input.pensum;
  if (input.weekly_hours !== undefined) patch.weeklyHours = input.weekly_hours;
  if (input.holiday_days_per_year !== undefined) patch.holidayDaysPerYear = input.holiday_days_per_year;
  if (input.employment_start !== undefined) patch.employmentStart = input.employment_start;
  return patch;
}
