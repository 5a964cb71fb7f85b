import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 22: each invoice line carries its own VAT rate (8.1, 2.6, 3.8 or 0). Existing lines take
 * their invoice's rate. Hand-written and reviewed.
 */
export class InvoiceItemVatRate1795882785436 implements MigrationInterface {
  name = 'InvoiceItemVatRate1795882785436';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "invoice_items" ADD COLUMN "vat_rate" numeric(5,2)`);
    await q.query(
      `UPDATE "invoice_items" it SET "vat_rate" = i."vat_rate" FROM "invoices" i WHERE i."id" = it."invoice_id"`,
    );
    await q.query(`ALTER TABLE "invoice_items" ALTER COLUMN "vat_rate" SET NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "invoice_items" DROP COLUMN "vat_rate"`);
  }
}
