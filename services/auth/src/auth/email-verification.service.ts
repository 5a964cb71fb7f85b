import { Injectable } from '@nestjs/common';
import {
  EMAIL_VERIFICATION_TTL_DAYS,
  translateServerMessage,
  type AccessTokenClaims,
  type EmailVerificationLink,
  type ResendVerificationResponse,
  type VerifyEmailResponse,
} from '@zunft/contracts';
import { currentRequestId, enqueueEvent } from '@zunft/nest-common';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import type { CompanyEntity } from '../companies/company.entity.js';
import type { UserEntity } from '../users/user.entity.js';
import { AuthErrors } from './auth.errors.js';
import { EmailVerificationRepository } from './email-verification.repository.js';

const TTL_MS = EMAIL_VERIFICATION_TTL_DAYS * 86_400_000;
/** A new link at most every 5 minutes: the mail goes to an address the admin typed in. */
export const EMAIL_VERIFICATION_RESEND_INTERVAL_SECONDS = 300;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The owner's e-mail address is confirmed by a link (issue 25). Auth keeps only the token's hash.
 * `auth.company.email-verification-requested` announces a link without its token (the event stream
 * keeps events for days); billing, which mails it (auth has no mail path of its own), asks for the
 * token at send time (`rpc.auth.email-verification-link`, `linkFor`), and auth draws it then.
 * Confirming publishes `auth.company.email-verified`.
 */
@Injectable()
export class EmailVerificationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: EmailVerificationRepository,
  ) {}

  /**
   * In the caller's transaction: a new link for the company, mailed to `user`. No token yet (an
   * older link stops working now): it is drawn when billing asks for it (`linkFor`).
   */
  async issue(m: EntityManager, company: CompanyEntity, user: UserEntity): Promise<void> {
    const expiresAt = new Date(Date.now() + TTL_MS);
    await this.repo.storeToken(m, company.id, null, expiresAt);
    await enqueueEvent(m, {
      type: 'auth.company.email-verification-requested',
      companyId: company.id,
      actorId: user.id,
      requestId: currentRequestId(),
      data: {
        userId: user.id,
        email: user.email,
        firstName: user.firstName,
        companyName: company.name,
        language: user.language ?? company.language,
        expiresAt: expiresAt.toISOString(),
      },
    });
  }

  /**
   * `rpc.auth.email-verification-link`: the token for the link announced with `expiresAt`. Drawn
   * now, only its hash stored (replacing one drawn before, so a redelivered request leaves the link
   * of the last mail working); answered once over core NATS, never stored in a stream. A link
   * replaced by a newer request answers `superseded`, a confirmed address `verified`.
   */
  async linkFor(request: { companyId: string; userId: string; expiresAt: string }): Promise<EmailVerificationLink> {
    return this.dataSource.transaction(async (m) => {
      const company = await this.repo.findCompanyForUpdate(m, request.companyId);
      const user = await this.repo.findUser(m, request.companyId, request.userId);
      if (!company || !user) throw AuthErrors.emailVerificationLinkUnknown();
      if (company.emailVerifiedAt) return { state: 'verified' };
      const current = company.emailVerificationExpiresAt;
      if (!current || current.getTime() !== new Date(request.expiresAt).getTime()) return { state: 'superseded' };
      const token = randomBytes(32).toString('base64url');
      await this.repo.storeToken(m, company.id, hashToken(token), current);
      return { state: 'issued', token };
    });
  }

  /** Public: the link's token. A second click on the same link answers that it is confirmed. */
  async verify(token: string): Promise<VerifyEmailResponse> {
    return this.dataSource.transaction(async (m) => {
      const company = await this.repo.findByTokenForUpdate(m, hashToken(token));
      if (!company) throw AuthErrors.emailVerificationInvalid();
      const message = translateServerMessage('email_verified.message', company.language);
      if (company.emailVerifiedAt) return { message, emailVerified: true, newlyVerified: false };
      if (!company.emailVerificationExpiresAt || company.emailVerificationExpiresAt.getTime() < Date.now()) {
        throw AuthErrors.emailVerificationInvalid();
      }
      await this.confirm(m, company.id);
      return { message, emailVerified: true, newlyVerified: true };
    });
  }

  /** The demo company (seed): its made-up address is confirmed without a link. */
  confirmWithoutLink(companyId: string): Promise<void> {
    return this.dataSource.transaction((m) => this.confirm(m, companyId));
  }

  private async confirm(m: EntityManager, companyId: string): Promise<void> {
    const verifiedAt = new Date();
    await this.repo.markVerified(m, companyId, verifiedAt);
    await enqueueEvent(m, {
      type: 'auth.company.email-verified',
      companyId,
      actorId: null,
      requestId: currentRequestId(),
      data: { verifiedAt: verifiedAt.toISOString() },
    });
  }

  /** Admin: a new link to the admin's own address ("Link erneut senden"). */
  async resend(actor: AccessTokenClaims): Promise<ResendVerificationResponse> {
    return this.dataSource.transaction(async (m) => {
      const company = await this.repo.findCompanyForUpdate(m, actor.companyId);
      const user = await this.repo.findUser(m, actor.companyId, actor.userId);
      if (!company || !user) throw AuthErrors.sessionUserGone();
      if (company.emailVerifiedAt) throw AuthErrors.emailAlreadyVerified();
      if (company.emailVerificationExpiresAt) {
        const issuedAt = company.emailVerificationExpiresAt.getTime() - TTL_MS;
        const wait = Math.ceil((issuedAt + EMAIL_VERIFICATION_RESEND_INTERVAL_SECONDS * 1000 - Date.now()) / 1000);
        if (wait > 0) throw AuthErrors.emailVerificationResendWait(wait);
      }
      await this.issue(m, company, user);
      return {
        message: translateServerMessage('email_verification_sent.message', actor.language ?? 'de', {
          email: user.email,
        }),
        sentTo: user.email,
      };
    });
  }
}
