import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes (256 bit), base64url: 43 characters. Only its SHA-256 hash is stored. */
export function newAcceptanceToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashAcceptanceToken(token) };
}

export const hashAcceptanceToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Cheap shape check before any lookup (anything else is "not found"). */
export const looksLikeAcceptanceToken = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token);
