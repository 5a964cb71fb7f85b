import { LIMITS, isPaymentRequired, type SubscriptionStatusResponse } from '@zunft/contracts';
import type { CompanyEntity } from '../companies/company.entity.js';

const DAY_MS = 86_400_000;

export function toSubscriptionStatusResponse(
  company: CompanyEntity,
  activeUsers: number,
  now = new Date(),
): SubscriptionStatusResponse {
  const trialEndsAt = company.trialEndsAt;
  const daysRemaining =
    company.subscriptionStatus === 'trial' && trialEndsAt
      ? Math.max(0, Math.ceil((trialEndsAt.getTime() - now.getTime()) / DAY_MS))
      : null;
  return {
    subscription: {
      status: company.subscriptionStatus,
      subscription_status: company.subscriptionStatus,
      trial_ends_at: trialEndsAt?.toISOString() ?? null,
      next_billing_date: company.nextBillingDate,
      billing_cycle: company.billingCycle,
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
