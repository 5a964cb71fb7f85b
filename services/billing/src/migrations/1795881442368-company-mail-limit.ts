import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The trial's limit of customer mails while the owner's address is unconfirmed (issue 25): billing's
 * copy of the company learns `email_verified` (auth.company.registered / email-verified) and the
 * subscription status (auth.company.subscription-changed). Companies copied before count as verified.
 * Hand-written.
 */
export class CompanyMailLimit1795881442368 implements MigrationInterface {
  name = 'CompanyMailLimit1795881442368';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "companies" ADD "email_verified" boolean NOT NULL DEFAULT true`);
    await q.query(`ALTER TABLE "companies" ADD "subscription_status" character varying(20)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "companies" DROP COLUMN "subscription_status"`);
    await q.query(`ALTER TABLE "companies" DROP COLUMN "email_verified"`);
  }
}
