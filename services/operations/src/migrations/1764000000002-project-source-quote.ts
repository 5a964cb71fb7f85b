import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Projects created from an accepted quote (`billing.quote.project-requested`) remember the quote.
 * The unique index is what makes "one project per quote" hold even for concurrent deliveries;
 * projects created by hand keep NULL (NULLs never collide).
 */
export class ProjectSourceQuote1764000000002 implements MigrationInterface {
  name = 'ProjectSourceQuote1764000000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "projects" ADD "source_quote_id" uuid`);
    await q.query(
      `CREATE UNIQUE INDEX "uq_projects_company_source_quote" ON "projects" ("company_id", "source_quote_id")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "uq_projects_company_source_quote"`);
    await q.query(`ALTER TABLE "projects" DROP COLUMN "source_quote_id"`);
  }
}
