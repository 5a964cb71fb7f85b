import { Inject, Injectable, Optional, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { AccessTokenClaims } from '@zunft/contracts';
import { CommonErrors, DomainError } from '../errors/domain.error.js';
import { IS_PUBLIC_KEY } from './auth.decorators.js';
import { JWT_STRATEGY } from './jwt.strategy.js';
import { USER_STATUS_CHECK, type UserStatusCheck } from './user-status.js';

/**
 * Global guard: every route needs a valid access token unless it is marked @Public(). When the
 * service provides a `USER_STATUS_CHECK`, a verified token of a user it knows to be deactivated or
 * deleted is refused with 401 `account_deactivated`, one whose role changed since the token was
 * issued with 401 `token_outdated` (before roles and the payment gate).
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard(JWT_STRATEGY) {
  constructor(
    private readonly reflector: Reflector,
    @Optional() @Inject(USER_STATUS_CHECK) private readonly userStatus?: UserStatusCheck | null,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    // Passport's guard resolves true or throws (handleRequest below).
    if (!(await (super.canActivate(context) as Promise<boolean>))) return false;
    if (this.userStatus) {
      const user = context.switchToHttp().getRequest<{ user?: AccessTokenClaims }>().user;
      const status = user ? await this.userStatus.check(user) : 'ok';
      if (status === 'blocked') throw CommonErrors.accountDeactivated();
      if (status === 'role_changed') throw CommonErrors.tokenOutdated();
      if (status === 'revoked') throw CommonErrors.sessionExpired();
    }
    return true;
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
