import { Inject, Injectable } from '@nestjs/common';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, type AccessTokenClaims } from '@zunft/contracts';
import { SignJWT, importPKCS8 } from 'jose';
import { AUTH_CONFIG } from '../config/auth-config.module.js';
import type { AuthConfig } from '../config/auth.config.js';

/** Issues the ES256 access JWT; only this service holds the private key. */
@Injectable()
export class AccessTokenService {
  private key: ReturnType<typeof importPKCS8> | null = null;

  constructor(@Inject(AUTH_CONFIG) private readonly config: AuthConfig) {}

  get ttlSeconds(): number {
    return this.config.accessTokenTtlSeconds;
  }

  async sign(claims: Omit<AccessTokenClaims, 'sub'>): Promise<string> {
    this.key ??= importPKCS8(this.config.jwtPrivateKey, 'ES256');
    const payload: Record<string, unknown> = {
      userId: claims.userId,
      companyId: claims.companyId,
      role: claims.role,
      subscriptionStatus: claims.subscriptionStatus,
      trialEndsAt: claims.trialEndsAt,
    };
    if (claims.isSuperAdmin) payload.isSuperAdmin = true;
    if (claims.language) payload.language = claims.language;
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.config.accessTokenTtlSeconds}s`)
      .sign(await this.key);
  }
}
