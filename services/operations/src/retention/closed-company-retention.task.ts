import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { RetentionService, type OperationsRetentionResult } from './retention.service.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Daily removal of closed companies' expired data (issue 26). Operations has no job queue: like the
 * GPS retention, the task runs an hour after start and then every 24 hours in each replica; every
 * step is idempotent (a second run of a day finds nothing more), so replicas running it do no harm.
 */
@Injectable()
export class ClosedCompanyRetentionTask implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ClosedCompanyRetentionTask.name);
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly retention: RetentionService,
  ) {}

  onApplicationBootstrap(): void {
    const schedule = (ms: number) => {
      this.timer = setTimeout(() => {
        void this.run()
          .catch((error) => this.logger.error({ msg: 'closed-company retention failed', error: String(error) }))
          .finally(() => schedule(24 * HOUR_MS));
      }, ms);
      this.timer.unref();
    };
    schedule(HOUR_MS);
  }

  onApplicationShutdown(): void {
    if (this.timer) clearTimeout(this.timer);
  }

  /** `today`: the Zurich day the run counts from (tests pass hand-set days). */
  async run(today = zurichToday()): Promise<OperationsRetentionResult> {
    const result = await this.retention.run(
      <T>(work: (m: EntityManager) => Promise<T>) => this.dataSource.transaction(work),
      today,
    );
    if (result.companies.length > 0) this.logger.log({ msg: 'closed-company retention', result });
    return result;
  }
}

function zurichToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date());
}
