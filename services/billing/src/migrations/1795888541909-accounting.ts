import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The accounting hand-off (issue 26): the account mapping per company (`accounting_settings`, one
 * row once the company changed the defaults) and the exports of the journal: which ledger entries
 * a file contained (`accounting_exported_entries`), so the next export of another period skips
 * them. Hand-written and reviewed.
 */
export class Accounting1795888541909 implements MigrationInterface {
  name = 'Accounting1795888541909';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "accounting_settings" (
      "company_id" uuid NOT NULL,
      "accounts" jsonb NOT NULL,
      "vat_codes" jsonb NOT NULL,
      "vat_method" character varying(10) NOT NULL DEFAULT 'agreed',
      "updated_by" uuid,
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "ck_accounting_settings_vat_method" CHECK ("vat_method" IN ('agreed', 'received')),
      CONSTRAINT "pk_accounting_settings" PRIMARY KEY ("company_id"))`);
    await q.query(`CREATE TABLE "accounting_exports" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "company_id" uuid NOT NULL,
      "from_date" date NOT NULL,
      "to_date" date NOT NULL,
      "format" character varying(10) NOT NULL,
      "entries" integer NOT NULL,
      "created_by" uuid,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_accounting_exports" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "ix_accounting_exports_company" ON "accounting_exports" ("company_id", "created_at")`);
    await q.query(`CREATE TABLE "accounting_exported_entries" (
      "company_id" uuid NOT NULL,
      "entry_id" uuid NOT NULL,
      "export_id" uuid NOT NULL,
      "exported_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "fk_accounting_exported_entries_entry" FOREIGN KEY ("entry_id")
        REFERENCES "invoice_ledger_entries"("id") ON DELETE CASCADE,
      CONSTRAINT "fk_accounting_exported_entries_export" FOREIGN KEY ("export_id")
        REFERENCES "accounting_exports"("id") ON DELETE CASCADE,
      CONSTRAINT "pk_accounting_exported_entries" PRIMARY KEY ("company_id", "entry_id"))`);
    await q.query(
      `CREATE INDEX "ix_accounting_exported_entries_export" ON "accounting_exported_entries" ("export_id")`,
    );
    await q.query(
      `CREATE INDEX "ix_invoice_ledger_entries_company_date" ON "invoice_ledger_entries" ("company_id", "entry_date")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "ix_invoice_ledger_entries_company_date"`);
    await q.query(`DROP TABLE "accounting_exported_entries"`);
    await q.query(`DROP TABLE "accounting_exports"`);
    await q.query(`DROP TABLE "accounting_settings"`);
  }
}
