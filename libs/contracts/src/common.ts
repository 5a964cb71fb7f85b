import { z } from 'zod';

/** Staff roles. The super-admin is not a role of a company user; it logs in by one-time token. */
export const ROLES = ['admin', 'backoffice', 'employee'] as const;
export const roleSchema = z.enum(ROLES, { error: 'Ungültige Rolle. Erlaubt: admin, backoffice, employee' });
export type Role = z.infer<typeof roleSchema>;

export const LANGUAGES = ['de', 'fr', 'it'] as const;
export const languageSchema = z.enum(LANGUAGES, { error: 'Ungültige Sprache. Erlaubt: de, fr, it' });
export type Language = z.infer<typeof languageSchema>;

export const SUBSCRIPTION_STATUSES = ['trial', 'active', 'suspended', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const CURRENCIES = ['CHF', 'EUR'] as const;
export const TIMEZONES = ['Europe/Zurich', 'Europe/Geneva'] as const;

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

/** Turns an empty string into undefined, so optional form fields may be sent empty. */
export const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** The first issue of a zod error as one German sentence (schemas carry German messages). */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Ungültige Eingabe';
  return issue.message;
}
