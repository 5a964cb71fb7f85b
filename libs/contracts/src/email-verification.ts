import { z } from 'zod';

/**
 * Verification of the owner's e-mail address (issue 25). Registering signs in at once and every flow
 * works; until the owner opens the link mailed at registration, a trial company sends at most
 * `UNVERIFIED_TRIAL_DAILY_CUSTOMER_MAILS` customer mails (quotes, reports, invoices, reminders) per
 * day (Europe/Zurich).
 */
export const UNVERIFIED_TRIAL_DAILY_CUSTOMER_MAILS = 20;

/** Days a verification link stays valid; "Link erneut senden" issues a new one (the old one stops working). */
export const EMAIL_VERIFICATION_TTL_DAYS = 7;

/** The catalogue's `email_verification_invalid` (same words, so the validation answer is translated too). */
const INVALID_LINK = 'Der Bestätigungslink ist ungültig oder abgelaufen. Fordern Sie im Profil einen neuen an.';

/** POST /auth/verify-email (public): the token from the link `/verify-email/<token>`. */
export const verifyEmailRequestSchema = z.object({
  token: z.string({ error: INVALID_LINK }).regex(/^[A-Za-z0-9_-]{43}$/, { error: INVALID_LINK }),
});
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;

/** Answer of POST /auth/verify-email. */
export interface VerifyEmailResponse {
  message: string;
  emailVerified: true;
  /** false when the address had already been confirmed with this link. */
  newlyVerified: boolean;
}

/** Answer of POST /auth/verify-email/resend (admin): the address the new link went to. */
export interface ResendVerificationResponse {
  message: string;
  sentTo: string;
}

/**
 * `rpc.auth.email-verification-link` (billing → auth, at send time): the token of the link that
 * `auth.company.email-verification-requested` announced. The token never enters the event stream;
 * auth draws it when asked, stores its hash (replacing the one before) and answers it once over core
 * NATS. `expiresAt` is the event's: a link replaced meanwhile (resend) answers `superseded`, a
 * confirmed address `verified`; billing then sends nothing.
 */
export const emailVerificationLinkRequestSchema = z.object({
  companyId: z.uuid(),
  userId: z.uuid(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export const emailVerificationLinkSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('issued'), token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) }),
  z.object({ state: z.literal('superseded') }),
  z.object({ state: z.literal('verified') }),
]);
export type EmailVerificationLink = z.infer<typeof emailVerificationLinkSchema>;
