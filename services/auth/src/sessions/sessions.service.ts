import { Inject, Injectable } from '@nestjs/common';
import { changed, currentRequestId, enqueueEvent } from '@zunft/nest-common';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { AUTH_CONFIG } from '../config/auth-config.module.js';
import type { AuthConfig } from '../config/auth.config.js';
import type { RefreshTokenEntity } from './refresh-token.entity.js';
import { RefreshTokensRepository } from './refresh-tokens.repository.js';

/** What the browser gets in the httpOnly refresh cookie. */
export interface RefreshCookie {
  token: string;
  /** rememberMe: cookie with Max-Age; otherwise a browser-session cookie. */
  persistent: boolean;
  maxAgeSeconds: number;
}

export type RotationResult =
  | { ok: true; previous: RefreshTokenEntity; cookie: RefreshCookie }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * How long a rotated refresh token is still honoured. The cookie is shared by every tab, so two tabs
 * may refresh with it at the same moment, and on a weak connection the answer carrying the successor
 * can get lost: a second use within this window is such a race, not theft.
 */
export const ROTATION_GRACE_SECONDS = 30;

/**
 * A super-admin (support) session ends 8 hours after the one-time link was used, however often it
 * is refreshed: its successors keep the first token's expiry instead of getting a new one.
 */
export const SUPER_ADMIN_SESSION_SECONDS = 8 * 3600;

/** Refresh-token lifecycle: issue, rotate with reuse detection (and a grace window), revoke. */
@Injectable()
export class SessionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tokens: RefreshTokensRepository,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
  ) {}

  private get ttlSeconds() {
    return this.config.refreshTokenTtlDays * 86_400;
  }

  async issue(
    m: EntityManager,
    userId: string,
    options: { persistent: boolean; superAdmin?: boolean; familyId?: string; expiresAt?: Date },
  ): Promise<{ row: RefreshTokenEntity; cookie: RefreshCookie }> {
    const token = randomBytes(32).toString('base64url');
    const ttlSeconds = options.superAdmin ? Math.min(this.ttlSeconds, SUPER_ADMIN_SESSION_SECONDS) : this.ttlSeconds;
    const expiresAt = options.expiresAt ?? new Date(Date.now() + ttlSeconds * 1000);
    const row = await this.tokens.insert(m, {
      userId,
      tokenHash: sha256(token),
      familyId: options.familyId ?? randomUUID(),
      persistent: options.persistent,
      superAdmin: options.superAdmin ?? false,
      expiresAt,
    });
    const maxAgeSeconds = options.expiresAt
      ? Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000))
      : ttlSeconds;
    return { row, cookie: { token, persistent: options.persistent, maxAgeSeconds } };
  }

  /**
   * Swaps a valid refresh token for its successor. A token that was already rotated is reuse: within
   * ROTATION_GRACE_SECONDS of its rotation, while its family is alive, a benign race (another tab,
   * a lost answer) that gets a sibling in the same family, leaving the successor valid. Later it is
   * taken for a stolen copy or a replay: the whole family is revoked and that revocation is committed.
   */
  rotate(token: string): Promise<RotationResult> {
    return this.dataSource.transaction(async (m) => {
      const now = new Date();
      const current = await this.tokens.findByHashForUpdate(m, sha256(token));
      if (!current) return { ok: false, reason: 'unknown' } as const;
      if (current.revokedAt) {
        if (!current.replacedById) return { ok: false, reason: 'revoked' } as const;
        if (await this.isRotationRace(m, current, current.revokedAt, now)) {
          const sibling = await this.issueSuccessor(m, current);
          return { ok: true, previous: current, cookie: sibling.cookie } as const;
        }
        await this.tokens.revokeFamily(m, current.familyId, now);
        return { ok: false, reason: 'reused' } as const;
      }
      if (current.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' } as const;
      const next = await this.issueSuccessor(m, current);
      await this.tokens.markRotated(m, current.id, next.row.id, now);
      return { ok: true, previous: current, cookie: next.cookie } as const;
    });
  }

  private issueSuccessor(m: EntityManager, current: RefreshTokenEntity) {
    return this.issue(m, current.userId, {
      persistent: current.persistent,
      superAdmin: current.superAdmin,
      familyId: current.familyId,
      // No endless renewal of a support session (SUPER_ADMIN_SESSION_SECONDS).
      ...(current.superAdmin ? { expiresAt: current.expiresAt } : {}),
    });
  }

  /**
   * A rotated token presented again shortly after its rotation (its revoked_at: later revocations
   * leave it), itself unexpired, of a family that still has a live token. Locking those live tokens
   * makes a concurrent logout either wait for the sibling (and revoke it too) or win (no live token
   * left: no sibling).
   */
  private async isRotationRace(
    m: EntityManager,
    rotated: RefreshTokenEntity,
    rotatedAt: Date,
    now: Date,
  ): Promise<boolean> {
    if (now.getTime() - rotatedAt.getTime() >= ROTATION_GRACE_SECONDS * 1000) return false;
    if (rotated.expiresAt.getTime() <= now.getTime()) return false;
    return (await this.tokens.lockLiveInFamily(m, rotated.familyId, now)) > 0;
  }

  /** The still valid token row of a cookie value, or null (no lock; for reading persistence). */
  async findValid(token: string | null): Promise<RefreshTokenEntity | null> {
    if (!token) return null;
    const row = await this.tokens.findByHash(sha256(token));
    if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) return null;
    return row;
  }

  /** Logout: revokes the presented token's whole family (this browser's session). */
  /** Logout: the cookie's session ends, and so do the user's access tokens issued before now. */
  /** Logout; `andThen` runs in the same transaction with the ended session (auth's audit trail). */
  async revokeByToken(
    token: string,
    andThen?: (m: EntityManager, ended: RefreshTokenEntity) => Promise<void>,
  ): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const row = await this.tokens.findByHashForUpdate(m, sha256(token));
      if (!row) return;
      await this.tokens.revokeFamily(m, row.familyId, new Date());
      await this.endAccessTokens(m, row.userId);
      await andThen?.(m, row);
    });
  }

  /** Password change, deactivation, deletion: every session of the user ends, access tokens included. */
  async revokeAllForUser(m: EntityManager, userId: string): Promise<void> {
    await this.tokens.revokeAllForUser(m, userId, new Date());
    await this.endAccessTokens(m, userId);
  }

  /**
   * Access tokens cannot be recalled, so the user gets `sessions_valid_after` (this second; `iat`
   * has whole seconds, so a token issued in the same second, e.g. by the refresh right after a
   * password change, stays valid): every JWT guard refuses older tokens with 401 `token_expired`.
   * Auth reads it with the user on every request; operations and billing learn it from
   * `auth.user.sessions-revoked` (their staff copies).
   */
  private async endAccessTokens(m: EntityManager, userId: string): Promise<void> {
    const [user] = await changed<{ company_id: string; sessions_valid_after: Date }>(
      m,
      `UPDATE users SET sessions_valid_after = date_trunc('second', now()) WHERE id = $1
       RETURNING company_id, sessions_valid_after`,
      [userId],
    );
    if (!user) return;
    await enqueueEvent(m, {
      type: 'auth.user.sessions-revoked',
      companyId: user.company_id,
      actorId: null,
      requestId: currentRequestId(),
      data: { userId, validAfter: new Date(user.sessions_valid_after).toISOString() },
    });
  }
}
