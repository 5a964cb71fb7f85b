import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Injectable } from '@nestjs/common';
import { JOB_DAILY_MAINTENANCE, QUEUE_MAINTENANCE, type DailyMaintenanceResult } from '@zunft/contracts';
import { EventsConnection } from '@zunft/nest-common';
import { createTestDatabase, dropTestDatabase, type TestDatabase } from '@zunft/nest-common/testing';
import { Queue } from 'bullmq';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { billingDataSourceOptions } from '../../src/database/data-source.js';
import { zurichToday } from '../../src/documents/layout/swiss-format.js';
import { DailyTask, type DailyTaskContext, type DailyTaskInstance } from '../../src/jobs/index.js';
import { redisConnection } from '../../src/queues/redis-connection.js';
import { startWorker, type RunningWorker } from '../../src/worker/start-worker.js';
import { REDIS_URL, eventually, removeQueues, testLogger, uniquePrefix } from './support.js';

const countingCalls: string[] = [];
const failingCalls: string[] = [];

/** A daily task of the test: counts its runs and writes a row in the run's transaction. */
@DailyTask('test.counting')
@Injectable()
class CountingTask implements DailyTaskInstance {
  async run({ today, manager }: DailyTaskContext): Promise<{ calls: number }> {
    countingCalls.push(today);
    await manager.query('SELECT 1');
    return { calls: countingCalls.length };
  }
}

/** A daily task that always fails (after touching the database in its transaction). */
@DailyTask('test.failing')
@Injectable()
class FailingTask implements DailyTaskInstance {
  async run({ today, manager }: DailyTaskContext): Promise<never> {
    failingCalls.push(today);
    await manager.query('SELECT 1');
    throw new Error('Datenbank gesperrt');
  }
}

const prefix = uniquePrefix('maintenance');
const natsStream = `ZUNFT_TEST_${randomBytes(4).toString('hex').toUpperCase()}`;
let db: TestDatabase;
let worker: RunningWorker;
let queue: Queue;

beforeAll(async () => {
  db = await createTestDatabase('zunft_billing_worker_test');
  // The API runs the migrations; the worker only connects.
  const migrator = new DataSource(billingDataSourceOptions(db.url, { migrationsRun: true }));
  await migrator.initialize();
  await migrator.destroy();
  worker = await startWorker({
    redisUrl: REDIS_URL,
    prefix,
    queues: [QUEUE_MAINTENANCE],
    databaseUrl: db.url,
    natsStream,
    providers: [CountingTask],
    logger: testLogger,
  });
  queue = new Queue(QUEUE_MAINTENANCE, { connection: redisConnection(REDIS_URL), prefix });
}, 60_000);

afterAll(async () => {
  await queue?.close();
  if (worker) {
    const events = worker.app.get(EventsConnection);
    await events.jsm.streams.delete(events.streamName).catch(() => undefined);
    await worker.close();
  }
  await removeQueues(prefix);
  if (db) await dropTestDatabase(db);
});

const finished = (q: Queue, jobId: string) =>
  eventually(
    async () => {
      // State first, then the job: a job read before it completed carries no return value yet.
      const state = await q.getJobState(jobId);
      if (state !== 'completed' && state !== 'failed') return undefined;
      const job = await q.getJob(jobId);
      return job ? { job, state } : undefined;
    },
    15_000,
    `maintenance job ${jobId}`,
  );

