/**
 * Constants and helpers of the contracts that the browser needs on every page, without zod: this
 * module imports nothing, so the public pages (landing, pricing, login) can use them without
 * loading the schemas. `@zunft/web-common` imports it as `@zunft/contracts/codes`; `common.ts`
 * re-exports everything, so `@zunft/contracts` offers the same names as before.
 */

export const LANGUAGES = ['de', 'fr', 'it'] as const;

export const SUBSCRIPTION_STATUSES = ['trial', 'active', 'suspended', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The German text of the requires_payment answer (subscription gate). */
export const REQUIRES_PAYMENT_MESSAGE = 'Ihr Testzeitraum ist abgelaufen. Bitte wählen Sie ein Abonnement.';

/**
 * 401 code of a still valid access token whose user was deactivated or deleted meanwhile (the
 * services check their staff directory); the web client signs out and shows the message.
 */
export const ACCOUNT_DEACTIVATED_CODE = 'account_deactivated';
export const ACCOUNT_DEACTIVATED_MESSAGE = 'Ihr Konto wurde deaktiviert. Bitte wenden Sie sich an Ihren Administrator.';

/**
 * Whether a company must pay before it may use the app: its trial ended (status trial and the end
 * in the past) or its subscription is suspended or cancelled. Shared by the server gate and the UI.
 */
export function isPaymentRequired(
  status: SubscriptionStatus,
  trialEndsAt: string | Date | null,
  now: Date = new Date(),
): boolean {
  if (status === 'suspended' || status === 'cancelled') return true;
  if (status === 'trial') {
    if (!trialEndsAt) return false;
    return new Date(trialEndsAt).getTime() <= now.getTime();
  }
  return false;
}
