import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Customer mails (issue 25, nothing lost and nothing sensitive in Redis): the mail job in Redis
 * carries the row's id only; recipient, texts (with signature and acceptance links) and the list
 * of attachments live here, the attachments' bytes in stored_files (FileStorage, key
 * `<company>/mails/<id>/<n>`). Hand-written and reviewed.
 * - status: queued → sent (message id, sent_at) or failed (the last error, kept here, not in Redis);
 * - a company's mails newest first (index).
 */
export class Mails1795877694532 implements MigrationInterface {
  name = 'Mails1795877694532';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "mails" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "company_id" uuid NOT NULL,
      "ref" character varying(200),
      "recipient" character varying(500) NOT NULL,
      "reply_to" character varying(500),
      "from_name" character varying(200),
      "subject" text NOT NULL,
      "text_body" text NOT NULL,
      "html_body" text,
      "attachments" jsonb NOT NULL DEFAULT '[]',
      "status" character varying(10) NOT NULL DEFAULT 'queued',
      "attempts" integer NOT NULL DEFAULT 0,
      "message_id" character varying(500),
      "error" text,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "sent_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "ck_mails_status" CHECK ("status" IN ('queued', 'sent', 'failed')),
      CONSTRAINT "pk_mails" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "ix_mails_company" ON "mails" ("company_id", "created_at" DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "mails"`);
  }
}
