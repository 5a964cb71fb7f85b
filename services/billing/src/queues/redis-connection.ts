import type { RedisOptions } from 'bullmq';

/**
 * Connection options for one BullMQ queue, worker or QueueEvents. Every BullMQ object gets its own
 * ioredis connection (created and closed by BullMQ). `maxRetriesPerRequest: null` is what BullMQ
 * requires for blocking connections (workers, QueueEvents); producers use it too, so a short Redis
 * hiccup delays a command instead of failing it.
 */
export function redisConnection(redisUrl: string): RedisOptions {
  // Reconnect at most 2 s apart (BullMQ's own backoff grows to 20 s): after a Redis outage the API
  // and the worker work again within about 2 s of Redis being back (issue 25 chaos, docs/performance.md).
  return { url: redisUrl, maxRetriesPerRequest: null, retryStrategy: (times: number) => Math.min(250 * times, 2000) };
}