describe('maintenance queue (daily tasks)', () => {
  it('registers the daily maintenance run at 06:00 Swiss time', async () => {
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers).toEqual([
      expect.objectContaining({
        key: 'daily-maintenance',
        name: JOB_DAILY_MAINTENANCE,
        pattern: '0 6 * * *',
        tz: 'Europe/Zurich',
      }),
    ]);
    expect(schedulers[0]!.next).toBeGreaterThan(Date.now());
  });

  it('runs every registered daily task (the quote expiry against the database) for today in Zurich', async () => {
    const job = await queue.add(JOB_DAILY_MAINTENANCE, {});
    const { job: done, state } = await finished(queue, job.id as string);
    expect(state).toBe('completed');
    const result = done.returnvalue as DailyMaintenanceResult;
    expect(result.today).toBe(zurichToday());
    // every task of every domain module ran (in name order), among them these two
    expect(result.tasks.every((t) => t.status === 'done')).toBe(true);
    expect(result.tasks.map((t) => t.task)).toEqual([...result.tasks.map((t) => t.task)].sort());
    expect(result.tasks).toEqual(
      expect.arrayContaining([
        { task: 'quotes.expire-overdue', status: 'done', result: { expired: 0 } },
        { task: 'mails.remove-old-bodies', status: 'done', result: { bodiesRemoved: 0, attachmentsRemoved: 0 } },
        { task: 'test.counting', status: 'done', result: { calls: 1 } },
      ]),
    );
  });

  it('a task run twice on one day does nothing twice (daily_task_runs)', async () => {
    const day = '2025-03-06';
    const first = await queue.add(JOB_DAILY_MAINTENANCE, { today: day, tasks: ['test.counting'] });
    expect((await finished(queue, first.id as string)).state).toBe('completed');
    const second = await queue.add(JOB_DAILY_MAINTENANCE, { today: day, tasks: ['test.counting'] });
    const { job: done, state } = await finished(queue, second.id as string);
    expect(state).toBe('completed');
    expect((done.returnvalue as DailyMaintenanceResult).tasks).toEqual([
      { task: 'test.counting', status: 'skipped', result: null },
    ]);
    expect(countingCalls.filter((d) => d === day)).toHaveLength(1);
    const runs = worker.app.get(DataSource);
    expect(
      await runs.query(`SELECT result FROM daily_task_runs WHERE task = 'test.counting' AND day = $1`, [day]),
    ).toEqual([{ result: { calls: 2 } }]);
  });

  it('an unknown task name or a malformed day fails the job for good', async () => {
    const unknown = await queue.add(JOB_DAILY_MAINTENANCE, { tasks: ['nope.task'] });
    const a = await finished(queue, unknown.id as string);
    expect(a.state).toBe('failed');
    expect(a.job.failedReason).toMatch(/Unknown daily task: nope\.task/);
    const malformed = await queue.add(JOB_DAILY_MAINTENANCE, { today: '06.03.2025' });
    const b = await finished(queue, malformed.id as string);
    expect(b.state).toBe('failed');
    expect(b.job.failedReason).toMatch(/Invalid maintenance job/);
  });

  it('passes the given day and keeps a failing run in the failed set with its error; its run is not recorded', async () => {
    const ownPrefix = uniquePrefix('maintenance-fail');
    const failing = await startWorker({
      redisUrl: REDIS_URL,
      prefix: ownPrefix,
      queues: [QUEUE_MAINTENANCE],
      databaseUrl: db.url,
      natsStream,
      scheduleMaintenance: false,
      providers: [FailingTask],
      logger: testLogger,
    });
    const ownQueue = new Queue(QUEUE_MAINTENANCE, { connection: redisConnection(REDIS_URL), prefix: ownPrefix });
    try {
      const job = await ownQueue.add(JOB_DAILY_MAINTENANCE, { today: '2025-03-07', tasks: ['test.failing'] });
      const state = await eventually(async () => {
        const s = await job.getState();
        return s === 'failed' ? s : undefined;
      });
      expect(state).toBe('failed');
      expect(failingCalls).toEqual(['2025-03-07']);
      expect((await ownQueue.getJob(job.id as string))?.failedReason).toBe('Datenbank gesperrt');
      expect(await ownQueue.getJobSchedulers()).toEqual([]);
      const runs = worker.app.get(DataSource);
      expect(await runs.query(`SELECT 1 FROM daily_task_runs WHERE task = 'test.failing'`)).toEqual([]);
    } finally {
      await ownQueue.close();
      await failing.close();
      await removeQueues(ownPrefix);
    }
  });
});
