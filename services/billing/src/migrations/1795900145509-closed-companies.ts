import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Closed companies (issue 26, from auth.company.closed): when the account was closed, and when billing
 * removed the last of the company's data (its daily retention task: non-records after the grace
 * period, business records 10 years after their business year, OR art. 958f para. 1). Hand-written.
 */
export class ClosedCompanies1795900145509 implements MigrationInterface {
  name = 'ClosedCompanies1795900145509';

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
