import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Keyset pagination of the lists (issue 13): every list's index ends with the id, so
 * `(keys…, id) < (cursor…)` and `ORDER BY keys…, id` walk one index from the cursor without a sort.
 * Time entries had theirs already ((company_id, start_time DESC, id DESC)). The new indexes replace
 * the old ones they extend (same leading columns).
 */
const INDEXES: Array<{ table: string; old: string; oldColumns: string; name: string; columns: string }> = [
  {
    table: 'customers',
    old: 'ix_customers_company_name',
    oldColumns: '"company_id", "name"',
    name: 'ix_customers_company_name_id',
    columns: '"company_id", "name", "id"',
  },
  {
    table: 'projects',
    old: 'ix_projects_company_created',
    oldColumns: '"company_id", "created_at" DESC',
    name: 'ix_projects_company_created_id',
    columns: '"company_id", "created_at" DESC, "id" DESC',
  },
  {
    table: 'material_usages',
    old: 'ix_material_usages_company_used',
    oldColumns: '"company_id", "used_at" DESC, "created_at" DESC',
    name: 'ix_material_usages_company_used_id',
    columns: '"company_id", "used_at" DESC, "created_at" DESC, "id" DESC',
  },
  {
    table: 'expenses',
    old: 'ix_expenses_company_date',
    oldColumns: '"company_id", "expense_date" DESC, "created_at" DESC',
    name: 'ix_expenses_company_date_id',
    columns: '"company_id", "expense_date" DESC, "created_at" DESC, "id" DESC',
  },
];

export class ListKeysetIndexes1764300000000 implements MigrationInterface {
  name = 'ListKeysetIndexes1764300000000';

  async up(q: QueryRunner): Promise<void> {
    for (const i of INDEXES) {
      await q.query(`CREATE INDEX IF NOT EXISTS "${i.name}" ON "${i.table}" (${i.columns})`);
      await q.query(`DROP INDEX IF EXISTS "${i.old}"`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const i of INDEXES) {
      await q.query(`CREATE INDEX IF NOT EXISTS "${i.old}" ON "${i.table}" (${i.oldColumns})`);
      await q.query(`DROP INDEX IF EXISTS "${i.name}"`);
    }
  }
}
