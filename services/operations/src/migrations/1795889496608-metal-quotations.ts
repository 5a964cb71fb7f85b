import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The day's metal quotation the office enters (issue 29): copper in CHF per 100 kg. The metal
 * surcharge of an article is its metal weight per unit × the latest quotation ÷ 100, shown as a
 * line of its own where the article is used (quotes). Hand-written and reviewed.
 */
export class MetalQuotations1795889496608 implements MigrationInterface {
  name = 'MetalQuotations1795889496608';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "material_metal_quotations" (
      "company_id" uuid NOT NULL,
      "metal" character varying(10) NOT NULL DEFAULT 'copper',
      "day" date NOT NULL,
      "price_per_100kg" numeric(12,2) NOT NULL,
      "created_by" uuid NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "ck_material_metal_quotations_metal" CHECK ("metal" IN ('copper')),
      CONSTRAINT "ck_material_metal_quotations_price" CHECK ("price_per_100kg" >= 0),
      CONSTRAINT "pk_material_metal_quotations" PRIMARY KEY ("company_id", "metal", "day"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "material_metal_quotations"`);
  }
}
