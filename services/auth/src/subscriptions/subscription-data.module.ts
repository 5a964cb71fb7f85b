import { Module } from '@nestjs/common';
import { SeatPolicy } from './seat-policy.js';
import { SubscriptionsRepository } from './subscriptions.repository.js';

/** The subscription tables and the seat rule, for the users module (no Stripe, no controllers). */
@Module({
  providers: [SubscriptionsRepository, SeatPolicy],
  exports: [SubscriptionsRepository, SeatPolicy],
})
export class SubscriptionDataModule {}
