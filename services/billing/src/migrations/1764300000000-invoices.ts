import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Invoices (Rechnungen) with their items, customer payments (entered or from camt.054 bank files)
 * and reminders (Mahnungen); the company copy gains the structured address for the QR bill and the
 * reminder settings. Hand-written and reviewed.
 * - one invoice per signed report: unique (company_id, report_id);
 * - the QR references (QRR and SCOR) are unique per company so a bank credit finds one invoice;
 * - a bank transaction is booked once: unique (company_id, bank_reference);
 * - a reminder level is sent once per invoice: unique (invoice_id, level).
 */
export class Invoices1764300000000 implements MigrationInterface {
  name = 'Invoices1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "companies"
      ADD COLUMN "street" character varying(70),
      ADD COLUMN "house_number" character varying(16),
      ADD COLUMN "zip" character varying(16),
      ADD COLUMN "city" character varying(35),
      ADD COLUMN "country" character varying(2) NOT NULL DEFAULT 'CH',
      ADD COLUMN "reminder_fee_level_1" numeric(10,2) NOT NULL DEFAULT 0,
      ADD COLUMN "reminder_fee_level_2" numeric(10,2) NOT NULL DEFAULT 0,
      ADD COLUMN "reminder_fee_level_3" numeric(10,2) NOT NULL DEFAULT 0,
      ADD COLUMN "reminder_fee_level_4" numeric(10,2) NOT NULL DEFAULT 0,
      ADD COLUMN "default_interest_enabled" boolean NOT NULL DEFAULT false,
      ADD COLUMN "default_interest_rate" numeric(5,2) NOT NULL DEFAULT 5.0,
      ADD COLUMN "auto_reminders_enabled" boolean NOT NULL DEFAULT false,
      ADD COLUMN "reminder_interval_days" integer NOT NULL DEFAULT 14`);

    await q.query(`CREATE TABLE "invoices" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "company_id" uuid NOT NULL,
      "invoice_number" character varying(30) NOT NULL,
      "customer_id" uuid NOT NULL,
      "customer_name" character varying(200) NOT NULL,
      "project_id" uuid,
      "project_title" character varying(200),
      "report_id" uuid,
      "quote_id" uuid,
      "status" character varying(20) NOT NULL DEFAULT 'draft',
      "payment_method" character varying(10),
      "currency" character varying(3) NOT NULL DEFAULT 'CHF',
      "invoice_date" date NOT NULL,
      "due_date" date NOT NULL,
      "service_period_start" date,
      "service_period_end" date,
      "vat_rate" numeric(5,2) NOT NULL,
      "subtotal" numeric(14,2) NOT NULL,
      "vat_amount" numeric(14,2) NOT NULL,
      "total_before_rounding" numeric(14,2) NOT NULL,
      "rounding" numeric(4,2) NOT NULL,
      "total_amount" numeric(14,2) NOT NULL,
      "paid_amount" numeric(14,2) NOT NULL DEFAULT 0,
      "reminder_fees" numeric(14,2) NOT NULL DEFAULT 0,
      "current_reminder_level" integer NOT NULL DEFAULT 0,
      "last_reminder_sent_at" TIMESTAMP WITH TIME ZONE,
      "reminder_due_date" date,
      "qrr_reference" character(27) NOT NULL,
      "scor_reference" character varying(25) NOT NULL,
      "notes" text,
      "created_by" uuid,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "sent_at" TIMESTAMP WITH TIME ZONE,
      "sent_to" character varying(254),
      "paid_at" TIMESTAMP WITH TIME ZONE,
      "overdue_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "ck_invoices_status" CHECK ("status" IN ('draft', 'sent', 'paid', 'overdue')),
      CONSTRAINT "ck_invoices_payment_method" CHECK ("payment_method" IS NULL OR "payment_method" IN ('cash', 'bank', 'card')),
      CONSTRAINT "ck_invoices_reminder_level" CHECK ("current_reminder_level" BETWEEN 0 AND 4),
      CONSTRAINT "pk_invoices" PRIMARY KEY ("id"))`);
    await q.query(`CREATE UNIQUE INDEX "uq_invoices_company_number" ON "invoices" ("company_id", "invoice_number")`);
    await q.query(
      `CREATE UNIQUE INDEX "uq_invoices_company_report" ON "invoices" ("company_id", "report_id") WHERE "report_id" IS NOT NULL`,
    );
    await q.query(`CREATE UNIQUE INDEX "uq_invoices_company_qrr" ON "invoices" ("company_id", "qrr_reference")`);
    await q.query(`CREATE UNIQUE INDEX "uq_invoices_company_scor" ON "invoices" ("company_id", "scor_reference")`);
    await q.query(`CREATE INDEX "ix_invoices_company_created" ON "invoices" ("company_id", "created_at" DESC)`);
    await q.query(`CREATE INDEX "ix_invoices_status_due" ON "invoices" ("status", "due_date")`);
    await q.query(`CREATE INDEX "ix_invoices_customer" ON "invoices" ("company_id", "customer_id")`);

    await q.query(`CREATE TABLE "invoice_items" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "invoice_id" uuid NOT NULL,
      "company_id" uuid NOT NULL,
      "position" integer NOT NULL,
      "type" character varying(20) NOT NULL,
      "title" character varying(200) NOT NULL,
      "description" text,
      "quantity" numeric(12,2) NOT NULL,
      "unit" character varying(20) NOT NULL,
      "unit_price" numeric(12,2) NOT NULL,
      "total_price" numeric(14,2) NOT NULL,
      CONSTRAINT "ck_invoice_items_type" CHECK ("type" IN ('labor', 'surcharge', 'material', 'expense', 'travel', 'other')),
      CONSTRAINT "fk_invoice_items_invoice" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE CASCADE,
      CONSTRAINT "pk_invoice_items" PRIMARY KEY ("id"))`);
    await q.query(`CREATE UNIQUE INDEX "uq_invoice_items_position" ON "invoice_items" ("invoice_id", "position")`);

    await q.query(`CREATE TABLE "invoice_payments" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "invoice_id" uuid NOT NULL,
      "company_id" uuid NOT NULL,
      "amount" numeric(14,2) NOT NULL,
      "payment_date" date NOT NULL,
      "method" character varying(10) NOT NULL,
      "source" character varying(10) NOT NULL,
      "bank_reference" character varying(300),
      "debtor_name" character varying(200),
      "created_by" uuid,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "ck_invoice_payments_amount" CHECK ("amount" > 0),
      CONSTRAINT "ck_invoice_payments_method" CHECK ("method" IN ('cash', 'bank', 'card')),
      CONSTRAINT "ck_invoice_payments_source" CHECK ("source" IN ('manual', 'mark_paid', 'camt054')),
      CONSTRAINT "fk_invoice_payments_invoice" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE CASCADE,
      CONSTRAINT "pk_invoice_payments" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "ix_invoice_payments_invoice" ON "invoice_payments" ("invoice_id")`);
    await q.query(
      `CREATE UNIQUE INDEX "uq_invoice_payments_bank_reference" ON "invoice_payments" ("company_id", "bank_reference") WHERE "bank_reference" IS NOT NULL`,
    );

    await q.query(`CREATE TABLE "invoice_reminders" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "invoice_id" uuid NOT NULL,
      "company_id" uuid NOT NULL,
      "level" integer NOT NULL,
      "reminder_type" character varying(20) NOT NULL,
      "reminder_date" date NOT NULL,
      "due_date" date NOT NULL,
      "open_amount" numeric(14,2) NOT NULL,
      "fee" numeric(10,2) NOT NULL,
      "fees_total" numeric(14,2) NOT NULL,
      "interest" numeric(14,2) NOT NULL,
      "interest_days" integer NOT NULL,
      "total_amount" numeric(14,2) NOT NULL,
      "notes" text,
      "automatic" boolean NOT NULL DEFAULT false,
      "sent_by" uuid,
      "sent_by_name" character varying(200),
      "sent_to" character varying(254),
      "sent_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "ck_invoice_reminders_level" CHECK ("level" BETWEEN 1 AND 4),
      CONSTRAINT "fk_invoice_reminders_invoice" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE CASCADE,
      CONSTRAINT "pk_invoice_reminders" PRIMARY KEY ("id"))`);
    await q.query(`CREATE UNIQUE INDEX "uq_invoice_reminders_level" ON "invoice_reminders" ("invoice_id", "level")`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['invoice_reminders', 'invoice_payments', 'invoice_items', 'invoices']) {
      await q.query(`DROP TABLE "${table}"`);
    }
    await q.query(`ALTER TABLE "companies"
      DROP COLUMN "street", DROP COLUMN "house_number", DROP COLUMN "zip", DROP COLUMN "city", DROP COLUMN "country",
      DROP COLUMN "reminder_fee_level_1", DROP COLUMN "reminder_fee_level_2", DROP COLUMN "reminder_fee_level_3",
      DROP COLUMN "reminder_fee_level_4", DROP COLUMN "default_interest_enabled", DROP COLUMN "default_interest_rate",
      DROP COLUMN "auto_reminders_enabled", DROP COLUMN "reminder_interval_days"`);
  }
}
