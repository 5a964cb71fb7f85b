import { Injectable } from '@nestjs/common';
import type {
  AccessTokenClaims,
  AuthResponse,
  ChangePasswordResponse,
  MessageResponse,
  ProfileResponse,
  UpdateProfileResponse,
} from '@zunft/contracts';
import { currentRequestId, enqueueEvent, successMessage, TenantScope } from '@zunft/nest-common';
import { DataSource } from 'typeorm';
import { AuditLogService } from '../audit/index.js';
import { CompanyRecords, type CompanyEntity } from '../companies/index.js';
import { MembershipError, MembershipErrors, MembershipsService, type AcceptInput } from '../memberships/index.js';
import { AccessTokenService } from '../sessions/access-token.service.js';
import { PasswordHasher } from '../sessions/password-hasher.service.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { UserRecords, isUniqueViolation, toUserEventData, type UserEntity } from '../users/index.js';
import {
  toSessionUser,
  type ChangePasswordInput,
  type LoginInput,
  type RegisterInput,
  type SuperAdminLoginInput,
  type UpdateProfileInput,
} from './auth.dto.js';
import { AuthErrors } from './auth.errors.js';
import { LoginThrottle } from './login-throttle.service.js';
import { assertPasswordAcceptable } from './password-policy.js';
import { WithRefreshCookie } from './refresh-cookie.js';
import { RegistrationService } from './registration.service.js';
import { SuperAdminService } from './superadmin.service.js';

type SessionAnswer = WithRefreshCookie<AuthResponse>;

/**
 * 'Letzte Anmeldung' during a session: the login before this one. A super-admin session did not
 * count as the user's login, so it shows the user's own last login.
 */
function shownLastLogin(user: UserEntity, isSuperAdmin: boolean | undefined): Date | null {
  return isSuperAdmin ? user.lastLoginAt : user.previousLoginAt;
}

