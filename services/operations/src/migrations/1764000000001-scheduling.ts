import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Scheduling (Einsatzplanung): an employee planned onto a project for one day, optionally with a
 * time window (both times or neither; neither = the whole day). Overlaps are allowed (the foreman
 * decides) and computed when read. Deleting a project removes its plan; staff rows are never
 * deleted (a deleted user is anonymised), so their past plan stays readable.
 */
export class Scheduling1764000000001 implements MigrationInterface {
  name = 'Scheduling1764000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "schedule_assignments" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "company_id" uuid NOT NULL,
      "user_id" uuid NOT NULL,
      "project_id" uuid NOT NULL,
      "work_date" date NOT NULL,
      "start_time" time,
      "end_time" time,
      "note" character varying(500),
      "created_by" uuid,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "ck_schedule_assignments_window" CHECK (("start_time" IS NULL) = ("end_time" IS NULL)),
      CONSTRAINT "ck_schedule_assignments_order" CHECK ("start_time" IS NULL OR "end_time" > "start_time"),
      CONSTRAINT "fk_schedule_assignments_project" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE,
      CONSTRAINT "fk_schedule_assignments_user" FOREIGN KEY ("user_id") REFERENCES "staff"("id") ON DELETE CASCADE,
      CONSTRAINT "pk_schedule_assignments" PRIMARY KEY ("id"))`);
    await q.query(
      `CREATE INDEX "ix_schedule_assignments_company_date" ON "schedule_assignments" ("company_id", "work_date")`,
    );
    await q.query(
      `CREATE INDEX "ix_schedule_assignments_company_user_date" ON "schedule_assignments" ("company_id", "user_id", "work_date")`,
    );
    await q.query(`CREATE INDEX "ix_schedule_assignments_project" ON "schedule_assignments" ("project_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "schedule_assignments"`);
  }
}
