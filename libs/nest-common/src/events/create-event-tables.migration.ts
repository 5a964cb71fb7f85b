import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Outbox and processed-events tables for `@zunft/nest-common` events. Every service that publishes
 * or consumes events adds this class to its TypeORM `migrations` list.
 */
export class CreateEventTables1763700000000 implements MigrationInterface {
  name = 'CreateEventTables1763700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "outbox_events" (
        "id" uuid NOT NULL,
        "type" text NOT NULL,
        "version" integer NOT NULL,
        "company_id" uuid NOT NULL,
        "actor_id" uuid,
        "request_id" text,
        "data" jsonb NOT NULL,
        "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "published_at" TIMESTAMP WITH TIME ZONE,
        "attempts" integer NOT NULL DEFAULT 0,
        "last_error" text,
        CONSTRAINT "pk_outbox_events" PRIMARY KEY ("id")
      )`);
    // The relay only ever reads unpublished rows, oldest first.
    await queryRunner.query(
      `CREATE INDEX "idx_outbox_events_unpublished" ON "outbox_events" ("occurred_at") WHERE published_at IS NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE "processed_events" (
        "consumer" text NOT NULL,
        "event_id" uuid NOT NULL,
        "processed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "pk_processed_events" PRIMARY KEY ("consumer", "event_id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "processed_events"`);
    await queryRunner.query(`DROP INDEX "idx_outbox_events_unpublished"`);
    await queryRunner.query(`DROP TABLE "outbox_events"`);
  }
}
