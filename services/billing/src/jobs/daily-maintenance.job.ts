import { Injectable } from '@nestjs/common';
import {
  JOB_DAILY_MAINTENANCE,
  QUEUE_MAINTENANCE,
  dailyMaintenanceJobSchema,
  type DailyMaintenanceJob,
  type DailyMaintenanceResult,
} from '@zunft/contracts';
import { UnrecoverableError } from 'bullmq';
import { zurichToday } from '../documents/layout/swiss-format.js';
import { DailyTasksRunner } from './daily-tasks.runner.js';
import { JobHandler, type JobHandlerInstance } from './job-handler.js';

/** The `maintenance` queue's daily run: every registered daily task for today (Europe/Zurich) or the given day. */
@JobHandler({ queue: QUEUE_MAINTENANCE, name: JOB_DAILY_MAINTENANCE, schema: dailyMaintenanceJobSchema })
@Injectable()
export class DailyMaintenanceJobHandler implements JobHandlerInstance<DailyMaintenanceJob, DailyMaintenanceResult> {
  constructor(private readonly runner: DailyTasksRunner) {}

  async handle(data: DailyMaintenanceJob): Promise<DailyMaintenanceResult> {
    const unknown = (data.tasks ?? []).filter((name) => !this.runner.taskNames.includes(name));
    if (unknown.length > 0) throw new UnrecoverableError(`Unknown daily task: ${unknown.join(', ')}`);
    const today = data.today ?? zurichToday();
    return { today, tasks: await this.runner.runDay(today, data.tasks) };
  }
}
