import { ApiError } from '../api/api-error';
import { toast } from './toast';

/** The server's German `error` text of a failed call, if it sent one. */
export function serverErrorText(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const text = error.body?.error;
  return typeof text === 'string' && text.trim() !== '' ? text : undefined;
}

/**
 * The server's German `error` text when it sent one (e.g. 'E-Mail bereits vergeben'), otherwise
 * the screen's own text. Only where the spec says so: login, registration, saving an expense.
 */
export function serverErrorOr(error: unknown, fallback: string): string {
  return serverErrorText(error) ?? fallback;
}

/**
 * A failed action: the spec's catalogue text as the toast (e.g. 'Fehler beim Löschen des Kunden'),
 * with the server's reason, when it gave one, as a second line ('Kunde hat noch Projekte').
 */
export function toastFailure(error: unknown, text: string): void {
  const detail = serverErrorText(error);
  toast.error(text, detail && detail !== text ? detail : undefined);
}
