// Integration tests of the outbox, the relay and idempotent consumers against the machine's real
// PostgreSQL and NATS JetStream: a throw-away database and a stream of their own per run.
import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable, type LoggerService } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { TypeOrmModule, getDataSourceToken } from '@nestjs/typeorm';
import { jetstreamManager, type JetStreamManager, type StoredMsg } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { DEFAULT_COMPANY_SETTINGS, EVENT_TYPES, type EventData, type EventType } from '@zunft/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import {
  CreateEventTables1763700000000,
  EVENT_ENTITIES,
  EVENT_MIGRATIONS,
  EventsConnection,
  EventsModule,
  IdempotentConsumer,
  InvalidEventError,
  OutboxRelay,
  enqueueEvent,
  type DomainEvent,
} from './index.js';

const PG = {
  host: process.env.PGHOST ?? '127.0.0.1',
  port: Number(process.env.PGPORT ?? 5432),
  user: process.env.PGUSER ?? 'postgres',
  password: process.env.PGPASSWORD,
};
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const RUN = randomBytes(4).toString('hex');
const DB_NAME = `zunft_events_test_${RUN}`;
const STREAM = `ZUNFT_EVENTS_TEST_${RUN}`;
const PREFIX = `${STREAM}.`;

// ---------------------------------------------------------------------------------------------
// Test data: one valid payload per event type (the mapped type makes a new type fail to compile).

const COMPANY_ID = randomUUID();
const ACTOR_ID = randomUUID();

