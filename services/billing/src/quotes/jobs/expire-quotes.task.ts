import { Injectable } from '@nestjs/common';
import { DailyTask, type DailyTaskContext, type DailyTaskInstance } from '../../jobs/index.js';
import { QuotesService } from '../quotes.service.js';

/** Daily: sent quotes past their valid_until become `expired` (billing.quote.expired per quote). */
@DailyTask('quotes.expire-overdue')
@Injectable()
export class ExpireQuotesTask implements DailyTaskInstance {
  constructor(private readonly quotes: QuotesService) {}

  async run({ today, manager }: DailyTaskContext): Promise<{ expired: number }> {
    return { expired: await this.quotes.expireOverdue(manager, today) };
  }
}
