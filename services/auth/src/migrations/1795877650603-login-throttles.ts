import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Failed sign-ins per e-mail address for the per-account throttle (issue 25). */
export class LoginThrottles1795877650603 implements MigrationInterface {
  name = 'LoginThrottles1795877650603';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "login_throttles" ("email" character varying(254) NOT NULL, "failures" integer NOT NULL DEFAULT '0', "last_failed_at" TIMESTAMP WITH TIME ZONE NOT NULL, "locked_until" TIMESTAMP WITH TIME ZONE, CONSTRAINT "pk_login_throttles" PRIMARY KEY ("email"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "login_throttles"`);
  }
}
