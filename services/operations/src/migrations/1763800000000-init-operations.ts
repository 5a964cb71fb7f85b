import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Initial operations schema: local copies of auth data (company settings, staff), customers,
 * projects with assignments, time entries, the activity feed and the number counters.
 * Hand-written and reviewed; the partial unique index on running timers is what enforces
 * "one running timer per user" even under concurrent starts.
 */
export class InitOperations1763800000000 implements MigrationInterface {
  name = 'InitOperations1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "company_settings" (
      "company_id" uuid NOT NULL,
      "timezone" character varying(40) NOT NULL DEFAULT 'Europe/Zurich',
      "auto_approve_time_entries" boolean NOT NULL DEFAULT false,
      "auto_approve_material_usage" boolean NOT NULL DEFAULT false,
      "auto_calculate_surcharges" boolean NOT NULL DEFAULT true,
      "saturday_surcharge" numeric(5,2) NOT NULL DEFAULT 25,
      "sunday_surcharge" numeric(5,2) NOT NULL DEFAULT 50,
      "night_surcharge" numeric(5,2) NOT NULL DEFAULT 25,
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_company_settings" PRIMARY KEY ("company_id"))`);

    await q.query(`CREATE TABLE "staff" (
      "id" uuid NOT NULL,
      "company_id" uuid NOT NULL,
      "first_name" character varying(100) NOT NULL,
      "last_name" character varying(100) NOT NULL,
      "role" character varying(20) NOT NULL,
      "is_active" boolean NOT NULL DEFAULT true,
      "deleted_at" TIMESTAMP WITH TIME ZONE,
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "ck_staff_role" CHECK ("role" IN ('admin', 'backoffice', 'employee')),
      CONSTRAINT "pk_staff" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "ix_staff_company_id" ON "staff" ("company_id")`);

    await q.query(`CREATE TABLE "number_counters" (
      "company_id" uuid NOT NULL,
      "kind" character varying(30) NOT NULL,
      "last_value" integer NOT NULL,
      CONSTRAINT "pk_number_counters" PRIMARY KEY ("company_id", "kind"))`);

    await q.query(`CREATE TABLE "customers" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "company_id" uuid NOT NULL,
      "name" character varying(200) NOT NULL,
      "contact_person" character varying(200),
      "customer_number" character varying(50) NOT NULL,
      "email" character varying(254),
      "phone" character varying(50),
      "address" character varying(300),
      "zip" character varying(20),
      "city" character varying(100),
      "language" character varying(2) NOT NULL DEFAULT 'de',
      "notes" text,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "ck_customers_language" CHECK ("language" IN ('de', 'fr', 'it')),
      CONSTRAINT "pk_customers" PRIMARY KEY ("id"))`);
    await q.query(`CREATE UNIQUE INDEX "uq_customers_company_number" ON "customers" ("company_id", "customer_number")`);
    await q.query(`CREATE INDEX "ix_customers_company_name" ON "customers" ("company_id", "name")`);

    await q.query(`CREATE TABLE "projects" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "company_id" uuid NOT NULL,
      "customer_id" uuid NOT NULL,
      "title" character varying(200) NOT NULL,
      "project_number" character varying(50) NOT NULL,
      "description" text,
      "start_date" date,
      "end_date" date,
      "budget" numeric(12,2),
      "status" character varying(20) NOT NULL DEFAULT 'planned',
      "created_by" uuid,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "ck_projects_status" CHECK ("status" IN ('planned', 'in_progress', 'completed', 'cancelled')),
      CONSTRAINT "ck_projects_dates" CHECK ("end_date" IS NULL OR "start_date" IS NULL OR "end_date" >= "start_date"),
      CONSTRAINT "ck_projects_budget" CHECK ("budget" IS NULL OR "budget" >= 0),
      CONSTRAINT "fk_projects_customer" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE RESTRICT,
      CONSTRAINT "pk_projects" PRIMARY KEY ("id"))`);
    await q.query(`CREATE UNIQUE INDEX "uq_projects_company_number" ON "projects" ("company_id", "project_number")`);
    await q.query(`CREATE INDEX "ix_projects_customer_id" ON "projects" ("customer_id")`);
    await q.query(`CREATE INDEX "ix_projects_company_created" ON "projects" ("company_id", "created_at" DESC)`);

