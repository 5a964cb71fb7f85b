import type { RedisOptions } from 'bullmq';

/**
 * Connection options for one BullMQ queue, worker or QueueEvents. Every BullMQ object gets its own
 * ioredis connection (created and closed by BullMQ). `maxRetriesPerRequest: null` is what BullMQ
 * requires for blocking connections (workers, QueueEvents); producers use it too, so a short Redis
 * hiccup delays a command instead of failing it.
 */
export function redisConnection(redisUrl: string): RedisOptions {
  return { url: redisUrl, maxRetriesPerRequest: null };
}
