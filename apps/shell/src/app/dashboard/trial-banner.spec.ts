import { describe, expect, it } from '@jest/globals';
import { trialBanner, trialDaysLeft } from './trial-banner';

const now = new Date('2025-06-01T10:00:00.000Z');
const inDays = (d: number, extraMs = 0) => new Date(now.getTime() + d * 86_400_000 + extraMs).toISOString();

describe('trial banner (part 1 §4/§9)', () => {
  it('is only shown while the subscription is a trial', () => {
    for (const status of ['active', 'suspended', 'cancelled'] as const) {
      expect(trialBanner({ subscriptionStatus: status, trialEndsAt: inDays(10) }, now)).toBeNull();
    }
    expect(trialBanner({ subscriptionStatus: 'trial', trialEndsAt: null }, now)).toBeNull();
    expect(trialBanner({ subscriptionStatus: 'trial', trialEndsAt: 'garbage' }, now)).toBeNull();
  });

  it('is shown with 1 to 30 days left, not outside', () => {
    expect(trialBanner({ subscriptionStatus: 'trial', trialEndsAt: inDays(30) }, now)?.daysLeft).toBe(30);
    expect(trialBanner({ subscriptionStatus: 'trial', trialEndsAt: inDays(31) }, now)).toBeNull();
    expect(trialBanner({ subscriptionStatus: 'trial', trialEndsAt: inDays(0, 3_600_000) }, now)?.daysLeft).toBe(1);
    expect(trialBanner({ subscriptionStatus: 'trial', trialEndsAt: inDays(0) }, now)).toBeNull();
    expect(trialBanner({ subscriptionStatus: 'trial', trialEndsAt: inDays(-2) }, now)).toBeNull();
  });

  it('8–30 days: calm, links to the pricing page, no end date', () => {
    expect(trialBanner({ subscriptionStatus: 'trial', trialEndsAt: inDays(8) }, now)).toEqual({
      daysLeft: 8,
      level: 'info',
      link: '/pricing',
      endsAt: null,
    });
    expect(trialBanner({ subscriptionStatus: 'trial', trialEndsAt: inDays(20) }, now)?.level).toBe('info');
  });

  it('7 days or fewer: urgent, links to the payments tab and shows the end date', () => {
    const end = inDays(7);
    expect(trialBanner({ subscriptionStatus: 'trial', trialEndsAt: end }, now)).toEqual({
      daysLeft: 7,
      level: 'urgent',
      link: '/settings?tab=payments',
      endsAt: end,
    });
    expect(trialBanner({ subscriptionStatus: 'trial', trialEndsAt: inDays(4) }, now)?.level).toBe('urgent');
  });

  it('3 days or fewer: the critical text', () => {
    expect(trialBanner({ subscriptionStatus: 'trial', trialEndsAt: inDays(3) }, now)).toMatchObject({
      level: 'critical',
      link: '/settings?tab=payments',
      daysLeft: 3,
    });
    expect(trialBanner({ subscriptionStatus: 'trial', trialEndsAt: inDays(1) }, now)?.level).toBe('critical');
  });

  it('counts a started day as a full day', () => {
    expect(trialDaysLeft(inDays(2, 1), now)).toBe(3);
    expect(trialDaysLeft(inDays(2), now)).toBe(2);
  });
});
