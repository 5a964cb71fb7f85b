import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Role `accountant` (Treuhänder, issue 26): the read-only role of a fiduciary. The users' role check
 * accepts it (UserEntity's @Check, kept in step).
 */
export class AccountantRole1795890994225 implements MigrationInterface {
  name = 'AccountantRole1795890994225';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "ck_users_role"`);
    await queryRunner.query(
      `ALTER TABLE "users" ADD CONSTRAINT "ck_users_role" CHECK ("role" IN ('admin', 'backoffice', 'employee', 'accountant'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "ck_users_role"`);
    await queryRunner.query(
      `ALTER TABLE "users" ADD CONSTRAINT "ck_users_role" CHECK ("role" IN ('admin', 'backoffice', 'employee'))`,
    );
  }
}
