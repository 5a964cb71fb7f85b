import { DiscoveryService } from '@nestjs/core';
import type { EntityManager } from 'typeorm';

/**
 * Marks a provider as a daily task of the maintenance run (06:00 Europe/Zurich). The name is the key
 * in `daily_task_runs`; keep it stable once deployed, e.g. 'quotes.expire-overdue'.
 *
 *   @DailyTask('invoices.mark-overdue')
 *   @Injectable()
 *   export class MarkOverdueInvoicesTask implements DailyTaskInstance {
 *     constructor(private readonly invoices: InvoicesService) {}
 *     run({ today, manager }: DailyTaskContext) { return this.invoices.markOverdue(manager, today); }
 *   }
 */
export const DailyTask = DiscoveryService.createDecorator<string>();

export interface DailyTaskContext {
  /** The day the run is for (yyyy-MM-dd, Europe/Zurich). */
  today: string;
  /**
   * The transaction the run is recorded in (`daily_task_runs`): what the task writes with it commits
   * together with the record, so a task that fails leaves nothing behind and runs again on the retry,
   * and a task that succeeded is never run twice for the same day. Write events with enqueueEvent(manager, …).
   */
  manager: EntityManager;
}

export interface DailyTaskInstance {
  /** Does the day's work; the result (JSON) is reported in the maintenance job's return value. */
  run(context: DailyTaskContext): Promise<unknown>;
}

/** Task names: lower case words with dots and dashes ('quotes.expire-overdue'). */
export const DAILY_TASK_NAME = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/;
