import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The hourly rate of each staff member (from `auth.user.created/updated`), kept by the reports
 * module so a report's snapshot (and the invoice made from it) carries the rate at generation.
 */
export class ReportStaffRates1764200000200 implements MigrationInterface {
  name = 'ReportStaffRates1764200000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "report_staff_rates" (
      "user_id" uuid NOT NULL,
      "company_id" uuid NOT NULL,
      "hourly_rate" numeric(10,2),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_report_staff_rates" PRIMARY KEY ("user_id"))`);
    await q.query(`CREATE INDEX "ix_report_staff_rates_company" ON "report_staff_rates" ("company_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "report_staff_rates"`);
  }
}
