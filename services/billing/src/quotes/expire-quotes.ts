import { enqueueEvent } from '@zunft/nest-common';
import type { DataSource } from 'typeorm';
import { quoteEventData } from './quote-events.js';
import { QuotesRepository, toQuoteDto } from './quotes.repository.js';

/**
 * The daily expiry (run by the worker's `maintenance` queue): every SENT quote whose valid_until
 * lies before `today` (yyyy-MM-dd, Europe/Zurich) becomes `expired`, and billing.quote.expired is
 * written to the outbox in the same transaction. Drafts do not expire: they are the office's work
 * in progress, cannot be answered, and sending one with a past date is refused. Accepted and
 * rejected quotes are final. Safe to run repeatedly (an expired quote is not touched again).
 * Returns the number of quotes expired. The acceptance link stops working at the end of the
 * valid_until day even before this job runs (checked on every use).
 */
export async function expireOverdueQuotes(dataSource: DataSource, today: string): Promise<number> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error(`expireOverdueQuotes: invalid day "${today}"`);
  const repo = new QuotesRepository();
  return dataSource.transaction(async (m) => {
    const expired = await repo.expireOverdue(m, today);
    for (const row of expired) {
      await enqueueEvent(m, {
        type: 'billing.quote.expired',
        companyId: row.company_id,
        actorId: null,
        data: quoteEventData(toQuoteDto(row, [])),
      });
    }
    return expired.length;
  });
}
