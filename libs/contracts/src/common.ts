import { z } from 'zod';
import { LANGUAGES, type SubscriptionStatus } from './codes.js';

// The zod-free constants and helpers (also imported alone as '@zunft/contracts/codes').
export * from './codes.js';

/**
 * Staff roles. The super-admin is not a role of a company user; it logs in by one-time token.
 * `accountant` (Treuhänder, issue 26) reads customers, invoices, credit notes, payments, reports, the
 * journal, open items and exports and writes nothing: nest-common's RolesGuard answers every
 * non-GET of an accountant 403 (`accountant_read_only`) unless the route is `@AccountantMayWrite()`
 * (their own session: logout, password, company switch).
 */
export const ROLES = ['admin', 'backoffice', 'employee', 'accountant'] as const;
export const roleSchema = z.enum(ROLES, {
  error: 'Ungültige Rolle. Erlaubt: admin, backoffice, employee, accountant',
});
/** Who may read the bookkeeping records (customers, invoices, credit notes, payments, reports). */
export const RECORD_READ_ROLES = ['admin', 'backoffice', 'accountant'] as const;
export type Role = z.infer<typeof roleSchema>;

export const languageSchema = z.enum(LANGUAGES, { error: 'Ungültige Sprache. Erlaubt: de, fr, it' });
export type Language = z.infer<typeof languageSchema>;

export const CURRENCIES = ['CHF', 'EUR'] as const;
export const TIMEZONES = ['Europe/Zurich', 'Europe/Geneva'] as const;
export type TimeZoneSetting = (typeof TIMEZONES)[number];

/**
 * The IANA zone for date arithmetic. The spec offers 'Europe/Geneva' as a setting, but it is no
 * IANA zone (Node and PostgreSQL reject it); Geneva keeps Zurich's offsets and DST rules.
 */
export function ianaTimeZone(setting: string | null | undefined): string {
  const ALIASES: Record<string, string> = { 'Europe/Geneva': 'Europe/Zurich' };
  if (!setting) return 'Europe/Zurich';
  return ALIASES[setting] ?? setting;
}

/** Business constants from the spec (part 1 §9, part 2 §9). */
export const LIMITS = {
  passwordMinLength: 6,
  trialDays: 30,
  requestTimeoutMs: 10_000,
  logoMaxBytes: 5 * 1024 * 1024,
  logoMimeTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as readonly string[],
  toastDurationMs: 5000,
  toastMax: 20,
  sidebarCollapsedPx: 88,
  sidebarExpandedPx: 288,
  desktopBreakpointPx: 1024,
  pricing: { monthlyPerEmployee: 12.5, yearlyPerEmployee: 120, yearlyListPerEmployee: 150, yearlyDiscountPercent: 20 },
  pricingSlider: { min: 1, max: 50, default: 3 },
  /**
   * The waits of a call that renders a PDF (download, send, sign), each longer than the one behind it,
   * so no layer reports a failure for a call that then succeeds (a quote mailed although the user saw
   * an error, and mailed again on the next try): the worker's render (20 s) < the billing service's
   * wait for the worker (PDF_TIMEOUT_MS, default 30 s, at most 40 s) < the gateway's wait for an
   * answer (UPSTREAM_TIMEOUT_MS, default 45 s) < the browser's (60 s).
   */
  pdfWaits: { renderMs: 20_000, serviceMs: 30_000, serviceMaxMs: 40_000, gatewayMs: 45_000, browserMs: 60_000 },
} as const;

/** Every error answer of every service has this body; `error` is shown to the user as is. */
export const errorBodySchema = z.object({
  error: z.string(),
  code: z.string().optional(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** 403 answer when the company's trial ran out or the subscription is suspended/cancelled. */
export interface RequiresPaymentBody extends ErrorBody {
  code: 'requires_payment';
  requires_payment: true;
  subscription_status: SubscriptionStatus;
  trial_ends_at: string | null;
}

export const uuidSchema = z.uuid({ error: 'Ungültige ID' });

/** Plain confirmation answer, e.g. of DELETE calls. */
export interface MessageResponse {
  message: string;
}

/** Turns an empty string into undefined, so optional form fields may be sent empty. */
export const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/**
 * The German answer to a NUL byte (U+0000) in any text: PostgreSQL cannot store it in text columns,
 * and no keyboard types it, so it is refused as invalid input instead of failing in the database.
 */
export const NUL_BYTE_MESSAGE = 'Die Eingabe enthält ein ungültiges Zeichen (Nullbyte)';

const hasNul = (s: string) => s.includes('\u0000');

/** True when a string anywhere in `value` (object keys included, nested up to 32 levels) holds a NUL byte. */
export function containsNulByte(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasNul(value);
  if (value === null || typeof value !== 'object' || depth > 32) return false;
  if (Array.isArray(value)) return value.some((v) => containsNulByte(v, depth + 1));
  if (ArrayBuffer.isView(value)) return false;
  return Object.entries(value).some(([k, v]) => hasNul(k) || containsNulByte(v, depth + 1));
}

/** A text field without NUL bytes (the base of the shared text schemas). */
export const textSchema = (error?: string) =>
  z.string(error ? { error } : undefined).refine((s) => !hasNul(s), NUL_BYTE_MESSAGE);

/** An optional `?search=` term of list calls: trimmed, empty means none, at most 200 characters, no NUL. */
export const searchTermSchema = z
  .preprocess(emptyToNull, textSchema().trim().max(200, 'Suchbegriff ist zu lang').nullable())
  .optional();

/**
 * A real calendar day `YYYY-MM-DD` (years 1000–9999): 2026-02-30, 2025-02-29 and 0000-01-01 are
 * refused instead of being rolled over by `new Date` or failing in the database.
 */
export function isRealIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1000 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}

/**
 * The one date schema of the contracts: a string `YYYY-MM-DD` that is a real day. `label` names the
 * field in the German messages ('Datum' by default).
 */
export const isoDateSchema = (label = 'Datum') => {
  const format =
    label === 'Datum' ? 'Datum muss im Format JJJJ-MM-TT sein' : `${label} muss ein Datum im Format JJJJ-MM-TT sein`;
  return z
    .string({ error: format })
    .regex(/^\d{4}-\d{2}-\d{2}$/, format)
    .refine(isRealIsoDate, `${label} ist kein gültiges Datum`);
};

/** The first issue of a zod error as one German sentence (schemas carry German messages). */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Ungültige Eingabe';
  return issue.message;
}

/** The German answer (400) to a `?cursor=` that is not the `nextCursor` of that list. */
export const INVALID_CURSOR_MESSAGE = 'Ungültiger Cursor. Bitte laden Sie die Liste neu.';

/**
 * `?cursor=` of paginated lists: the opaque `nextCursor` of the previous page (base64url). The
 * service checks its content and answers a German 400 for one that is not of that list.
 */
export const listCursorSchema = z
  .preprocess(
    emptyToNull,
    z
      .string({ error: INVALID_CURSOR_MESSAGE })
      .max(2048, INVALID_CURSOR_MESSAGE)
      .regex(/^[A-Za-z0-9_-]+$/, INVALID_CURSOR_MESSAGE)
      .nullable(),
  )
  .optional();
