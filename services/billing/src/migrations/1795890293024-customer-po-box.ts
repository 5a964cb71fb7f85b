import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Billing's copy of the customer's «Postfach» (issue 23, from operations.customer.*): the debtor's
 * street field on the QR bill when set (SIX IG QR-bill 2.3, structured address S). Hand-written.
 */
export class CustomerPoBox1795890293024 implements MigrationInterface {
  name = 'CustomerPoBox1795890293024';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "customers" ADD COLUMN IF NOT EXISTS "po_box" character varying(70)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "customers" DROP COLUMN IF EXISTS "po_box"`);
  }
}
