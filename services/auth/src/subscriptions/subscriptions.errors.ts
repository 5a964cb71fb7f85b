import { SUBSCRIPTION_MESSAGES, type PaymentCalculation } from '@zunft/contracts';
import { DomainError } from '@zunft/nest-common';

export class SubscriptionError extends DomainError {}

export const SubscriptionErrors = {
  twintUnavailable: () => new SubscriptionError('twint_unavailable', SUBSCRIPTION_MESSAGES.twintUnavailable, 400),
  alreadyActive: () => new SubscriptionError('subscription_active', SUBSCRIPTION_MESSAGES.alreadyActive, 409),
  noSubscription: () => new SubscriptionError('no_subscription', SUBSCRIPTION_MESSAGES.noSubscription, 409),
  provider: () => new SubscriptionError('payment_provider_error', SUBSCRIPTION_MESSAGES.providerError, 502),
  badSignature: () => new SubscriptionError('invalid_signature', SUBSCRIPTION_MESSAGES.badSignature, 400),
  noPendingPayment: () => new SubscriptionError('no_pending_payment', SUBSCRIPTION_MESSAGES.noPendingPayment, 404),
  noPendingUser: () => new SubscriptionError('no_pending_user', 'Kein Mitarbeiter wartet auf eine Zahlung', 404),
  seatAvailable: () =>
    new SubscriptionError(
      'seat_available',
      'Es ist noch ein bezahlter Platz frei: Der Mitarbeiter kann direkt aktiviert werden',
      409,
    ),
  paymentNotCompleted: (calc: PaymentCalculation | null, userId: string) =>
    new SubscriptionError('requires_payment', SUBSCRIPTION_MESSAGES.paymentNotCompleted, 402, {
      requires_payment: true,
      payment_calculation: calc,
      userId,
    }),
  activationRequiresPayment: (calc: PaymentCalculation, userId: string) =>
    new SubscriptionError('requires_payment', SUBSCRIPTION_MESSAGES.activationRequiresPayment, 402, {
      requires_payment: true,
      payment_calculation: calc,
      userId,
    }),
} as const;