function sampleData(): { [K in EventType]: EventData<K> } {
  const user = {
    userId: randomUUID(),
    email: 'anna.muster@example.ch',
    firstName: 'Anna',
    lastName: 'Muster',
    role: 'employee' as const,
    craftsmanCategory: 'Schreiner',
    hourlyRate: 85,
    isActive: true,
  };
  const customer = { customerId: randomUUID(), name: 'Huber AG', customerNumber: 'K-0001' };
  const project = {
    projectId: randomUUID(),
    customerId: customer.customerId,
    title: 'Dachsanierung',
    projectNumber: 'P-2026-001',
    status: 'planned' as const,
    assignedUserIds: [] as string[],
  };
  const entry = {
    timeEntryId: randomUUID(),
    userId: user.userId,
    projectId: project.projectId,
    startTime: '2026-11-22T07:00:00.000Z',
    endTime: null as string | null,
    breakMinutes: 0,
    totalMinutes: null as number | null,
    surchargeTotal: 50,
    status: 'active' as 'active' | 'completed' | 'approved',
  };
  const finished = { endTime: '2026-11-22T09:00:00.000Z', totalMinutes: 120, status: 'completed' as const };
  const ASSIGNMENT_ID = randomUUID();
  const material = {
    materialId: randomUUID(),
    name: 'Schrauben 4x40',
    unit: 'Pkg',
    category: 'Befestigungsmaterial' as string | null,
    unitPrice: 12.5,
    stockQuantity: 20,
    minStock: 5,
    isActive: true,
  };
  const usage = {
    usageId: randomUUID(),
    projectId: project.projectId,
    materialId: material.materialId,
    materialName: material.name,
    userId: user.userId,
    quantity: 2,
    unit: 'Pkg',
    unitPrice: 12.5,
    totalPrice: 25,
    usedAt: '2026-11-22',
    status: 'pending' as 'pending' | 'approved' | 'rejected',
  };
  const expense = {
    expenseId: randomUUID(),
    userId: user.userId,
    projectId: project.projectId,
    category: 'transport' as const,
    description: 'Zugbillett Bern–Thun',
    amount: 42.5,
    expenseDate: '2026-11-20',
    status: 'pending' as 'pending' | 'approved' | 'rejected',
    hasReceipt: true,
  };
  const invoice = {
    invoiceId: randomUUID(),
    invoiceNumber: 'RE-2026-0001',
    customerId: customer.customerId,
    customerName: 'Muster AG',
    projectId: null,
    reportId: null,
    status: 'draft' as 'draft' | 'sent' | 'paid' | 'overdue',
    total: 1234.55,
    currency: 'CHF' as const,
    dueDate: '2026-12-22',
  };
  const quote = {
    quoteId: randomUUID(),
    quoteNumber: 'A-2026-0001',
    customerId: customer.customerId,
    title: 'Dachsanierung',
    status: 'draft' as 'draft' | 'sent' | 'accepted' | 'rejected' | 'expired',
    total: 1234.55,
    validUntil: '2026-12-22',
  };
  return {
    'auth.company.registered': {
      companyId: COMPANY_ID,
      name: 'Muster Holzbau AG',
      email: 'info@muster-holzbau.ch',
      language: 'de',
      trialEndsAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      adminUserId: randomUUID(),
      settings: DEFAULT_COMPANY_SETTINGS,
    },
    'auth.company.email-verification-requested': {
      userId: randomUUID(),
      email: 'info@muster-holzbau.ch',
      firstName: 'Anna',
      companyName: 'Muster Holzbau AG',
      language: 'de',
      expiresAt: '2026-12-05T15:00:00.000Z',
    },
    'auth.company.email-verified': { verifiedAt: '2026-11-28T15:00:00.000Z' },
    'auth.company.closed': { closedAt: '2026-11-28T16:00:00.000Z' },
    'auth.company.settings-updated': { settings: { ...DEFAULT_COMPANY_SETTINGS, vat_rate: 8.1 } },
    'auth.company.profile-updated': {
      name: 'Muster Holzbau AG',
      email: null,
      phone: '+41 44 123 45 67',
      website: null,
      address: 'Werkstrasse 1, 8000 Zürich',
      logoUrl: null,
    },
    'auth.company.subscription-changed': {
      status: 'active',
      billingCycle: 'monthly',
      paidSeats: 3,
      nextBillingDate: '2026-12-24',
      cancelAtPeriodEnd: false,
      gracePeriodEndsAt: null,
      reason: 'invoice.paid',
    },
    'auth.company.marked-for-deletion': {
      trialEndedAt: '2026-08-01T00:00:00.000Z',
      markedAt: '2026-10-30T05:00:00.000Z',
    },
    'auth.user.created': user,
    'auth.user.updated': { ...user, hourlyRate: 90 },
    'auth.user.invited': {
      invitationId: randomUUID(),
      email: 'treuhand@muster-treuhand.ch',
      companyName: 'Muster Holzbau AG',
      inviterName: 'Anna Admin',
      language: 'de',
      expiresAt: '2026-12-05T15:00:00.000Z',
    },
    'auth.user.deactivated': { userId: user.userId },
    'auth.user.deleted': { userId: user.userId, anonymizedName: 'Gelöschter Benutzer' },
    'auth.user.sessions-revoked': { userId: user.userId, validAfter: '2026-11-28T15:00:00.000Z' },
    'operations.support.action-performed': {
      userId: user.userId,
      method: 'PUT',
      path: `/api/customers/${customer.customerId}`,
      status: 200,
      requestId: 'req-1',
      occurredAt: '2026-11-28T15:00:00.000Z',
    },
    'billing.accountant.export-downloaded': {
      userId: user.userId,
      export: 'journal',
      format: 'csv',
      path: '/api/accounting/export',
      requestId: null,
      occurredAt: '2026-11-28T15:00:00.000Z',
    },
    'billing.support.action-performed': {
      userId: user.userId,
      method: 'POST',
      path: '/api/quotes',
      status: 201,
      requestId: null,
      occurredAt: '2026-11-28T15:00:00.000Z',
    },
    'operations.customer.created': customer,
    'operations.customer.updated': { ...customer, name: 'Huber Bau AG' },
    'operations.customer.deleted': { customerId: customer.customerId },
    'operations.project.created': project,
    'operations.project.updated': { ...project, status: 'in_progress', assignedUserIds: [user.userId] },
    'operations.project.deleted': { projectId: project.projectId },
    'operations.time-entry.started': entry,
    'operations.time-entry.stopped': { ...entry, ...finished },
    'operations.time-entry.created': { ...entry, ...finished },
    'operations.time-entry.updated': { ...entry, ...finished, breakMinutes: 15, totalMinutes: 105 },
    'operations.time-entry.approved': { ...entry, ...finished, status: 'approved' },
    'operations.time-entry.deleted': {
      timeEntryId: entry.timeEntryId,
      userId: user.userId,
      projectId: project.projectId,
    },
    'operations.material.created': material,
    'operations.material.updated': { ...material, stockQuantity: 18 },
    'operations.material.deleted': { materialId: material.materialId },
    'operations.material-usage.created': usage,
    'operations.material-usage.updated': { ...usage, quantity: 3, totalPrice: 37.5 },
    'operations.material-usage.approved': { ...usage, status: 'approved', stockQuantityAfter: 18 },
    'operations.material-usage.rejected': { ...usage, status: 'rejected', rejectionReason: 'Falsches Projekt' },
    'operations.material-usage.deleted': { usageId: usage.usageId, projectId: project.projectId, userId: user.userId },
    'operations.assignment.created': {
      assignmentId: ASSIGNMENT_ID,
      userId: user.userId,
      projectId: project.projectId,
      workDate: '2026-11-24',
      startTime: '07:30',
      endTime: '12:00',
      note: 'Gerüst steht',
      conflictWith: [],
    },
    'operations.assignment.updated': {
      assignmentId: ASSIGNMENT_ID,
      userId: user.userId,
      projectId: project.projectId,
      workDate: '2026-11-24',
      startTime: null,
      endTime: null,
      note: null,
      conflictWith: [randomUUID()],
    },
    'operations.assignment.deleted': {
      assignmentId: ASSIGNMENT_ID,
      userId: user.userId,
      projectId: project.projectId,
      workDate: '2026-11-24',
    },
    'operations.expense.created': expense,
    'operations.expense.updated': { ...expense, amount: 45.5 },
    'operations.expense.approved': { ...expense, status: 'approved' as const },
    'operations.expense.rejected': { ...expense, status: 'rejected' as const, rejectionReason: 'Beleg fehlt' },
    'operations.expense.deleted': { expenseId: expense.expenseId, userId: user.userId, projectId: null },
    'billing.quote.created': quote,
    'billing.quote.updated': quote,
    'billing.quote.sent': { ...quote, status: 'sent' as const, sentTo: 'kunde@example.ch' },
    'billing.quote.accepted': {
      ...quote,
      status: 'accepted' as const,
      acceptedByName: 'Erika Muster',
      acceptedByEmail: 'erika@example.ch',
    },
    'billing.quote.rejected': { ...quote, status: 'rejected' as const, rejectionReason: 'Zu teuer' },
    'billing.quote.expired': { ...quote, status: 'expired' as const },
    'billing.quote.deleted': { quoteId: quote.quoteId, quoteNumber: quote.quoteNumber },
    'billing.quote.project-requested': {
      quoteId: randomUUID(),
      quoteNumber: 'A-2026-001',
      customerId: customer.customerId,
      title: 'Dachsanierung',
      description: null,
      requestedBy: user.userId,
    },
    'billing.report.signed': {
      reportId: randomUUID(),
      reportNumber: 'R-2026-0001',
      companyId: COMPANY_ID,
      customerId: customer.customerId,
      projectId: randomUUID(),
      projectName: 'Dachsanierung',
      projectNumber: 'P-2026-001',
      customer: { name: 'Muster AG', email: null, address: null, zip: null, city: null, language: 'de' },
      language: 'de',
      periodStart: '2026-11-16',
      periodEnd: '2026-11-20',
      signedAt: new Date().toISOString(),
      signerName: 'Hans Muster',
      labour: [
        {
          employeeId: user.userId,
          employeeName: 'Lena Lehner',
          hours: 8.5,
          breakMinutes: 30,
          hourlyRate: 85,
          surcharges: [{ kind: 'saturday', percent: 25, hours: 4 }],
        },
      ],
      materials: [{ materialId: randomUUID(), name: 'Dachziegel', unit: 'Stk', quantity: 120, unitPrice: 1.8 }],
      expenses: [
        { expenseId: randomUUID(), description: 'Parkhaus', category: 'transport', amount: 12.5, date: '2026-11-18' },
      ],
      timeEntryIds: [randomUUID()],
      materialUsageIds: [randomUUID()],
      expenseIds: [randomUUID()],
    },
    'billing.invoice.created': invoice,
    'billing.invoice.sent': { ...invoice, status: 'sent' as const, sentTo: 'kunde@example.ch' },
    'billing.invoice.paid': { ...invoice, status: 'paid' as const, paidAmount: 1234.55 },
    'billing.invoice.overdue': { ...invoice, status: 'overdue' as const },
    'billing.invoice.reminder-sent': {
      ...invoice,
      status: 'overdue' as const,
      level: 2,
      reminderName: '1. Mahnung',
      totalDue: 1254.55,
      automatic: false,
    },
  };
}

