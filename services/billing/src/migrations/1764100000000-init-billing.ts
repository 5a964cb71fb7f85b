import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Initial billing schema: local copies of other domains' data (companies with profile and
 * settings, a logo cache, staff, customers, projects), the number counters, quotes with their
 * items, and quote templates. Hand-written and reviewed.
 * The acceptance token is stored only as its SHA-256 hash; the unique index finds it.
 */
export class InitBilling1764100000000 implements MigrationInterface {
  name = 'InitBilling1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "companies" (
      "id" uuid NOT NULL,
      "name" character varying(200) NOT NULL DEFAULT '',
      "email" character varying(254),
      "phone" character varying(50),
      "website" character varying(300),
      "address" character varying(500),
      "logo_url" character varying(300),
      "language" character varying(2) NOT NULL DEFAULT 'de',
      "timezone" character varying(40) NOT NULL DEFAULT 'Europe/Zurich',
      "currency" character varying(3) NOT NULL DEFAULT 'CHF',
      "default_hourly_rate" numeric(12,2) NOT NULL DEFAULT 0,
      "company_iban" character varying(40),
      "vat_number" character varying(40),
      "vat_rate" numeric(5,2) NOT NULL DEFAULT 8.1,
      "payment_terms" integer NOT NULL DEFAULT 30,
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_companies" PRIMARY KEY ("id"))`);

    await q.query(`CREATE TABLE "company_logos" (
      "company_id" uuid NOT NULL,
      "url" character varying(300) NOT NULL,
      "content_type" character varying(50) NOT NULL,
      "data" bytea NOT NULL,
      "fetched_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_company_logos" PRIMARY KEY ("company_id"))`);

    await q.query(`CREATE TABLE "staff" (
      "id" uuid NOT NULL,
      "company_id" uuid NOT NULL,
      "first_name" character varying(100) NOT NULL,
      "last_name" character varying(100) NOT NULL,
      "email" character varying(254),
      "role" character varying(20) NOT NULL,
      "is_active" boolean NOT NULL DEFAULT true,
      "deleted_at" TIMESTAMP WITH TIME ZONE,
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_staff" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "ix_staff_company_id" ON "staff" ("company_id")`);

    await q.query(`CREATE TABLE "customers" (
      "id" uuid NOT NULL,
      "company_id" uuid NOT NULL,
      "name" character varying(200) NOT NULL,
      "customer_number" character varying(50) NOT NULL DEFAULT '',
      "contact_person" character varying(200),
      "email" character varying(254),
      "phone" character varying(50),
      "address" character varying(300),
      "zip" character varying(20),
      "city" character varying(100),
      "language" character varying(2),
      "deleted_at" TIMESTAMP WITH TIME ZONE,
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_customers" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "ix_customers_company_id" ON "customers" ("company_id")`);

    await q.query(`CREATE TABLE "projects" (
      "id" uuid NOT NULL,
      "company_id" uuid NOT NULL,
      "customer_id" uuid NOT NULL,
      "title" character varying(200) NOT NULL,
      "project_number" character varying(50) NOT NULL,
      "status" character varying(20) NOT NULL,
      "source_quote_id" uuid,
      "deleted_at" TIMESTAMP WITH TIME ZONE,
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_projects" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "ix_projects_company_id" ON "projects" ("company_id")`);

    await q.query(`CREATE TABLE "number_counters" (
      "company_id" uuid NOT NULL,
      "kind" character varying(30) NOT NULL,
      "last_value" integer NOT NULL,
      CONSTRAINT "pk_number_counters" PRIMARY KEY ("company_id", "kind"))`);

