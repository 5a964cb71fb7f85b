import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * «Konto schliessen» (issue 26): when the admin closed the company. A closed company signs in no
 * more; the retention task removes its data once kept as long as the law asks (OR art. 958f, ArGV 1
 * art. 73) and the company row last. The partial index serves that daily task.
 */
export class CompanyClosed1795899584643 implements MigrationInterface {
  name = 'CompanyClosed1795899584643';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "companies" ADD "closed_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `CREATE INDEX "ix_companies_closed_at" ON "companies" ("closed_at") WHERE "closed_at" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_companies_closed_at"`);
    await queryRunner.query(`ALTER TABLE "companies" DROP COLUMN "closed_at"`);
  }
}
