import { Injectable } from '@nestjs/common';
import {
  INVITATION_TTL_DAYS,
  type AccessTokenClaims,
  type CompaniesResponse,
  type EventData,
  type EventType,
  type InvitationDto,
  type InvitationInfo,
  type InvitationLink,
  type InvitationState,
} from '@zunft/contracts';
import { currentRequestId, enqueueEvent, TenantScope } from '@zunft/nest-common';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { assertPasswordAcceptable } from '../auth/password-policy.js';
import { CompanyRecords, type CompanyEntity } from '../companies/index.js';
import { PasswordHasher, UNUSABLE_PASSWORD_HASH } from '../sessions/password-hasher.service.js';
import { UserRecords, isUniqueViolation, toUserEventData, type UserEntity } from '../users/index.js';
import { InvitationsRepository } from './invitations.repository.js';
import { MembershipErrors } from './memberships.errors.js';
import type { UserInvitationEntity } from './user-invitation.entity.js';

const TTL_MS = INVITATION_TTL_DAYS * 86_400_000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function invitationState(invitation: UserInvitationEntity, now = new Date()): InvitationState {
  if (invitation.acceptedAt) return 'accepted';
  if (invitation.revokedAt) return 'revoked';
  if (invitation.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'pending';
}

const toInvitationDto = (i: UserInvitationEntity): InvitationDto => ({
  id: i.id,
  email: i.email,
  role: i.role,
  state: invitationState(i),
  createdAt: i.createdAt.toISOString(),
  expiresAt: i.expiresAt.toISOString(),
  acceptedAt: i.acceptedAt?.toISOString() ?? null,
});

export interface AcceptInput {
  token: string;
  password: string;
  firstName?: string;
  lastName?: string;
}

/**
 * One fiduciary (Treuhänder) in several companies (issue 26). A person signs in with their home
 * account (the first company's); each further company holds a linked accountant account
 * (`identity_user_id` = the home account), so a token is scoped to one company and nothing outside
 * auth changes. The admin invites by e-mail; the link's token is drawn when billing mails it
 * (`rpc.auth.invitation-link`) and only its hash is kept (revDSG art. 8: data security). Removing the
 * linked account (deactivate or delete in the user list) ends the access and its sessions.
 */
@Injectable()
export class MembershipsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly invitations: InvitationsRepository,
    private readonly users: UserRecords,
    private readonly companies: CompanyRecords,
    private readonly hasher: PasswordHasher,
  ) {}

  /** The companies the signed-in person may enter (active accounts whose home account is active). */
  async companiesOf(actor: AccessTokenClaims): Promise<CompaniesResponse> {
    const accounts = await this.accountsOf(actor);
    return {
      companies: accounts
        .filter((a) => a.isActive)
        .map((a) => ({
          companyId: a.companyId,
          companyName: a.company!.name,
          role: a.role,
          current: a.companyId === actor.companyId,
        })),
    };
  }

  /**
   * The person's account in `companyId` to switch to: 404 for a company they never had access to
   * (another tenant's id is not told apart from an unknown one), 403 when the access was removed.
   * A support (super-admin) session stays in its company.
   */
  async accountIn(actor: AccessTokenClaims, companyId: string): Promise<{ user: UserEntity; company: CompanyEntity }> {
    if (actor.isSuperAdmin) throw MembershipErrors.companyAccessDenied();
    const accounts = await this.accountsOf(actor);
    const target = accounts.find((a) => a.companyId === companyId);
    if (!target) throw MembershipErrors.companyNotFound();
    if (!target.isActive) throw MembershipErrors.companyAccessDenied();
    return { user: target, company: target.company! };
  }

  /** Home account first; empty when the home account is deleted or deactivated (nothing to enter). */
  private async accountsOf(actor: AccessTokenClaims): Promise<UserEntity[]> {
    const self = await this.users.findForSession(actor.userId);
    if (!self) return [];
    const identityId = self.identityUserId ?? self.id;
    const accounts = await this.users.findAccountsOfIdentity(identityId);
    const home = accounts.find((a) => a.id === identityId);
    return home?.isActive ? accounts : [];
  }

  /** POST /users/invitations (admin): an invitation and the event billing mails the link on. */
  invite(actor: AccessTokenClaims, input: { email: string; role: 'accountant' }): Promise<InvitationDto> {
    const scope = TenantScope.fromClaims(actor);
    return this.dataSource.transaction(async (m) => {
      if (await this.users.companyHasEmail(actor.companyId, input.email, m)) throw MembershipErrors.alreadyMember();
      const company = await this.companies.find(scope, m);
      const inviter = await this.users.findById(scope, actor.userId, m);
      if (!company || !inviter) throw MembershipErrors.companyNotFound();
      const invitation = await this.invitations.insert(m, {
        companyId: company.id,
        email: input.email,
        role: input.role,
        invitedBy: actor.userId,
        expiresAt: new Date(Date.now() + TTL_MS),
      });
      await this.publish(m, company.id, actor.userId, 'auth.user.invited', {
        invitationId: invitation.id,
        email: invitation.email,
        companyName: company.name,
        inviterName: `${inviter.firstName} ${inviter.lastName}`,
        language: company.language,
        expiresAt: invitation.expiresAt.toISOString(),
      });
      return toInvitationDto(invitation);
    });
  }

  async list(actor: AccessTokenClaims): Promise<InvitationDto[]> {
    return (await this.invitations.list(actor.companyId)).map(toInvitationDto);
  }

  /** DELETE /users/invitations/:id (admin): the link stops working; an accepted one stays as it was. */
  revoke(actor: AccessTokenClaims, id: string): Promise<InvitationDto> {
    return this.dataSource.transaction(async (m) => {
      const invitation = await this.invitations.findForUpdate(m, actor.companyId, id);
      if (!invitation) throw MembershipErrors.invitationNotFound();
      if (invitationState(invitation) === 'pending') {
        invitation.revokedAt = new Date();
        await this.invitations.update(m, invitation.id, { revokedAt: invitation.revokedAt });
      }
      return toInvitationDto(invitation);
    });
  }

  /**
   * `rpc.auth.invitation-link`: the token for the mail, drawn now (replacing one drawn before, so a
   * redelivered request leaves the last mail's link working); `closed` once the invitation is no
   * longer pending.
   */
  linkFor(request: { companyId: string; invitationId: string }): Promise<InvitationLink> {
    return this.dataSource.transaction(async (m) => {
      const invitation = await this.invitations.findForUpdate(m, request.companyId, request.invitationId);
      if (!invitation) throw MembershipErrors.invitationNotFound();
      if (invitationState(invitation) !== 'pending') return { state: 'closed' };
      const token = randomBytes(32).toString('base64url');
      await this.invitations.update(m, invitation.id, { tokenHash: hashToken(token) });
      return { state: 'issued', token };
    });
  }

  /** GET /auth/invitations/:token (public): what the accept page shows; 400 unknown, 410 used or expired. */
  async info(token: string): Promise<InvitationInfo> {
    const invitation = await this.pending(token);
    const company = await this.companies.find(TenantScope.forSystem(invitation.companyId));
    if (!company) throw MembershipErrors.invitationInvalid();
    return {
      email: invitation.email,
      companyName: company.name,
      accountExists: (await this.users.findByEmail(invitation.email)) !== null,
      expiresAt: invitation.expiresAt.toISOString(),
    };
  }

  /** The e-mail a pending invitation was sent to (the caller throttles wrong passwords per address). */
  async emailOf(token: string): Promise<string> {
    return (await this.pending(token)).email;
  }

  private async pending(token: string, m?: EntityManager): Promise<UserInvitationEntity> {
    const invitation = await this.invitations.findByTokenHash(hashToken(token), m);
    if (!invitation) throw MembershipErrors.invitationInvalid();
    if (invitationState(invitation) !== 'pending') throw MembershipErrors.invitationGone();
    return invitation;
  }

  /**
   * POST /auth/invitations/accept (public). An address without an account becomes a new accountant
   * of the inviting company (name and password, the password policy applies). An existing account
   * signs in with its password and gets a linked accountant account there (a removed one is given
   * back). The invitation is used up; the answer is the account to start the session with.
   */
  async accept(input: AcceptInput): Promise<{ user: UserEntity; company: CompanyEntity }> {
    try {
      return await this.dataSource.transaction(async (m) => {
        const invitation = await this.pending(input.token, m);
        const scope = TenantScope.forSystem(invitation.companyId);
        const company = await this.companies.find(scope, m);
        if (!company) throw MembershipErrors.invitationInvalid();
        const home = await this.users.findByEmail(invitation.email, m);
        const user = home
          ? await this.linkExisting(m, scope, home, input.password)
          : await this.createHome(m, scope, invitation, input);
        await this.invitations.update(m, invitation.id, { acceptedAt: new Date(), acceptedUserId: user.id });
        return { user, company };
      });
    } catch (error) {
      if (isUniqueViolation(error, 'uq_users_email_active') || isUniqueViolation(error, 'uq_users_identity_company')) {
        throw MembershipErrors.alreadyMember();
      }
      throw error;
    }
  }

  private async linkExisting(m: EntityManager, scope: TenantScope, home: UserEntity, password: string) {
    if (!(await this.hasher.verify(home.passwordHash, password))) throw MembershipErrors.invalidCredentials();
    if (!home.isActive) throw MembershipErrors.accountDeactivated();
    if (home.companyId === scope.companyId) throw MembershipErrors.alreadyMember();
    const existing = (await this.users.findAccountsOfIdentity(home.id, m)).find((a) => a.companyId === scope.companyId);
    if (existing?.isActive) throw MembershipErrors.alreadyMember();
    if (existing) {
      await this.users.update(scope, existing.id, { isActive: true }, m);
      const updated = (await this.users.findById(scope, existing.id, m))!;
      await this.publish(m, scope.companyId, null, 'auth.user.updated', toUserEventData(updated));
      return updated;
    }
    const linked = await this.users.insert(
      scope,
      {
        firstName: home.firstName,
        lastName: home.lastName,
        email: home.email,
        // no password of its own: the person signs in with the home account's and switches
        passwordHash: UNUSABLE_PASSWORD_HASH,
        role: 'accountant',
        craftsmanCategory: null,
        hourlyRate: null,
        isActive: true,
        language: home.language,
        identityUserId: home.id,
      },
      m,
    );
    await this.publish(m, scope.companyId, null, 'auth.user.created', toUserEventData(linked));
    return linked;
  }

  private async createHome(m: EntityManager, scope: TenantScope, invitation: UserInvitationEntity, input: AcceptInput) {
    if (!input.firstName || !input.lastName) throw MembershipErrors.nameRequired();
    assertPasswordAcceptable(input.password);
    const user = await this.users.insert(
      scope,
      {
        firstName: input.firstName,
        lastName: input.lastName,
        email: invitation.email,
        passwordHash: await this.hasher.hash(input.password),
        role: 'accountant',
        craftsmanCategory: null,
        hourlyRate: null,
        isActive: true,
      },
      m,
    );
    await this.publish(m, scope.companyId, null, 'auth.user.created', toUserEventData(user));
    return user;
  }

  private async publish<T extends EventType>(
    m: EntityManager,
    companyId: string,
    actorId: string | null,
    type: T,
    data: EventData<T>,
  ) {
    await enqueueEvent(m, { type, companyId, actorId, requestId: currentRequestId(), data });
  }
}
