import { Injectable } from '@nestjs/common';
import { DailyTask, type DailyTaskContext, type DailyTaskInstance } from '../../jobs/index.js';
import { RetentionService, type BillingRetentionResult } from '../retention.service.js';

/** Daily (worker, 06:00 Europe/Zurich): a closed company's data whose retention has ended goes (issue 26). */
@DailyTask('retention.closed-companies')
@Injectable()
export class ClosedCompanyRetentionTask implements DailyTaskInstance {
  constructor(private readonly retention: RetentionService) {}

  run({ today, manager }: DailyTaskContext): Promise<BillingRetentionResult> {
    return this.retention.run(manager, today);
  }
}
