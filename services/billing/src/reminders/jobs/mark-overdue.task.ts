import { Injectable } from '@nestjs/common';
import { DailyTask, type DailyTaskContext, type DailyTaskInstance } from '../../jobs/index.js';
import { RemindersService } from '../reminders.service.js';

/** Daily: sent invoices past their due date become `overdue` (billing.invoice.overdue each). */
@DailyTask('invoices.mark-overdue')
@Injectable()
export class MarkOverdueInvoicesTask implements DailyTaskInstance {
  constructor(private readonly reminders: RemindersService) {}

  async run({ today, manager }: DailyTaskContext): Promise<{ overdue: number }> {
    return { overdue: await this.reminders.markOverdue(manager, today) };
  }
}
