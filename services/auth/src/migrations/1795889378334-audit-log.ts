import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit trail of support sessions (issue 25): `audit_log` (AuditLogEntity). Generated from the
 * entities with dist/cli/migration-sql.js and reviewed.
 */
export class AuditLog1795889378334 implements MigrationInterface {
  name = 'AuditLog1795889378334';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "audit_log" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "company_id" uuid NOT NULL, "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL, "actor" character varying(20) NOT NULL, "action" character varying(40) NOT NULL, "service" character varying(20) NOT NULL, "method" character varying(10), "path" character varying(500), "status" integer, "user_id" uuid, "expires_at" TIMESTAMP WITH TIME ZONE, "request_id" character varying(100), "source_event_id" uuid, CONSTRAINT "pk_audit_log" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_audit_log_source_event" ON "audit_log" ("source_event_id")`);
    await queryRunner.query(
      `CREATE INDEX "ix_audit_log_company_occurred" ON "audit_log" ("company_id", "occurred_at")`,
    );
    await queryRunner.query(
      `ALTER TABLE "audit_log" ADD CONSTRAINT "fk_audit_log_company" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "audit_log" DROP CONSTRAINT "fk_audit_log_company"`);
    await queryRunner.query(`DROP INDEX "public"."ix_audit_log_company_occurred"`);
    await queryRunner.query(`DROP INDEX "public"."uq_audit_log_source_event"`);
    await queryRunner.query(`DROP TABLE "audit_log"`);
  }
}
