import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The staff copy learns when a user's access tokens stop counting (logout, password change,
 * deactivation: `auth.user.sessions-revoked`); the JWT guard refuses older tokens (issue 25).
 */
export class StaffSessionsValidAfter1795877909627 implements MigrationInterface {
  name = 'StaffSessionsValidAfter1795877909627';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "staff" ADD "sessions_valid_after" timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "staff" DROP COLUMN "sessions_valid_after"`);
  }
}
