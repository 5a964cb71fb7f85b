import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Local copy of the company setting `gps_enabled` (issue 14), filled from
 * auth.company.settings-updated. Off until auth says otherwise (privacy first): time entries of a
 * company without it never store a position.
 */
export class CompanyGps1764500000000 implements MigrationInterface {
  name = 'CompanyGps1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "company_settings" ADD "gps_enabled" boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "company_settings" DROP COLUMN "gps_enabled"`);
  }
}
