import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Working time (issue 24), the rest: the company's name (copied from auth.company.registered and
 * auth.company.profile-updated) for the header of the ArGV 1 art. 73 record, and the in-app
 * notifications of holiday requests (the office is told of a new request, the employee of the
 * decision). A notification names its absence; it goes when the absence is deleted.
 */
export class WorkingTimeNotices1795888760953 implements MigrationInterface {
  name = 'WorkingTimeNotices1795888760953';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "company_settings" ADD "company_name" varchar(200)`);
    await q.query(`CREATE TABLE "notifications" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "company_id" uuid NOT NULL,
      "user_id" uuid NOT NULL,
      "kind" varchar(30) NOT NULL,
      "absence_id" uuid NOT NULL,
      "params" jsonb NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "read_at" timestamptz,
      CONSTRAINT "pk_notifications" PRIMARY KEY ("id"),
      CONSTRAINT "ck_notifications_kind" CHECK ("kind" IN ('absence_requested', 'absence_approved', 'absence_rejected')),
      CONSTRAINT "fk_notifications_absence" FOREIGN KEY ("absence_id") REFERENCES "absences" ("id") ON DELETE CASCADE)`);
    await q.query(`CREATE INDEX "ix_notifications_company" ON "notifications" ("company_id")`);
    await q.query(`CREATE INDEX "ix_notifications_user" ON "notifications" ("user_id", "created_at" DESC)`);
    await q.query(`CREATE INDEX "ix_notifications_absence" ON "notifications" ("absence_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "notifications"`);
    await q.query(`ALTER TABLE "company_settings" DROP COLUMN "company_name"`);
  }
}
