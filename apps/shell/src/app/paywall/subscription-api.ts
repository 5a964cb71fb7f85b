import type {
  AuthResponse,
  CheckoutResponse,
  CreateSubscriptionRequest,
  SubscriptionStatusResponse,
} from '@zunft/contracts';
import { PLAN_IDS } from '@zunft/contracts';
import { api, sessionEvents, tokenStore } from '@zunft/web-common';
import type { BillingCycle } from '../../pricing/pricing';

/** POST /subscriptions/create: Stripe Checkout for the chosen plan (amount computed by the server). */
export function createSubscriptionCheckout(cycle: BillingCycle, method: 'stripe' | 'twint'): Promise<CheckoutResponse> {
  const body: CreateSubscriptionRequest = {
    plan_id: PLAN_IDS[cycle],
    billing_cycle: cycle,
    payment_method: method,
    auto_renew: true,
  };
  return api.post<CheckoutResponse>('/subscriptions/create', body);
}

export function fetchSubscriptionStatus(): Promise<SubscriptionStatusResponse> {
  return api.get<SubscriptionStatusResponse>('/subscriptions/status', { authRedirect: false });
}

/**
 * A new access token now (the subscription state is in the token): after the payment the gate of
 * every service lets the company through without waiting for the token's expiry.
 */
export async function renewAccessToken(): Promise<void> {
  const auth = await api.post<AuthResponse>('/auth/refresh', undefined, { authRedirect: false });
  if (!auth?.token) return;
  tokenStore.set(auth.token);
  if (auth.user) sessionEvents.emit({ type: 'user', user: auth.user });
}

/** The browser goes to Stripe's hosted checkout page (or the local stand-in's). */
export function goToCheckout(url: string): void {
  window.location.assign(url);
}
