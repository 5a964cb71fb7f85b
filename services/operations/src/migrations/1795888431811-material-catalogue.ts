import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Materials from the wholesaler (issue 29): the supplier and its article number, EAN/GTIN, product
 * and discount group, the price as the supplier gives it (list price with a discount group, or net)
 * per price unit (1, 10, 100, 1000), the metal (copper) weight per unit, the mark «missing from the
 * latest import», a price history, the company's markup per product group and the import jobs.
 * `unit_price` stays the selling price quotes and invoices use. The search reads one lower-cased
 * `search_text` (name, category, description, supplier article number, EAN) through a trigram index,
 * so `ILIKE '%…%'` stays fast over 100,000 articles (docs/performance.md). Hand-written and reviewed.
 */
export class MaterialCatalogue1795888431811 implements MigrationInterface {
  name = 'MaterialCatalogue1795888431811';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);

    await q.query(`CREATE TABLE "material_suppliers" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "company_id" uuid NOT NULL,
      "name" character varying(120) NOT NULL,
      "column_mapping" jsonb,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "pk_material_suppliers" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "ix_material_suppliers_company" ON "material_suppliers" ("company_id")`);
    await q.query(
      `CREATE UNIQUE INDEX "uq_material_suppliers_company_name" ON "material_suppliers" ("company_id", lower("name"))`,
    );

    await q.query(`ALTER TABLE "materials"
      ADD COLUMN "supplier_id" uuid,
      ADD COLUMN "supplier_article_number" character varying(40),
      ADD COLUMN "ean" character varying(14),
      ADD COLUMN "product_group" character varying(40),
      ADD COLUMN "discount_group" character varying(20),
      ADD COLUMN "price_unit" integer NOT NULL DEFAULT 1,
      ADD COLUMN "list_price" numeric(14,4),
      ADD COLUMN "net_price" numeric(14,4),
      ADD COLUMN "purchase_price" numeric(14,4),
      ADD COLUMN "metal_weight_kg" numeric(12,4),
      ADD COLUMN "missing_since" TIMESTAMP WITH TIME ZONE,
      ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(
        "name" || ' ' || coalesce("category", '') || ' ' || coalesce("description", '') || ' ' ||
        coalesce("supplier_article_number", '') || ' ' || coalesce("ean", ''))) STORED,
      ADD CONSTRAINT "fk_materials_supplier" FOREIGN KEY ("supplier_id") REFERENCES "material_suppliers"("id") ON DELETE SET NULL,
      ADD CONSTRAINT "ck_materials_price_unit" CHECK ("price_unit" IN (1, 10, 100, 1000)),
      ADD CONSTRAINT "ck_materials_supplier_prices" CHECK (coalesce("list_price", 0) >= 0 AND coalesce("net_price", 0) >= 0 AND coalesce("purchase_price", 0) >= 0),
      ADD CONSTRAINT "ck_materials_metal_weight" CHECK ("metal_weight_kg" IS NULL OR "metal_weight_kg" >= 0)`);
    await q.query(
      `CREATE UNIQUE INDEX "uq_materials_supplier_article" ON "materials" ("company_id", "supplier_id", "supplier_article_number") WHERE "supplier_article_number" IS NOT NULL`,
    );
    await q.query(`CREATE INDEX "ix_materials_supplier" ON "materials" ("supplier_id")`);
    await q.query(
      `CREATE INDEX "ix_materials_company_ean" ON "materials" ("company_id", "ean") WHERE "ean" IS NOT NULL`,
    );
    await q.query(`CREATE INDEX "ix_materials_search_trgm" ON "materials" USING gin ("search_text" gin_trgm_ops)`);

    await q.query(`CREATE TABLE "material_price_history" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "company_id" uuid NOT NULL,
      "material_id" uuid NOT NULL,
      "import_id" uuid,
      "price_unit" integer NOT NULL,
      "list_price" numeric(14,4),
      "net_price" numeric(14,4),
      "purchase_price" numeric(14,4),
      "unit_price" numeric(12,2) NOT NULL,
      "valid_from" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "fk_material_price_history_material" FOREIGN KEY ("material_id") REFERENCES "materials"("id") ON DELETE CASCADE,
      CONSTRAINT "pk_material_price_history" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "ix_material_price_history_company" ON "material_price_history" ("company_id")`);
    await q.query(
      `CREATE INDEX "ix_material_price_history_material" ON "material_price_history" ("material_id", "valid_from" DESC)`,
    );

    await q.query(`CREATE TABLE "material_discount_groups" (
      "company_id" uuid NOT NULL,
      "supplier_id" uuid NOT NULL,
      "code" character varying(20) NOT NULL,
      "percent" numeric(5,2) NOT NULL,
      "label" character varying(120),
      CONSTRAINT "fk_material_discount_groups_supplier" FOREIGN KEY ("supplier_id") REFERENCES "material_suppliers"("id") ON DELETE CASCADE,
      CONSTRAINT "ck_material_discount_groups_percent" CHECK ("percent" >= 0 AND "percent" <= 100),
      CONSTRAINT "pk_material_discount_groups" PRIMARY KEY ("supplier_id", "code"))`);
    await q.query(`CREATE INDEX "ix_material_discount_groups_company" ON "material_discount_groups" ("company_id")`);

    // product_group '*' is the company's default markup for groups without one of their own.
    await q.query(`CREATE TABLE "material_markups" (
      "company_id" uuid NOT NULL,
      "product_group" character varying(40) NOT NULL,
      "percent" numeric(6,2) NOT NULL,
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "ck_material_markups_percent" CHECK ("percent" >= 0 AND "percent" <= 1000),
      CONSTRAINT "pk_material_markups" PRIMARY KEY ("company_id", "product_group"))`);

    await q.query(`CREATE TABLE "material_imports" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "company_id" uuid NOT NULL,
      "supplier_id" uuid NOT NULL,
      "format" character varying(20) NOT NULL,
      "file_name" character varying(255) NOT NULL,
      "status" character varying(20) NOT NULL DEFAULT 'queued',
      "total_rows" integer NOT NULL DEFAULT 0,
      "processed_rows" integer NOT NULL DEFAULT 0,
      "created_count" integer NOT NULL DEFAULT 0,
      "updated_count" integer NOT NULL DEFAULT 0,
      "unchanged_count" integer NOT NULL DEFAULT 0,
      "missing_count" integer NOT NULL DEFAULT 0,
      "error" text,
      "created_by" uuid NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "finished_at" TIMESTAMP WITH TIME ZONE,
      CONSTRAINT "fk_material_imports_supplier" FOREIGN KEY ("supplier_id") REFERENCES "material_suppliers"("id") ON DELETE CASCADE,
      CONSTRAINT "ck_material_imports_status" CHECK ("status" IN ('queued', 'running', 'done', 'failed')),
      CONSTRAINT "ck_material_imports_format" CHECK ("format" IN ('csv', 'xlsx', 'datanorm4', 'datanorm5')),
      CONSTRAINT "pk_material_imports" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "ix_material_imports_company" ON "material_imports" ("company_id", "created_at" DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "material_imports"`);
    await q.query(`DROP TABLE "material_markups"`);
    await q.query(`DROP TABLE "material_discount_groups"`);
    await q.query(`DROP TABLE "material_price_history"`);
    await q.query(`DROP INDEX "ix_materials_search_trgm"`);
    await q.query(`DROP INDEX "ix_materials_company_ean"`);
    await q.query(`DROP INDEX "ix_materials_supplier"`);
    await q.query(`DROP INDEX "uq_materials_supplier_article"`);
    await q.query(`ALTER TABLE "materials" DROP COLUMN "search_text", DROP COLUMN "missing_since",
      DROP COLUMN "metal_weight_kg", DROP COLUMN "purchase_price", DROP COLUMN "net_price", DROP COLUMN "list_price",
      DROP COLUMN "price_unit", DROP COLUMN "discount_group", DROP COLUMN "product_group", DROP COLUMN "ean",
      DROP COLUMN "supplier_article_number", DROP COLUMN "supplier_id"`);
    await q.query(`DROP TABLE "material_suppliers"`);
  }
}
