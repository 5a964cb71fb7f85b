import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { QUEUE_MAIL } from '@zunft/contracts';
import { Redis } from 'ioredis';
import { workerHeartbeatKey } from '../src/queues/index.js';
import { startWorker } from '../src/worker/index.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { eventually, testLogger } from './worker/support.js';

let t: TestApp;
let redis: Redis;

beforeAll(async () => {
  t = await createTestApp();
  redis = new Redis(t.config.redisUrl);
}, 60_000);

afterAll(async () => {
  await redis?.del(workerHeartbeatKey(t.config.queuePrefix));
  redis?.disconnect();
  await t?.close();
});

const health = async () => {
  const res = await t.http().get('/health');
  expect(res.status).toBe(200); // liveness: the API lives even when its worker does not
  return res.body as { status: string; checks: { worker: { status: string; reason?: string; lastSeen?: string } } };
};

describe('GET /health reports the billing worker (heartbeat in Redis)', () => {
  it('degraded without a worker, ok while one runs, degraded again when its heartbeat is stale', async () => {
    const none = await health();
    expect(none).toEqual({
      status: 'degraded',
      checks: { worker: { status: 'degraded', reason: 'no worker heartbeat' } },
    });

    const worker = await startWorker({
      redisUrl: t.config.redisUrl,
      prefix: t.config.queuePrefix,
      queues: [QUEUE_MAIL],
      heartbeatIntervalMs: 200,
      // The mail queue loads mails by id from the billing database.
      databaseUrl: t.config.databaseUrl,
      natsUrl: t.config.natsUrl,
      natsStream: t.config.natsStream,
      logger: testLogger,
    });
    try {
      const alive = await eventually(async () => {
        const body = await health();
        return body.status === 'ok' ? body : undefined;
      });
      expect(alive.checks.worker.status).toBe('ok');
      expect(Date.now() - Date.parse(alive.checks.worker.lastSeen!)).toBeLessThan(30_000);
    } finally {
      await worker.close();
    }

    // a worker that stopped beating 40 s ago
    const old = { at: new Date(Date.now() - 40_000).toISOString(), host: 'x', pid: 1, queues: [QUEUE_MAIL] };
    await redis.set(workerHeartbeatKey(t.config.queuePrefix), JSON.stringify(old));
    const stale = await health();
    expect(stale.status).toBe('degraded');
    expect(stale.checks.worker).toEqual({
      status: 'degraded',
      reason: expect.stringMatching(/^last worker heartbeat 4\d s ago$/),
    });
  });
});
