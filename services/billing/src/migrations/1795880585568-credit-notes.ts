import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Credit notes (Gutschriften, issue 22): numbered GS-YYYY-NNNN per company (gapless, counter row),
 * lines and the VAT per rate they reverse; the amount is a `credit_note` entry of the invoice's
 * ledger. Hand-written and reviewed.
 */
export class CreditNotes1795880585568 implements MigrationInterface {
  name = 'CreditNotes1795880585568';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "credit_notes" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "company_id" uuid NOT NULL,
      "invoice_id" uuid NOT NULL,
      "credit_note_number" character varying(30) NOT NULL,
      "credit_date" date NOT NULL,
      "reason" character varying(500) NOT NULL,
      "items" jsonb NOT NULL,
      "vat_breakdown" jsonb NOT NULL,
      "net" numeric(14,2) NOT NULL,
      "vat_amount" numeric(14,2) NOT NULL,
      "total" numeric(14,2) NOT NULL,
      "created_by" uuid,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "ck_credit_notes_total" CHECK ("total" > 0),
      CONSTRAINT "fk_credit_notes_invoice" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE RESTRICT,
      CONSTRAINT "pk_credit_notes" PRIMARY KEY ("id"))`);
    await q.query(
      `CREATE UNIQUE INDEX "uq_credit_notes_number" ON "credit_notes" ("company_id", "credit_note_number")`,
    );
    await q.query(`CREATE INDEX "ix_credit_notes_invoice" ON "credit_notes" ("company_id", "invoice_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "credit_notes"`);
  }
}
