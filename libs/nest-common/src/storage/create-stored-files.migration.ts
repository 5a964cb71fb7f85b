import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The `stored_files` table of the PostgreSQL FileStorage driver. A service that stores files adds
 * `STORAGE_MIGRATIONS` to its TypeORM `migrations` (after its own existing ones is fine: the table
 * stands alone, no foreign keys).
 */
export class CreateStoredFiles1764200000050 implements MigrationInterface {
  name = 'CreateStoredFiles1764200000050';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE IF NOT EXISTS "stored_files" (
      "key" character varying(500) NOT NULL,
      "company_id" uuid NOT NULL,
      "content_type" character varying(200) NOT NULL,
      "size" bigint NOT NULL,
      "sha256" character(64) NOT NULL,
      "data" bytea NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_stored_files" PRIMARY KEY ("key"))`);
    await q.query(`ALTER TABLE "stored_files" ALTER COLUMN "data" SET STORAGE EXTERNAL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "stored_files"`);
  }
}

/** Add to the service's TypeORM `migrations`. */
export const STORAGE_MIGRATIONS = [CreateStoredFiles1764200000050];
