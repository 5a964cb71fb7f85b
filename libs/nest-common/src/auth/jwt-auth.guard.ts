import { Injectable, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { AccessTokenClaims } from '@zunft/contracts';
import { CommonErrors, DomainError } from '../errors/domain.error.js';
import { IS_PUBLIC_KEY } from './auth.decorators.js';
import { JWT_STRATEGY } from './jwt.strategy.js';

/** Global guard: every route needs a valid access token unless it is marked @Public(). */
@Injectable()
export class JwtAuthGuard extends AuthGuard(JWT_STRATEGY) {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    return super.canActivate(context);
  }

  override handleRequest<TUser = AccessTokenClaims>(err: unknown, user: TUser | false, info: unknown): TUser {
    if (err instanceof DomainError) throw err;
    if (err || !user) {
      if (info instanceof Error && info.name === 'TokenExpiredError') throw CommonErrors.sessionExpired();
      throw CommonErrors.unauthenticated();
    }
    return user;
  }
}
