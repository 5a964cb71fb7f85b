import { api } from '@zunft/web-common';
import type {
  CancelSubscriptionResponse,
  CheckoutResponse,
  CreateUserAdditionRequest,
  PaymentCalculation,
  SubscriptionStatusResponse,
} from '@zunft/contracts';

export type UserAdditionCheckout = CheckoutResponse & { payment_calculation: PaymentCalculation; userId: string };

/** Part 2 §7 "Subscription": status, the extra-seat checkout, cancellation at the end of the period. */
export const subscriptionApi = {
  status: (signal?: AbortSignal) => api.get<SubscriptionStatusResponse>('/subscriptions/status', { signal }),
  /** The server computes the amount; a sent prorata_amount is ignored. */
  createUserAddition: (body: CreateUserAdditionRequest) =>
    api.post<UserAdditionCheckout>('/subscriptions/create-user-addition', body),
  cancel: () => api.post<CancelSubscriptionResponse>('/subscriptions/cancel'),
};
