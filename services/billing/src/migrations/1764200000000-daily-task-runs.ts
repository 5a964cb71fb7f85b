import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row per daily task and day it ran for (written in the task's own transaction): the maintenance
 * run skips a task already recorded for the day, so a retried or repeated run does nothing twice.
 */
export class DailyTaskRuns1764200000000 implements MigrationInterface {
  name = 'DailyTaskRuns1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "daily_task_runs" (
      "task" character varying(100) NOT NULL,
      "day" date NOT NULL,
      "result" jsonb,
      "finished_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_daily_task_runs" PRIMARY KEY ("task", "day"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "daily_task_runs"`);
  }
}
