import { LIMITS, isPaymentRequired, type SubscriptionStatusResponse } from '@zunft/contracts';
import type { CompanyEntity } from '../companies/company.entity.js';
import type { SubscriptionStateEntity } from './subscription-state.entity.js';

const DAY_MS = 86_400_000;

function reasonOf(company: CompanyEntity, state: SubscriptionStateEntity | null, now: Date): string | null {
  if (company.subscriptionStatus === 'suspended') return 'payment_failed';
  if (company.subscriptionStatus === 'cancelled') return 'cancelled';
  if (state?.graceEndsAt) return 'payment_failed';
  if (isPaymentRequired(company.subscriptionStatus, company.trialEndsAt, now)) return 'trial_expired';
  return null;
}

export function toSubscriptionStatusResponse(
  company: CompanyEntity,
  activeUsers: number,
  now = new Date(),
  state: SubscriptionStateEntity | null = null,
): SubscriptionStatusResponse {
  const trialEndsAt = company.trialEndsAt;
  const daysRemaining =
    company.subscriptionStatus === 'trial' && trialEndsAt
      ? Math.max(0, Math.ceil((trialEndsAt.getTime() - now.getTime()) / DAY_MS))
      : null;
  const graceDays =
    state?.graceEndsAt && company.subscriptionStatus === 'active'
      ? Math.max(0, Math.ceil((state.graceEndsAt.getTime() - now.getTime()) / DAY_MS))
      : null;
  return {
    subscription: {
      status: company.subscriptionStatus,
      subscription_status: company.subscriptionStatus,
      trial_ends_at: trialEndsAt?.toISOString() ?? null,
      next_billing_date: company.nextBillingDate,
      billing_cycle: company.billingCycle,
      reason: reasonOf(company, state, now),
      gracePeriodDaysRemaining: graceDays,
      cancel_at_period_end: state?.cancelAtPeriodEnd ?? false,
      paid_seats: state?.paidSeats ?? 0,
    },
    subscription_info: {
      days_remaining: daysRemaining,
      requires_payment: isPaymentRequired(company.subscriptionStatus, trialEndsAt, now),
    },
    pricing: {
      current_users: activeUsers,
      price_per_user_monthly: LIMITS.pricing.monthlyPerEmployee,
      price_per_user_yearly: LIMITS.pricing.yearlyPerEmployee,
    },
  };
}
