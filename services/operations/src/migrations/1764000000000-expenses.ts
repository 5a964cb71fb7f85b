import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Expenses (Spesen) and their receipts. The receipt bytes live in a table of their own so that
 * lists never read a blob; the row is deleted with its expense. The employee's name is kept on
 * the expense (like time entries and material usage) and follows renames and anonymisation.
 * A project that is deleted leaves the expense without a project (the claim stays valid).
 */
export class Expenses1764000000000 implements MigrationInterface {
  name = 'Expenses1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "expenses" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "company_id" uuid NOT NULL,
      "user_id" uuid NOT NULL,
      "first_name" character varying(100) NOT NULL,
      "last_name" character varying(100) NOT NULL,
      "project_id" uuid,
      "category" character varying(20) NOT NULL,
      "description" character varying(500) NOT NULL,
      "amount" numeric(12,2) NOT NULL,
      "expense_date" date NOT NULL,
      "status" character varying(20) NOT NULL DEFAULT 'pending',
      "rejection_reason" text,
      "approved_at" TIMESTAMP WITH TIME ZONE,
      "approved_by" uuid,
      "rejected_at" TIMESTAMP WITH TIME ZONE,
      "rejected_by" uuid,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "ck_expenses_category" CHECK ("category" IN ('transport', 'meals', 'accommodation', 'materials', 'office', 'communication', 'other')),
      CONSTRAINT "ck_expenses_status" CHECK ("status" IN ('pending', 'approved', 'rejected')),
      CONSTRAINT "ck_expenses_amount" CHECK ("amount" >= 0.01),
      CONSTRAINT "ck_expenses_rejection" CHECK (("status" = 'rejected') = ("rejection_reason" IS NOT NULL)),
      CONSTRAINT "fk_expenses_project" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE SET NULL,
      CONSTRAINT "pk_expenses" PRIMARY KEY ("id"))`);
    await q.query(
      `CREATE INDEX "ix_expenses_company_date" ON "expenses" ("company_id", "expense_date" DESC, "created_at" DESC)`,
    );
    await q.query(`CREATE INDEX "ix_expenses_user" ON "expenses" ("user_id")`);
    await q.query(`CREATE INDEX "ix_expenses_project" ON "expenses" ("project_id")`);

    await q.query(`CREATE TABLE "expense_receipts" (
      "expense_id" uuid NOT NULL,
      "company_id" uuid NOT NULL,
      "filename" character varying(255) NOT NULL,
      "content_type" character varying(50) NOT NULL,
      "size" integer NOT NULL,
      "data" bytea NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "ck_expense_receipts_type" CHECK ("content_type" IN ('image/jpeg', 'image/png', 'application/pdf')),
      CONSTRAINT "ck_expense_receipts_size" CHECK ("size" > 0 AND "size" <= 10485760),
      CONSTRAINT "fk_expense_receipts_expense" FOREIGN KEY ("expense_id") REFERENCES "expenses"("id") ON DELETE CASCADE,
      CONSTRAINT "pk_expense_receipts" PRIMARY KEY ("expense_id"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "expense_receipts"`);
    await q.query(`DROP TABLE "expenses"`);
  }
}
