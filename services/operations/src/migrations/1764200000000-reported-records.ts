import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Records billed in a signed work report (billing `billing.report.signed`): time entries, material
 * usage and expenses remember the report that holds them. A reported time entry or usage can no
 * longer be edited or deleted (409 naming the report), and report-data leaves reported records out,
 * so an overlapping report never bills them twice.
 */
export class ReportedRecords1764200000000 implements MigrationInterface {
  name = 'ReportedRecords1764200000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['time_entries', 'material_usages', 'expenses']) {
      await q.query(
        `ALTER TABLE "${table}" ADD "reported_report_id" uuid, ADD "reported_report_number" character varying(30),
           ADD "reported_at" TIMESTAMP WITH TIME ZONE`,
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['time_entries', 'material_usages', 'expenses']) {
      await q.query(
        `ALTER TABLE "${table}" DROP COLUMN "reported_report_id", DROP COLUMN "reported_report_number",
           DROP COLUMN "reported_at"`,
      );
    }
  }
}
