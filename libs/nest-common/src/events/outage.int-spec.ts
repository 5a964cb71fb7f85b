// Fault test (issue 13): events written while NATS is down reach their consumer within 5 s after
// the server is back, exactly once. The test runs its own nats-server on a free port with its own
// store directory; the machine's NATS on :4222 is never touched.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Injectable } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { TypeOrmModule, getDataSourceToken } from '@nestjs/typeorm';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DataSource, type EntityManager } from 'typeorm';
import { HealthController } from '../health/health.controller.js';
import { HealthModule } from '../health/health.module.js';
import { createTestDatabase, dropTestDatabase, type TestDatabase } from '../testing/test-database.js';
import {
  EVENT_ENTITIES,
  EVENT_MIGRATIONS,
  EventsModule,
  IdempotentConsumer,
  NATS_READINESS_CHECKS,
  enqueueEvent,
  type DomainEvent,
} from './index.js';

const NATS_SERVER = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';
const COMPANY_ID = randomUUID();

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

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** The test's own NATS server (JetStream, file store in a temp directory that survives restarts). */
class OwnNatsServer {
  private process: ChildProcess | undefined;
  constructor(
    readonly port: number,
    private readonly storeDir: string,
  ) {}

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.process = spawn(NATS_SERVER, ['-js', '-a', '127.0.0.1', '-p', String(this.port), '-sd', this.storeDir], {
      stdio: 'ignore',
    });
    await waitFor(`nats-server on :${this.port}`, () => portOpen(this.port), 20_000);
    // JetStream answers once its store is recovered.
    await new Promise((r) => setTimeout(r, 200));
  }

  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    this.process = undefined;
  }
}

@Injectable()
class Deliveries {
  readonly byEvent = new Map<string, number>();
  readonly at = new Map<string, number>();
}

@Injectable()
class OutageConsumer extends IdempotentConsumer {
  readonly durableName = 'test-outage';
  readonly filterSubjects = ['auth.user.created'];
  constructor(private readonly deliveries: Deliveries) {
    super();
  }
  async handle(event: DomainEvent, _manager: EntityManager): Promise<void> {
    this.deliveries.byEvent.set(event.id, (this.deliveries.byEvent.get(event.id) ?? 0) + 1);
    if (!this.deliveries.at.has(event.id)) this.deliveries.at.set(event.id, Date.now());
  }
}

const user = () => ({
  userId: randomUUID(),
  email: `${randomUUID()}@test.ch`,
  firstName: 'Olga',
  lastName: 'Ausfall',
  role: 'employee' as const,
  craftsmanCategory: null,
  hourlyRate: null,
  isActive: true,
});

const noop = () => undefined;
const SILENT = { log: noop, error: noop, warn: noop, debug: noop, verbose: noop };

const describeIfNats = existsSync(NATS_SERVER) ? describe : describe.skip;

describeIfNats('events after a NATS outage', () => {
  let nats: OwnNatsServer;
  let storeDir: string;
  let db: TestDatabase;
  let app: TestingModule;
  let ds: DataSource;
  let deliveries: Deliveries;

  const write = (count: number) =>
    ds.transaction(async (m) => {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) {
        const event = await enqueueEvent(m, {
          type: 'auth.user.created',
          companyId: COMPANY_ID,
          actorId: null,
          requestId: null,
          data: user(),
        });
        ids.push(event.id);
      }
      return ids;
    });

  beforeAll(async () => {
    storeDir = await mkdtemp(path.join(os.tmpdir(), 'zunft-nats-outage-'));
    nats = new OwnNatsServer(await freePort(), storeDir);
    await nats.start();
    db = await createTestDatabase('zunft_events_outage');
    app = await Test.createTestingModule({
      imports: [
        TypeOrmModule.forRoot({
          type: 'postgres',
          url: db.url,
          entities: EVENT_ENTITIES,
          migrations: EVENT_MIGRATIONS,
          migrationsRun: true,
          synchronize: false,
          logging: false,
        }),
        EventsModule.forRoot({ serviceName: 'events-outage-test', natsUrl: nats.url, relayIntervalMs: 2000 }),
        HealthModule.forRoot({ checks: NATS_READINESS_CHECKS }),
      ],
      providers: [Deliveries, OutageConsumer],
    })
      .setLogger(process.env.OUTAGE_DEBUG ? console : SILENT)
      .compile();
    await app.init();
    ds = app.get<DataSource>(getDataSourceToken());
    deliveries = app.get(Deliveries);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await nats?.stop();
    if (db) await dropTestDatabase(db);
    if (storeDir) await rm(storeDir, { recursive: true, force: true });
  }, 60_000);

  it('delivers what was written during the outage within 5 s of the restart, exactly once', async () => {
    // The path works before the outage.
    const [before] = await write(1);
    await waitFor('delivery before the outage', () => deliveries.byEvent.get(before!) === 1, 15_000);

    const health = app.get(HealthController);
    expect(await health.ready()).toEqual({ status: 'ok', checks: { database: 'ok', nats: 'ok' } });
    await nats.stop();
    // Readiness is the database only: the pod stays in the Service and keeps taking writes.
    expect(await health.ready()).toEqual({ status: 'ok', checks: { database: 'ok', nats: 'unavailable' } });
    const during = await write(5);
    // The relay tried twice and failed, so it sleeps in its backoff (2 s poll: 8 s before the third
    // try without the cap), as after a long real outage; the server comes back right then.
    await waitFor(
      'two failed publish attempts',
      async () =>
        Number(
          (await ds.query(`SELECT max(attempts)::int AS n FROM outbox_events WHERE published_at IS NULL`))[0].n ?? 0,
        ) >= 2,
      60_000,
    );

    await nats.start();
    const restartedAt = Date.now();
    await waitFor(
      'delivery of the events written during the outage',
      () => during.every((id) => deliveries.byEvent.has(id)),
      5000,
    );
    const latency = Math.max(...during.map((id) => deliveries.at.get(id)! - restartedAt));
    if (process.env.OUTAGE_DEBUG) console.log(`delivered ${latency} ms after the restart`);
    expect(latency).toBeLessThanOrEqual(5000);

    // Exactly once: a later write still goes through, and nothing was handled twice meanwhile.
    const [after] = await write(1);
    await waitFor('delivery after the outage', () => deliveries.byEvent.get(after!) === 1, 10_000);
    for (const id of [before!, ...during, after!]) expect([id, deliveries.byEvent.get(id)]).toEqual([id, 1]);
    const unpublished = await ds.query(`SELECT count(*)::int AS n FROM outbox_events WHERE published_at IS NULL`);
    expect(unpublished[0].n).toBe(0);
  }, 120_000);
});
