import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { REQUIRES_PAYMENT_MESSAGE, isPaymentRequired, type AccessTokenClaims } from '@zunft/contracts';
import { DomainError } from '../errors/domain.error.js';
import { ALLOW_WITHOUT_PAYMENT_KEY, IS_PUBLIC_KEY } from './auth.decorators.js';

/** The 403 answer of the subscription gate (body shape: RequiresPaymentBody in contracts). */
export function requiresPaymentError(claims: Pick<AccessTokenClaims, 'subscriptionStatus' | 'trialEndsAt'>) {
  return new DomainError('requires_payment', REQUIRES_PAYMENT_MESSAGE, 403, {
    requires_payment: true,
    subscription_status: claims.subscriptionStatus,
    trial_ends_at: claims.trialEndsAt,
  });
}

/**
 * Global guard: a company whose trial ended or whose subscription is suspended/cancelled may only
 * use routes marked @AllowWithoutPayment() (profile, refresh, logout, companies/*, subscriptions/*).
 * It reads the subscription state from the token, so no service needs the auth database. The
 * super-admin (support) is never gated.
 */
@Injectable()
export class SubscriptionGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, targets)) return true;
    if (this.reflector.getAllAndOverride<boolean>(ALLOW_WITHOUT_PAYMENT_KEY, targets)) return true;
    const user = context.switchToHttp().getRequest<{ user?: AccessTokenClaims }>().user;
    if (!user || user.isSuperAdmin) return true;
    if (isPaymentRequired(user.subscriptionStatus, user.trialEndsAt)) throw requiresPaymentError(user);
    return true;
  }
}
