// deploy/nats/nats-server.conf against a nats-server of the test's own (other port, own store):
// anonymous clients are refused, each service's user reaches the stream with the services' own
// connection code, and may publish and answer on its own subjects only. The machine's NATS on
// :4222 is never touched.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AckPolicy } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { EventsConnection } from './events.connection.js';
import { resolveEventsOptions } from './events.options.js';

const NATS_SERVER = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';
const CONFIG = path.resolve(import.meta.dirname, '../../../../deploy/nats/nats-server.conf');
const PASSWORDS = {
  auth: 'pw-auth-1',
  operations: 'pw-operations-1',
  billing: 'pw-billing-1',
  'billing-worker': 'pw-billing-worker-1',
} as const;
type Service = keyof typeof PASSWORDS;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

let child: ChildProcess;
let storeDir: string;
let url: string;
const open: EventsConnection[] = [];

const as = async (service: Service) => {
  const connection = await EventsConnection.connect(
    resolveEventsOptions(
      {
        serviceName: `perm-${service}`,
        natsUrl: url,
        streamName: 'ZUNFT_EVENTS',
        natsUser: service,
        natsPassword: PASSWORDS[service],
      },
      {},
    ),
  );
  open.push(connection);
  return connection;
};

const describeIfNats = existsSync(NATS_SERVER) ? describe : describe.skip;

describeIfNats('NATS users and permissions (deploy/nats/nats-server.conf)', () => {
  beforeAll(async () => {
    storeDir = await mkdtemp(path.join(os.tmpdir(), 'zunft-nats-perm-'));
    const port = await freePort();
    url = `nats://127.0.0.1:${port}`;
    child = spawn(NATS_SERVER, ['-c', CONFIG, '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir], {
      stdio: 'ignore',
      env: {
        ...process.env,
        NATS_AUTH_PASSWORD: PASSWORDS.auth,
        NATS_OPERATIONS_PASSWORD: PASSWORDS.operations,
        NATS_BILLING_PASSWORD: PASSWORDS.billing,
        NATS_BILLING_WORKER_PASSWORD: PASSWORDS['billing-worker'],
      },
    });
    const deadline = Date.now() + 20_000;
    for (;;) {
      const up = await new Promise<boolean>((resolve) => {
        const s = net.connect(port, '127.0.0.1');
        s.once('connect', () => (s.destroy(), resolve(true)));
        s.once('error', () => resolve(false));
      });
      if (up) break;
      if (Date.now() > deadline) throw new Error('own nats-server did not start');
      await new Promise((r) => setTimeout(r, 50));
    }
  }, 30_000);

  afterAll(async () => {
    for (const c of open) await c.onApplicationShutdown().catch(() => undefined);
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (storeDir) await rm(storeDir, { recursive: true, force: true });
  });

  it('refuses clients without a user or with a wrong password', async () => {
    await expect(connect({ servers: url, reconnect: false })).rejects.toThrow(/Authorization/i);
    await expect(connect({ servers: url, user: 'billing', pass: 'falsch', reconnect: false })).rejects.toThrow(
      /Authorization/i,
    );
  });

  it('each service reaches the stream, publishes its own events and none of another service', async () => {
    const auth = await as('auth');
    const billing = await as('billing');
    await as('operations');
    await as('billing-worker');

    const ack = await auth.js.publish(auth.subjectFor('auth.user.created'), '{}', { timeout: 2000 });
    expect(ack.stream).toBe('ZUNFT_EVENTS');
    expect((await billing.js.publish('billing.quote.sent', '{}', { timeout: 2000 })).seq).toBeGreaterThan(0);
    // A forged event: billing may not publish as auth (the server refuses, nothing is stored).
    await expect(billing.js.publish('auth.user.created', '{"forged":true}', { timeout: 2000 })).rejects.toThrow();
    const info = await auth.jsm.streams.info('ZUNFT_EVENTS');
    expect(info.state.messages).toBe(2);
    // Nor may any service delete the stream.
    await expect(billing.jsm.streams.delete('ZUNFT_EVENTS')).rejects.toThrow();
    expect((await auth.jsm.streams.info('ZUNFT_EVENTS')).state.messages).toBe(2);
  });

  it('a consumer service reads and acks the stream through its durable consumer', async () => {
    const operations = await as('operations');
    await operations.jsm.consumers.add('ZUNFT_EVENTS', {
      durable_name: 'operations-perm-test',
      ack_policy: AckPolicy.Explicit,
      filter_subject: 'auth.>',
    });
    const consumer = await operations.js.consumers.get('ZUNFT_EVENTS', 'operations-perm-test');
    const msg = await consumer.next({ expires: 2000 });
    expect(msg?.subject).toBe('auth.user.created');
    expect(await msg!.ackAck()).toBe(true);
  });

  it('request/reply: billing asks operations; auth may not answer as operations', async () => {
    const operations = await as('operations');
    const billing = await as('billing');
    const sub = operations.nc.subscribe('rpc.operations.report-data', {
      callback: (_err, m) => void m.respond('{"ok":true}'),
    });
    await operations.nc.flush();
    const reply = await billing.nc.request('rpc.operations.report-data', '{}', { timeout: 2000 });
    expect(reply.string()).toBe('{"ok":true}');
    sub.unsubscribe();

    const auth = await as('auth');
    const errors: string[] = [];
    const forged = auth.nc.subscribe('rpc.operations.report-data', {
      callback: (err) => void (err && errors.push(err.message)),
    });
    await auth.nc.flush().catch(() => undefined);
    await new Promise((r) => setTimeout(r, 200));
    expect(errors.join(' ')).toMatch(/Permissions Violation/i);
    forged.unsubscribe();
  });

  it('request/reply: billing asks auth for the verification link (and operations and its directory records); operations may not ask for the link', async () => {
    const auth = await as('auth');
    const billing = await as('billing');
    const operations = await as('operations');
    const subs = ['rpc.auth.email-verification-link', 'rpc.operations.customer', 'rpc.operations.project'].map(
      (subject) =>
        (subject.startsWith('rpc.auth') ? auth : operations).nc.subscribe(subject, {
          callback: (_err, m) => void m.respond(`{"ok":true,"s":"${subject}"}`),
        }),
    );
    await Promise.all([auth.nc.flush(), operations.nc.flush()]);
    for (const subject of ['rpc.auth.email-verification-link', 'rpc.operations.customer', 'rpc.operations.project']) {
      const reply = await billing.nc.request(subject, '{}', { timeout: 2000 });
      expect(reply.string()).toBe(`{"ok":true,"s":"${subject}"}`);
    }
    // operations has no business asking for a verification token: the server refuses the publish
    await expect(operations.nc.request('rpc.auth.email-verification-link', '{}', { timeout: 1000 })).rejects.toThrow();
    for (const sub of subs) sub.unsubscribe();
  });

  it('request/reply: operations asks auth for the company name (ArGV 1 art. 73 record); billing may not', async () => {
    const auth = await as('auth');
    const operations = await as('operations');
    const billing = await as('billing');
    const sub = auth.nc.subscribe('rpc.auth.company-name', {
      callback: (_err, m) => void m.respond('{"ok":true,"data":{"name":"Schreinerei Muster AG"}}'),
    });
    await auth.nc.flush();
    const reply = await operations.nc.request('rpc.auth.company-name', '{}', { timeout: 2000 });
    expect(reply.string()).toBe('{"ok":true,"data":{"name":"Schreinerei Muster AG"}}');
    await expect(billing.nc.request('rpc.auth.company-name', '{}', { timeout: 1000 })).rejects.toThrow();
    sub.unsubscribe();
  });
});
