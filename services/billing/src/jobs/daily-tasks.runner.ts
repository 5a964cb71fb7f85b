import { Injectable, Logger } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { DailyTaskOutcome } from '@zunft/contracts';
import { DataSource } from 'typeorm';
import { DAILY_TASK_NAME, DailyTask, type DailyTaskInstance } from './daily-task.js';

interface RegisteredTask {
  name: string;
  instance: DailyTaskInstance;
}

/** A task that failed in a maintenance run (the others still ran). */
export class DailyTaskFailedError extends Error {
  override readonly name = 'DailyTaskFailedError';
}

/**
 * Runs the daily tasks every module registered with `@DailyTask(name)`. Each task runs in its own
 * transaction that first claims `daily_task_runs (task, day)`: claimed already (an earlier run, or a
 * parallel one that committed) → skipped; the task fails → rolled back with its claim, so the retry
 * runs it again. One failing task does not stop the others.
 */
@Injectable()
export class DailyTasksRunner {
  private readonly logger = new Logger(DailyTasksRunner.name);
  private registered: RegisteredTask[] | null = null;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly dataSource: DataSource,
  ) {}

  /** Task names, in the order they run (by name). */
  get taskNames(): string[] {
    return this.tasks().map((t) => t.name);
  }

  async runDay(today: string, only?: readonly string[]): Promise<DailyTaskOutcome[]> {
    const tasks = this.tasks().filter((t) => !only || only.includes(t.name));
    const outcomes: DailyTaskOutcome[] = [];
    const failures: { task: string; error: unknown }[] = [];
    for (const task of tasks) {
      try {
        outcomes.push(await this.runOne(task, today));
      } catch (error) {
        this.logger.error({ msg: 'daily task failed', task: task.name, today, err: (error as Error).message });
        failures.push({ task: task.name, error });
      }
    }
    if (failures.length === 1) throw failures[0]!.error;
    if (failures.length > 1) {
      throw new DailyTaskFailedError(failures.map((f) => `${f.task}: ${(f.error as Error).message}`).join('; '));
    }
    return outcomes;
  }

  private runOne(task: RegisteredTask, today: string): Promise<DailyTaskOutcome> {
    return this.dataSource.transaction(async (manager) => {
      const claimed = (await manager.query(
        `INSERT INTO daily_task_runs (task, day) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING task`,
        [task.name, today],
      )) as unknown[];
      if (claimed.length === 0) return { task: task.name, status: 'skipped' as const, result: null };
      const result = (await task.instance.run({ today, manager })) ?? null;
      await manager.query(`UPDATE daily_task_runs SET result = $3::jsonb WHERE task = $1 AND day = $2`, [
        task.name,
        today,
        JSON.stringify(result),
      ]);
      this.logger.log({ msg: 'daily task done', task: task.name, today, result });
      return { task: task.name, status: 'done' as const, result };
    });
  }

  private tasks(): RegisteredTask[] {
    if (this.registered) return this.registered;
    const found: RegisteredTask[] = [];
    for (const wrapper of this.discovery.getProviders({ metadataKey: DailyTask.KEY })) {
      const name = this.discovery.getMetadataByDecorator(DailyTask, wrapper);
      if (!name || !wrapper.instance) continue;
      if (!DAILY_TASK_NAME.test(name))
        throw new Error(`Invalid daily task name "${name}" (e.g. 'quotes.expire-overdue')`);
      if (found.some((t) => t.name === name)) throw new Error(`Daily task "${name}" is registered twice`);
      found.push({ name, instance: wrapper.instance as DailyTaskInstance });
    }
    // A stable order whatever the module order: by name.
    this.registered = found.sort((a, b) => a.name.localeCompare(b.name));
    return this.registered;
  }
}
