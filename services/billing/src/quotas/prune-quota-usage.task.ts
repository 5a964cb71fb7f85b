import { Injectable } from '@nestjs/common';
import { pruneDailyQuotaUsage } from '@zunft/nest-common';
import { DailyTask, type DailyTaskContext, type DailyTaskInstance } from '../jobs/index.js';

/** Daily: the quota counters of past days (kept a week for support questions) are removed. */
@DailyTask('quotas.prune-counters')
@Injectable()
export class PruneQuotaUsageTask implements DailyTaskInstance {
  async run({ manager }: DailyTaskContext): Promise<{ removed: number }> {
    return { removed: await pruneDailyQuotaUsage(manager, 7) };
  }
}
