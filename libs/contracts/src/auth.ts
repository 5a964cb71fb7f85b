import { z } from 'zod';
import {
  LIMITS,
  ROLES,
  SUBSCRIPTION_STATUSES,
  NUL_BYTE_MESSAGE,
  languageSchema,
  type Role,
  type SubscriptionStatus,
  type Language,
} from './common.js';

const email = z
  .string({ error: 'E-Mail ist erforderlich' })
  .trim()
  .toLowerCase()
  .min(1, 'E-Mail ist erforderlich')
  .max(254, 'E-Mail ist zu lang')
  .pipe(z.email({ error: 'Bitte geben Sie eine gültige E-Mail-Adresse ein' }));

const password = z
  .string({ error: 'Passwort ist erforderlich' })
  .min(LIMITS.passwordMinLength, 'Das Passwort muss mindestens 6 Zeichen lang sein')
  .max(200, 'Das Passwort ist zu lang');

const requiredName = (label: string) =>
  z
    .string({ error: `${label} ist erforderlich` })
    .trim()
    .min(1, `${label} ist erforderlich`)
    .max(100, `${label} ist zu lang (max. 100 Zeichen)`)
    .refine((s) => !s.includes('\u0000'), NUL_BYTE_MESSAGE);

export const emailSchema = email;
export const passwordSchema = password;
export { requiredName };

/** POST /auth/register */
export const registerRequestSchema = z.object({
  companyName: requiredName('Firmenname').pipe(z.string().max(200)),
  firstName: requiredName('Vorname'),
  lastName: requiredName('Nachname'),
  email,
  password,
  language: languageSchema.default('de'),
  rememberMe: z.boolean().optional().default(true),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** POST /auth/login */
export const loginRequestSchema = z.object({
  email,
  password: z.string({ error: 'Passwort ist erforderlich' }).min(1, 'Passwort ist erforderlich').max(200),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** The signed-in user as the shell knows it (part 1 §3 "User"). */
export interface SessionUser {
  id: string;
  email: string;
  role: Role;
  companyId: string;
  companyName: string;
  firstName: string;
  lastName: string;
  /** Same as firstName/lastName: some screens read the snake_case names (part 1 §3). */
  first_name: string;
  last_name: string;
  /** The user's own language (de/fr/it): every word the user sees. New users start with the company's. */
  language: Language;
  /** The company's language (the default for new users); absent in answers of older servers. */
  companyLanguage?: Language;
  craftsmanCategory: string | null;
  hourlyRate: number | null;
  requiresPayment: boolean;
  subscriptionStatus: SubscriptionStatus;
  trialEndsAt: string | null;
  lastLoginAt: string | null;
  isSuperAdmin?: boolean;
  /** Whether the owner's e-mail address is confirmed (issue 25); absent in answers of older servers. */
  emailVerified?: boolean;
}

/** Answer of login, register, refresh and super-admin token login. */
export interface AuthResponse {
  token: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
  user: SessionUser;
}

/**
 * GET /auth/demo (public): whether the landing page offers the demo login ("Live-Demo ansehen").
 * On for `npm start`, off in production unless DEMO_LOGIN_ENABLED=true.
 */
export interface DemoLoginResponse {
  enabled: boolean;
}

/** GET /auth/profile */
export interface ProfileResponse {
  user: SessionUser;
}

/** PUT /auth/profile. Without `language` the user's language stays as it is. */
export const updateProfileRequestSchema = z.object({
  firstName: requiredName('Vorname'),
  lastName: requiredName('Nachname'),
  email,
  language: languageSchema.optional(),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

/**
 * PUT /auth/profile answer: the user and a fresh access token (its `language` claim follows the
 * profile at once, so the servers answer in the new language without waiting for a refresh).
 */
export interface UpdateProfileResponse extends ProfileResponse {
  token: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
}

/** PUT /auth/change-password */
export const changePasswordRequestSchema = z.object({
  currentPassword: z
    .string({ error: 'Aktuelles Passwort ist erforderlich' })
    .min(1, 'Aktuelles Passwort ist erforderlich'),
  newPassword: z
    .string({ error: 'Neues Passwort ist erforderlich' })
    .min(LIMITS.passwordMinLength, 'Das neue Passwort muss mindestens 6 Zeichen lang sein')
    .max(200, 'Das Passwort ist zu lang'),
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** POST /auth/superadmin-login: exchanges a one-time token issued by the CLI. */
export const superAdminLoginRequestSchema = z.object({
  token: z.string({ error: 'Token ist erforderlich' }).min(20, 'Ungültiger Token').max(200, 'Ungültiger Token'),
});

/**
 * Claims of the access JWT (ES256, signed by the auth service, verified by every service with the
 * public key). `sub` is the user id.
 */
export interface AccessTokenClaims {
  sub: string;
  userId: string;
  companyId: string;
  role: Role;
  /** Subscription state at issue time. */
  subscriptionStatus: SubscriptionStatus;
  trialEndsAt: string | null;
  isSuperAdmin?: boolean;
  /** The user's language: servers answer their messages in it. Absent in tokens issued before it existed. */
  language?: Language;
  /** Issued at (seconds since the epoch), set by the signer. */
  iat?: number;
}

/** Runtime check of verified access-token claims (every service validates the payload shape). */
export const accessTokenClaimsSchema = z.object({
  sub: z.uuid(),
  userId: z.uuid(),
  companyId: z.uuid(),
  role: z.enum(ROLES),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  trialEndsAt: z.string().nullable(),
  isSuperAdmin: z.boolean().optional(),
  language: languageSchema.optional(),
  iat: z.number().optional(),
});

/** PUT /auth/change-password answer; the caller's browser gets a fresh refresh cookie. */
export interface ChangePasswordResponse {
  message: string;
}

export const ACCESS_TOKEN_ISSUER = 'zunft-auth';
export const ACCESS_TOKEN_AUDIENCE = 'zunft';
/** The refresh token lives in an httpOnly cookie limited to the auth routes. */
export const REFRESH_COOKIE_NAME = 'zunft_refresh';
export const REFRESH_COOKIE_PATH = '/api/auth';
