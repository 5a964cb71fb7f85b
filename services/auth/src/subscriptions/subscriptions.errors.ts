import { serverMessage, type PaymentCalculation } from '@zunft/contracts';
import { DomainError } from '@zunft/nest-common';

export class SubscriptionError extends DomainError {}

export const SubscriptionErrors = {
  twintUnavailable: () => new SubscriptionError('twint_unavailable', serverMessage('twint_unavailable'), 400),
  alreadyActive: () => new SubscriptionError('subscription_active', serverMessage('subscription_active'), 409),
  noSubscription: () => new SubscriptionError('no_subscription', serverMessage('no_subscription'), 409),
  provider: () => new SubscriptionError('payment_provider_error', serverMessage('payment_provider_error'), 502),
  badSignature: () => new SubscriptionError('invalid_signature', serverMessage('invalid_signature'), 400),
  noPendingPayment: () => new SubscriptionError('no_pending_payment', serverMessage('no_pending_payment'), 404),
  noPendingUser: () => new SubscriptionError('no_pending_user', serverMessage('no_pending_user'), 404),
  seatAvailable: () => new SubscriptionError('seat_available', serverMessage('seat_available'), 409),
  paymentNotCompleted: (calc: PaymentCalculation | null, userId: string) =>
    new SubscriptionError('requires_payment', serverMessage('requires_payment.not_completed'), 402, {
      requires_payment: true,
      payment_calculation: calc,
      userId,
    }),
  activationRequiresPayment: (calc: PaymentCalculation, userId: string) =>
    new SubscriptionError('requires_payment', serverMessage('requires_payment.activation'), 402, {
      requires_payment: true,
      payment_calculation: calc,
      userId,
    }),
} as const;
