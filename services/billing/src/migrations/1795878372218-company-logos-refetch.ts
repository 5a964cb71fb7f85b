import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 25: billing now re-encodes the company logo it fetches from auth (header check, at most
 * 1000 px) before a document gets it. The cache of logos fetched before holds them as uploaded, so
 * it is emptied: each logo is fetched (and re-encoded) again the next time a document needs it.
 * Hand-written and reviewed; a cache only, nothing is lost.
 */
export class CompanyLogosRefetch1795878372218 implements MigrationInterface {
  name = 'CompanyLogosRefetch1795878372218';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM "company_logos"`);
  }

  async down(): Promise<void> {
    // A cache: nothing to restore.
  }
}
