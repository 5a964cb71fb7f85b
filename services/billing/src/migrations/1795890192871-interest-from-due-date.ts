import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Billing's copy of the company setting «Verzugszins ab Fälligkeit» (issue 22, from
 * auth.company.settings-updated): default interest from the day after the due date (OR 102 para. 2)
 * instead of from the first reminder (OR 102 para. 1). Off until auth's next settings event says so.
 * IF NOT EXISTS: a development database may have run this file under an earlier timestamp.
 */
export class InterestFromDueDate1795890192871 implements MigrationInterface {
  name = 'InterestFromDueDate1795890192871';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "companies" ADD COLUMN IF NOT EXISTS "interest_from_due_date" boolean NOT NULL DEFAULT false`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "companies" DROP COLUMN IF EXISTS "interest_from_due_date"`);
  }
}
