import { describe, expect, it } from '@jest/globals';
import type { CompanyEntity } from '../companies/company.entity.js';
import { toSubscriptionStatusResponse } from './subscriptions.dto.js';

const now = new Date('2026-03-10T12:00:00Z');
const company = (over: Partial<CompanyEntity>) =>
  ({
    subscriptionStatus: 'trial',
    trialEndsAt: null,
    nextBillingDate: null,
    billingCycle: null,
    ...over,
  }) as CompanyEntity;

describe('toSubscriptionStatusResponse', () => {
  it('counts remaining trial days up and stops at zero', () => {
    const partial = toSubscriptionStatusResponse(company({ trialEndsAt: new Date('2026-03-12T08:00:00Z') }), 3, now);
    expect(partial.subscription_info).toEqual({ days_remaining: 2, requires_payment: false });
    const ended = toSubscriptionStatusResponse(company({ trialEndsAt: new Date('2026-03-01T00:00:00Z') }), 3, now);
    expect(ended.subscription_info).toEqual({ days_remaining: 0, requires_payment: true });
  });

  it('has no remaining days for paying companies and requires payment when cancelled', () => {
    const active = toSubscriptionStatusResponse(
      company({ subscriptionStatus: 'active', billingCycle: 'yearly', nextBillingDate: '2027-03-10' }),
      5,
      now,
    );
    expect(active.subscription).toMatchObject({
      reason: null,
      cancel_at_period_end: false,
      status: 'active',
      billing_cycle: 'yearly',
      next_billing_date: '2027-03-10',
    });
    expect(active.subscription_info).toEqual({ days_remaining: null, requires_payment: false });
    expect(
      toSubscriptionStatusResponse(company({ subscriptionStatus: 'cancelled' }), 1, now).subscription_info
        .requires_payment,
    ).toBe(true);
  });
});
