import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The customer's country (ISO 3166 alpha-2, default CH): the debtor's country on billing's QR bill
 * (issue 23). Hand-written and reviewed.
 */
export class CustomerCountry1795878238176 implements MigrationInterface {
  name = 'CustomerCountry1795878238176';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "customers" ADD COLUMN "country" character(2) NOT NULL DEFAULT 'CH'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "customers" DROP COLUMN "country"`);
  }
}
