import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A bank reversal (or a debit with a reference) that matches no booked payment is kept too, as an
 * `unmatched_credits` row of kind 'reversal' (issue 23): a re-imported file then finds its bank
 * reference known and answers it as a duplicate, like every other entry. Such a row is never listed
 * to assign nor assignable (it books nothing), it stays open. Kept like the bank credits (its
 * booking date, 10 years, OR art. 958f para. 1). Hand-written.
 */
export class UnmatchedReversals1795901350966 implements MigrationInterface {
  name = 'UnmatchedReversals1795901350966';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "unmatched_credits"
      ADD COLUMN "kind" character varying(10) NOT NULL DEFAULT 'credit',
      ADD CONSTRAINT "ck_unmatched_credits_kind" CHECK ("kind" IN ('credit', 'reversal')),
      ADD CONSTRAINT "ck_unmatched_credits_reversal_open" CHECK ("kind" = 'credit' OR "status" = 'open')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM "unmatched_credits" WHERE "kind" = 'reversal'`);
    await q.query(`ALTER TABLE "unmatched_credits" DROP CONSTRAINT "ck_unmatched_credits_reversal_open",
      DROP CONSTRAINT "ck_unmatched_credits_kind", DROP COLUMN "kind"`);
  }
}
