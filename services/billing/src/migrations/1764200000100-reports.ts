import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Work reports (Rapporte): the report with its snapshot (`content`, jsonb, written once at
 * generation), its photos (bytes in the FileStorage `stored_files`, only keys here), and the
 * single-use signature links (SHA-256 of the token only). A signed report keeps the signing record
 * and the SHA-256 of its sealed PDF (bytes in `stored_files`).
 */
export class Reports1764200000100 implements MigrationInterface {
  name = 'Reports1764200000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "reports" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "company_id" uuid NOT NULL,
      "report_number" character varying(30) NOT NULL,
      "title" character varying(300) NOT NULL,
      "project_id" uuid NOT NULL,
      "project_title" character varying(300) NOT NULL,
      "project_number" character varying(50) NOT NULL,
      "customer_id" uuid NOT NULL,
      "customer" jsonb NOT NULL,
      "language" character varying(2) NOT NULL,
      "period_start" date NOT NULL,
      "period_end" date NOT NULL,
      "status" character varying(20) NOT NULL DEFAULT 'draft',
      "notes" text,
      "content" jsonb NOT NULL,
      "total_hours" numeric(10,2) NOT NULL DEFAULT 0,
      "created_by" uuid,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "sent_at" TIMESTAMP WITH TIME ZONE,
      "sent_to" character varying(254),
      "signed_at" TIMESTAMP WITH TIME ZONE,
      "signer_name" character varying(200),
      "signer_email" character varying(254),
      "signer_ip" character varying(100),
      "signer_user_agent" character varying(500),
      "signed_via" character varying(10),
      "signature_key" character varying(500),
      "signed_pdf_key" character varying(500),
      "pdf_sha256" character(64),
      "seal_sha256" character(64),
      "approved_at" TIMESTAMP WITH TIME ZONE,
      "rejected_at" TIMESTAMP WITH TIME ZONE,
      "invoice_id" uuid,
      CONSTRAINT "ck_reports_status" CHECK ("status" IN ('draft', 'sent', 'signed', 'approved', 'rejected')),
      CONSTRAINT "ck_reports_language" CHECK ("language" IN ('de', 'fr', 'it')),
      CONSTRAINT "ck_reports_period" CHECK ("period_end" >= "period_start"),
      CONSTRAINT "pk_reports" PRIMARY KEY ("id"))`);
    await q.query(`CREATE UNIQUE INDEX "uq_reports_company_number" ON "reports" ("company_id", "report_number")`);
    await q.query(`CREATE INDEX "ix_reports_company_created" ON "reports" ("company_id", "created_at" DESC)`);

    await q.query(`CREATE TABLE "report_images" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "company_id" uuid NOT NULL,
      "report_id" uuid NOT NULL,
      "filename" character varying(255) NOT NULL,
      "content_type" character varying(100) NOT NULL,
      "size" integer NOT NULL,
      "storage_key" character varying(500) NOT NULL,
      "thumbnail_key" character varying(500),
      "created_by" uuid,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "fk_report_images_report" FOREIGN KEY ("report_id") REFERENCES "reports"("id") ON DELETE CASCADE,
      CONSTRAINT "pk_report_images" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "ix_report_images_report" ON "report_images" ("report_id", "created_at")`);

    await q.query(`CREATE TABLE "report_signature_tokens" (
      "token_hash" character(64) NOT NULL,
      "company_id" uuid NOT NULL,
      "report_id" uuid NOT NULL,
      "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "used_at" TIMESTAMP WITH TIME ZONE,
      "created_by" uuid,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "fk_report_signature_tokens_report" FOREIGN KEY ("report_id") REFERENCES "reports"("id") ON DELETE CASCADE,
      CONSTRAINT "pk_report_signature_tokens" PRIMARY KEY ("token_hash"))`);
    await q.query(`CREATE INDEX "ix_report_signature_tokens_report" ON "report_signature_tokens" ("report_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "report_signature_tokens"`);
    await q.query(`DROP TABLE "report_images"`);
    await q.query(`DROP TABLE "reports"`);
  }
}
