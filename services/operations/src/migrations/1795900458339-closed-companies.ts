import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Closed companies (issue 26, from auth.company.closed): when the account was closed, and when
 * operations removed the last of its data (the daily retention: non-records after the grace period,
 * time records 5 years after their calendar year, ArGV 1 art. 73 para. 2; receipts and material use
 * 10 years, OR art. 958f para. 1).
 */
export class ClosedCompanies1795900458339 implements MigrationInterface {
  name = 'ClosedCompanies1795900458339';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "retention_closed_companies" (
      "company_id" uuid NOT NULL,
      "closed_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "removed_at" TIMESTAMP WITH TIME ZONE,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_retention_closed_companies" PRIMARY KEY ("company_id")
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "retention_closed_companies"`);
  }
}
