import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  sendReminderRequestSchema,
  uuidSchema,
  type AccessTokenClaims,
  type SendReminderRequestParsed,
} from '@zunft/contracts';
import { CurrentUser, Roles, ZodBody, ZodParam } from '@zunft/nest-common';
import { RemindersService } from './reminders.service.js';

/** The reminder dialog (part 2 §2, §4, §7); admin and backoffice only. */
@Roles('admin', 'backoffice')
@Controller('invoices')
export class RemindersController {
  constructor(private readonly reminders: RemindersService) {}

  /** Empty payload = the next level; or `{ reminderType, customDueDays (1–365, default 14), notes }`. */
  @Post(':id/send-reminder')
  @HttpCode(200)
  send(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @ZodBody(sendReminderRequestSchema) body: SendReminderRequestParsed,
  ) {
    return this.reminders.send(user, id, body);
  }

  @Get(':id/reminders')
  history(@CurrentUser() user: AccessTokenClaims, @ZodParam('id', uuidSchema) id: string) {
    return this.reminders.history(user, id);
  }

  @Get(':id/reminders/:reminderId/pdf')
  pdf(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @ZodParam('reminderId', uuidSchema) reminderId: string,
  ) {
    return this.reminders.pdf(user, id, reminderId);
  }
}
