import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The login before the current one: the dashboard's 'Letzte Anmeldung' (part 1 §2) must still show
 * it after a reload or a token refresh, when `last_login_at` already holds this session's login.
 */
export class PreviousLogin1764300000000 implements MigrationInterface {
  name = 'PreviousLogin1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "previous_login_at" TIMESTAMP WITH TIME ZONE`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "previous_login_at"`);
  }
}
