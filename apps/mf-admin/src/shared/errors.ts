import { ApiError } from '@zunft/web-common';

// The server's text or the screen's own (login, registration, saving an expense); failures of other
// actions use `toastFailure` from web-common.
export { serverErrorOr } from '@zunft/web-common';

/** True when the answer carries `requires_payment` (subscription gate or an unpaid extra employee). */
export function isRequiresPayment(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.code === 'requires_payment' || error.body?.requires_payment === true);
}
