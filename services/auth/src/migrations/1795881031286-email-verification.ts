import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Verification of the owner's e-mail address (issue 25): when it was confirmed and the hash of the
 * latest link's token (generated). Companies registered before count as confirmed (hand-added
 * UPDATE): their owners never got a link, and the trial's mail limit is for new sign-ups.
 */
export class EmailVerification1795881031286 implements MigrationInterface {
  name = 'EmailVerification1795881031286';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "companies" ADD "email_verified_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "companies" ADD "email_verification_token_hash" character varying(64)`);
    await queryRunner.query(`ALTER TABLE "companies" ADD "email_verification_expires_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ix_companies_email_verification_token" ON "companies" ("email_verification_token_hash")`,
    );
    await queryRunner.query(`UPDATE "companies" SET "email_verified_at" = "created_at"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_companies_email_verification_token"`);
    await queryRunner.query(`ALTER TABLE "companies" DROP COLUMN "email_verification_expires_at"`);
    await queryRunner.query(`ALTER TABLE "companies" DROP COLUMN "email_verification_token_hash"`);
    await queryRunner.query(`ALTER TABLE "companies" DROP COLUMN "email_verified_at"`);
  }
}
