import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AccessTokenClaims, Role } from '@zunft/contracts';
import { CommonErrors } from '../errors/domain.error.js';
import { ROLES_KEY } from './auth.decorators.js';

/** Global guard: routes with @Roles(...) are closed to every other role (403). */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!roles || roles.length === 0) return true;
    const user = context.switchToHttp().getRequest<{ user?: AccessTokenClaims }>().user;
    if (!user) throw CommonErrors.unauthenticated();
    if (!roles.includes(user.role)) throw CommonErrors.forbidden();
    return true;
  }
}
