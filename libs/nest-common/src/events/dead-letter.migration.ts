import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `dead_letter_events`: what a consumer could not handle (10 failed deliveries, or an invalid
 * message), kept with its raw payload until an operator replays it (`dead-letters.cli.js`). Part of
 * `EVENT_MIGRATIONS`; no entity (written with SQL by the consumer base class and the CLI only).
 */
export class CreateDeadLetterEvents1795877505209 implements MigrationInterface {
  name = 'CreateDeadLetterEvents1795877505209';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "dead_letter_events" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "consumer" text NOT NULL,
      "event_id" uuid,
      "type" text,
      "subject" text NOT NULL,
      "payload" text NOT NULL,
      "reason" text NOT NULL,
      "deliveries" integer NOT NULL,
      "stream_seq" bigint,
      "failed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "replayed_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "pk_dead_letter_events" PRIMARY KEY ("id"))`);
    await q.query(
      `CREATE INDEX "idx_dead_letter_events_open" ON "dead_letter_events" ("failed_at") WHERE replayed_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "dead_letter_events"`);
  }
}
