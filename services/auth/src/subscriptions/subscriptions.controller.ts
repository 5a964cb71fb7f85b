import { Controller, Get } from '@nestjs/common';
import type { AccessTokenClaims } from '@zunft/contracts';
import { AllowWithoutPayment, CurrentUser } from '@zunft/nest-common';
import { SubscriptionsService } from './subscriptions.service.js';

@AllowWithoutPayment()
@Controller('subscriptions')
export class SubscriptionsController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Get('status')
  status(@CurrentUser() user: AccessTokenClaims) {
    return this.subscriptions.status(user);
  }
}
