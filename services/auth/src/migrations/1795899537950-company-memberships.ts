import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One fiduciary in several companies (issue 26): invitations by e-mail (`user_invitations`, only the
 * token's hash) and linked accountant accounts (`users.identity_user_id`: the person's home account).
 * The e-mail index now covers home accounts only (linked ones repeat the address); one linked account
 * per company and person.
 */
export class CompanyMemberships1795899537950 implements MigrationInterface {
  name = 'CompanyMemberships1795899537950';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "user_invitations" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "company_id" uuid NOT NULL, "email" character varying(254) NOT NULL, "role" character varying(20) NOT NULL, "token_hash" character varying(64), "invited_by" uuid, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "accepted_at" TIMESTAMP WITH TIME ZONE, "accepted_user_id" uuid, "revoked_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "pk_user_invitations" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "ix_user_invitations_company_id" ON "user_invitations" ("company_id")`);
    await q.query(`CREATE UNIQUE INDEX "uq_user_invitations_token_hash" ON "user_invitations" ("token_hash")`);
    await q.query(`ALTER TABLE "users" ADD "identity_user_id" uuid`);
    await q.query(`CREATE INDEX "ix_users_identity_user_id" ON "users" ("identity_user_id")`);
    await q.query(
      `ALTER TABLE "users" ADD CONSTRAINT "fk_users_identity_user" FOREIGN KEY ("identity_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await q.query(
      `ALTER TABLE "user_invitations" ADD CONSTRAINT "fk_user_invitations_company" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(`DROP INDEX "uq_users_email_active"`);
    await q.query(
      `CREATE UNIQUE INDEX "uq_users_email_active" ON "users" (lower("email")) WHERE "deleted_at" IS NULL AND "identity_user_id" IS NULL`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "uq_users_identity_company" ON "users" ("identity_user_id", "company_id") WHERE "deleted_at" IS NULL AND "identity_user_id" IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "uq_users_identity_company"`);
    await q.query(`DROP INDEX "uq_users_email_active"`);
    await q.query(`CREATE UNIQUE INDEX "uq_users_email_active" ON "users" (lower("email")) WHERE "deleted_at" IS NULL`);
    await q.query(`ALTER TABLE "user_invitations" DROP CONSTRAINT "fk_user_invitations_company"`);
    await q.query(`ALTER TABLE "users" DROP CONSTRAINT "fk_users_identity_user"`);
    await q.query(`DROP INDEX "ix_users_identity_user_id"`);
    await q.query(`ALTER TABLE "users" DROP COLUMN "identity_user_id"`);
    await q.query(`DROP INDEX "uq_user_invitations_token_hash"`);
    await q.query(`DROP INDEX "ix_user_invitations_company_id"`);
    await q.query(`DROP TABLE "user_invitations"`);
  }
}
