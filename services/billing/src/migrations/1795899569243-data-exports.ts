import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * «Alle Daten exportieren» (issue 26, revDSG art. 28): one row per export of a company's data, its
 * progress while the worker writes the ZIP, and where the ZIP lies (`parts` files of `stored_files`
 * under `<companyId>/data-exports/<id>/`). At most one running export per company (partial unique
 * index: a second start answers 409). Hand-written.
 */
export class DataExports1795899569243 implements MigrationInterface {
  name = 'DataExports1795899569243';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "data_exports" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "company_id" uuid NOT NULL,
      "requested_by" uuid NOT NULL,
      "status" text NOT NULL DEFAULT 'running',
      "phase" text NOT NULL DEFAULT 'queued',
      "service" text,
      "progress" integer NOT NULL DEFAULT 0,
      "tables" integer NOT NULL DEFAULT 0,
      "documents" integer NOT NULL DEFAULT 0,
      "size_bytes" bigint,
      "parts" integer NOT NULL DEFAULT 0,
      "error" text,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "finished_at" timestamptz,
      "expires_at" timestamptz,
      CONSTRAINT "pk_data_exports" PRIMARY KEY ("id"),
      CONSTRAINT "ck_data_exports_status" CHECK ("status" IN ('running', 'done', 'failed', 'expired')),
      CONSTRAINT "ck_data_exports_progress" CHECK ("progress" BETWEEN 0 AND 100)
    )`);
    await q.query(`CREATE INDEX "idx_data_exports_company" ON "data_exports" ("company_id", "created_at")`);
    await q.query(
      `CREATE UNIQUE INDEX "uq_data_exports_running" ON "data_exports" ("company_id") WHERE "status" = 'running'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS "data_exports"`);
  }
}
