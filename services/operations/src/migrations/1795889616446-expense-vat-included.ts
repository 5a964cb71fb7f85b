import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An expense entered with VAT included names its rate (issue 22): billing invoices it at its net
 * amount (no VAT on VAT). Existing expenses count as net (false, no rate). Hand-written and reviewed.
 */
export class ExpenseVatIncluded1795889616446 implements MigrationInterface {
  name = 'ExpenseVatIncluded1795889616446';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "expenses" ADD COLUMN "vat_included" boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE "expenses" ADD COLUMN "vat_rate" numeric(5,2)`);
    await q.query(
      `ALTER TABLE "expenses" ADD CONSTRAINT "ck_expenses_vat_rate" CHECK ((vat_included AND vat_rate > 0) OR (NOT vat_included AND vat_rate IS NULL))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "expenses" DROP CONSTRAINT "ck_expenses_vat_rate"`);
    await q.query(`ALTER TABLE "expenses" DROP COLUMN "vat_rate"`);
    await q.query(`ALTER TABLE "expenses" DROP COLUMN "vat_included"`);
  }
}
