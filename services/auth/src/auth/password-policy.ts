import { AuthErrors } from './auth.errors.js';
import { COMMON_PASSWORDS_TEXT } from './common-passwords.data.js';

const COMMON = new Set(COMMON_PASSWORDS_TEXT.split('\n'));

/** One of the 10,000 most common passwords (or of our curated German/Swiss list), ignoring case. */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.trim().toLowerCase());
}

/**
 * Refuses a common password wherever one is chosen (registration, password change, a user created
 * by the admin). The length rule (at least 6) stays in the request schemas of libs/contracts.
 */
export function assertPasswordAcceptable(password: string): void {
  if (isCommonPassword(password)) throw AuthErrors.passwordTooCommon();
}
