import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Working time (issue 24): the company's canton, surcharge mode, night window, weekly maximum and
 * GPS retention; the user's pensum, weekly hours, holiday days and employment start.
 */
export class WorkingTime1795877875647 implements MigrationInterface {
  name = 'WorkingTime1795877875647';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "company_settings" ADD "canton" character varying(2)`);
    await queryRunner.query(
      `ALTER TABLE "company_settings" ADD "surcharge_mode" character varying(10) NOT NULL DEFAULT 'spec'`,
    );
    await queryRunner.query(
      `ALTER TABLE "company_settings" ADD "night_start" character varying(5) NOT NULL DEFAULT '23:00'`,
    );
    await queryRunner.query(
      `ALTER TABLE "company_settings" ADD "night_end" character varying(5) NOT NULL DEFAULT '06:00'`,
    );
    await queryRunner.query(`ALTER TABLE "company_settings" ADD "weekly_max_hours" integer NOT NULL DEFAULT '45'`);
    await queryRunner.query(`ALTER TABLE "company_settings" ADD "gps_retention_days" integer NOT NULL DEFAULT '90'`);
    await queryRunner.query(`ALTER TABLE "users" ADD "pensum" numeric(5,2) NOT NULL DEFAULT '100'`);
    await queryRunner.query(`ALTER TABLE "users" ADD "weekly_hours" numeric(5,2) NOT NULL DEFAULT '42.5'`);
    await queryRunner.query(`ALTER TABLE "users" ADD "holiday_days_per_year" numeric(4,1) NOT NULL DEFAULT '20'`);
    await queryRunner.query(`ALTER TABLE "users" ADD "employment_start" date`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "employment_start"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "holiday_days_per_year"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "weekly_hours"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "pensum"`);
    await queryRunner.query(`ALTER TABLE "company_settings" DROP COLUMN "gps_retention_days"`);
    await queryRunner.query(`ALTER TABLE "company_settings" DROP COLUMN "weekly_max_hours"`);
    await queryRunner.query(`ALTER TABLE "company_settings" DROP COLUMN "night_end"`);
    await queryRunner.query(`ALTER TABLE "company_settings" DROP COLUMN "night_start"`);
    await queryRunner.query(`ALTER TABLE "company_settings" DROP COLUMN "surcharge_mode"`);
    await queryRunner.query(`ALTER TABLE "company_settings" DROP COLUMN "canton"`);
  }
}
