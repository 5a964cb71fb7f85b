import { createPublicKey } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  accessTokenClaimsSchema,
  type AccessTokenClaims,
} from '@zunft/contracts';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { CommonErrors } from '../errors/domain.error.js';

export const JWT_PUBLIC_KEY = Symbol('JWT_PUBLIC_KEY');
export const JWT_STRATEGY = 'zunft-jwt';

/** Verifies the bearer access token with the auth service's PUBLIC key (ES256 only). */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, JWT_STRATEGY) {
  constructor(@Inject(JWT_PUBLIC_KEY) publicKey: string) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // Parsed once: given the PEM text, jsonwebtoken parses the key again for every request.
      // jsonwebtoken 9 takes a KeyObject as is; passport-jwt's types only name string | Buffer.
      secretOrKey: createPublicKey(publicKey) as unknown as string,
      algorithms: ['ES256'],
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      ignoreExpiration: false,
    });
  }

  /** A signed token of the wrong shape (e.g. an old claim set) is not accepted either. */
  validate(payload: unknown): AccessTokenClaims {
    const parsed = accessTokenClaimsSchema.safeParse(payload);
    if (!parsed.success || parsed.data.sub !== parsed.data.userId) throw CommonErrors.unauthenticated();
    return parsed.data;
  }
}
