import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Company setting for the position at timer start and stop (issue 14). Off for every company,
 * existing ones included (privacy first): an admin has to switch it on.
 */
export class CompanyGps1765200000000 implements MigrationInterface {
  name = 'CompanyGps1765200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "company_settings" ADD "gps_enabled" boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "company_settings" DROP COLUMN "gps_enabled"`);
  }
}
