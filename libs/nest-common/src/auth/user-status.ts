import type { AccessTokenClaims } from '@zunft/contracts';

/**
 * Optional hook of the JWT guard: a service that keeps a copy of the users (its staff directory)
 * provides it under `USER_STATUS_CHECK` from a global module, and the guard asks it on every
 * authenticated request after the token is verified. `true` → 401 `account_deactivated`, so a
 * deactivated or deleted user's access token stops working as soon as the service has consumed
 * the event, not only when the token expires (15 minutes). Services without a provider behave as
 * before.
 */
export interface UserStatusCheck {
  /**
   * - `blocked`: the user is known to be inactive or deleted → 401 `account_deactivated`.
   * - `role_changed`: the user's role changed after the token was issued → 401 `token_outdated`;
   *   the client refreshes (auth issues the current role) and repeats the call. A directory that
   *   is merely behind (its copy older than the token) must answer `ok`, or the fresh token would
   *   be refused again.
   * - `revoked`: the token was issued before the user's `sessions_valid_after` (logout, password
   *   change, deactivation) → 401 `token_expired`; the client's refresh then fails or gets a new one.
   * - `ok`: otherwise, also for a user the service does not know (yet): the token is valid and
   *   the event may simply not have arrived.
   * Runs on every authenticated request: keep it to one indexed lookup (or a briefly kept answer
   * the service drops on every staff change), no transaction.
   */
  check(claims: AccessTokenClaims): Promise<UserStatus>;
}

export type UserStatus = 'ok' | 'blocked' | 'role_changed' | 'revoked';

/**
 * The token was issued before `validAfter` (whole seconds, like `iat`: a token of the same second
 * counts as issued after it, so the refresh right after a password change is not refused).
 */
export function issuedBefore(claims: Pick<AccessTokenClaims, 'iat'>, validAfter: Date | string | null | undefined) {
  if (!validAfter) return false;
  return (claims.iat ?? 0) < Math.floor(new Date(validAfter).getTime() / 1000);
}

/**
 * The rule for a service's copy of the staff: blocked when inactive or deleted; role changed when
 * the copy's role differs from the token's and the copy was updated after the token was issued.
 */
export function staffStatus(
  row: {
    role: string;
    is_active: boolean;
    deleted_at: Date | null;
    updated_at: Date;
    sessions_valid_after?: Date | null;
  } | null,
  claims: Pick<AccessTokenClaims, 'role' | 'iat'>,
): UserStatus {
  if (!row) return 'ok';
  if (!row.is_active || row.deleted_at !== null) return 'blocked';
  if (issuedBefore(claims, row.sessions_valid_after)) return 'revoked';
  if (row.role === claims.role) return 'ok';
  // `iat` has whole seconds: only a change from the next second on counts as after the token, so
  // a token issued right after the change (same second) is never refused (no refresh loop).
  const nextSecondAfterIssue = ((claims.iat ?? 0) + 1) * 1000;
  return new Date(row.updated_at).getTime() >= nextSecondAfterIssue ? 'role_changed' : 'ok';
}

export const USER_STATUS_CHECK = Symbol('USER_STATUS_CHECK');
