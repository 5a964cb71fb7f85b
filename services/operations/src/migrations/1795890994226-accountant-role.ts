import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Role `accountant` (Treuhänder, issue 26): operations' copy of the staff (from auth's user events)
 * accepts the read-only role of a fiduciary.
 */
export class AccountantRole1795890994226 implements MigrationInterface {
  name = 'AccountantRole1795890994226';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "staff" DROP CONSTRAINT "ck_staff_role"`);
    await q.query(
      `ALTER TABLE "staff" ADD CONSTRAINT "ck_staff_role" CHECK ("role" IN ('admin', 'backoffice', 'employee', 'accountant'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "staff" DROP CONSTRAINT "ck_staff_role"`);
    await q.query(
      `ALTER TABLE "staff" ADD CONSTRAINT "ck_staff_role" CHECK ("role" IN ('admin', 'backoffice', 'employee'))`,
    );
  }
}
