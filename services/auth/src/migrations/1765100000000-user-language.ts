import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The user's own language (issue 15): de, fr or it, changeable in the profile. Existing users get
 * their company's language, which is also what new users start with.
 */
export class UserLanguage1765100000000 implements MigrationInterface {
  name = 'UserLanguage1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "language" character varying(2) NOT NULL DEFAULT 'de'`);
    await queryRunner.query(
      `ALTER TABLE "users" ADD CONSTRAINT "ck_users_language" CHECK ("language" IN ('de', 'fr', 'it'))`,
    );
    await queryRunner.query(
      `UPDATE "users" AS u SET "language" = c."language" FROM "companies" AS c WHERE c."id" = u."company_id"`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "ck_users_language"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "language"`);
  }
}
