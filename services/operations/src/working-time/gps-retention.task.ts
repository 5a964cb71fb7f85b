import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { WorkingTimeRepository } from './working-time.repository.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * GPS positions older than the company's `gps_retention_days` (default 90) are removed from time
 * entries; the entries themselves are kept (5 years, ArGV 1 art. 73). Operations has no job queue:
 * the task runs an hour after start and then every 24 hours in each replica; the UPDATE is
 * idempotent, so replicas running it twice do no harm.
 */
@Injectable()
export class GpsRetentionTask implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(GpsRetentionTask.name);
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: WorkingTimeRepository,
  ) {}

  onApplicationBootstrap(): void {
    const schedule = (ms: number) => {
      this.timer = setTimeout(() => {
        void this.run().finally(() => schedule(24 * HOUR_MS));
      }, ms);
      this.timer.unref();
    };
    schedule(HOUR_MS);
  }

  onApplicationShutdown(): void {
    if (this.timer) clearTimeout(this.timer);
  }

  /** Removes expired positions; returns how many entries lost theirs. */
  async run(): Promise<number> {
    try {
      const count = await this.repo.deleteExpiredPositions(this.dataSource.manager);
      if (count > 0) this.logger.log({ msg: 'expired GPS positions removed', count });
      return count;
    } catch (error) {
      this.logger.error({ msg: 'GPS retention failed', error: String(error) });
      return 0;
    }
  }
}
