import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 22, billing in stages: an invoice's kind (invoice, down_payment, partial, final); a
 * partial invoice's line names the quote line it bills; a final invoice's deduction line names the
 * stage invoice it deducts and that invoice's VAT at the line's rate. One final invoice per quote
 * and per project (a cancelled one does not count). Hand-written and reviewed.
 */
export class InvoiceStages1795888526990 implements MigrationInterface {
  name = 'InvoiceStages1795888526990';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "invoices" ADD COLUMN "kind" text NOT NULL DEFAULT 'invoice',
         ADD CONSTRAINT "chk_invoices_kind" CHECK ("kind" IN ('invoice', 'down_payment', 'partial', 'final'))`,
    );
    await q.query(
      `CREATE INDEX "idx_invoices_quote_stage" ON "invoices" ("company_id", "quote_id") WHERE "quote_id" IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX "idx_invoices_project_stage" ON "invoices" ("company_id", "project_id") WHERE "project_id" IS NOT NULL`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "uq_invoices_final_quote" ON "invoices" ("company_id", "quote_id")
         WHERE "kind" = 'final' AND "quote_id" IS NOT NULL AND "status" <> 'cancelled'`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "uq_invoices_final_project" ON "invoices" ("company_id", "project_id")
         WHERE "kind" = 'final' AND "quote_id" IS NULL AND "project_id" IS NOT NULL AND "status" <> 'cancelled'`,
    );
    await q.query(
      `ALTER TABLE "invoice_items" ADD COLUMN "quote_item_id" uuid, ADD COLUMN "deducted_invoice_id" uuid,
         ADD COLUMN "deducted_vat" numeric(12,2),
         ADD CONSTRAINT "fk_invoice_items_deducted_invoice" FOREIGN KEY ("deducted_invoice_id")
           REFERENCES "invoices" ("id") ON DELETE RESTRICT`,
    );
    await q.query(
      `CREATE INDEX "idx_invoice_items_deducted_invoice" ON "invoice_items" ("deducted_invoice_id")
         WHERE "deducted_invoice_id" IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "idx_invoice_items_deducted_invoice"`);
    await q.query(
      `ALTER TABLE "invoice_items" DROP CONSTRAINT "fk_invoice_items_deducted_invoice", DROP COLUMN "deducted_vat",
         DROP COLUMN "deducted_invoice_id", DROP COLUMN "quote_item_id"`,
    );
    await q.query(`DROP INDEX "uq_invoices_final_project"`);
    await q.query(`DROP INDEX "uq_invoices_final_quote"`);
    await q.query(`DROP INDEX "idx_invoices_project_stage"`);
    await q.query(`DROP INDEX "idx_invoices_quote_stage"`);
    await q.query(`ALTER TABLE "invoices" DROP CONSTRAINT "chk_invoices_kind", DROP COLUMN "kind"`);
  }
}
