import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { EventEnvelope } from '@zunft/contracts';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { DataSource, type EntityManager } from 'typeorm';
import {
  contextFromTraceparent,
  currentTraceparent,
  SpanKind,
  TRACEPARENT_HEADER,
  withSpan,
} from '../tracing/tracing.js';
import { EventsConnection } from './events.connection.js';
import { EVENTS_OPTIONS, type ResolvedEventsOptions } from './events.options.js';
import { onOutboxCommitted } from './outbox-signal.js';

const PUBLISH_TIMEOUT_MS = 5000;
/** Backoff cap after failed publishes; a reconnect of NATS wakes the relay at once anyway. */
export const MAX_BACKOFF_MS = 4000;
/** How often a relay deletes published outbox rows and old processed_events records. */
export const PRUNE_EVERY_MS = 10 * 60 * 1000;
const PRUNE_BATCH = 5000;

interface OutboxRow {
  id: string;
  type: string;
  version: number;
  company_id: string;
  actor_id: string | null;
  request_id: string | null;
  data: unknown;
  occurred_at: Date | string;
  attempts: number;
  trace_context: string | null;
}

interface BatchResult {
  claimed: number;
  published: number;
  error?: Error;
}

/**
 * Publishes outbox rows to JetStream. Runs every `relayIntervalMs`, and right after a transaction
 * that enqueued events commits. Rows are claimed with `FOR UPDATE SKIP LOCKED`, so several
 * replicas share the work; each is published with `Nats-Msg-Id` = event id and marked published in
 * the same transaction. A crash between publish and commit re-publishes the row later, and
 * JetStream drops that copy as a duplicate (duplicate window 2 min). On a failed publish the row
 * records the attempt and error, the batch stops there (keeping order) and the relay backs off.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('OutboxRelay');
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private stopped = false;
  private ticking = false;
  private kickRequested = false;
  private consecutiveFailures = 0;
  /** Serialises batches within this process (loop, kicks and `flush()`). */
  private tail: Promise<unknown> = Promise.resolve();
  private unregister: (() => void) | undefined;
  private unregisterReconnect: (() => void) | undefined;
  /** Set by a NATS reconnect: the next run starts at once and the backoff starts over. */
  private wakeRequested = false;
  /** The first prune runs one interval after the start (not in every short-lived test app). */
  private lastPruneAt = Date.now();

  constructor(
    @Inject(getDataSourceToken()) private readonly dataSource: DataSource,
    @Inject(EventsConnection) private readonly connection: EventsConnection,
    @Inject(EVENTS_OPTIONS) private readonly options: ResolvedEventsOptions,
  ) {}

  onApplicationBootstrap(): void {
    this.unregister = onOutboxCommitted(this.dataSource, () => this.kick());
    this.unregisterReconnect = this.connection.onReconnect?.(() => this.wake());
    this.started = true;
    this.schedule(0);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.unregister?.();
    this.unregisterReconnect?.();
    await this.tail; // let a running batch commit
  }

  /** Run the relay now instead of at the next poll (cheap; coalesces while a run is in progress). */
  kick(): void {
    if (!this.started || this.stopped) return;
    if (this.ticking) this.kickRequested = true;
    else this.schedule(0);
  }

  /** NATS is back: publish what waited during the outage now, whatever the backoff said. */
  wake(): void {
    if (!this.started || this.stopped) return;
    this.consecutiveFailures = 0;
    this.wakeRequested = true;
    if (!this.ticking) this.schedule(0);
  }

  /**
   * Publishes everything pending now (that no other relay has locked) and resolves with the number
   * of rows published. Throws when a publish fails. Meant for tests and scripts.
   */
  async flush(): Promise<number> {
    return this.exclusive(async () => {
      let total = 0;
      for (;;) {
        const batch = await this.publishBatch();
        total += batch.published;
        if (batch.error) throw batch.error;
        if (batch.claimed < this.options.relayBatchSize) return total;
      }
    });
  }

  /**
   * Deletes outbox rows published longer ago than `outboxRetentionMs` and `processed_events`
   * records older than `processedRetentionMs` (the stream no longer holds their messages), in
   * batches so no long lock is held. Runs every PRUNE_EVERY_MS; returns what it deleted.
   */
  async prune(): Promise<{ outbox: number; processed: number }> {
    const deleteAll = async (sql: string, ms: number): Promise<number> => {
      let total = 0;
      for (;;) {
        const result = (await this.dataSource.query(sql, [`${ms} milliseconds`, PRUNE_BATCH])) as [unknown, number];
        total += result[1];
        if (result[1] < PRUNE_BATCH || this.stopped) return total;
      }
    };
    const outbox = await deleteAll(
      `DELETE FROM outbox_events WHERE id IN (
         SELECT id FROM outbox_events WHERE published_at < now() - $1::interval LIMIT $2)`,
      this.options.outboxRetentionMs,
    );
    const processed = await deleteAll(
      `DELETE FROM processed_events WHERE ctid IN (
         SELECT ctid FROM processed_events WHERE processed_at < now() - $1::interval LIMIT $2)`,
      this.options.processedRetentionMs,
    );
    if (outbox + processed > 0) this.logger.log({ msg: 'outbox pruned', outbox, processed });
    return { outbox, processed };
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.timer = undefined;
    if (this.stopped || this.ticking) return;
    this.ticking = true;
    this.kickRequested = false;
    let failed = false;
    try {
      failed = await this.exclusive(() => this.drain());
    } catch (err) {
      failed = true;
      this.logger.error({ msg: 'outbox relay run failed', error: errorMessage(err) });
    } finally {
      this.ticking = false;
    }
    if (!failed && !this.stopped && Date.now() - this.lastPruneAt >= PRUNE_EVERY_MS) {
      this.lastPruneAt = Date.now();
      await this.prune().catch((err: unknown) =>
        this.logger.warn({ msg: 'pruning the outbox failed', error: errorMessage(err) }),
      );
    }
    this.consecutiveFailures = failed ? this.consecutiveFailures + 1 : 0;
    // A reconnect during a failing run (a publish was still waiting for its ack) retries at once.
    const woken = this.wakeRequested;
    this.wakeRequested = false;
    if (woken && failed) this.consecutiveFailures = 0;
    const delay = woken
      ? 0
      : failed
        ? Math.min(this.options.relayIntervalMs * 2 ** this.consecutiveFailures, MAX_BACKOFF_MS)
        : this.kickRequested
          ? 0
          : this.options.relayIntervalMs;
    this.schedule(delay);
  }

  /** Publishes batches until the outbox is empty; true when a publish failed. */
  private async drain(): Promise<boolean> {
    for (;;) {
      if (this.stopped) return false;
      const batch = await this.publishBatch();
      if (batch.error) return true;
      if (batch.claimed < this.options.relayBatchSize) return false;
    }
  }

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.tail.then(fn, fn);
    this.tail = run.catch(() => undefined);
    return run;
  }

  private publishBatch(): Promise<BatchResult> {
    return this.dataSource.transaction(async (manager) => {
      const rows: OutboxRow[] = await manager.query(
        `SELECT id, type, version, company_id, actor_id, request_id, data, occurred_at, attempts, trace_context
           FROM outbox_events
          WHERE published_at IS NULL
          ORDER BY occurred_at, id
          LIMIT $1
          FOR UPDATE SKIP LOCKED`,
        [this.options.relayBatchSize],
      );
      const published: string[] = [];
      let error: Error | undefined;
      for (const row of rows) {
        try {
          await this.publish(row);
          published.push(row.id);
        } catch (err) {
          error = err instanceof Error ? err : new Error(String(err));
          await this.recordFailure(manager, row, error);
          break;
        }
      }
      if (published.length > 0) {
        await manager.query(
          `UPDATE outbox_events SET published_at = now(), last_error = NULL WHERE id = ANY($1::uuid[])`,
          [published],
        );
      }
      return { claimed: rows.length, published: published.length, error };
    });
  }

  /**
   * Publishes one row inside a PRODUCER span that continues the enqueuing request's trace; the
   * message's `traceparent` header names that span (tracing off here: the stored one, unchanged).
   */
  private publish(row: OutboxRow): Promise<void> {
    return withSpan(
      `publish ${row.type}`,
      {
        kind: SpanKind.PRODUCER,
        parent: contextFromTraceparent(row.trace_context),
        attributes: {
          'messaging.system': 'nats',
          'messaging.destination.name': row.type,
          'messaging.message.id': row.id,
        },
      },
      () => this.publishRow(row),
    );
  }

  private async publishRow(row: OutboxRow): Promise<void> {
    const traceparent = currentTraceparent() ?? row.trace_context;
    let hdrs;
    if (traceparent) {
      hdrs = natsHeaders();
      hdrs.set(TRACEPARENT_HEADER, traceparent);
    }
    const envelope: EventEnvelope = {
      id: row.id,
      type: row.type,
      version: row.version,
      occurredAt: new Date(row.occurred_at).toISOString(),
      companyId: row.company_id,
      actorId: row.actor_id,
      requestId: row.request_id,
      data: row.data,
    };
    const ack = await this.connection.js.publish(this.connection.subjectFor(row.type), JSON.stringify(envelope), {
      msgID: row.id,
      timeout: PUBLISH_TIMEOUT_MS,
      ...(hdrs ? { headers: hdrs } : {}),
    });
    this.logger.debug({
      msg: ack.duplicate ? 'event already in stream (deduplicated)' : 'event published',
      eventId: row.id,
      type: row.type,
      seq: ack.seq,
      requestId: row.request_id,
    });
  }

  private async recordFailure(manager: EntityManager, row: OutboxRow, error: Error): Promise<void> {
    await manager.query(`UPDATE outbox_events SET attempts = attempts + 1, last_error = $2 WHERE id = $1`, [
      row.id,
      error.message.slice(0, 2000),
    ]);
    this.logger.error({
      msg: 'publishing event failed, will retry',
      eventId: row.id,
      type: row.type,
      attempts: row.attempts + 1,
      requestId: row.request_id,
      error: error.message,
    });
  }
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
