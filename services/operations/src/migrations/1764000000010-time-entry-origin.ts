import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Time entries remember how they were made: 'timer' (start/stop) or 'manual' (POST /time-entries).
 * A manual entry may carry a client-chosen id, and a repeated save answers the entry with that id
 * only if it is a manual one; a timer's id must never be taken for it. Rows from before stay NULL
 * (unknown), which never counts as manual.
 */
export class TimeEntryOrigin1764000000010 implements MigrationInterface {
  name = 'TimeEntryOrigin1764000000010';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "time_entries" ADD "origin" character varying(10)
         CONSTRAINT "ck_time_entries_origin" CHECK ("origin" IN ('timer', 'manual'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "time_entries" DROP COLUMN "origin"`);
  }
}
