import type { ErrorBody } from '@zunft/contracts';
import { currentLanguage, i18n } from '../i18n/i18n';

/**
 * Error of every failed API call. `message` can be shown to the user as is: the server's text (in the
 * user's language) or the client's own (common:apiErrors, German by default).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when the server could not be reached, 408 on our own timeout. */
    readonly status: number,
    message: string,
    /** Parsed error body (`{ error, code?, ... }`) when the server sent one. */
    readonly body: (ErrorBody & Record<string, unknown>) | null = null,
    /** Machine-readable code: the server's `code`, or 'timeout' / 'network' for transport failures. */
    readonly code: string | null = body?.code ?? null,
  ) {
    super(message);
  }

  get requiresPayment(): boolean {
    return this.status === 403 && this.code === 'requires_payment';
  }
}

export const TIMEOUT_MESSAGE = 'Zeitüberschreitung – bitte erneut versuchen';
export const NETWORK_MESSAGE = 'Keine Verbindung zum Server';

/** The client's own error texts (common:apiErrors); the German one is the constant or literal here. */
export type ApiErrorTextKey =
  | 'timeout'
  | 'network'
  | 'badResponse'
  | 'badRequest'
  | 'unauthenticated'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'tooLarge'
  | 'tooManyRequests'
  | 'server'
  | 'unknown';

/** A text of the client itself in the UI language (fr/it from common:apiErrors), German as given. */
export function apiErrorText(key: ApiErrorTextKey, german: string): string {
  if (currentLanguage() === 'de') return german;
  return i18n.t(`apiErrors.${key}`, { ns: 'common', defaultValue: german });
}

/** Fallback in the UI language (German by default) when an error answer carries no `error` field. */
export function fallbackMessage(status: number): string {
  if (status === 400) return apiErrorText('badRequest', 'Ungültige Anfrage');
  if (status === 401) return apiErrorText('unauthenticated', 'Bitte melden Sie sich erneut an');
  if (status === 403) return apiErrorText('forbidden', 'Keine Berechtigung für diese Aktion');
  if (status === 404) return apiErrorText('notFound', 'Nicht gefunden');
  if (status === 409) return apiErrorText('conflict', 'Konflikt mit vorhandenen Daten');
  if (status === 413) return apiErrorText('tooLarge', 'Die Datei ist zu gross');
  if (status === 429) return apiErrorText('tooManyRequests', 'Zu viele Anfragen – bitte warten Sie einen Moment');
  if (status >= 500) return apiErrorText('server', 'Serverfehler – bitte später erneut versuchen');
  return apiErrorText('unknown', 'Unbekannter Fehler');
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The text to show for any thrown value (ApiError message, else a German fallback). */
export function errorMessage(value: unknown, fallback?: string): string {
  if (value instanceof ApiError) return value.message;
  return fallback ?? apiErrorText('unknown', 'Unbekannter Fehler');
}

/** True when the answer carries `requires_payment` (subscription gate or an unpaid extra employee). */
export function isRequiresPayment(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.code === 'requires_payment' || error.body?.requires_payment === true);
}

/**
 * The machine-readable `code` of a failed call ('report_signed', 'timeout', 'network', …), or null.
 * Screens decide by this code, never by comparing the server's German text.
 */
export function errorCode(error: unknown): string | null {
  return error instanceof ApiError ? error.code : null;
}
