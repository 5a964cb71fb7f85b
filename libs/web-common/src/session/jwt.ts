import type { AccessTokenClaims, Language, SessionUser } from '@zunft/contracts';
// The zod-free part of contracts: the package's index would bring zod onto the landing page.
import { LANGUAGES, isPaymentRequired } from '@zunft/contracts/codes';

function base64UrlDecode(segment: string): string {
  const base64 = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads the claims of an access token WITHOUT verifying it (the servers verify; we only display). */
export function decodeTokenClaims(token: string | null): (AccessTokenClaims & { exp?: number }) | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const claims = JSON.parse(base64UrlDecode(parts[1])) as Partial<AccessTokenClaims>;
    if (!claims.userId && !claims.sub) return null;
    return claims as AccessTokenClaims & { exp?: number };
  } catch {
    return null;
  }
}

/** The token's language claim (issue 15: the user's language) wins over the caller's fallback. */
function userFromClaims(claims: AccessTokenClaims, requiresPayment: boolean, fallback: Language): SessionUser {
  const language = claims.language && LANGUAGES.includes(claims.language) ? claims.language : fallback;
  return {
    id: claims.userId ?? claims.sub,
    email: '',
    role: claims.role,
    companyId: claims.companyId,
    companyName: '',
    firstName: '',
    lastName: '',
    first_name: '',
    last_name: '',
    language,
    craftsmanCategory: null,
    hourlyRate: null,
    requiresPayment,
    subscriptionStatus: claims.subscriptionStatus,
    trialEndsAt: claims.trialEndsAt ?? null,
    lastLoginAt: null,
    isSuperAdmin: claims.isSuperAdmin,
  };
}

/**
 * Part 1 §8: when the profile call answers requires_payment, the shell builds a minimal user from
 * the token so the payment flow (settings, payments tab) still works.
 */
export function minimalUserFromToken(token: string | null): SessionUser | null {
  const claims = decodeTokenClaims(token);
  return claims ? userFromClaims(claims, true, 'de') : null;
}

/**
 * The user as far as the stored token tells (id, role, company, subscription), for a session start
 * whose profile call failed in transport (weak reception): names and e-mail stay empty until the
 * profile loads. The payment gate follows the token's subscription claims.
 */
export function offlineUserFromToken(token: string | null, language: Language, now = new Date()): SessionUser | null {
  const claims = decodeTokenClaims(token);
  if (!claims) return null;
  return userFromClaims(claims, isPaymentRequired(claims.subscriptionStatus, claims.trialEndsAt, now), language);
}
