import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  RECORD_READ_ROLES,
  sendReminderRequestSchema,
  uuidSchema,
  type AccessTokenClaims,
  type SendReminderRequestParsed,
} from '@zunft/contracts';
import { CurrentUser, LazyZodBody, Roles, ZodParam, type LazyBody } from '@zunft/nest-common';
import { InvoicesService } from '../invoices/index.js';
import { RemindersService } from './reminders.service.js';

/** The reminder dialog (part 2 §2, §4, §7); admin and backoffice only. */
// The accountant (Treuhänder) reads these records; RolesGuard refuses their writes (issue 26).
@Roles(...RECORD_READ_ROLES)
@Controller('invoices')
export class RemindersController {
  constructor(
    private readonly reminders: RemindersService,
    private readonly invoices: InvoicesService,
  ) {}

  /**
   * Empty payload = the next level; or `{ reminderType, customDueDays (1–365, default 14), notes }`.
   * The invoice is looked up before the body is read: another company's id answers 404 (issue 28).
   */
  @Post(':id/send-reminder')
  @HttpCode(200)
  async send(
    @CurrentUser() user: AccessTokenClaims,
    @ZodParam('id', uuidSchema) id: string,
    @LazyZodBody(sendReminderRequestSchema) body: LazyBody<SendReminderRequestParsed>,
  ) {
    await this.invoices.get(user, id);
    return this.reminders.send(user, id, body.value());
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
