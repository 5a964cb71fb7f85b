import { Module } from '@nestjs/common';
import { CompaniesModule } from '../companies/companies.module.js';
import { AUTH_CONFIG } from '../config/auth-config.module.js';
import type { AuthConfig } from '../config/auth.config.js';
import { UsersModule } from '../users/users.module.js';
import { STANDIN_STRIPE_CONFIG, STRIPE_CLIENT, createStripeClient } from './stripe.client.js';
import { StripeWebhookService } from './stripe-webhook.service.js';
import { SubscriptionDataModule } from './subscription-data.module.js';
import { SubscriptionMaintenance } from './subscription-maintenance.service.js';
import { SubscriptionStateService } from './subscription-state.service.js';
import { SubscriptionsController } from './subscriptions.controller.js';
import { SubscriptionsService } from './subscriptions.service.js';

@Module({
  imports: [CompaniesModule, UsersModule, SubscriptionDataModule],
  controllers: [SubscriptionsController],
  providers: [
    {
      provide: STRIPE_CLIENT,
      inject: [AUTH_CONFIG],
      useFactory: (config: AuthConfig) => createStripeClient(config.stripe ?? STANDIN_STRIPE_CONFIG),
    },
    SubscriptionStateService,
    SubscriptionsService,
    StripeWebhookService,
    SubscriptionMaintenance,
  ],
  exports: [SubscriptionMaintenance],
})
export class SubscriptionsModule {}
