import { ApiError } from '@zunft/web-common';

/**
 * The text for a failed call: the server's German `error` when it sent one (e.g. 'E-Mail bereits
 * vergeben'), otherwise the screen's own message from the spec's error catalogue.
 */
export function serverErrorOr(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const text = error.body?.error;
    if (typeof text === 'string' && text.trim() !== '') return text;
  }
  return fallback;
}

/** True when the answer carries `requires_payment` (subscription gate or an unpaid extra employee). */
export function isRequiresPayment(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.code === 'requires_payment' || error.body?.requires_payment === true);
}
