import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Access tokens issued before it are refused: logout, password change, deactivation (issue 25). */
export class SessionsValidAfter1795878024928 implements MigrationInterface {
  name = 'SessionsValidAfter1795878024928';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "sessions_valid_after" TIMESTAMP WITH TIME ZONE`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "sessions_valid_after"`);
  }
}
