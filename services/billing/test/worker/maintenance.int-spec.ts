import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JOB_EXPIRE_QUOTES, QUEUE_MAINTENANCE } from '@zunft/contracts';
import { createTestDatabase, dropTestDatabase, type TestDatabase } from '@zunft/nest-common/testing';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { billingDataSourceOptions } from '../../src/database/data-source.js';
import { zurichToday } from '../../src/documents/swiss-format.js';
import { redisConnection } from '../../src/queues/redis-connection.js';
import { startWorker, type RunningWorker } from '../../src/worker/start-worker.js';
import { REDIS_URL, eventually, removeQueues, testLogger, uniquePrefix } from './support.js';

const prefix = uniquePrefix('maintenance');
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
    queues: ['maintenance'],
    databaseUrl: db.url,
    logger: testLogger,
  });
  queue = new Queue(QUEUE_MAINTENANCE, { connection: redisConnection(REDIS_URL), prefix });
}, 60_000);

afterAll(async () => {
  await queue?.close();
  await worker?.close();
  await removeQueues(prefix);
  if (db) await dropTestDatabase(db);
});

const finished = (jobId: string) =>
  eventually(
    async () => {
      // State first, then the job: a job read before it completed carries no return value yet.
      const state = await queue.getJobState(jobId);
      if (state !== 'completed' && state !== 'failed') return undefined;
      const job = await queue.getJob(jobId);
      return job ? { job, state } : undefined;
    },
    15_000,
    `maintenance job ${jobId}`,
  );

describe('maintenance queue', () => {
  it('registers the daily quote expiry at 00:05 Swiss time', async () => {
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers).toEqual([
      expect.objectContaining({
        key: 'expire-quotes-daily',
        name: JOB_EXPIRE_QUOTES,
        pattern: '5 0 * * *',
        tz: 'Europe/Zurich',
      }),
    ]);
    expect(schedulers[0]!.next).toBeGreaterThan(Date.now());
  });

  it('runs the expiry against the database for today in Zurich', async () => {
    const job = await queue.add(JOB_EXPIRE_QUOTES, {});
    const { job: done, state } = await finished(job.id as string);
    expect(state).toBe('completed');
    expect(done.returnvalue).toEqual({ today: zurichToday(), result: 0 });
  });

  it('passes the given day and keeps a failing run in the failed set with its error', async () => {
    const ownPrefix = uniquePrefix('maintenance-fail');
    const calls: string[] = [];
    const failing = await startWorker({
      redisUrl: REDIS_URL,
      prefix: ownPrefix,
      queues: ['maintenance'],
      databaseUrl: db.url,
      scheduleMaintenance: false,
      logger: testLogger,
      expireQuotes: async (dataSource, today) => {
        calls.push(today);
        await dataSource.query('SELECT 1');
        throw new Error('Datenbank gesperrt');
      },
    });
    const ownQueue = new Queue(QUEUE_MAINTENANCE, { connection: redisConnection(REDIS_URL), prefix: ownPrefix });
    try {
      const job = await ownQueue.add(JOB_EXPIRE_QUOTES, { today: '2025-03-07' });
      const state = await eventually(async () => {
        const s = await job.getState();
        return s === 'failed' ? s : undefined;
      });
      expect(state).toBe('failed');
      expect(calls).toEqual(['2025-03-07']);
      expect((await ownQueue.getJob(job.id as string))?.failedReason).toBe('Datenbank gesperrt');
      expect(await ownQueue.getJobSchedulers()).toEqual([]);
    } finally {
      await ownQueue.close();
      await failing.close();
      await removeQueues(ownPrefix);
    }
  });
});