function enqueue<T extends EventType>(manager: EntityManager, type: T, data: EventData<T>, requestId = `req-${RUN}`) {
  return enqueueEvent(manager, { type, companyId: COMPANY_ID, actorId: ACTOR_ID, requestId, data });
}

// ---------------------------------------------------------------------------------------------
// Test consumers and helpers

@Injectable()
class HandlerCalls {
  readonly calls: { consumer: string; event: DomainEvent }[] = [];
  count(consumer: string, eventId: string): number {
    return this.calls.filter((c) => c.consumer === consumer && c.event.id === eventId).length;
  }
}

/** Receives every event type of the contracts. */
@Injectable()
class AllTypesConsumer extends IdempotentConsumer {
  readonly durableName = 'test-all-types';
  readonly filterSubjects = EVENT_TYPES;
  constructor(private readonly calls: HandlerCalls) {
    super();
  }
  async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    this.calls.calls.push({ consumer: this.durableName, event });
    await manager.query(`INSERT INTO handled_log (consumer, event_id, type) VALUES ($1, $2, $3)`, [
      this.durableName,
      event.id,
      event.type,
    ]);
  }
}

/** Fails on the first delivery of every event (after writing to the DB), succeeds afterwards. */
@Injectable()
class FlakyConsumer extends IdempotentConsumer {
  readonly durableName = 'test-flaky';
  readonly filterSubjects = ['auth.user.updated'];
  constructor(private readonly calls: HandlerCalls) {
    super();
  }
  protected override retryDelayMs(): number {
    return 100;
  }
  async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    this.calls.calls.push({ consumer: this.durableName, event });
    await manager.query(`INSERT INTO handled_log (consumer, event_id, type) VALUES ($1, $2, $3)`, [
      this.durableName,
      event.id,
      event.type,
    ]);
    if (this.calls.count(this.durableName, event.id) === 1) throw new Error('Simulierter Fehler');
  }
}

