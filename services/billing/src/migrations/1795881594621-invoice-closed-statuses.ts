import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 22: an issued invoice can be closed for good by a cancellation (Storno, `cancelled`: its
 * unpaid rest credited by one credit note) or a write-off (`written_off`: the rest booked as a loss).
 * Hand-written and reviewed.
 */
export class InvoiceClosedStatuses1795881594621 implements MigrationInterface {
  name = 'InvoiceClosedStatuses1795881594621';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "invoices" DROP CONSTRAINT "ck_invoices_status"`);
    await q.query(
      `ALTER TABLE "invoices" ADD CONSTRAINT "ck_invoices_status"
         CHECK ("status" IN ('draft', 'sent', 'paid', 'overdue', 'cancelled', 'written_off'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "invoices" DROP CONSTRAINT "ck_invoices_status"`);
    await q.query(
      `ALTER TABLE "invoices" ADD CONSTRAINT "ck_invoices_status" CHECK ("status" IN ('draft', 'sent', 'paid', 'overdue'))`,
    );
  }
}
