import { JOB_EXPIRE_QUOTES, expireQuotesJobSchema } from '@zunft/contracts';
import { UnrecoverableError, type Job } from 'bullmq';
import type { DataSource } from 'typeorm';
import { zurichToday } from '../documents/swiss-format.js';

export type ExpireQuotes = (dataSource: DataSource, today: string) => Promise<unknown>;

/** `maintenance` handler: the daily expiry of overdue quotes (day in Europe/Zurich). */
export function maintenanceProcessor(getDataSource: () => Promise<DataSource>, expireQuotes: ExpireQuotes) {
  return async (job: Job): Promise<unknown> => {
    if (job.name !== JOB_EXPIRE_QUOTES) throw new UnrecoverableError(`Unknown maintenance job: ${job.name}`);
    const parsed = expireQuotesJobSchema.safeParse(job.data ?? {});
    if (!parsed.success) throw new UnrecoverableError(`Invalid maintenance job: ${parsed.error.message}`);
    const today = parsed.data.today ?? zurichToday();
    const result = await expireQuotes(await getDataSource(), today);
    return { today, result: result ?? null };
  };
}
