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
   * Whether the user is known to be blocked (inactive or deleted). A user the service does not
   * know (yet) is NOT blocked: the token is valid and the event may simply not have arrived.
   * Runs on every request: one indexed lookup, no transaction.
   */
  isBlocked(companyId: string, userId: string): Promise<boolean>;
}

export const USER_STATUS_CHECK = Symbol('USER_STATUS_CHECK');
