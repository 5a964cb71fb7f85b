// deploy/redis/users.acl (through deploy/redis/acl.sh) against a redis-server of the test's own on
// another port: nobody gets in without a password, billing's BullMQ queues work as user `billing`
// under the `zunft:` prefix, and no user reaches other keys or admin commands. The machine's Redis
// on :6379 is never touched.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const REDIS_SERVER = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server';
const DEPLOY = path.resolve(import.meta.dirname, '../../../deploy/redis');
const PASSWORDS = { billing: 'rb-1', 'billing-worker': 'rw-1', gateway: 'rg-1' };

let child: ChildProcess;
let dir: string;
let port: number;
const clients: Redis[] = [];
const as = (user: string | null, password?: string) => {
  const redis = new Redis({
    host: '127.0.0.1',
    port,
    ...(user ? { username: user, password } : {}),
    maxRetriesPerRequest: null,
    retryStrategy: () => null,
    lazyConnect: true,
  });
  redis.on('error', () => undefined);
  clients.push(redis);
  return redis;
};

const describeIfRedis = existsSync(REDIS_SERVER) ? describe : describe.skip;

describeIfRedis('Redis ACL (deploy/redis)', () => {
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'zunft-redis-acl-'));
    const acl = execFileSync('sh', [path.join(DEPLOY, 'acl.sh'), path.join(DEPLOY, 'users.acl')], {
      env: {
        ...process.env,
        REDIS_BILLING_PASSWORD: PASSWORDS.billing,
        REDIS_BILLING_WORKER_PASSWORD: PASSWORDS['billing-worker'],
        REDIS_GATEWAY_PASSWORD: PASSWORDS.gateway,
      },
    }).toString();
    expect(acl).not.toContain(PASSWORDS.billing); // hashes only
    writeFileSync(path.join(dir, 'users.acl'), acl);
    port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    child = spawn(
      REDIS_SERVER,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        dir,
        '--aclfile',
        path.join(dir, 'users.acl'),
      ],
      { stdio: 'ignore' },
    );
    const deadline = Date.now() + 10_000;
    while (
      !(await new Promise<boolean>((r) =>
        net
          .connect(port, '127.0.0.1')
          .once('connect', function (this: net.Socket) {
            this.destroy();
            r(true);
          })
          .once('error', () => r(false)),
      ))
    ) {
      if (Date.now() > deadline) throw new Error('own redis-server did not start');
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  afterAll(async () => {
    for (const c of clients) c.disconnect();
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses clients without a password (the default user is off) and wrong passwords', async () => {
    // Raw RESP on a socket: what any client would see.
    const answers = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.write('GET zunft:x\r\nAUTH billing falsch\r\nQUIT\r\n'),
      );
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answers).toMatch(/^-NOAUTH .*\r\n-WRONGPASS .*\r\n\+OK\r\n$/);
  });

  it('billing runs BullMQ queues under zunft: and the worker processes the job', async () => {
    const connection = as('billing', PASSWORDS.billing);
    const workerConnection = as('billing-worker', PASSWORDS['billing-worker']);
    const queue = new Queue('acl-test', { connection, prefix: 'zunft' });
    const events = new QueueEvents('acl-test', { connection: as('billing', PASSWORDS.billing), prefix: 'zunft' });
    const worker = new Worker('acl-test', async (job) => ({ doubled: (job.data as { n: number }).n * 2 }), {
      connection: workerConnection,
      prefix: 'zunft',
    });
    try {
      await events.waitUntilReady();
      const job = await queue.add('double', { n: 21 });
      expect(await job.waitUntilFinished(events, 10_000)).toEqual({ doubled: 42 });
    } finally {
      await worker.close();
      await events.close();
      await queue.close();
    }
  });

  it('no user reaches keys outside its prefix or admin commands', async () => {
    const billing = as('billing', PASSWORDS.billing);
    await expect(billing.set('other:x', '1')).rejects.toThrow(/NOPERM/);
    await expect(billing.flushall()).rejects.toThrow(/NOPERM/);
    await expect(billing.call('CONFIG', 'GET', 'requirepass')).rejects.toThrow(/NOPERM/);
    const gateway = as('gateway', PASSWORDS.gateway);
    expect(await gateway.incr('zunft:gateway:rate-limit:login:203.0.113.7')).toBe(1);
    await expect(gateway.get('zunft:bull:acl-test:id')).rejects.toThrow(/NOPERM/); // not the queues
  });
});
