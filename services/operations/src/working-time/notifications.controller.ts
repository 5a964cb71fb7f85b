import { Controller, Get, HttpCode, Put } from '@nestjs/common';
import type { AccessTokenClaims } from '@zunft/contracts';
import { CurrentUser } from '@zunft/nest-common';
import { NotificationsService } from './notifications.service.js';

/** The top bar's bell (issue 24): every role, always the caller's own notifications. */
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  list(@CurrentUser() user: AccessTokenClaims) {
    return this.notifications.list(user);
  }

  @Put('read')
  @HttpCode(200)
  markAllRead(@CurrentUser() user: AccessTokenClaims) {
    return this.notifications.markAllRead(user);
  }
}
