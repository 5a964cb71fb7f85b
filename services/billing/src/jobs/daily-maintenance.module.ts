import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { DailyMaintenanceJobHandler } from './daily-maintenance.job.js';
import { DailyTasksRunner } from './daily-tasks.runner.js';

/**
 * The worker's daily maintenance run (needs the database): the `maintenance` queue's handler and
 * the runner of every `@DailyTask`. Job handlers of the modules need nothing from here but the
 * `@JobHandler` decorator.
 */
@Module({
  imports: [DiscoveryModule],
  providers: [DailyTasksRunner, DailyMaintenanceJobHandler],
  exports: [DailyTasksRunner],
})
export class DailyMaintenanceModule {}
