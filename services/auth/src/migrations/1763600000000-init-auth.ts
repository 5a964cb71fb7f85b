import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Initial auth schema. Generated from the entities (TypeORM schema builder), then reviewed; the
 * two partial/expression unique indexes at the end are hand-written (entities cannot express them).
 */
export class InitAuth1763600000000 implements MigrationInterface {
  name = 'InitAuth1763600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "companies" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" character varying(200) NOT NULL, "email" character varying(254), "phone" character varying(50), "website" character varying(300), "address" character varying(500), "logo_path" character varying(200), "language" character varying(2) NOT NULL DEFAULT 'de', "subscription_status" character varying(20) NOT NULL DEFAULT 'trial', "trial_ends_at" TIMESTAMP WITH TIME ZONE, "next_billing_date" date, "billing_cycle" character varying(10), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_companies_language" CHECK ("language" IN ('de', 'fr', 'it')), CONSTRAINT "ck_companies_billing_cycle" CHECK ("billing_cycle" IS NULL OR "billing_cycle" IN ('monthly', 'yearly')), CONSTRAINT "ck_companies_subscription_status" CHECK ("subscription_status" IN ('trial', 'active', 'suspended', 'cancelled')), CONSTRAINT "pk_companies" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "ix_companies_logo_path" ON "companies" ("logo_path")`);
    await q.query(
      `CREATE TABLE "company_settings" ("company_id" uuid NOT NULL, "default_hourly_rate" numeric(12,2) NOT NULL DEFAULT '0', "currency" character varying(3) NOT NULL DEFAULT 'CHF', "language" character varying(2) NOT NULL DEFAULT 'de', "timezone" character varying(40) NOT NULL DEFAULT 'Europe/Zurich', "auto_approve_time_entries" boolean NOT NULL DEFAULT false, "auto_approve_material_usage" boolean NOT NULL DEFAULT false, "require_project_notes" boolean NOT NULL DEFAULT false, "auto_calculate_surcharges" boolean NOT NULL DEFAULT true, "saturday_surcharge" numeric(5,2) NOT NULL DEFAULT '25', "sunday_surcharge" numeric(5,2) NOT NULL DEFAULT '50', "night_surcharge" numeric(5,2) NOT NULL DEFAULT '25', "company_iban" character varying(34), "vat_number" character varying(30), "vat_rate" numeric(5,2) NOT NULL DEFAULT '8.1', "payment_terms" integer NOT NULL DEFAULT '30', "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_company_settings_payment_terms" CHECK ("payment_terms" BETWEEN 1 AND 365), CONSTRAINT "ck_company_settings_timezone" CHECK ("timezone" IN ('Europe/Zurich', 'Europe/Geneva')), CONSTRAINT "ck_company_settings_language" CHECK ("language" IN ('de', 'fr', 'it')), CONSTRAINT "ck_company_settings_currency" CHECK ("currency" IN ('CHF', 'EUR')), CONSTRAINT "pk_company_settings" PRIMARY KEY ("company_id"))`,
    );
    await q.query(
      `CREATE TABLE "users" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "company_id" uuid NOT NULL, "first_name" character varying(100) NOT NULL, "last_name" character varying(100) NOT NULL, "email" character varying(254) NOT NULL, "password_hash" character varying(255) NOT NULL, "role" character varying(20) NOT NULL, "craftsman_category" character varying(100), "hourly_rate" numeric(12,2), "is_active" boolean NOT NULL DEFAULT true, "last_login_at" TIMESTAMP WITH TIME ZONE, "deleted_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_users_role" CHECK ("role" IN ('admin', 'backoffice', 'employee')), CONSTRAINT "pk_users" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "ix_users_company_id" ON "users" ("company_id")`);
    await q.query(
      `CREATE TABLE "refresh_tokens" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "user_id" uuid NOT NULL, "token_hash" character(64) NOT NULL, "family_id" uuid NOT NULL, "persistent" boolean NOT NULL DEFAULT false, "super_admin" boolean NOT NULL DEFAULT false, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "revoked_at" TIMESTAMP WITH TIME ZONE, "replaced_by_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_refresh_tokens" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "ix_refresh_tokens_user_id" ON "refresh_tokens" ("user_id")`);
    await q.query(`CREATE UNIQUE INDEX "uq_refresh_tokens_token_hash" ON "refresh_tokens" ("token_hash")`);
    await q.query(`CREATE INDEX "ix_refresh_tokens_family_id" ON "refresh_tokens" ("family_id")`);
    await q.query(
      `CREATE TABLE "superadmin_tokens" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "company_id" uuid NOT NULL, "user_id" uuid NOT NULL, "token_hash" character(64) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_superadmin_tokens" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "ix_superadmin_tokens_company_id" ON "superadmin_tokens" ("company_id")`);
    await q.query(`CREATE INDEX "ix_superadmin_tokens_user_id" ON "superadmin_tokens" ("user_id")`);
    await q.query(`CREATE UNIQUE INDEX "uq_superadmin_tokens_token_hash" ON "superadmin_tokens" ("token_hash")`);
    await q.query(
      `CREATE TABLE "craftsman_categories" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "company_id" uuid NOT NULL, "name" character varying(100) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_craftsman_categories" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "ix_craftsman_categories_company_id" ON "craftsman_categories" ("company_id")`);
    await q.query(
      `ALTER TABLE "company_settings" ADD CONSTRAINT "fk_company_settings_company" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "users" ADD CONSTRAINT "fk_users_company" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "refresh_tokens" ADD CONSTRAINT "fk_refresh_tokens_user" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "superadmin_tokens" ADD CONSTRAINT "fk_superadmin_tokens_company" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "superadmin_tokens" ADD CONSTRAINT "fk_superadmin_tokens_user" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "craftsman_categories" ADD CONSTRAINT "fk_craftsman_categories_company" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    // Hand-written: e-mail unique case-insensitively among users that are not deleted (anonymised),
    // category names unique per company case-insensitively.
    await q.query(`CREATE UNIQUE INDEX "uq_users_email_active" ON "users" (lower("email")) WHERE "deleted_at" IS NULL`);
    await q.query(
      `CREATE UNIQUE INDEX "uq_craftsman_categories_company_name" ON "craftsman_categories" ("company_id", lower("name"))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "craftsman_categories"`);
    await q.query(`DROP TABLE "superadmin_tokens"`);
    await q.query(`DROP TABLE "refresh_tokens"`);
    await q.query(`DROP TABLE "users"`);
    await q.query(`DROP TABLE "company_settings"`);
    await q.query(`DROP TABLE "companies"`);
  }
}
