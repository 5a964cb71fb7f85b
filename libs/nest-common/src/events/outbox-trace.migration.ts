import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `outbox_events.trace_context`: the W3C `traceparent` of the transaction that enqueued the event
 * (null when tracing is off), which the relay sends as the NATS message's `traceparent` header so
 * the consumer's span joins the producer's trace (issue 27). Part of `EVENT_MIGRATIONS`.
 */
export class AddOutboxTraceContext1795888535469 implements MigrationInterface {
  name = 'AddOutboxTraceContext1795888535469';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "outbox_events" ADD COLUMN IF NOT EXISTS "trace_context" text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "outbox_events" DROP COLUMN "trace_context"`);
  }
}
