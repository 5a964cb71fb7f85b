import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Working time (issue 24): the company's working-time settings and language (copies of auth's),
 * employment periods per employee (a pensum change starts a new period, so past months keep their
 * targets), the precise surcharge minutes of time entries, the company's own holidays, absences,
 * and the month close with its append-only log (who closed or reopened, and why).
 */
export class WorkingTime1795877946674 implements MigrationInterface {
  name = 'WorkingTime1795877946674';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "company_settings"
      ADD "language" varchar(2) NOT NULL DEFAULT 'de',
      ADD "canton" varchar(2),
      ADD "surcharge_mode" varchar(10) NOT NULL DEFAULT 'spec',
      ADD "night_start" varchar(5) NOT NULL DEFAULT '23:00',
      ADD "night_end" varchar(5) NOT NULL DEFAULT '06:00',
      ADD "weekly_max_hours" integer NOT NULL DEFAULT 45,
      ADD "gps_retention_days" integer NOT NULL DEFAULT 90`);
    await q.query(`CREATE TABLE "employment_periods" (
      "company_id" uuid NOT NULL,
      "user_id" uuid NOT NULL,
      "valid_from" date NOT NULL,
      "pensum" numeric(5,2) NOT NULL,
      "weekly_hours" numeric(5,2) NOT NULL,
      "holiday_days_per_year" numeric(4,1) NOT NULL,
      CONSTRAINT "pk_employment_periods" PRIMARY KEY ("user_id", "valid_from"))`);
    await q.query(`CREATE INDEX "ix_employment_periods_company" ON "employment_periods" ("company_id")`);
    await q.query(`ALTER TABLE "time_entries"
      ADD "night_minutes" integer NOT NULL DEFAULT 0,
      ADD "sunday_minutes" integer NOT NULL DEFAULT 0,
      ADD "holiday_minutes" integer NOT NULL DEFAULT 0`);
    await q.query(`CREATE TABLE "company_holidays" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "company_id" uuid NOT NULL,
      "date" date NOT NULL,
      "name" varchar(100) NOT NULL,
      "half_day" boolean NOT NULL DEFAULT false,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "pk_company_holidays" PRIMARY KEY ("id"),
      CONSTRAINT "uq_company_holidays_date" UNIQUE ("company_id", "date"))`);
    await q.query(`CREATE TABLE "absences" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "company_id" uuid NOT NULL,
      "user_id" uuid NOT NULL,
      "type" varchar(20) NOT NULL,
      "status" varchar(10) NOT NULL,
      "start_date" date NOT NULL,
      "end_date" date NOT NULL,
      "half_day" varchar(2),
      "note" varchar(500),
      "created_by" uuid NOT NULL,
      "decided_by" uuid,
      "decided_at" timestamptz,
      "reject_reason" varchar(500),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "pk_absences" PRIMARY KEY ("id"),
      CONSTRAINT "ck_absences_dates" CHECK ("end_date" >= "start_date"),
      CONSTRAINT "ck_absences_status" CHECK ("status" IN ('requested', 'approved', 'rejected')))`);
    await q.query(`CREATE INDEX "ix_absences_company" ON "absences" ("company_id", "start_date")`);
    await q.query(`CREATE INDEX "ix_absences_user" ON "absences" ("user_id", "start_date")`);
    await q.query(`CREATE TABLE "month_closes" (
      "company_id" uuid NOT NULL,
      "user_id" uuid NOT NULL,
      "month" char(7) NOT NULL,
      "closed_at" timestamptz NOT NULL DEFAULT now(),
      "closed_by" uuid NOT NULL,
      "balance_centiminutes" bigint NOT NULL,
      CONSTRAINT "pk_month_closes" PRIMARY KEY ("user_id", "month"))`);
    await q.query(`CREATE INDEX "ix_month_closes_company" ON "month_closes" ("company_id", "month")`);
    await q.query(`CREATE TABLE "month_close_log" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "company_id" uuid NOT NULL,
      "user_id" uuid NOT NULL,
      "month" char(7) NOT NULL,
      "action" varchar(10) NOT NULL,
      "actor_id" uuid NOT NULL,
      "reason" varchar(500),
      "at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "pk_month_close_log" PRIMARY KEY ("id"),
      CONSTRAINT "ck_month_close_log_action" CHECK ("action" IN ('close', 'reopen')))`);
    await q.query(`CREATE INDEX "ix_month_close_log_company" ON "month_close_log" ("company_id", "user_id", "month")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "month_close_log"`);
    await q.query(`DROP TABLE "month_closes"`);
    await q.query(`DROP TABLE "absences"`);
    await q.query(`DROP TABLE "company_holidays"`);
    await q.query(
      `ALTER TABLE "time_entries" DROP COLUMN "night_minutes", DROP COLUMN "sunday_minutes", DROP COLUMN "holiday_minutes"`,
    );
    await q.query(`DROP TABLE "employment_periods"`);
    await q.query(`ALTER TABLE "company_settings" DROP COLUMN "language", DROP COLUMN "canton", DROP COLUMN "surcharge_mode",
      DROP COLUMN "night_start", DROP COLUMN "night_end", DROP COLUMN "weekly_max_hours", DROP COLUMN "gps_retention_days"`);
  }
}
