import type { EventData, QuoteDto } from '@zunft/contracts';

/** The common data of the billing.quote.* events. */
export function quoteEventData(q: QuoteDto): EventData<'billing.quote.created'> {
  return {
    quoteId: q.id,
    quoteNumber: q.quote_number,
    customerId: q.customer_id,
    title: q.title,
    status: q.status,
    total: q.total,
    validUntil: q.valid_until,
  };
}
