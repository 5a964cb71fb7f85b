import { Inject, Logger, Optional, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiCodes,
  type ConsumerConfig,
  type ConsumerInfo,
  type ConsumerMessages,
  type JsMsg,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { DataSource, type EntityManager } from 'typeorm';
import { runWithRequestContext } from '../http/request-context.js';
import { contextFromTraceparent, SpanKind, TRACEPARENT_HEADER, withSpan } from '../tracing/tracing.js';
import { eventMetrics, recordDeadLetter } from './dead-letters.js';
import { parseDomainEvent, type DomainEvent } from './domain-event.js';
import { EventsConnection, isApiError } from './events.connection.js';
import { EVENTS_OPTIONS, type ResolvedEventsOptions } from './events.options.js';
import { coveringFilter, subjectMatches } from './subjects.js';

const DURABLE_NAME = /^[A-Za-z0-9_-]{1,255}$/;
const RESTART_DELAY_MS = 1000;

/**
 * Base class of every JetStream event consumer. A subclass is an `@Injectable()` provider that
 * declares its durable consumer and implements `handle`:
 *
 * ```ts
 * @Injectable()
 * export class UserDirectoryConsumer extends IdempotentConsumer {
 *   readonly durableName = 'operations-user-directory';
 *   readonly filterSubjects = ['auth.user.created', 'auth.user.updated'];
 *   constructor(private readonly users: UserDirectoryService) { super(); }
 *   async handle(event: DomainEvent, manager: EntityManager) {
 *     if (event.type === 'auth.user.created') await this.users.upsert(manager, event.companyId, event.data);
 *   }
 * }
 * ```
 *
 * On app bootstrap the durable consumer is created or updated (explicit ack, `maxDeliver`
 * deliveries, `ackWaitMs`) and messages are consumed one at a time. Each message is parsed and
 * validated (envelope + `eventDataSchemas`); invalid ones go to `dead_letter_events` at once. A valid event
 * runs in ONE transaction that first records `(durableName, event id)` in `processed_events`: if
 * that row already existed the handler is skipped (duplicate delivery), otherwise `handle` runs
 * with the transaction's manager. The message is acked after the commit; when the handler throws,
 * the transaction rolls back and the message is nak'ed with `retryDelayMs` (redelivered later).
 * The handler must do all its database work through `manager` and be free of other side effects
 * that can't be repeated (a redelivery after a crash before commit runs it again).
 */
export abstract class IdempotentConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  /** Durable JetStream consumer name; also the `consumer` key in `processed_events`. */
  abstract readonly durableName: string;
  /** Event types (or NATS patterns of event types such as `auth.user.*`) this consumer receives. */
  abstract readonly filterSubjects: readonly string[];
  /** Deliveries before giving up on a message (it goes to `dead_letter_events`, then is terminated). */
  protected readonly maxDeliver: number = 10;
  /** The server redelivers a message not acked in this time (kept alive while `handle` runs). */
  protected readonly ackWaitMs: number = 30_000;
  /** Messages buffered per pull request. */
  protected readonly maxMessages: number = 20;

  @Inject(getDataSourceToken()) protected readonly dataSource!: DataSource;
  @Inject(EventsConnection) protected readonly eventsConnection!: EventsConnection;
  @Optional() @Inject(EVENTS_OPTIONS) private readonly eventsOptions?: ResolvedEventsOptions;

  protected readonly logger = new Logger(this.constructor.name);
  private messages: ConsumerMessages | undefined;
  private loop: Promise<void> | undefined;
  private stopping = false;
  private wakeUp: (() => void) | undefined;
  private unregisterReconnect: (() => void) | undefined;

  /** Handles one event inside the transaction that also records it as processed. */
  abstract handle(event: DomainEvent, manager: EntityManager): Promise<void>;

  /**
   * Runs after the transaction of `handle` has committed (not for a duplicate): e.g. dropping what
   * the service keeps in memory about the changed rows. Must not throw.
   */
  protected afterCommit(_event: DomainEvent): void {}

  /** Delay before the redelivery of a message whose handler failed on delivery `deliveryCount`. */
  protected retryDelayMs(deliveryCount: number): number {
    return Math.min(1000 * 2 ** (deliveryCount - 1), 60_000);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.eventsOptions?.runConsumers === false) return;
    if (!DURABLE_NAME.test(this.durableName)) {
      throw new Error(`${this.constructor.name}: invalid durableName "${this.durableName}"`);
    }
    if (this.filterSubjects.length === 0) {
      throw new Error(`${this.constructor.name}: filterSubjects must not be empty`);
    }
    await this.ensureConsumer();
    // After an outage the restart wait ends at once (the pull is re-issued on the new connection).
    this.unregisterReconnect = this.eventsConnection.onReconnect?.(() => this.wakeUp?.());
    this.loop = this.run();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    this.unregisterReconnect?.();
    this.wakeUp?.();
    await this.messages?.close();
    await this.loop;
  }

  private get streamName(): string {
    return this.eventsConnection.streamName;
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      try {
        const consumer = await this.eventsConnection.js.consumers.get(this.streamName, this.durableName);
        this.messages = await consumer.consume({ max_messages: this.maxMessages });
        if (this.stopping) await this.messages.close();
        for await (const msg of this.messages) {
          // after shutdown started: hand buffered messages back for immediate redelivery
          if (this.stopping) msg.nak();
          else await this.traced(msg);
        }
      } catch (err) {
        if (this.stopping) break;
        this.logger.error({ msg: 'consuming failed', consumer: this.durableName, error: errorMessage(err) });
      }
      if (this.stopping) break;
      this.logger.warn({ msg: 'consumer stopped unexpectedly, restarting', consumer: this.durableName });
      await new Promise<void>((resolve) => {
        this.wakeUp = resolve;
        setTimeout(resolve, RESTART_DELAY_MS).unref();
      });
      if (!this.stopping) await this.ensureConsumer().catch(() => undefined);
    }
  }

  /**
   * `process` in a CONSUMER span continuing the publisher's trace (the message's `traceparent`
   * header, issue 27); tracing off: `process` alone.
   */
  private traced(msg: JsMsg): Promise<void> {
    const traceparent = msg.headers?.get(TRACEPARENT_HEADER) || null;
    return withSpan(
      `process ${this.eventsConnection.typeFromSubject(msg.subject) ?? msg.subject}`,
      {
        kind: SpanKind.CONSUMER,
        parent: contextFromTraceparent(traceparent),
        attributes: {
          'messaging.system': 'nats',
          'messaging.consumer.group.name': this.durableName,
          'messaging.message.delivery_count': msg.info.deliveryCount,
        },
      },
      () => this.process(msg),
    );
  }

  private async process(msg: JsMsg): Promise<void> {
    const type = this.eventsConnection.typeFromSubject(msg.subject);
    if (type === null || !this.filterSubjects.some((pattern) => subjectMatches(pattern, type))) {
      // only possible with the single-subject fallback filter of servers < 2.10: not ours
      msg.ack();
      return;
    }

    const parsed = parseDomainEvent(msg.data, type);
    if (!parsed.ok) {
      this.logger.warn({
        msg: 'invalid event terminated',
        consumer: this.durableName,
        subject: msg.subject,
        streamSeq: msg.seq,
        reason: parsed.reason,
      });
      await this.deadLetter(msg, { eventId: null, type, reason: `invalid event: ${parsed.reason}` });
      return;
    }

    const event = parsed.event;
    const context = {
      consumer: this.durableName,
      eventId: event.id,
      type: event.type,
      requestId: event.requestId ?? null,
      deliveryCount: msg.info.deliveryCount,
    };
    if (msg.info.deliveryCount > 1) {
      eventMetrics.redelivered.set(this.durableName, (eventMetrics.redelivered.get(this.durableName) ?? 0) + 1);
    }
    if (event.requestId) {
      // logs and follow-on events of the handler carry the request that caused the event
      const requestId = event.requestId;
      return runWithRequestContext({ requestId }, () => this.handleMessage(msg, event, context));
    }
    return this.handleMessage(msg, event, context);
  }

  private async handleMessage(
    msg: JsMsg,
    event: DomainEvent,
    context: { consumer: string; eventId: string; type: string; requestId: string | null; deliveryCount: number },
  ): Promise<void> {
    const keepAlive = setInterval(() => msg.working(), Math.max(1000, this.ackWaitMs / 2));
    try {
      const handled = await this.dataSource.transaction(async (manager) => {
        const inserted: unknown[] = await manager.query(
          `INSERT INTO processed_events (consumer, event_id) VALUES ($1, $2)
           ON CONFLICT DO NOTHING RETURNING event_id`,
          [this.durableName, event.id],
        );
        if (inserted.length === 0) return false;
        await this.handle(event, manager);
        return true;
      });
      clearInterval(keepAlive);
      if (handled) this.afterCommit(event);
      await msg.ackAck().catch((err: unknown) => {
        // the processed_events row makes the redelivery a no-op
        this.logger.warn({ msg: 'ack not confirmed', ...context, error: errorMessage(err) });
      });
      this.logger.log({ msg: handled ? 'event handled' : 'duplicate event skipped', ...context });
    } catch (err) {
      clearInterval(keepAlive);
      if (msg.info.deliveryCount >= this.maxDeliver) {
        this.logger.error({ msg: 'event handler failed, giving up', ...context, error: errorMessage(err) });
        await this.deadLetter(msg, {
          eventId: event.id,
          type: event.type,
          reason: `handler failed ${msg.info.deliveryCount} times: ${errorMessage(err)}`,
        });
      } else {
        const delay = this.retryDelayMs(msg.info.deliveryCount);
        this.logger.error({
          msg: 'event handler failed, will retry',
          ...context,
          retryInMs: delay,
          error: errorMessage(err),
        });
        msg.nak(delay);
      }
    }
  }

  /**
   * Keeps a message this consumer gives up on in `dead_letter_events` (replay: dead-letters.cli.js)
   * and only then terminates it. When the database does not take it, the message is nak'ed and
   * comes back later (the server's `max_deliver` is unlimited, the limit is counted here), so it is
   * never dropped with a log line only.
   */
  private async deadLetter(msg: JsMsg, what: { eventId: string | null; type: string; reason: string }): Promise<void> {
    try {
      const id = await recordDeadLetter(this.dataSource, {
        consumer: this.durableName,
        eventId: what.eventId,
        type: what.type,
        subject: msg.subject,
        payload: msg.data,
        reason: what.reason,
        deliveries: msg.info.deliveryCount,
        streamSeq: msg.seq,
      });
      this.logger.error({
        msg: 'event dead-lettered',
        metric: 'zunft_events_dead_lettered_total',
        consumer: this.durableName,
        eventId: what.eventId,
        deadLetterId: id,
        reason: what.reason,
      });
      this.terminate(msg, what.reason);
    } catch (err) {
      const delay = this.retryDelayMs(msg.info.deliveryCount);
      this.logger.error({
        msg: 'dead letter not stored, will retry',
        consumer: this.durableName,
        error: errorMessage(err),
      });
      msg.nak(delay);
    }
  }

  private terminate(msg: JsMsg, reason: string): void {
    // servers before 2.11 ignore a `+TERM` that carries a reason (and would redeliver the message)
    if (this.eventsConnection.serverAtLeast(2, 11)) msg.term(reason.slice(0, 200));
    else msg.term();
  }

  /** Creates the durable consumer or brings an existing one in line with this class. */
  private async ensureConsumer(): Promise<void> {
    const filter = this.filterConfig();
    const desired: Partial<ConsumerConfig> = {
      durable_name: this.durableName,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      // Unlimited on the server: after `maxDeliver` failures the message goes to the dead-letter
      // table, and only once it is stored there is it terminated.
      max_deliver: -1,
      ack_wait: nanos(this.ackWaitMs),
      ...filter,
    };
    const jsm = this.eventsConnection.jsm;
    const info = await this.consumerInfo();
    if (!info) {
      try {
        await jsm.consumers.add(this.streamName, desired);
      } catch (err) {
        if (!(await this.consumerInfo())) throw err; // else: created concurrently by a replica
      }
      return;
    }

    const c = info.config;
    const sameFilter =
      (c.filter_subject || undefined) === filter.filter_subject &&
      sameSet(c.filter_subjects ?? [], filter.filter_subjects ?? []);
    if (sameFilter && c.max_deliver === desired.max_deliver && c.ack_wait === desired.ack_wait) return;

    if (!sameFilter && !this.eventsConnection.serverAtLeast(2, 10)) {
      // Servers < 2.10 stop delivering after a pull consumer's filter changes: recreate it. It then
      // starts from the beginning of the stream; processed_events makes the replay a no-op.
      await jsm.consumers.delete(this.streamName, this.durableName);
      await jsm.consumers.add(this.streamName, desired);
      this.logger.warn({ msg: 'consumer recreated with new filter', consumer: this.durableName });
      return;
    }
    await jsm.consumers.update(this.streamName, this.durableName, {
      max_deliver: desired.max_deliver,
      ack_wait: desired.ack_wait,
      ...filter,
    });
    this.logger.log({ msg: 'consumer updated', consumer: this.durableName });
  }

  private filterConfig(): { filter_subject?: string; filter_subjects?: string[] } {
    const subjects = [...new Set(this.filterSubjects)].map((s) => this.eventsConnection.subjectFor(s));
    if (subjects.length === 1) return { filter_subject: subjects[0], filter_subjects: undefined };
    if (this.eventsConnection.serverAtLeast(2, 10)) return { filter_subject: undefined, filter_subjects: subjects };
    // Older servers take one filter subject only: filter by the common prefix on the server and
    // ack the remaining foreign messages in `process`.
    return { filter_subject: coveringFilter(subjects), filter_subjects: undefined };
  }

  private async consumerInfo(): Promise<ConsumerInfo | null> {
    try {
      return await this.eventsConnection.jsm.consumers.info(this.streamName, this.durableName);
    } catch (err) {
      if (isApiError(err, JetStreamApiCodes.ConsumerNotFound)) return null;
      throw err;
    }
  }
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((s) => b.includes(s));
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
