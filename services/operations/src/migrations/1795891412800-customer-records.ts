import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Records kept as the law says (issue 26): a customer billing has issued an invoice to
 * (`records_kept_since`, set from billing's invoice events) is kept 10 years with its invoices,
 * credit notes, reminders and payments (OR 958f) and cannot be deleted; it is archived instead
 * (`archived_at`: hidden from the lists and pickers, still in the records).
 */
export class CustomerRecords1795891412800 implements MigrationInterface {
  name = 'CustomerRecords1795891412800';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "customers" ADD COLUMN "archived_at" timestamptz`);
    await q.query(`ALTER TABLE "customers" ADD COLUMN "records_kept_since" timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "customers" DROP COLUMN "records_kept_since"`);
    await q.query(`ALTER TABLE "customers" DROP COLUMN "archived_at"`);
  }
}
