import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AccessTokenClaims, Role } from '@zunft/contracts';
import { CommonErrors } from '../errors/domain.error.js';
import { ACCOUNTANT_MAY_WRITE_KEY, ROLES_KEY } from './auth.decorators.js';

/** Methods that change nothing: the only ones a read-only `accountant` may call (issue 26). */
export const READ_METHODS: readonly string[] = ['GET', 'HEAD', 'OPTIONS'];

/**
 * Global guard: routes with @Roles(...) are closed to every other role (403). The `accountant`
 * (Treuhänder) writes nothing: any other method answers 403 `accountant_read_only` before the
 * route's roles are looked at, unless the route is `@AccountantMayWrite()` (their own session).
 */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, targets);
    const request = context.switchToHttp().getRequest<{ user?: AccessTokenClaims; method?: string }>();
    const user = request.user;
    if (
      user?.role === 'accountant' &&
      !READ_METHODS.includes((request.method ?? 'GET').toUpperCase()) &&
      !this.reflector.getAllAndOverride<boolean | undefined>(ACCOUNTANT_MAY_WRITE_KEY, targets)
    ) {
      throw CommonErrors.accountantReadOnly();
    }
    if (!roles || roles.length === 0) return true;
    if (!user) throw CommonErrors.unauthenticated();
    if (!roles.includes(user.role)) throw CommonErrors.forbidden();
    return true;
  }
}
