import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Company setting «Verzugszins ab Fälligkeit» (issue 22): default interest runs from the day after the
 * due date (an agreed due date, OR 102 para. 2) instead of from the first reminder (OR 102 para. 1).
 * Off for every company (the former behaviour). IF NOT EXISTS: a development database may have run
 * this file under an earlier timestamp.
 */
export class InterestFromDueDate1795890161630 implements MigrationInterface {
  name = 'InterestFromDueDate1795890161630';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "company_settings" ADD COLUMN IF NOT EXISTS "interest_from_due_date" boolean NOT NULL DEFAULT false`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "company_settings" DROP COLUMN IF EXISTS "interest_from_due_date"`);
  }
}
