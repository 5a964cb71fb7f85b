// Dead letters, replay, outbox pruning and stream limits against the machine's real PostgreSQL and
// NATS: a throw-away database and a stream of their own per run.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Injectable } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { TypeOrmModule, getDataSourceToken } from '@nestjs/typeorm';
import { nanos } from '@nats-io/transport-node';
import { randomBytes, randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { createTestDatabase, dropTestDatabase, type TestDatabase } from '../testing/test-database.js';
import {
  EVENT_ENTITIES,
  EVENT_MIGRATIONS,
  EventsConnection,
  EventsModule,
  IdempotentConsumer,
  OutboxRelay,
  enqueueEvent,
  eventMetrics,
  listDeadLetters,
  replayDeadLetters,
  resolveEventsOptions,
  type DomainEvent,
} from './index.js';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const STREAM = `ZUNFT_DLQ_TEST_${randomBytes(4).toString('hex').toUpperCase()}`;
const COMPANY_ID = randomUUID();
const DAY = 24 * 3600_000;

@Injectable()
class Switch {
  broken = true;
  readonly handled: string[] = [];
}

/** Fails while the switch says broken: after 3 deliveries the event goes to the dead-letter table. */
@Injectable()
class BrokenConsumer extends IdempotentConsumer {
  readonly durableName = 'test-dlq-broken';
  readonly filterSubjects = ['auth.user.deleted'];
  protected override readonly maxDeliver = 3;
  constructor(private readonly sw: Switch) {
    super();
  }
  protected override retryDelayMs(): number {
    return 50;
  }
  async handle(event: DomainEvent, _manager: EntityManager): Promise<void> {
    if (this.sw.broken) throw new Error('Anonymisierung fehlgeschlagen');
    this.sw.handled.push(event.id);
  }
}

const noop = () => undefined;
const SILENT = { log: noop, error: noop, warn: noop, debug: noop, verbose: noop };

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

let db: TestDatabase;
let app: TestingModule;
let ds: DataSource;
let events: EventsConnection;
let sw: Switch;

beforeAll(async () => {
  db = await createTestDatabase('zunft_events_dlq');
  app = await Test.createTestingModule({
    imports: [
      TypeOrmModule.forRoot({
        type: 'postgres',
        url: db.url,
        entities: EVENT_ENTITIES,
        migrations: EVENT_MIGRATIONS,
        migrationsRun: true,
        logging: false,
      }),
      EventsModule.forRoot({
        serviceName: 'events-dlq-test',
        natsUrl: NATS_URL,
        streamName: STREAM,
        stream: { maxAgeMs: 2 * DAY, maxBytes: 8 * 1024 * 1024, replicas: 1 },
        outboxRetentionMs: 3600_000,
      }),
    ],
    providers: [Switch, BrokenConsumer],
  })
    .setLogger(SILENT)
    .compile();
  await app.init();
  ds = app.get<DataSource>(getDataSourceToken());
  events = app.get(EventsConnection);
  sw = app.get(Switch);
}, 60_000);

afterAll(async () => {
  await events?.jsm.streams.delete(STREAM).catch(() => undefined);
  await app?.close();
  if (db) await dropTestDatabase(db);
});

describe('dead letters', () => {
  it('keeps an event that failed 3 (maxDeliver) times and an invalid message; the replay handles the event once', async () => {
    const event = await ds.transaction((m) =>
      enqueueEvent(m, {
        type: 'auth.user.deleted',
        companyId: COMPANY_ID,
        actorId: null,
        requestId: null,
        data: { userId: randomUUID(), anonymizedName: 'Ehemalige Person' },
      }),
    );
    await app.get(OutboxRelay).flush();
    await events.js.publish(events.subjectFor('auth.user.deleted'), 'kein JSON');

    await waitFor('two dead letters', async () => (await listDeadLetters(ds)).length === 2);
    const letters = await listDeadLetters(ds, { consumer: 'test-dlq-broken' });
    const failed = letters.find((d) => d.eventId !== null);
    const invalid = letters.find((d) => d.eventId === null);
    expect(failed).toMatchObject({
      eventId: event.id,
      type: 'auth.user.deleted',
      deliveries: 3,
      replayedAt: null,
      reason: 'handler failed 3 times: Anonymisierung fehlgeschlagen',
    });
    expect(invalid).toMatchObject({ eventId: null, type: 'auth.user.deleted', deliveries: 1 });
    expect(invalid!.reason).toMatch(/^invalid event: /);
    expect(eventMetrics.deadLettered.get('test-dlq-broken')).toBe(2);
    expect(eventMetrics.render()).toContain('zunft_events_dead_lettered_total{consumer="test-dlq-broken"} 2');
    // Terminated after storing: the server does not deliver it again on its own.
    const info = await events.jsm.consumers.info(STREAM, 'test-dlq-broken');
    expect(info.config.max_deliver).toBe(-1);
    await waitFor('consumer idle', async () => {
      const i = await events.jsm.consumers.info(STREAM, 'test-dlq-broken');
      return i.num_pending === 0 && i.num_ack_pending === 0;
    });

    sw.broken = false; // the bug is fixed
    expect(await replayDeadLetters(ds, events, { ids: [failed!.id] })).toEqual([failed!.id]);
    await waitFor('replayed event handled', () => sw.handled.includes(event.id));
    expect(await replayDeadLetters(ds, events, { ids: [failed!.id] })).toEqual([]); // once only
    expect((await listDeadLetters(ds)).map((d) => d.id)).toEqual([invalid!.id]);
    const all = await listDeadLetters(ds, { includeReplayed: true });
    expect(all.find((d) => d.id === failed!.id)?.replayedAt).not.toBeNull();
    await new Promise((r) => setTimeout(r, 300));
    expect(sw.handled.filter((id) => id === event.id)).toHaveLength(1);
  });
});

describe('outbox pruning', () => {
  it('deletes published rows past the retention and old processed records, never unpublished rows', async () => {
    const ids = await ds.transaction(async (m) => {
      const out: string[] = [];
      for (let i = 0; i < 3; i++) {
        const e = await enqueueEvent(m, {
          type: 'auth.user.deleted',
          companyId: COMPANY_ID,
          actorId: null,
          requestId: null,
          data: { userId: randomUUID(), anonymizedName: 'X' },
        });
        out.push(e.id);
      }
      return out;
    });
    const [oldPublished, recentPublished, oldUnpublished] = ids;
    // Simulated ages: published 2 h ago (retention 1 h), 10 min ago, and one never published.
    await ds.query(`UPDATE outbox_events SET published_at = now() - interval '2 hours' WHERE id = $1`, [oldPublished]);
    await ds.query(`UPDATE outbox_events SET published_at = now() - interval '10 minutes' WHERE id = $1`, [
      recentPublished,
    ]);
    await ds.query(`UPDATE outbox_events SET occurred_at = now() - interval '3 days' WHERE id = $1`, [oldUnpublished]);
    const oldProcessed = randomUUID();
    const recentProcessed = randomUUID();
    await ds.query(
      `INSERT INTO processed_events (consumer, event_id, processed_at) VALUES ('x', $1, now() - interval '4 days'), ('x', $2, now())`,
      [oldProcessed, recentProcessed],
    );

    // Stream max age 2 days: processed records are kept 3 days.
    const relay = app.get(OutboxRelay);
    expect(await relay.prune()).toEqual({ outbox: 1, processed: 1 });
    const left: { id: string }[] = await ds.query(`SELECT id FROM outbox_events WHERE id = ANY($1)`, [ids]);
    expect(left.map((r) => r.id).sort()).toEqual([recentPublished, oldUnpublished].sort());
    // Only this test's two records: the relay publishes the three events meanwhile and the app's
    // consumers may record them in processed_events, so a table count would race.
    const kept: { event_id: string }[] = await ds.query(
      `SELECT event_id FROM processed_events WHERE consumer = 'x' AND event_id = ANY($1)`,
      [[oldProcessed, recentProcessed]],
    );
    expect(kept.map((r) => r.event_id)).toEqual([recentProcessed]);
  });
});

describe('stream limits', () => {
  it('creates the stream with max age, max bytes and replicas, and updates them when the configuration changes', async () => {
    const info = await events.jsm.streams.info(STREAM);
    expect(info.config).toMatchObject({ max_age: nanos(2 * DAY), max_bytes: 8 * 1024 * 1024, num_replicas: 1 });

    const other = await EventsConnection.connect(
      resolveEventsOptions(
        {
          serviceName: 'events-dlq-test-2',
          natsUrl: NATS_URL,
          streamName: STREAM,
          stream: { maxAgeMs: 7 * DAY, maxBytes: 16 * 1024 * 1024 },
        },
        {},
      ),
    );
    await other.onApplicationShutdown();
    const updated = await events.jsm.streams.info(STREAM);
    expect(updated.config).toMatchObject({ max_age: nanos(7 * DAY), max_bytes: 16 * 1024 * 1024, num_replicas: 1 });
  });
});
