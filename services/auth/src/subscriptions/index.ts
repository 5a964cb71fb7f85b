/**
 * The subscriptions room's door for the users room: the seat rule and seat payments
 * (`SubscriptionDataModule`, `SeatPolicy`), errors and types. `SubscriptionsModule` (Stripe,
 * controllers) is loaded by `app.module.ts` alone; it imports the users door, so exporting it here
 * would close an import cycle users → subscriptions → users.
 */
export { SubscriptionDataModule } from './subscription-data.module.js';
export { SeatPolicy } from './seat-policy.js';
export { SubscriptionErrors } from './subscriptions.errors.js';
export type { SubscriptionPaymentEntity } from './subscription-payment.entity.js';
