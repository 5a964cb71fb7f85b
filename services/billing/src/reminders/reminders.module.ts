import { Module } from '@nestjs/common';
import { InvoicesModule } from '../invoices/index.js';
import { LedgerModule } from '../ledger/index.js';
import { MarkOverdueInvoicesTask } from './jobs/mark-overdue.task.js';
import { SendAutomaticRemindersTask } from './jobs/send-reminders.task.js';
import { RemindersController } from './reminders.controller.js';
import { RemindersRepository } from './reminders.repository.js';
import { RemindersService } from './reminders.service.js';

/** Reminders (Mahnungen) and the daily overdue/automatic-reminder tasks. */
@Module({
  imports: [InvoicesModule, LedgerModule],
  controllers: [RemindersController],
  providers: [RemindersRepository, RemindersService, MarkOverdueInvoicesTask, SendAutomaticRemindersTask],
})
export class RemindersModule {}
