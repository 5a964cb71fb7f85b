import { Controller, Get, Headers, HttpCode, Post, Req } from '@nestjs/common';
import {
  createSubscriptionRequestSchema,
  createUserAdditionRequestSchema,
  type AccessTokenClaims,
} from '@zunft/contracts';
import { AllowWithoutPayment, CurrentUser, Public, Roles, ZodBody } from '@zunft/nest-common';
import type { Request } from 'express';
import { StripeWebhookService } from './stripe-webhook.service.js';
import {
  SubscriptionsService,
  type CreateSubscriptionInput,
  type CreateUserAdditionInput,
} from './subscriptions.service.js';

@AllowWithoutPayment()
@Controller('subscriptions')
export class SubscriptionsController {
  constructor(
    private readonly subscriptions: SubscriptionsService,
    private readonly webhooks: StripeWebhookService,
  ) {}

  @Get('status')
  status(@CurrentUser() user: AccessTokenClaims) {
    return this.subscriptions.status(user);
  }

  @Roles('admin')
  @Post('create')
  create(
    @CurrentUser() user: AccessTokenClaims,
    @ZodBody(createSubscriptionRequestSchema) body: CreateSubscriptionInput,
  ) {
    return this.subscriptions.create(user, body);
  }

  @Roles('admin')
  @Post('create-user-addition')
  createUserAddition(
    @CurrentUser() user: AccessTokenClaims,
    @ZodBody(createUserAdditionRequestSchema) body: CreateUserAdditionInput,
  ) {
    return this.subscriptions.createUserAddition(user, body);
  }

  @Roles('admin')
  @HttpCode(200)
  @Post('cancel')
  cancel(@CurrentUser() user: AccessTokenClaims) {
    return this.subscriptions.cancel(user);
  }

  /** Stripe's webhook: signature checked on the raw body, each event id handled once. */
  @Public()
  @HttpCode(200)
  @Post('webhook')
  async webhook(@Req() req: Request & { rawBody?: Buffer }, @Headers('stripe-signature') signature?: string) {
    const event = this.webhooks.verify(req.rawBody, signature);
    return this.webhooks.handle(event);
  }
}