    await q.query(`CREATE TABLE "project_assignments" (
      "project_id" uuid NOT NULL,
      "user_id" uuid NOT NULL,
      "company_id" uuid NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "fk_project_assignments_project" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE,
      CONSTRAINT "pk_project_assignments" PRIMARY KEY ("project_id", "user_id"))`);
    await q.query(`CREATE INDEX "ix_project_assignments_user_id" ON "project_assignments" ("user_id")`);

    await q.query(`CREATE TABLE "time_entries" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "company_id" uuid NOT NULL,
      "project_id" uuid NOT NULL,
      "user_id" uuid NOT NULL,
      "user_name" character varying(201) NOT NULL,
      "start_time" TIMESTAMP WITH TIME ZONE NOT NULL,
      "end_time" TIMESTAMP WITH TIME ZONE,
      "break_minutes" integer NOT NULL DEFAULT 0,
      "description" text,
      "total_minutes" integer,
      "surcharge_night" numeric(5,2) NOT NULL DEFAULT 0,
      "surcharge_saturday" numeric(5,2) NOT NULL DEFAULT 0,
      "surcharge_sunday" numeric(5,2) NOT NULL DEFAULT 0,
      "surcharge_total" numeric(5,2) NOT NULL DEFAULT 0,
      "status" character varying(20) NOT NULL DEFAULT 'active',
      "start_latitude" double precision,
      "start_longitude" double precision,
      "start_accuracy" double precision,
      "end_latitude" double precision,
      "end_longitude" double precision,
      "end_accuracy" double precision,
      "approved_at" TIMESTAMP WITH TIME ZONE,
      "approved_by" uuid,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "ck_time_entries_status" CHECK ("status" IN ('active', 'completed', 'approved')),
      CONSTRAINT "ck_time_entries_end_after_start" CHECK ("end_time" IS NULL OR "end_time" > "start_time"),
      CONSTRAINT "ck_time_entries_running_is_active" CHECK (("end_time" IS NULL) = ("status" = 'active')),
      CONSTRAINT "ck_time_entries_break" CHECK ("break_minutes" >= 0),
      CONSTRAINT "fk_time_entries_project" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE RESTRICT,
      CONSTRAINT "pk_time_entries" PRIMARY KEY ("id"))`);
    // One running timer per user, enforced by the database (concurrent starts: one wins, one gets 23505).
    await q.query(
      `CREATE UNIQUE INDEX "uq_time_entries_running_per_user" ON "time_entries" ("user_id") WHERE "end_time" IS NULL`,
    );
    await q.query(
      `CREATE INDEX "ix_time_entries_company_start" ON "time_entries" ("company_id", "start_time" DESC, "id" DESC)`,
    );
    await q.query(
      `CREATE INDEX "ix_time_entries_user_start" ON "time_entries" ("user_id", "start_time" DESC, "id" DESC)`,
    );
    await q.query(
      `CREATE INDEX "ix_time_entries_project_start" ON "time_entries" ("project_id", "start_time" DESC, "id" DESC)`,
    );

    await q.query(`CREATE TABLE "activities" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "company_id" uuid NOT NULL,
      "type" character varying(30) NOT NULL,
      "description" character varying(500) NOT NULL,
      "user_id" uuid,
      "user_name" character varying(201) NOT NULL,
      "entity_id" uuid,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "ck_activities_type" CHECK ("type" IN ('project_created', 'time_logged', 'customer_added', 'other')),
      CONSTRAINT "pk_activities" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "ix_activities_company_created" ON "activities" ("company_id", "created_at" DESC)`);
    await q.query(`CREATE INDEX "ix_activities_user_created" ON "activities" ("user_id", "created_at" DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'activities',
      'time_entries',
      'project_assignments',
      'projects',
      'customers',
      'number_counters',
      'staff',
      'company_settings',
    ]) {
      await q.query(`DROP TABLE "${table}"`);
    }
  }
}
