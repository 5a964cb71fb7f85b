import type { ErrorBody } from '@zunft/contracts';

/** Error of every failed API call. `message` is German and can be shown to the user as is. */
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

/** German fallback when an error answer carries no `error` field. */
export function fallbackMessage(status: number): string {
  if (status === 400) return 'Ungültige Anfrage';
  if (status === 401) return 'Bitte melden Sie sich erneut an';
  if (status === 403) return 'Keine Berechtigung für diese Aktion';
  if (status === 404) return 'Nicht gefunden';
  if (status === 409) return 'Konflikt mit vorhandenen Daten';
  if (status === 413) return 'Die Datei ist zu gross';
  if (status === 429) return 'Zu viele Anfragen – bitte warten Sie einen Moment';
  if (status >= 500) return 'Serverfehler – bitte später erneut versuchen';
  return 'Unbekannter Fehler';
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The text to show for any thrown value (ApiError message, else a German fallback). */
export function errorMessage(value: unknown, fallback = 'Unbekannter Fehler'): string {
  if (value instanceof ApiError) return value.message;
  return fallback;
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
