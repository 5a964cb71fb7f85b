import { LIMITS } from '@zunft/contracts';

/**
 * Options for calls that render a PDF on the server (and often e-mail it) or read a whole bank file.
 * The browser waits longer than the gateway and the billing service behind it (LIMITS.pdfWaits), so
 * a slow render on a busy server never shows the user an error for a call that then succeeds (a
 * quote or report mailed anyway, and mailed again when the user tries once more).
 */
export const SLOW_CALL = { timeoutMs: LIMITS.pdfWaits.browserMs } as const;
