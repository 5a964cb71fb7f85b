import { Injectable } from '@nestjs/common';
import { DailyTask, type DailyTaskContext, type DailyTaskInstance } from '../../jobs/index.js';
import { RemindersService } from '../reminders.service.js';

/** Daily, after the overdue marking (names run in order): the next reminder level where companies send them automatically. */
@DailyTask('invoices.send-reminders')
@Injectable()
export class SendAutomaticRemindersTask implements DailyTaskInstance {
  constructor(private readonly reminders: RemindersService) {}

  async run({ today, manager }: DailyTaskContext): Promise<{ sent: number; skipped: number }> {
    return this.reminders.sendAutomatic(manager, today);
  }
}
