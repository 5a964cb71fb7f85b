import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Injectable } from '@nestjs/common';
import { Queue, QueueEvents } from 'bullmq';
import { z } from 'zod';
import { JobHandler, type JobHandlerInstance } from '../../src/jobs/index.js';
import { JobProducer } from '../../src/queues/index.js';
import { redisConnection } from '../../src/queues/redis-connection.js';
import { startWorker, type RunningWorker } from '../../src/worker/start-worker.js';
import { REDIS_URL, eventually, testLogger, uniquePrefix } from './support.js';

const QUEUE_ECHO = 'test-echo';
const echoJobSchema = z.object({ text: z.string().min(1) });
type EchoJob = z.infer<typeof echoJobSchema>;

/** A job kind of the test: one decorated provider is all the worker needs to consume its queue. */
@JobHandler({ queue: QUEUE_ECHO, name: 'echo', schema: echoJobSchema })
@Injectable()
class EchoHandler implements JobHandlerInstance<EchoJob, { echoed: string }> {
  async handle(data: EchoJob): Promise<{ echoed: string }> {
    return { echoed: data.text.toUpperCase() };
  }
}

const prefix = uniquePrefix('job-registry');
let worker: RunningWorker;
let producer: JobProducer;
let queue: Queue;
let events: QueueEvents;

beforeAll(async () => {
  worker = await startWorker({
    redisUrl: REDIS_URL,
    prefix,
    queues: [QUEUE_ECHO],
    providers: [EchoHandler],
    logger: testLogger,
  });
  producer = new JobProducer({ redisUrl: REDIS_URL, prefix });
  queue = new Queue(QUEUE_ECHO, { connection: redisConnection(REDIS_URL), prefix });
  events = new QueueEvents(QUEUE_ECHO, { connection: redisConnection(REDIS_URL), prefix });
  await events.waitUntilReady();
}, 60_000);

afterAll(async () => {
  await events?.close();
  await producer?.onModuleDestroy();
  await worker?.close();
  await queue?.obliterate({ force: true }).catch(() => undefined);
  await queue?.close();
});

describe('job registry (@JobHandler + JobProducer)', () => {
  it('the worker consumes exactly the queues asked for, and no browser or SMTP starts for them', () => {
    expect(worker.queues).toEqual([QUEUE_ECHO]);
    expect(worker.renderer).toBeNull();
    expect(worker.mailMode).toBeNull();
  });

  it('a job added through JobProducer reaches its handler; the return value is the job result', async () => {
    const id = await producer.add(QUEUE_ECHO, 'echo', echoJobSchema, { text: 'grüezi' });
    const job = await queue.getJob(id);
    expect(await job!.waitUntilFinished(events, 15_000)).toEqual({ echoed: 'GRÜEZI' });
  });

  it('the producer refuses a payload that does not match the schema', async () => {
    await expect(producer.add(QUEUE_ECHO, 'echo', echoJobSchema, { text: '' })).rejects.toThrow();
  });

  it('an invalid payload or an unknown job name fails for good with a clear reason', async () => {
    const invalid = await queue.add('echo', { text: 42 }, { attempts: 3 });
    const unknown = await queue.add('shout', { text: 'x' }, { attempts: 3 });
    for (const [job, reason] of [
      [invalid, /Invalid test-echo job: text:/],
      [unknown, /Unknown test-echo job: shout/],
    ] as const) {
      // State first, then the job: a job read before it failed carries no failedReason yet.
      const failed = await eventually(async () =>
        (await queue.getJobState(job.id as string)) === 'failed' ? await queue.getJob(job.id as string) : undefined,
      );
      expect(failed!.failedReason).toMatch(reason);
      expect(failed!.attemptsMade).toBe(1);
    }
  });

  it('asking for a queue nobody handles fails at start', async () => {
    await expect(
      startWorker({ redisUrl: REDIS_URL, prefix: uniquePrefix('none'), queues: ['nobody-here'], logger: testLogger }),
    ).rejects.toThrow(/No job handler registered for queue\(s\): nobody-here/);
  });
});
