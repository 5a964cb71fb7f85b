import { SetMetadata, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AccessTokenClaims, Role } from '@zunft/contracts';
import { CommonErrors } from '../errors/domain.error.js';

export const IS_PUBLIC_KEY = 'zunft:isPublic';
export const ROLES_KEY = 'zunft:roles';
export const ALLOW_WITHOUT_PAYMENT_KEY = 'zunft:allowWithoutPayment';
export const ACCOUNTANT_MAY_WRITE_KEY = 'zunft:accountantMayWrite';

/** The route needs no access token (login, register, health, public files). */
export const Public = () => SetMetadata(IS_PUBLIC_KEY, true);

/** Only these roles may call the route (handler or whole controller); others get 403. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

/**
 * A non-GET route the read-only `accountant` may still call: their own session (logout, password,
 * language, company switch). Every other write of an accountant answers 403 (RolesGuard).
 */
export const AccountantMayWrite = () => SetMetadata(ACCOUNTANT_MAY_WRITE_KEY, true);

/** The route stays usable when the company must pay (profile, settings, subscription pages). */
export const AllowWithoutPayment = () => SetMetadata(ALLOW_WITHOUT_PAYMENT_KEY, true);

type RequestWithUser = { user?: AccessTokenClaims };

function claimsOf(ctx: ExecutionContext): AccessTokenClaims {
  const user = ctx.switchToHttp().getRequest<RequestWithUser>().user;
  if (!user) throw CommonErrors.unauthenticated();
  return user;
}

/** The verified access-token claims of the caller. */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext) => claimsOf(ctx));
