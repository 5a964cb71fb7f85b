import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 22: a credit note's PDF is archived like an invoice's: stored once (FileStorage, key in
 * `document_key`) with its SHA-256, and every later download returns those bytes. Hand-written and
 * reviewed.
 */
export class CreditNoteArchive1795882075671 implements MigrationInterface {
  name = 'CreditNoteArchive1795882075671';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "credit_notes"
      ADD COLUMN "document_key" character varying(500),
      ADD COLUMN "document_sha256" character(64),
      ADD COLUMN "archived_at" TIMESTAMP WITH TIME ZONE`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "credit_notes" DROP COLUMN "archived_at", DROP COLUMN "document_sha256",
      DROP COLUMN "document_key"`);
  }
}
