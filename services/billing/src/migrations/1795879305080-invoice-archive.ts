import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The archive of issued documents (issue 22): an issued invoice's PDF and each reminder's PDF are
 * stored once (FileStorage, key in `document_key`) with their SHA-256, and every later download
 * returns those bytes, whatever changed in the settings since. Hand-written and reviewed.
 */
export class InvoiceArchive1795879305080 implements MigrationInterface {
  name = 'InvoiceArchive1795879305080';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "invoices"
      ADD COLUMN "document_key" character varying(500),
      ADD COLUMN "document_sha256" character(64),
      ADD COLUMN "archived_at" TIMESTAMP WITH TIME ZONE`);
    await q.query(`ALTER TABLE "invoice_reminders"
      ADD COLUMN "document_key" character varying(500),
      ADD COLUMN "document_sha256" character(64)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "invoice_reminders" DROP COLUMN "document_key", DROP COLUMN "document_sha256"`);
    await q.query(
      `ALTER TABLE "invoices" DROP COLUMN "document_key", DROP COLUMN "document_sha256", DROP COLUMN "archived_at"`,
    );
  }
}
