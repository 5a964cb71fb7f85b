import type { DataSource } from 'typeorm';
import type { EventsConnection } from './events.connection.js';

/** One row of `dead_letter_events`. */
export interface DeadLetter {
  id: string;
  consumer: string;
  eventId: string | null;
  type: string | null;
  subject: string;
  reason: string;
  deliveries: number;
  failedAt: string;
  replayedAt: string | null;
}

export interface DeadLetterInput {
  consumer: string;
  eventId: string | null;
  type: string | null;
  subject: string;
  payload: Uint8Array | string;
  reason: string;
  deliveries: number;
  streamSeq: number | null;
}

/**
 * Counters of this process, read at scrape time by `zunft_events_dead_lettered_total{consumer}` and
 * `zunft_events_redelivered_total{consumer}` (metrics/registry.ts); `render()` stays for `/health`.
 */
export const eventMetrics = {
  deadLettered: new Map<string, number>(),
  /** Deliveries after the first per consumer (`zunft_events_redelivered_total{consumer}`). */
  redelivered: new Map<string, number>(),
  /** Prometheus text format of the counters. */
  render(): string {
    const lines = ['# TYPE zunft_events_dead_lettered_total counter'];
    for (const [consumer, n] of this.deadLettered) {
      lines.push(`zunft_events_dead_lettered_total{consumer="${consumer}"} ${n}`);
    }
    return `${lines.join('\n')}\n`;
  },
};

/** Stores a message a consumer gives up on. Throws when the database does not take it (the caller then naks). */
export async function recordDeadLetter(dataSource: DataSource, input: DeadLetterInput): Promise<string> {
  const payload = typeof input.payload === 'string' ? input.payload : Buffer.from(input.payload).toString('utf8');
  const rows: { id: string }[] = await dataSource.query(
    `INSERT INTO dead_letter_events (consumer, event_id, type, subject, payload, reason, deliveries, stream_seq)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      input.consumer,
      input.eventId,
      input.type,
      input.subject,
      payload,
      input.reason.slice(0, 2000),
      input.deliveries,
      input.streamSeq,
    ],
  );
  eventMetrics.deadLettered.set(input.consumer, (eventMetrics.deadLettered.get(input.consumer) ?? 0) + 1);
  return rows[0]!.id;
}

const SELECT = `SELECT id, consumer, event_id AS "eventId", type, subject, reason, deliveries,
  failed_at AS "failedAt", replayed_at AS "replayedAt" FROM dead_letter_events`;

/** Dead letters not replayed yet (all with `includeReplayed`), oldest first. */
export async function listDeadLetters(
  dataSource: DataSource,
  filter: { consumer?: string; includeReplayed?: boolean } = {},
): Promise<DeadLetter[]> {
  const rows: DeadLetter[] = await dataSource.query(
    `${SELECT} WHERE ($1::text IS NULL OR consumer = $1) AND ($2 OR replayed_at IS NULL) ORDER BY failed_at, id`,
    [filter.consumer ?? null, filter.includeReplayed ?? false],
  );
  return rows.map((r) => ({
    ...r,
    failedAt: new Date(r.failedAt).toISOString(),
    replayedAt: r.replayedAt && new Date(r.replayedAt).toISOString(),
  }));
}

/**
 * Publishes dead letters again to their subject (a new `Nats-Msg-Id`, so JetStream does not drop
 * it as a duplicate) and marks them replayed. Every consumer of the subject receives it; those that
 * handled the event already skip it (`processed_events`), the one that failed handles it now.
 * Selects by `ids`, else every open one (of `consumer` if given). Returns the replayed ids.
 */
export async function replayDeadLetters(
  dataSource: DataSource,
  connection: Pick<EventsConnection, 'js'>,
  select: { ids?: string[]; consumer?: string },
): Promise<string[]> {
  const rows: { id: string; subject: string; payload: string; event_id: string | null }[] = await dataSource.query(
    `SELECT id, subject, payload, event_id FROM dead_letter_events
      WHERE replayed_at IS NULL AND ($1::uuid[] IS NULL OR id = ANY($1)) AND ($2::text IS NULL OR consumer = $2)
      ORDER BY failed_at, id`,
    [select.ids ?? null, select.consumer ?? null],
  );
  const replayed: string[] = [];
  for (const row of rows) {
    await connection.js.publish(row.subject, row.payload, { msgID: `${row.event_id ?? row.id}-replay-${row.id}` });
    await dataSource.query(`UPDATE dead_letter_events SET replayed_at = now() WHERE id = $1`, [row.id]);
    replayed.push(row.id);
  }
  return replayed;
}