    await q.query(`CREATE TABLE "quotes" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "company_id" uuid NOT NULL,
      "quote_number" character varying(30) NOT NULL,
      "customer_id" uuid NOT NULL,
      "customer_name" character varying(200) NOT NULL,
      "title" character varying(200) NOT NULL,
      "description" text,
      "status" character varying(20) NOT NULL DEFAULT 'draft',
      "quote_date" date NOT NULL,
      "valid_until" date NOT NULL,
      "discount_percent" numeric(5,2) NOT NULL DEFAULT 0,
      "travel_allowance" numeric(12,2) NOT NULL DEFAULT 0,
      "vat_rate" numeric(5,2) NOT NULL DEFAULT 8.1,
      "subtotal" numeric(14,2) NOT NULL DEFAULT 0,
      "discount_amount" numeric(14,2) NOT NULL DEFAULT 0,
      "net_amount" numeric(14,2) NOT NULL DEFAULT 0,
      "vat_amount" numeric(14,2) NOT NULL DEFAULT 0,
      "total_before_rounding" numeric(14,2) NOT NULL DEFAULT 0,
      "rounding" numeric(4,2) NOT NULL DEFAULT 0,
      "total" numeric(14,2) NOT NULL DEFAULT 0,
      "notes" text,
      "terms_conditions" text,
      "created_by" uuid,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "sent_at" TIMESTAMP WITH TIME ZONE,
      "sent_to" character varying(254),
      "acceptance_token_hash" character(64),
      "accepted_at" TIMESTAMP WITH TIME ZONE,
      "accepted_by_name" character varying(200),
      "accepted_by_email" character varying(254),
      "acceptance_ip" character varying(64),
      "acceptance_user_agent" character varying(500),
      "signature_png" bytea,
      "rejected_at" TIMESTAMP WITH TIME ZONE,
      "rejection_reason" text,
      "expired_at" TIMESTAMP WITH TIME ZONE,
      "project_requested_at" TIMESTAMP WITH TIME ZONE,
      "project_id" uuid,
      CONSTRAINT "ck_quotes_status" CHECK ("status" IN ('draft', 'sent', 'accepted', 'rejected', 'expired')),
      CONSTRAINT "ck_quotes_discount" CHECK ("discount_percent" BETWEEN 0 AND 100),
      CONSTRAINT "ck_quotes_vat_rate" CHECK ("vat_rate" BETWEEN 0 AND 100),
      CONSTRAINT "ck_quotes_accepted_signed" CHECK ("status" <> 'accepted' OR ("accepted_at" IS NOT NULL AND "signature_png" IS NOT NULL)),
      CONSTRAINT "pk_quotes" PRIMARY KEY ("id"))`);
    await q.query(`CREATE UNIQUE INDEX "uq_quotes_company_number" ON "quotes" ("company_id", "quote_number")`);
    await q.query(
      `CREATE UNIQUE INDEX "uq_quotes_acceptance_token" ON "quotes" ("acceptance_token_hash") WHERE "acceptance_token_hash" IS NOT NULL`,
    );
    await q.query(`CREATE INDEX "ix_quotes_company_created" ON "quotes" ("company_id", "created_at" DESC)`);
    await q.query(`CREATE INDEX "ix_quotes_status_valid_until" ON "quotes" ("status", "valid_until")`);
    await q.query(`CREATE INDEX "ix_quotes_customer_id" ON "quotes" ("customer_id")`);

    await q.query(`CREATE TABLE "quote_items" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "quote_id" uuid NOT NULL,
      "company_id" uuid NOT NULL,
      "position" integer NOT NULL,
      "type" character varying(20) NOT NULL,
      "title" character varying(200) NOT NULL,
      "description" text,
      "quantity" numeric(10,2) NOT NULL,
      "unit" character varying(20) NOT NULL,
      "unit_price" numeric(12,2) NOT NULL,
      "total_price" numeric(14,2) NOT NULL,
      "material_id" uuid,
      CONSTRAINT "ck_quote_items_type" CHECK ("type" IN ('material', 'labor', 'travel', 'other')),
      CONSTRAINT "fk_quote_items_quote" FOREIGN KEY ("quote_id") REFERENCES "quotes"("id") ON DELETE CASCADE,
      CONSTRAINT "pk_quote_items" PRIMARY KEY ("id"))`);
    await q.query(`CREATE UNIQUE INDEX "uq_quote_items_position" ON "quote_items" ("quote_id", "position")`);

    await q.query(`CREATE TABLE "quote_templates" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "company_id" uuid NOT NULL,
      "name" character varying(200) NOT NULL,
      "description" text,
      "payload" jsonb NOT NULL,
      "created_by" uuid,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_quote_templates" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "ix_quote_templates_company_name" ON "quote_templates" ("company_id", "name")`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'quote_templates',
      'quote_items',
      'quotes',
      'number_counters',
      'projects',
      'customers',
      'staff',
      'company_logos',
      'companies',
    ]) {
      await q.query(`DROP TABLE "${table}"`);
    }
  }
}
