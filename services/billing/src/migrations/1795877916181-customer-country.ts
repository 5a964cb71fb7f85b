import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The customer's country (ISO 3166 alpha-2) in billing's copy of operations' customers: the debtor's
 * country on the QR bill (issue 23). Existing rows and events without it: CH. Hand-written and reviewed.
 */
export class CustomerCountry1795877916181 implements MigrationInterface {
  name = 'CustomerCountry1795877916181';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "customers" ADD COLUMN "country" character(2) NOT NULL DEFAULT 'CH'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "customers" DROP COLUMN "country"`);
  }
}
