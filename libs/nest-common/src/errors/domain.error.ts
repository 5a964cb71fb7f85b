import {
  ACCOUNT_DEACTIVATED_CODE,
  serverMessage,
  translateGermanMessage,
  translateServerMessage,
  type Language,
  type ServerMessageRef,
} from '@zunft/contracts';

/**
 * Base of every error a service throws on purpose. `message` is the German text; `code` is stable
 * for clients and tests; `status` is the HTTP status the global filter uses; `details` are extra
 * top-level fields of the answer body (e.g. requires_payment). The message is best given as a
 * catalogue reference (`serverMessage('forbidden')`, libs/contracts/src/messages): the filter then
 * answers in the request's language. A German string is translated when the catalogue knows it.
 * Modules subclass it in their `<module>.errors.ts` with their own codes.
 */
export class DomainError extends Error {
  /** The catalogue entry of the message, when it was given as one. */
  readonly messageRef?: ServerMessageRef;

  constructor(
    readonly code: string,
    message: string | ServerMessageRef,
    readonly status: number,
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(typeof message === 'string' ? message : translateServerMessage(message.key, 'de', message.params));
    if (typeof message !== 'string') this.messageRef = message;
    this.name = new.target.name;
  }

  /** The message in `language` (German: exactly `message`). */
  localizedMessage(language: Language): string {
    if (language === 'de') return this.message;
    if (this.messageRef) return translateServerMessage(this.messageRef.key, language, this.messageRef.params);
    return translateGermanMessage(this.message, language);
  }
}

/** Errors every service shares. */
export const CommonErrors = {
  unauthenticated: () => new DomainError('unauthenticated', serverMessage('unauthenticated'), 401),
  sessionExpired: () => new DomainError('token_expired', serverMessage('token_expired'), 401),
  /** Valid token, but the user was deactivated or deleted since it was issued (user status hook). */
  accountDeactivated: () => new DomainError(ACCOUNT_DEACTIVATED_CODE, serverMessage('account_deactivated'), 401),
  /** The role in the token is no longer the user's: the client refreshes and repeats the call. */
  tokenOutdated: () => new DomainError('token_outdated', serverMessage('token_outdated'), 401),
  forbidden: () => new DomainError('forbidden', serverMessage('forbidden'), 403),
  /** A write of the read-only `accountant` role (issue 26). */
  accountantReadOnly: () => new DomainError('accountant_read_only', serverMessage('accountant_read_only'), 403),
  notFound: (message: string | ServerMessageRef = serverMessage('not_found')) =>
    new DomainError('not_found', message, 404),
} as const;

/** The language of an answer (and how public pages set their customer's), next to the errors it translates. */
export { requestLanguage, setRequestLanguage } from './request-language.js';
