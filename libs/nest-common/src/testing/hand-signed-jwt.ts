import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, type AccessTokenClaims } from '@zunft/contracts';
import { sign, type KeyObject } from 'node:crypto';

/*
 * Hand-signed access tokens for nest-common's own guard tests: no code shared with the auth
 * service that issues real tokens, so a wrong signer cannot hide a wrong verifier.
 */

export const b64 = (value: object | Buffer) =>
  (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url');

/** An ES256 JWT over `payload` (the header can be changed to test refusals). */
export function handSignedJwt(key: KeyObject, payload: object, header: object = { alg: 'ES256', typ: 'JWT' }) {
  const input = `${b64(header)}.${b64(payload)}`;
  const signature = sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' });
  return `${input}.${b64(signature)}`;
}

/** A valid employee's claims with issuer, audience and a 15-minute lifetime. */
export function handSignedClaims(userId: string, companyId: string, over: Partial<AccessTokenClaims> = {}) {
  return {
    sub: userId,
    userId,
    companyId,
    role: 'employee',
    subscriptionStatus: 'trial',
    trialEndsAt: new Date(Date.now() + 86_400_000).toISOString(),
    iss: ACCESS_TOKEN_ISSUER,
    aud: ACCESS_TOKEN_AUDIENCE,
    iat: Math.floor(Date.now() / 1000),
    exp: Math.floor(Date.now() / 1000) + 900,
    ...over,
  };
}