@Injectable()
export class AuthService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserRecords,
    private readonly companies: CompanyRecords,
    private readonly hasher: PasswordHasher,
    private readonly accessTokens: AccessTokenService,
    private readonly sessions: SessionsService,
    private readonly registration: RegistrationService,
    private readonly superAdmins: SuperAdminService,
    private readonly throttle: LoginThrottle,
    private readonly audit: AuditLogService,
    private readonly memberships: MembershipsService,
  ) {}

  /** Registration always remembers the login (part 1 §4). */
  async register(input: RegisterInput): Promise<SessionAnswer> {
    const { company, user } = await this.registration.registerCompany(input);
    // Registering signs the user in: the next login shows this moment as the last login.
    const scope = TenantScope.forSystem(user.companyId);
    await this.dataSource.transaction((m) => this.users.update(scope, user.id, { lastLoginAt: new Date() }, m));
    return this.startSession(user, company, { persistent: true, lastLoginAt: null });
  }

  /**
   * Wrong e-mail and wrong password get the same answer (and take the same time). A deactivated
   * account is told so, but only after the right password.
   */
  async login(input: LoginInput): Promise<SessionAnswer> {
    await this.throttle.assertOpen(input.email);
    const user = await this.users.findByEmail(input.email);
    if (!user) {
      await this.hasher.verifyDummy(input.password);
      await this.throttle.failed(input.email);
      throw AuthErrors.invalidCredentials();
    }
    if (!(await this.hasher.verify(user.passwordHash, input.password))) {
      await this.throttle.failed(input.email);
      throw AuthErrors.invalidCredentials();
    }
    await this.throttle.succeeded(input.email);
    if (!user.isActive) throw AuthErrors.accountDeactivated();
    const scope = TenantScope.forSystem(user.companyId);
    const company = await this.requireCompany(scope);
    // Closed (issue 26): told so after the right password only, like a deactivated account.
    if (company.closedAt) throw AuthErrors.companyClosed();
    const previousLogin = user.lastLoginAt;
    await this.dataSource.transaction((m) =>
      this.users.update(scope, user.id, { lastLoginAt: new Date(), previousLoginAt: previousLogin }, m),
    );
    return this.startSession(user, company, { persistent: input.rememberMe, lastLoginAt: previousLogin });
  }

  /** Rotates the refresh cookie and answers a fresh access token with the current user state. */
  async refresh(token: string | null): Promise<SessionAnswer> {
    if (!token) throw AuthErrors.refreshInvalid();
    const rotation = await this.sessions.rotate(token);
    if (!rotation.ok) throw AuthErrors.refreshInvalid();
    const user = await this.users.findForSession(rotation.previous.userId);
    // a fiduciary's linked account (issue 26) lives only as long as the person's home account
    const home = user?.identityUserId ? await this.users.findForSession(user.identityUserId) : user;
    if (!user || !user.isActive || !home?.isActive) {
      await this.sessions.revokeByToken(rotation.cookie.token);
      throw AuthErrors.refreshInvalid();
    }
    const company = await this.requireCompany(TenantScope.forSystem(user.companyId));
    // A support (super-admin) session may go on in a closed company (handing over the data).
    if (company.closedAt && !rotation.previous.superAdmin) {
      await this.sessions.revokeByToken(rotation.cookie.token);
      throw AuthErrors.companyClosed();
    }
    return this.answer(user, company, rotation.cookie, {
      lastLoginAt: shownLastLogin(user, rotation.previous.superAdmin),
      isSuperAdmin: rotation.previous.superAdmin,
    });
  }

  /** A support (super-admin) session's logout is its end in the company's audit trail. */
  async logout(token: string | null): Promise<WithRefreshCookie<MessageResponse>> {
    if (token) {
      await this.sessions.revokeByToken(token, async (m, ended) => {
        if (ended.superAdmin) await this.audit.sessionEnded(m, ended.userId);
      });
    }
    return new WithRefreshCookie({ message: successMessage('success.logged_out') }, 'clear');
  }

  async profile(actor: AccessTokenClaims): Promise<ProfileResponse> {
    const { user, company } = await this.requireSessionUser(actor);
    return {
      user: toSessionUser(user, company, {
        lastLoginAt: shownLastLogin(user, actor.isSuperAdmin),
        isSuperAdmin: actor.isSuperAdmin,
      }),
    };
  }

  /**
   * Name, e-mail and (optionally) the user's language. The answer carries a fresh access token so
   * the `language` claim follows the profile at once (server messages in the new language).
   */
  async updateProfile(actor: AccessTokenClaims, input: UpdateProfileInput): Promise<UpdateProfileResponse> {
    const scope = TenantScope.fromClaims(actor);
    try {
      await this.dataSource.transaction(async (m) => {
        const user = await this.users.findByIdForUpdate(scope, actor.userId, m);
        if (!user) throw AuthErrors.sessionUserGone();
        // a fiduciary's linked account (issue 26) has its home account's address: changed there only
        if (user.identityUserId && input.email.toLowerCase() !== user.email.toLowerCase()) {
          throw MembershipErrors.emailFixed();
        }
        if (!user.identityUserId && (await this.users.emailTaken(input.email, user.id, m))) {
          throw AuthErrors.emailTaken();
        }
        await this.users.update(
          scope,
          user.id,
          {
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email,
            ...(input.language ? { language: input.language } : {}),
          },
          m,
        );
        const updated = (await this.users.findById(scope, user.id, m))!;
        await enqueueEvent(m, {
          type: 'auth.user.updated',
          companyId: scope.companyId,
          actorId: actor.userId,
          requestId: currentRequestId(),
          data: toUserEventData(updated),
        });
        // the person's linked accounts in other companies carry the same name and address
        const linked = await this.users.updateLinked(
          user.id,
          { firstName: input.firstName, lastName: input.lastName, email: input.email },
          m,
        );
        for (const account of linked) {
          await enqueueEvent(m, {
            type: 'auth.user.updated',
            companyId: account.companyId,
            actorId: account.id,
            requestId: currentRequestId(),
            data: toUserEventData(account),
          });
        }
      });
    } catch (error) {
      if (isUniqueViolation(error, 'uq_users_email_active')) throw AuthErrors.emailTaken();
      throw error;
    }
    const { user, company } = await this.requireSessionUser(actor);
    const token = await this.signFor(user, company, actor.isSuperAdmin);
    return {
      token,
      expiresIn: this.accessTokens.ttlSeconds,
      user: toSessionUser(user, company, {
        lastLoginAt: shownLastLogin(user, actor.isSuperAdmin),
        isSuperAdmin: actor.isSuperAdmin,
      }),
    };
  }

  /**
   * Ends every session of the user (all refresh tokens revoked). The browser that changed the
   * password gets a new refresh cookie, so it stays signed in.
   */
  async changePassword(
    actor: AccessTokenClaims,
    input: ChangePasswordInput,
    currentRefreshToken: string | null,
  ): Promise<WithRefreshCookie<ChangePasswordResponse>> {
    const scope = TenantScope.fromClaims(actor);
    const user = await this.users.findById(scope, actor.userId);
    if (!user) throw AuthErrors.sessionUserGone();
    // a fiduciary's linked account (issue 26) has no password: the person's home account's changes
    const home = user.identityUserId ? await this.users.findForSession(user.identityUserId) : user;
    if (!home) throw AuthErrors.sessionUserGone();
    if (!(await this.hasher.verify(home.passwordHash, input.currentPassword))) throw AuthErrors.wrongCurrentPassword();
    assertPasswordAcceptable(input.newPassword);
    const passwordHash = await this.hasher.hash(input.newPassword);
    const current = await this.sessions.findValid(currentRefreshToken);
    const keepThisBrowser = current?.userId === user.id ? current : null;
    const accounts = await this.users.findAccountsOfIdentity(home.id);
    const cookie = await this.dataSource.transaction(async (m) => {
      await this.users.update(TenantScope.forSystem(home.companyId), home.id, { passwordHash }, m);
      // every session of the person ends, in every company
      for (const account of accounts) await this.sessions.revokeAllForUser(m, account.id);
      if (!keepThisBrowser) return 'keep' as const;
      const issued = await this.sessions.issue(m, user.id, {
        persistent: keepThisBrowser.persistent,
        superAdmin: keepThisBrowser.superAdmin,
      });
      return issued.cookie;
    });
    return new WithRefreshCookie({ message: successMessage('success.password_changed') }, cookie);
  }

  /**
   * POST /auth/switch-company (issue 26): a session in another company of the same person. The
   * current session ends as on logout (its refresh family and the account's access tokens), the new
   * one keeps its persistence; the switch into a company is written to that company's audit trail.
   */
  async switchCompany(actor: AccessTokenClaims, companyId: string, token: string | null): Promise<SessionAnswer> {
    const { user, company } = await this.memberships.accountIn(actor, companyId);
    const current = await this.sessions.findValid(token);
    if (token) await this.sessions.revokeByToken(token);
    const scope = TenantScope.forSystem(company.id);
    const previousLogin = user.lastLoginAt;
    await this.dataSource.transaction((m) =>
      this.users.update(scope, user.id, { lastLoginAt: new Date(), previousLoginAt: previousLogin }, m),
    );
    return this.startSession(user, company, {
      persistent: current?.persistent ?? false,
      lastLoginAt: previousLogin,
      switched: true,
    });
  }

  /**
   * POST /auth/invitations/accept (public, issue 26): the invitation's account signs in to the
   * inviting company. An existing account's password is checked like a login's (throttled per address).
   */
  async acceptInvitation(input: AcceptInput & { rememberMe: boolean }): Promise<SessionAnswer> {
    const email = await this.memberships.emailOf(input.token);
    await this.throttle.assertOpen(email);
    let accepted: Awaited<ReturnType<MembershipsService['accept']>>;
    try {
      accepted = await this.memberships.accept(input);
    } catch (error) {
      if (error instanceof MembershipError && error.code === 'invalid_credentials') {
        await this.throttle.failed(email);
      }
      throw error;
    }
    await this.throttle.succeeded(email);
    const { user, company } = accepted;
    await this.dataSource.transaction((m) =>
      this.users.update(TenantScope.forSystem(company.id), user.id, { lastLoginAt: new Date() }, m),
    );
    return this.startSession(user, company, { persistent: input.rememberMe, lastLoginAt: null });
  }

  /** The super-admin session is never persistent: it ends with the browser session. */
  async superAdminLogin(input: SuperAdminLoginInput): Promise<SessionAnswer> {
    const { user, company } = await this.superAdmins.exchange(input.token);
    return this.startSession(user, company, { persistent: false, superAdmin: true, lastLoginAt: user.lastLoginAt });
  }

  private async startSession(
    user: UserEntity,
    company: CompanyEntity,
    options: { persistent: boolean; superAdmin?: boolean; lastLoginAt: Date | null; switched?: boolean },
  ): Promise<SessionAnswer> {
    const { cookie } = await this.dataSource.transaction(async (m) => {
      const issued = await this.sessions.issue(m, user.id, {
        persistent: options.persistent,
        superAdmin: options.superAdmin,
      });
      // a support session is recorded as «Support» in the company's audit trail, with the session
      if (options.superAdmin) await this.audit.sessionStarted(m, company.id, user.id, issued.row.expiresAt);
      // the accountant's (Treuhänder's) sign-in too (issue 26): the admin sees who looked into the books
      else if (user.role === 'accountant') {
        await this.audit.accountantSignedIn(m, company.id, user.id, options.switched ? 'switched' : 'signed-in');
      }
      return issued;
    });
    return this.answer(user, company, cookie, { lastLoginAt: options.lastLoginAt, isSuperAdmin: options.superAdmin });
  }

  private async answer(
    user: UserEntity,
    company: CompanyEntity,
    cookie: WithRefreshCookie<unknown>['cookie'],
    options: { lastLoginAt: Date | null; isSuperAdmin?: boolean },
  ): Promise<SessionAnswer> {
    const token = await this.signFor(user, company, options.isSuperAdmin);
    return new WithRefreshCookie(
      { token, expiresIn: this.accessTokens.ttlSeconds, user: toSessionUser(user, company, options) },
      cookie,
    );
  }

  private signFor(user: UserEntity, company: CompanyEntity, isSuperAdmin: boolean | undefined): Promise<string> {
    return this.accessTokens.sign({
      userId: user.id,
      companyId: company.id,
      role: user.role,
      subscriptionStatus: company.subscriptionStatus,
      trialEndsAt: company.trialEndsAt?.toISOString() ?? null,
      isSuperAdmin,
      language: user.language,
    });
  }

  private async requireSessionUser(actor: AccessTokenClaims) {
    const scope = TenantScope.fromClaims(actor);
    const user = await this.users.findById(scope, actor.userId);
    if (!user || !user.isActive) throw AuthErrors.sessionUserGone();
    return { user, company: await this.requireCompany(scope) };
  }

  private async requireCompany(scope: TenantScope): Promise<CompanyEntity> {
    const company = await this.companies.find(scope);
    if (!company) throw AuthErrors.sessionUserGone();
    return company;
  }
}
