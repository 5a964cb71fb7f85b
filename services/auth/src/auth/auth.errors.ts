import { serverMessage } from '@zunft/contracts';
import { DomainError } from '@zunft/nest-common';

export class AuthError extends DomainError {}

export const AuthErrors = {
  emailTaken: () => new AuthError('email_taken', serverMessage('email_taken'), 409),
  invalidCredentials: () => new AuthError('invalid_credentials', serverMessage('invalid_credentials'), 401),
  accountDeactivated: () => new AuthError('account_deactivated', serverMessage('account_deactivated.login'), 403),
  /** The company's account was closed (issue 26): no sign-in, no refresh. */
  companyClosed: () => new AuthError('company_closed', serverMessage('company_closed'), 403),
  /** Refresh failed: no, unknown, expired, revoked or reused token. The cookie is cleared. */
  refreshInvalid: () => new AuthError('refresh_invalid', serverMessage('token_expired'), 401),
  sessionUserGone: () => new AuthError('unauthenticated', serverMessage('unauthenticated'), 401),
  wrongCurrentPassword: () => new AuthError('wrong_current_password', serverMessage('wrong_current_password'), 400),
  /** Too many wrong passwords for this address: `retry_after_seconds` also becomes `Retry-After`. */
  loginThrottled: (seconds: number) =>
    new AuthError('login_throttled', serverMessage('login_throttled', { seconds }), 429, {
      retry_after_seconds: seconds,
    }),
  passwordTooCommon: () => new AuthError('password_too_common', serverMessage('password_too_common'), 400),
  emailVerificationInvalid: () =>
    new AuthError('email_verification_invalid', serverMessage('email_verification_invalid'), 400),
  /** rpc.auth.email-verification-link for a company or user that does not exist (any more). */
  emailVerificationLinkUnknown: () => new AuthError('not_found', serverMessage('not_found'), 404),
  emailAlreadyVerified: () => new AuthError('email_already_verified', serverMessage('email_already_verified'), 409),
  emailVerificationResendWait: (seconds: number) =>
    new AuthError('email_verification_resend_wait', serverMessage('email_verification_resend_wait', { seconds }), 429, {
      retry_after_seconds: seconds,
    }),
  superAdminTokenInvalid: () =>
    new AuthError('superadmin_token_invalid', serverMessage('superadmin_token_invalid'), 401),
} as const;
