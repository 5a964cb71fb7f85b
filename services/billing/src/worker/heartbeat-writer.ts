import { hostname } from 'node:os';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { touchAliveFile } from './liveness.js';
import {
  WORKER_HEARTBEAT_INTERVAL_MS,
  WORKER_HEARTBEAT_TTL_MS,
  workerHeartbeatKey,
  type WorkerHeartbeat,
} from '../queues/worker-heartbeat.js';

/** Writes the worker's heartbeat key every few seconds until stopped (the API's /health reads it). */
export class HeartbeatWriter {
  private readonly redis: Redis;
  private timer: NodeJS.Timeout | null = null;
  private failing = false;

  constructor(
    private readonly options: {
      redisUrl: string;
      prefix: string;
      queues: string[];
      intervalMs?: number;
      logger: Logger;
    },
  ) {
    this.redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
    this.redis.on('error', () => undefined); // reported by beat()
  }

  async start(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => void this.beat(), this.options.intervalMs ?? WORKER_HEARTBEAT_INTERVAL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.redis.disconnect();
  }

  private async beat(): Promise<void> {
    // Liveness (exec probe, liveness.ts): the process and its event loop run, Redis or not.
    try {
      touchAliveFile();
    } catch (error) {
      this.options.logger.warn({ err: (error as Error).message }, 'heartbeat: could not touch the liveness file');
    }
    const beat: WorkerHeartbeat = {
      at: new Date().toISOString(),
      host: hostname(),
      pid: process.pid,
      queues: this.options.queues,
    };
    try {
      await this.redis.set(
        workerHeartbeatKey(this.options.prefix),
        JSON.stringify(beat),
        'PX',
        WORKER_HEARTBEAT_TTL_MS,
      );
      if (this.failing) this.options.logger.info('heartbeat: written again');
      this.failing = false;
    } catch (error) {
      if (!this.failing) this.options.logger.warn({ err: (error as Error).message }, 'heartbeat: could not write');
      this.failing = true;
    }
  }
}
