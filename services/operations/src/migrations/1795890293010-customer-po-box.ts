import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * «Postfach» as its own customer field (issue 23): the QR bill puts it into the debtor's street field
 * (SIX IG QR-bill 2.3, structured address S), no longer guessed from the address text. Hand-written.
 */
export class CustomerPoBox1795890293010 implements MigrationInterface {
  name = 'CustomerPoBox1795890293010';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "customers" ADD COLUMN IF NOT EXISTS "po_box" character varying(70)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "customers" DROP COLUMN IF EXISTS "po_box"`);
  }
}
