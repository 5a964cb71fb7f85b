import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The invoice ledger (issue 22): every movement of an invoice's money is an entry with a signed
 * amount (positive raises what the customer owes); the invoice's money columns are the ledger's sums,
 * written only by the ledger. Existing invoices get their `invoice` entry (the total, on the invoice
 * date) and one `payment` entry per payment; reminder fees printed before were not owed and are not
 * booked. An invoice that left draft is issued (`issued_at`: its sent date, else its creation).
 * Payments are reversed, never deleted (`reversed_at`); a deleted draft leaves its number in
 * `deleted_invoice_numbers` (the number log). Hand-written and reviewed.
 */
export class InvoiceLedger1795877131798 implements MigrationInterface {
  name = 'InvoiceLedger1795877131798';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "invoice_ledger_entries" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "company_id" uuid NOT NULL,
      "invoice_id" uuid NOT NULL,
      "type" character varying(20) NOT NULL,
      "entry_date" date NOT NULL,
      "amount" numeric(14,2) NOT NULL,
      "reference" character varying(300),
      "payment_id" uuid,
      "created_by" uuid,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT clock_timestamp(),
      CONSTRAINT "ck_invoice_ledger_entries_type" CHECK ("type" IN ('invoice', 'payment', 'payment_reversal',
        'credit_note', 'reminder_fee', 'interest', 'write_off', 'overpayment', 'refund')),
      CONSTRAINT "fk_invoice_ledger_entries_invoice" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE CASCADE,
      CONSTRAINT "pk_invoice_ledger_entries" PRIMARY KEY ("id"))`);
    await q.query(
      `CREATE INDEX "ix_invoice_ledger_entries_invoice" ON "invoice_ledger_entries" ("company_id", "invoice_id", "created_at")`,
    );
    await q.query(`CREATE UNIQUE INDEX "uq_invoice_ledger_entries_reversal" ON "invoice_ledger_entries" ("payment_id")
      WHERE "type" = 'payment_reversal'`);

    await q.query(`ALTER TABLE "invoices"
      ADD COLUMN "open_amount" numeric(14,2) NOT NULL DEFAULT 0,
      ADD COLUMN "credited_amount" numeric(14,2) NOT NULL DEFAULT 0,
      ADD COLUMN "interest_amount" numeric(14,2) NOT NULL DEFAULT 0,
      ADD COLUMN "written_off_amount" numeric(14,2) NOT NULL DEFAULT 0,
      ADD COLUMN "credit_balance" numeric(14,2) NOT NULL DEFAULT 0,
      ADD COLUMN "issued_at" TIMESTAMP WITH TIME ZONE`);
    await q.query(`ALTER TABLE "invoice_payments"
      ADD COLUMN "reversed_at" TIMESTAMP WITH TIME ZONE,
      ADD COLUMN "reversed_by" uuid`);
    await q.query(`CREATE TABLE "deleted_invoice_numbers" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "company_id" uuid NOT NULL,
      "invoice_number" character varying(30) NOT NULL,
      "invoice_date" date NOT NULL,
      "customer_name" character varying(200) NOT NULL,
      "deleted_by" uuid,
      "deleted_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_deleted_invoice_numbers" PRIMARY KEY ("id"))`);
    await q.query(
      `CREATE UNIQUE INDEX "uq_deleted_invoice_numbers" ON "deleted_invoice_numbers" ("company_id", "invoice_number")`,
    );

    // Backfill: the invoice's total and each payment, then the sums.
    await q.query(`INSERT INTO "invoice_ledger_entries" (company_id, invoice_id, type, entry_date, amount, reference,
        created_by, created_at)
      SELECT company_id, id, 'invoice', invoice_date, total_amount, invoice_number, created_by, created_at FROM invoices`);
    await q.query(`INSERT INTO "invoice_ledger_entries" (company_id, invoice_id, type, entry_date, amount, reference,
        payment_id, created_by, created_at)
      SELECT company_id, invoice_id, 'payment', payment_date, -amount, bank_reference, id, created_by, created_at
      FROM invoice_payments`);
    await q.query(`UPDATE invoices SET
        open_amount = GREATEST(total_amount - paid_amount, 0),
        credit_balance = GREATEST(paid_amount - total_amount, 0),
        reminder_fees = 0,
        issued_at = CASE WHEN status <> 'draft' THEN COALESCE(sent_at, created_at) END`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "deleted_invoice_numbers"`);
    await q.query(`ALTER TABLE "invoice_payments" DROP COLUMN "reversed_at", DROP COLUMN "reversed_by"`);
    await q.query(`ALTER TABLE "invoices" DROP COLUMN "open_amount", DROP COLUMN "credited_amount",
      DROP COLUMN "interest_amount", DROP COLUMN "written_off_amount", DROP COLUMN "credit_balance",
      DROP COLUMN "issued_at"`);
    await q.query(`DROP TABLE "invoice_ledger_entries"`);
  }
}
