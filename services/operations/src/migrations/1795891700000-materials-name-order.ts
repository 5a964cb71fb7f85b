import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The materials search's page in name order (issue 29, p95 ≤ 50 ms over 100,000 articles): an index
 * in the list's order (`lower(name), id`, MATERIAL_ORDER) lets PostgreSQL walk the company's
 * articles by name and stop after the page's 21 matches when a term matches many of them (a common
 * word: ~1 ms instead of reading and sorting ~8,000 matches from the trigram index, ~12 ms); rare
 * terms (article numbers, EAN, two words) still go through `ix_materials_search_trgm`. The planner
 * chooses by the trigram statistics. Also the plain list's order (GET /materials, the pickers' pages).
 */
export class MaterialsNameOrder1795891700000 implements MigrationInterface {
  name = 'MaterialsNameOrder1795891700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX "ix_materials_company_lower_name" ON "materials" ("company_id", lower("name"), "id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "ix_materials_company_lower_name"`);
  }
}
