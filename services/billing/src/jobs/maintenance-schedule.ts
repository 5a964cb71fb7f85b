import { JOB_DAILY_MAINTENANCE, QUEUE_MAINTENANCE } from '@zunft/contracts';
import { Queue } from 'bullmq';
import { redisConnection } from '../queues/redis-connection.js';

/** The daily maintenance run: 06:00 Swiss time, one BullMQ job scheduler. */
export const MAINTENANCE_SCHEDULE = {
  key: 'daily-maintenance',
  pattern: '0 6 * * *',
  tz: 'Europe/Zurich',
} as const;

/** Schedulers of earlier versions, removed at start so they stop adding jobs nobody handles. */
const RETIRED_SCHEDULERS = ['expire-quotes-daily'];

/** Registers (or updates) the daily maintenance scheduler; idempotent, every worker may call it. */
export async function scheduleDailyMaintenance(redisUrl: string, prefix: string): Promise<void> {
  const queue = new Queue(QUEUE_MAINTENANCE, { connection: redisConnection(redisUrl), prefix });
  try {
    for (const key of RETIRED_SCHEDULERS) await queue.removeJobScheduler(key);
    await queue.upsertJobScheduler(
      MAINTENANCE_SCHEDULE.key,
      { pattern: MAINTENANCE_SCHEDULE.pattern, tz: MAINTENANCE_SCHEDULE.tz },
      {
        name: JOB_DAILY_MAINTENANCE,
        data: {},
        opts: {
          attempts: 3,
          backoff: { type: 'exponential', delay: 60_000 },
          removeOnComplete: { count: 30 },
          removeOnFail: { count: 100 },
        },
      },
    );
  } finally {
    await queue.close();
  }
}
