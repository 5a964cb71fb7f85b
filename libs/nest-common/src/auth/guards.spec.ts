import { describe, expect, it } from '@jest/globals';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AccessTokenClaims } from '@zunft/contracts';
import { DomainError } from '../errors/domain.error.js';
import { ACCOUNTANT_MAY_WRITE_KEY, ALLOW_WITHOUT_PAYMENT_KEY, IS_PUBLIC_KEY, ROLES_KEY } from './auth.decorators.js';
import { RolesGuard } from './roles.guard.js';
import { SubscriptionGuard } from './subscription.guard.js';

const claims = (over: Partial<AccessTokenClaims> = {}): AccessTokenClaims => ({
  sub: '7f1c3a52-5d0e-4a43-9d7f-7f0a1c2b3d4e',
  userId: '7f1c3a52-5d0e-4a43-9d7f-7f0a1c2b3d4e',
  companyId: '0b6f5b38-2f8e-4b7e-8d55-0c5a1d2e3f40',
  role: 'admin',
  subscriptionStatus: 'trial',
  trialEndsAt: new Date(Date.now() + 86_400_000).toISOString(),
  ...over,
});

function context(
  user: AccessTokenClaims | undefined,
  metadata: Record<string, unknown> = {},
  method = 'GET',
): ExecutionContext {
  const handler = () => undefined;
  class Controller {}
  for (const [key, value] of Object.entries(metadata)) Reflect.defineMetadata(key, value, handler);
  return {
    getHandler: () => handler,
    getClass: () => Controller,
    switchToHttp: () => ({ getRequest: () => ({ user, method }) }),
  } as unknown as ExecutionContext;
}

function thrown(fn: () => unknown): DomainError | undefined {
  try {
    fn();
    return undefined;
  } catch (error) {
    return error as DomainError;
  }
}

describe('RolesGuard', () => {
  const guard = new RolesGuard(new Reflector());

  it('lets every signed-in role through routes without @Roles', () => {
    expect(guard.canActivate(context(claims({ role: 'employee' })))).toBe(true);
  });

  it('allows listed roles and refuses others with the German 403', () => {
    expect(guard.canActivate(context(claims({ role: 'backoffice' }), { [ROLES_KEY]: ['admin', 'backoffice'] }))).toBe(
      true,
    );
    const error = thrown(() => guard.canActivate(context(claims({ role: 'employee' }), { [ROLES_KEY]: ['admin'] })));
    expect(error).toBeInstanceOf(DomainError);
    expect(error?.status).toBe(403);
    expect(error?.message).toBe('Keine Berechtigung für diese Aktion');
  });

  it('lets the accountant read but refuses every write with its own German 403, except @AccountantMayWrite', () => {
    const accountant = claims({ role: 'accountant' });
    expect(guard.canActivate(context(accountant, { [ROLES_KEY]: ['admin', 'accountant'] }))).toBe(true);
    expect(guard.canActivate(context(accountant))).toBe(true);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const error = thrown(() => guard.canActivate(context(accountant, { [ROLES_KEY]: ['accountant'] }, method)));
      expect(error?.status).toBe(403);
      expect(error?.code).toBe('accountant_read_only');
      expect(error?.message).toBe('Treuhänder haben nur Lesezugriff: Sie können hier nichts ändern');
      expect(thrown(() => guard.canActivate(context(accountant, {}, method)))?.code).toBe('accountant_read_only');
    }
    expect(guard.canActivate(context(accountant, { [ACCOUNTANT_MAY_WRITE_KEY]: true }, 'POST'))).toBe(true);
    expect(guard.canActivate(context(claims({ role: 'backoffice' }), {}, 'POST'))).toBe(true);
    expect(thrown(() => guard.canActivate(context(accountant, { [ROLES_KEY]: ['admin'] })))?.code).toBe('forbidden');
  });
});

describe('SubscriptionGuard', () => {
  const guard = new SubscriptionGuard(new Reflector());
  const expired = claims({ trialEndsAt: new Date(Date.now() - 1000).toISOString() });

  it('passes a running trial and an active subscription', () => {
    expect(guard.canActivate(context(claims()))).toBe(true);
    expect(guard.canActivate(context(claims({ subscriptionStatus: 'active', trialEndsAt: null })))).toBe(true);
  });

  it('answers requires_payment when the trial has ended', () => {
    const error = thrown(() => guard.canActivate(context(expired)));
    expect(error?.status).toBe(403);
    expect(error?.code).toBe('requires_payment');
    expect(error?.message).toBe('Ihr Testzeitraum ist abgelaufen. Bitte wählen Sie ein Abonnement.');
    expect(error?.details).toEqual({
      requires_payment: true,
      subscription_status: 'trial',
      trial_ends_at: expired.trialEndsAt,
    });
  });

  it('blocks suspended and cancelled companies', () => {
    for (const status of ['suspended', 'cancelled'] as const) {
      expect(
        thrown(() => guard.canActivate(context(claims({ subscriptionStatus: status, trialEndsAt: null }))))?.code,
      ).toBe('requires_payment');
    }
  });

  it('lets @AllowWithoutPayment, @Public and the super-admin through', () => {
    expect(guard.canActivate(context(expired, { [ALLOW_WITHOUT_PAYMENT_KEY]: true }))).toBe(true);
    expect(guard.canActivate(context(undefined, { [IS_PUBLIC_KEY]: true }))).toBe(true);
    expect(guard.canActivate(context({ ...expired, isSuperAdmin: true }))).toBe(true);
  });
});
