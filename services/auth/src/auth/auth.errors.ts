import { DomainError } from '@zunft/nest-common';

export class AuthError extends DomainError {}

export const AuthErrors = {
  emailTaken: () => new AuthError('email_taken', 'Diese E-Mail-Adresse ist bereits registriert', 409),
  invalidCredentials: () => new AuthError('invalid_credentials', 'E-Mail oder Passwort ist falsch', 401),
  accountDeactivated: () =>
    new AuthError(
      'account_deactivated',
      'Ihr Konto ist deaktiviert. Bitte wenden Sie sich an Ihren Administrator.',
      403,
    ),
  /** Refresh failed: no, unknown, expired, revoked or reused token. The cookie is cleared. */
  refreshInvalid: () =>
    new AuthError('refresh_invalid', 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.', 401),
  sessionUserGone: () => new AuthError('unauthenticated', 'Bitte melden Sie sich an', 401),
  wrongCurrentPassword: () => new AuthError('wrong_current_password', 'Das aktuelle Passwort ist falsch', 400),
  superAdminTokenInvalid: () =>
    new AuthError('superadmin_token_invalid', 'Ungültiger oder abgelaufener SuperAdmin-Token', 401),
} as const;