class CapturingLogger implements LoggerService {
  readonly entries: { level: string; message: unknown; context?: string }[] = [];
  private add(level: string, message: unknown, rest: unknown[]) {
    const context = rest.at(-1);
    this.entries.push({ level, message, context: typeof context === 'string' ? context : undefined });
  }
  log(message: unknown, ...rest: unknown[]) {
    this.add('log', message, rest);
  }
  error(message: unknown, ...rest: unknown[]) {
    this.add('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]) {
    this.add('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]) {
    this.add('debug', message, rest);
  }
  verbose() {}
}

async function createApp(relayIntervalMs: number, consumers: boolean): Promise<TestingModule> {
  const moduleRef = await Test.createTestingModule({
    imports: [
      TypeOrmModule.forRoot({
        type: 'postgres',
        host: PG.host,
        port: PG.port,
        username: PG.user,
        password: PG.password,
        database: DB_NAME,
        entities: EVENT_ENTITIES,
        migrations: EVENT_MIGRATIONS,
        migrationsRun: true,
        synchronize: false,
        logging: false,
      }),
      EventsModule.forRoot({ serviceName: 'events-test', natsUrl: NATS_URL, streamName: STREAM, relayIntervalMs }),
    ],
    providers: consumers ? [HandlerCalls, AllTypesConsumer, FlakyConsumer] : [],
  })
    .setLogger(logger)
    .compile();
  await moduleRef.init();
  return moduleRef;
}

function plainDataSource(database: string): DataSource {
  return new DataSource({
    type: 'postgres',
    host: PG.host,
    port: PG.port,
    username: PG.user,
    password: PG.password,
    database,
  });
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The consumer has nothing pending and nothing unacknowledged. */
async function consumerIdle(durable: string): Promise<void> {
  await waitFor(`consumer ${durable} idle`, async () => {
    const info = await jsm.consumers.info(STREAM, durable);
    return info.num_pending === 0 && info.num_ack_pending === 0;
  });
}

async function streamMessages(): Promise<StoredMsg[]> {
  const { state } = await jsm.streams.info(STREAM);
  const messages: StoredMsg[] = [];
  for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq++) {
    const m = await jsm.streams.getMessage(STREAM, { seq });
    if (m) messages.push(m);
  }
  return messages;
}

async function messagesWithId(eventId: string): Promise<StoredMsg[]> {
  return (await streamMessages()).filter((m) => m.header?.get('Nats-Msg-Id') === eventId);
}

async function outboxRow(id: string) {
  const rows: { published_at: Date | null; attempts: number; last_error: string | null }[] = await ds.query(
    `SELECT published_at, attempts, last_error FROM outbox_events WHERE id = $1`,
    [id],
  );
  return rows[0];
}

async function countRows(sql: string, params: unknown[]): Promise<number> {
  const rows: { n: number }[] = await ds.query(`SELECT count(*)::int AS n FROM ${sql}`, params);
  return rows[0]?.n ?? -1;
}

// ---------------------------------------------------------------------------------------------

const logger = new CapturingLogger();
let admin: DataSource;
let nc: NatsConnection;
let jsm: JetStreamManager;
let app: TestingModule;
let ds: DataSource;
let relay: OutboxRelay;
let calls: HandlerCalls;

beforeAll(async () => {
  admin = await plainDataSource('postgres').initialize();
  await admin.query(`CREATE DATABASE ${DB_NAME}`);
  // A table of the test handlers, written inside the consumer transaction.
  const db = await plainDataSource(DB_NAME).initialize();
  await db.query(`CREATE TABLE handled_log (consumer text NOT NULL, event_id uuid NOT NULL, type text NOT NULL)`);
  await db.destroy();

  nc = await connect({ servers: NATS_URL });
  jsm = await jetstreamManager(nc);

  app = await createApp(60_000, true); // long poll interval: publishing in the tests comes from kicks and flush()
  ds = app.get<DataSource>(getDataSourceToken());
  relay = app.get(OutboxRelay);
  calls = app.get(HandlerCalls);
});

afterAll(async () => {
  await app?.close();
  await jsm?.streams.delete(STREAM).catch(() => undefined);
  await nc?.close();
  await admin?.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin?.destroy();
});

describe('stream', () => {
  it('is created with the prefixed event subjects, file storage and a 2 minute duplicate window', async () => {
    const info = await jsm.streams.info(STREAM);
    expect(info.config.subjects).toEqual(['auth.>', 'operations.>', 'billing.>'].map((s) => PREFIX + s));
    expect(info.config.storage).toBe('file');
    expect(info.config.duplicate_window).toBe(120 * 1e9);
  });
});

describe('outbox', () => {
  it('publishes an event enqueued in a committed transaction exactly once, with Nats-Msg-Id = event id', async () => {
    const event = await ds.transaction((m) => enqueue(m, 'auth.user.created', sampleData()['auth.user.created']));

    await relay.flush();

    const messages = await messagesWithId(event.id);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.subject).toBe(`${PREFIX}auth.user.created`);
    expect(messages[0]?.json()).toEqual(event);
    expect((await outboxRow(event.id))?.published_at).toBeInstanceOf(Date);
  });

  it('publishes nothing for a rolled-back transaction', async () => {
    let eventId = '';
    await expect(
      ds.transaction(async (m) => {
        eventId = (await enqueue(m, 'auth.user.deactivated', { userId: randomUUID() })).id;
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');

    expect(await relay.flush()).toBe(0);
    expect(await outboxRow(eventId)).toBeUndefined();
    expect(await messagesWithId(eventId)).toHaveLength(0);
  });

  it('does not duplicate a message when a row is published again (crash before commit)', async () => {
    const event = await ds.transaction((m) => enqueue(m, 'auth.user.deactivated', { userId: randomUUID() }));
    await relay.flush();
    const before = (await jsm.streams.info(STREAM)).state.messages;

    // as if the relay died after publishing but before committing published_at
    // (the commit's kick may do the re-publish before flush() gets to it: either way it's re-published)
    await ds.query(`UPDATE outbox_events SET published_at = NULL WHERE id = $1`, [event.id]);
    await relay.flush();

    expect((await jsm.streams.info(STREAM)).state.messages).toBe(before);
    expect(await messagesWithId(event.id)).toHaveLength(1);
    expect((await outboxRow(event.id))?.published_at).toBeInstanceOf(Date);
  });

  it('publishes right after the commit without waiting for the poll interval', async () => {
    // the app polls only every 60 s: only the after-commit kick can publish within the wait
    const inTx = await ds.transaction((m) => enqueue(m, 'auth.user.deactivated', { userId: randomUUID() }));
    const withoutTx = await enqueue(ds.manager, 'auth.user.deactivated', { userId: randomUUID() });

    await waitFor('kicked publish', async () => (await outboxRow(inTx.id))?.published_at != null, 3000);
    await waitFor(
      'kicked publish (auto-commit)',
      async () => (await outboxRow(withoutTx.id))?.published_at != null,
      3000,
    );
    expect(await messagesWithId(inTx.id)).toHaveLength(1);
  });

  it('does not publish inside a still open transaction, only after its commit', async () => {
    let eventId = '';
    await ds.transaction(async (m) => {
      eventId = (await enqueue(m, 'auth.user.deactivated', { userId: randomUUID() })).id;
      expect(await relay.flush()).toBe(0); // uncommitted: invisible to the relay
    });
    await waitFor('published after commit', async () => (await outboxRow(eventId))?.published_at != null, 3000);
  });

  it('rejects data that does not match the contract, and writes nothing', async () => {
    const before = await countRows('outbox_events', []);
    await expect(
      ds.transaction((m) =>
        enqueueEvent(m, {
          type: 'auth.user.deleted',
          companyId: COMPANY_ID,
          actorId: null,
          data: { userId: 'keine-uuid', anonymizedName: 'x' },
        }),
      ),
    ).rejects.toThrow(InvalidEventError);
    await expect(
      enqueueEvent(ds.manager, {
        type: 'auth.user.deactivated',
        companyId: 'keine-uuid',
        actorId: null,
        data: { userId: randomUUID() },
      }),
    ).rejects.toThrow(/companyId/);
    expect(await countRows('outbox_events', [])).toBe(before);
  });

  it('records a failed publish, keeps the row pending and publishes it once the cause is fixed', async () => {
    // a subject outside the stream: JetStream has no responder for it
    const id = randomUUID();
    await ds.query(
      `INSERT INTO outbox_events (id, type, version, company_id, actor_id, data, occurred_at)
       VALUES ($1, 'nirgendwo.user.deactivated', 1, $2, NULL, $3::jsonb, now())`,
      [id, COMPANY_ID, JSON.stringify({ userId: randomUUID() })],
    );

    await expect(relay.flush()).rejects.toThrow();
    const failed = await outboxRow(id);
    expect(failed?.published_at).toBeNull();
    expect(failed?.attempts).toBeGreaterThanOrEqual(1);
    expect(failed?.last_error).toEqual(expect.any(String));

    await ds.query(`UPDATE outbox_events SET type = 'auth.user.deactivated' WHERE id = $1`, [id]);
    await relay.flush();
    const fixed = await outboxRow(id);
    expect(fixed?.published_at).toBeInstanceOf(Date);
    expect(fixed?.last_error).toBeNull();
    expect(await messagesWithId(id)).toHaveLength(1);
  });

  it('a second app polls and publishes rows it was not told about, and closes its NATS connection on shutdown', async () => {
    const second = await createApp(100, false);
    const connection = second.get(EventsConnection);
    try {
      const id = randomUUID();
      // written directly, so no kick: only a poll finds it (the first app polls every 60 s)
      await ds.query(
        `INSERT INTO outbox_events (id, type, version, company_id, actor_id, data, occurred_at)
         VALUES ($1, 'auth.user.deactivated', 1, $2, NULL, $3::jsonb, now())`,
        [id, COMPANY_ID, JSON.stringify({ userId: randomUUID() })],
      );
      await waitFor('polled publish', async () => (await outboxRow(id))?.published_at != null, 3000);
      expect(await messagesWithId(id)).toHaveLength(1);
      expect(await connection.ping()).toBe(true);
    } finally {
      await second.close();
    }
    expect(connection.nc.isClosed()).toBe(true);
    expect(await connection.ping()).toBe(false);
  });
});

describe('idempotent consumer', () => {
  it('receives each event type of the contracts exactly once', async () => {
    const data = sampleData();
    const events = await ds.transaction(async (m) => {
      const out: DomainEvent[] = [];
      for (const type of EVENT_TYPES) out.push(await enqueue(m, type, data[type] as never));
      return out;
    });
    await relay.flush();

    await waitFor('all types handled', () => events.every((e) => calls.count('test-all-types', e.id) === 1));
    await consumerIdle('test-all-types');

    for (const event of events) {
      expect(calls.count('test-all-types', event.id)).toBe(1);
      const received = calls.calls.find((c) => c.consumer === 'test-all-types' && c.event.id === event.id);
      expect(received?.event).toEqual(event);
      expect(await countRows('handled_log WHERE consumer = $1 AND event_id = $2', ['test-all-types', event.id])).toBe(
        1,
      );
      expect(
        await countRows('processed_events WHERE consumer = $1 AND event_id = $2', ['test-all-types', event.id]),
      ).toBe(1);
    }
    // the flaky consumer only subscribed to auth.user.updated
    const flakyTypes = calls.calls.filter((c) => c.consumer === 'test-flaky').map((c) => c.event.type);
    expect(new Set(flakyTypes)).toEqual(new Set(['auth.user.updated']));
  });

  it('logs handled events with their request id', async () => {
    const requestId = `req-log-${randomUUID()}`;
    const event = await ds.transaction((m) => enqueue(m, 'auth.user.deactivated', { userId: randomUUID() }, requestId));
    await relay.flush();
    await waitFor('handled', () => calls.count('test-all-types', event.id) === 1);
    await waitFor('logged', () =>
      logger.entries.some(
        (e) =>
          e.context === 'AllTypesConsumer' &&
          typeof e.message === 'object' &&
          (e.message as { eventId?: string; requestId?: string }).eventId === event.id &&
          (e.message as { requestId?: string }).requestId === requestId,
      ),
    );
  });

  it('handles a redelivered event once (same event published again under other msg ids)', async () => {
    const event = await ds.transaction((m) => enqueue(m, 'auth.user.deactivated', { userId: randomUUID() }));
    await relay.flush();
    await waitFor('handled', () => calls.count('test-all-types', event.id) === 1);

    // bypass the outbox and JetStream's dedupe: two more copies of the same event
    const js = app.get(EventsConnection).js;
    await js.publish(`${PREFIX}auth.user.deactivated`, JSON.stringify(event), { msgID: `${event.id}-copy-1` });
    await js.publish(`${PREFIX}auth.user.deactivated`, JSON.stringify(event), { msgID: `${event.id}-copy-2` });
    expect(
      await streamMessages().then((ms) => ms.filter((m) => m.json<{ id: string }>().id === event.id)),
    ).toHaveLength(3);
    await consumerIdle('test-all-types');

    expect(calls.count('test-all-types', event.id)).toBe(1);
    expect(await countRows('handled_log WHERE event_id = $1', [event.id])).toBe(1);
    expect(
      await countRows('processed_events WHERE consumer = $1 AND event_id = $2', ['test-all-types', event.id]),
    ).toBe(1);
  });

  it('redelivers after a failing handler, rolls its writes back and handles the event once', async () => {
    const event = await ds.transaction((m) => enqueue(m, 'auth.user.updated', sampleData()['auth.user.updated']));
    await relay.flush();

    await waitFor('retried', () => calls.count('test-flaky', event.id) === 2);
    await consumerIdle('test-flaky');

    expect(calls.count('test-flaky', event.id)).toBe(2); // failed once, succeeded once
    // the failed attempt's insert was rolled back together with its processed_events row
    expect(await countRows('handled_log WHERE consumer = $1 AND event_id = $2', ['test-flaky', event.id])).toBe(1);
    expect(await countRows('processed_events WHERE consumer = $1 AND event_id = $2', ['test-flaky', event.id])).toBe(1);
    const info = await jsm.consumers.info(STREAM, 'test-flaky');
    expect(info.num_redelivered).toBe(0); // nothing still waiting for redelivery
  });

  it('terminates invalid payloads without handling them', async () => {
    const terminated: number[] = [];
    const sub = nc.subscribe(`$JS.EVENT.ADVISORY.CONSUMER.MSG_TERMINATED.${STREAM}.test-all-types`, {
      callback: (_err, msg) => {
        terminated.push(msg.json<{ stream_seq: number }>().stream_seq);
      },
    });
    await nc.flush();

    const js = app.get(EventsConnection).js;
    const subject = `${PREFIX}auth.user.deleted`;
    const badData = {
      ...(await enqueue(ds.manager, 'auth.user.deleted', { userId: randomUUID(), anonymizedName: 'X' })),
    };
    await relay.flush();
    await waitFor('valid one handled', () => calls.count('test-all-types', badData.id) === 1);

    const invalid = {
      notJson: 'das ist kein JSON',
      badData: JSON.stringify({ ...badData, id: randomUUID(), data: { userId: 'keine-uuid' } }),
      badEnvelope: JSON.stringify({ ...badData, id: randomUUID(), companyId: undefined }),
      wrongType: JSON.stringify({ ...badData, id: randomUUID(), type: 'auth.user.deactivated' }),
    };
    const seqs: number[] = [];
    for (const payload of Object.values(invalid)) seqs.push((await js.publish(subject, payload)).seq);

    await waitFor('terminated advisories', () => seqs.every((s) => terminated.includes(s)));
    await consumerIdle('test-all-types');
    sub.unsubscribe();

    for (const payload of [invalid.badData, invalid.badEnvelope, invalid.wrongType]) {
      const id = (JSON.parse(payload) as { id: string }).id;
      expect(calls.count('test-all-types', id)).toBe(0);
      expect(await countRows('processed_events WHERE event_id = $1', [id])).toBe(0);
    }
    const warnings = logger.entries.filter(
      (e) => e.level === 'warn' && seqs.includes((e.message as { streamSeq?: number }).streamSeq ?? -1),
    );
    expect(warnings).toHaveLength(4);
  });
});

describe('schema', () => {
  it('matches the entities (no pending schema changes)', async () => {
    const sql = await ds.driver.createSchemaBuilder().log();
    expect(sql.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('migration down removes both tables', async () => {
    const runner = ds.createQueryRunner();
    await runner.startTransaction();
    try {
      await new CreateEventTables1763700000000().down(runner);
      expect(await runner.hasTable('outbox_events')).toBe(false);
      expect(await runner.hasTable('processed_events')).toBe(false);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
    expect(await countRows('outbox_events', [])).toBeGreaterThan(0); // back after the rollback
  });
});
