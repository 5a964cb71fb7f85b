import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The quotes, reports and invoices lists page by keyset (created_at DESC, id DESC): their
 * (company_id, created_at DESC) indexes gain the id, so a page's ids are picked on the index from
 * the cursor's position. Hand-written and reviewed.
 */
export class ListKeysetIndexes1764300000200 implements MigrationInterface {
  name = 'ListKeysetIndexes1764300000200';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['quotes', 'reports', 'invoices']) {
      await q.query(`DROP INDEX "ix_${table}_company_created"`);
      await q.query(
        `CREATE INDEX "ix_${table}_company_created_id" ON "${table}" ("company_id", "created_at" DESC, "id" DESC)`,
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['quotes', 'reports', 'invoices']) {
      await q.query(`DROP INDEX "ix_${table}_company_created_id"`);
      await q.query(`CREATE INDEX "ix_${table}_company_created" ON "${table}" ("company_id", "created_at" DESC)`);
    }
  }
}
