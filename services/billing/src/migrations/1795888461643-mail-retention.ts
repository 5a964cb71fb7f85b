import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Retention of stored mails (issue 25): the daily task `mails.remove-old-bodies` empties the texts
 * and removes the attachments of mails sent or failed more than MAIL_RETENTION_DAYS ago and records
 * when in `body_removed_at`; the row (recipient, subject, status, message id, times) stays as the
 * record that the mail went out. The partial index finds the mails still holding a body by age.
 * Hand-written.
 */
export class MailRetention1795888461643 implements MigrationInterface {
  name = 'MailRetention1795888461643';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "mails" ADD "body_removed_at" TIMESTAMP WITH TIME ZONE`);
    await q.query(
      `CREATE INDEX "ix_mails_body_kept" ON "mails" ("created_at") WHERE "body_removed_at" IS NULL AND "status" <> 'queued'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "ix_mails_body_kept"`);
    await q.query(`ALTER TABLE "mails" DROP COLUMN "body_removed_at"`);
  }
}
