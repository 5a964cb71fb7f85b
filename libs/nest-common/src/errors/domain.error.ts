import { ACCOUNT_DEACTIVATED_CODE, ACCOUNT_DEACTIVATED_MESSAGE } from '@zunft/contracts';

/**
 * Base of every error a service throws on purpose. `message` is German and shown to the user as
 * is; `code` is stable for clients and tests; `status` is the HTTP status the global filter uses;
 * `details` are extra top-level fields of the answer body (e.g. requires_payment).
 * Modules subclass it in their `<module>.errors.ts` with their own codes.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Errors every service shares. */
export const CommonErrors = {
  unauthenticated: () => new DomainError('unauthenticated', 'Bitte melden Sie sich an', 401),
  sessionExpired: () =>
    new DomainError('token_expired', 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.', 401),
  /** Valid token, but the user was deactivated or deleted since it was issued (user status hook). */
  accountDeactivated: () => new DomainError(ACCOUNT_DEACTIVATED_CODE, ACCOUNT_DEACTIVATED_MESSAGE, 401),
  /** The role in the token is no longer the user's: the client refreshes and repeats the call. */
  tokenOutdated: () =>
    new DomainError('token_outdated', 'Ihre Berechtigungen wurden geändert. Bitte laden Sie die Seite neu.', 401),
  forbidden: () => new DomainError('forbidden', 'Keine Berechtigung für diese Aktion', 403),
  notFound: (message = 'Nicht gefunden') => new DomainError('not_found', message, 404),
} as const;
