import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bank credits of a camt.054 import that matched no invoice, kept for the office to assign later.
 * Hand-written and reviewed.
 * - a bank transaction is kept once per company: unique (company_id, bank_reference), the same key
 *   as invoice_payments, so a re-imported file neither stores nor books it twice;
 * - assigning one books an invoice_payments row with that bank reference and records the invoice;
 * - the open ones of a company are listed newest first (partial index).
 */
export class UnmatchedCredits1764300000100 implements MigrationInterface {
  name = 'UnmatchedCredits1764300000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "unmatched_credits" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "company_id" uuid NOT NULL,
      "bank_reference" character varying(300) NOT NULL,
      "reference" character varying(40),
      "amount" numeric(14,2) NOT NULL,
      "currency" character varying(3) NOT NULL,
      "debtor_name" character varying(200),
      "booking_date" date,
      "status" character varying(10) NOT NULL DEFAULT 'open',
      "invoice_id" uuid,
      "assigned_by" uuid,
      "assigned_at" TIMESTAMP WITH TIME ZONE,
      "created_by" uuid,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "ck_unmatched_credits_amount" CHECK ("amount" > 0),
      CONSTRAINT "ck_unmatched_credits_status" CHECK ("status" IN ('open', 'assigned')),
      CONSTRAINT "ck_unmatched_credits_assigned" CHECK (("status" = 'assigned') = ("invoice_id" IS NOT NULL)),
      CONSTRAINT "fk_unmatched_credits_invoice" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE SET NULL,
      CONSTRAINT "pk_unmatched_credits" PRIMARY KEY ("id"))`);
    await q.query(
      `CREATE UNIQUE INDEX "uq_unmatched_credits_bank_reference" ON "unmatched_credits" ("company_id", "bank_reference")`,
    );
    await q.query(
      `CREATE INDEX "ix_unmatched_credits_open" ON "unmatched_credits" ("company_id", "created_at" DESC) WHERE "status" = 'open'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "unmatched_credits"`);
  }
}
