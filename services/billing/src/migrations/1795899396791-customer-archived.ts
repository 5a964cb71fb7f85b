import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Billing's copy of the customer's archive mark (issue 26, from operations.customer.*): an archived
 * customer is offered for no new quote or invoice, while every existing document keeps showing it
 * (issued invoices are kept 10 years, OR art. 958f). Hand-written.
 */
export class CustomerArchived1795899396791 implements MigrationInterface {
  name = 'CustomerArchived1795899396791';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "customers" ADD COLUMN IF NOT EXISTS "archived_at" timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "customers" DROP COLUMN IF EXISTS "archived_at"`);
  }
}
