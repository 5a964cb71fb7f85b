import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Materials (company stock) and material usage (recorded on projects, approved by the office).
 * Money and quantities are numeric(12,2). Stock may not go below zero: approval books the
 * quantity out with a guarded UPDATE, the CHECK is the final guard.
 */
export class Materials1763900000000 implements MigrationInterface {
  name = 'Materials1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "materials" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "company_id" uuid NOT NULL,
      "name" character varying(200) NOT NULL,
      "description" text,
      "unit" character varying(10) NOT NULL,
      "category" character varying(50),
      "unit_price" numeric(12,2) NOT NULL DEFAULT 0,
      "stock_quantity" numeric(12,2) NOT NULL DEFAULT 0,
      "min_stock" numeric(12,2) NOT NULL DEFAULT 0,
      "is_active" boolean NOT NULL DEFAULT true,
      "created_by" uuid,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "ck_materials_unit" CHECK ("unit" IN ('Stk', 'kg', 'm', 'm²', 'm³', 'l', 'Pkg')),
      CONSTRAINT "ck_materials_unit_price" CHECK ("unit_price" >= 0),
      CONSTRAINT "ck_materials_stock" CHECK ("stock_quantity" >= 0),
      CONSTRAINT "ck_materials_min_stock" CHECK ("min_stock" >= 0),
      CONSTRAINT "pk_materials" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "ix_materials_company_name" ON "materials" ("company_id", "name")`);

    await q.query(`CREATE TABLE "material_usages" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "company_id" uuid NOT NULL,
      "project_id" uuid NOT NULL,
      "material_id" uuid NOT NULL,
      "material_name" character varying(200) NOT NULL,
      "user_id" uuid NOT NULL,
      "user_name" character varying(201) NOT NULL,
      "quantity" numeric(12,2) NOT NULL,
      "unit" character varying(10) NOT NULL,
      "unit_price" numeric(12,2) NOT NULL,
      "used_at" date NOT NULL,
      "description" text,
      "status" character varying(20) NOT NULL DEFAULT 'pending',
      "rejection_reason" text,
      "approved_at" TIMESTAMP WITH TIME ZONE,
      "approved_by" uuid,
      "rejected_at" TIMESTAMP WITH TIME ZONE,
      "rejected_by" uuid,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "ck_material_usages_status" CHECK ("status" IN ('pending', 'approved', 'rejected')),
      CONSTRAINT "ck_material_usages_quantity" CHECK ("quantity" > 0),
      CONSTRAINT "ck_material_usages_unit_price" CHECK ("unit_price" >= 0),
      CONSTRAINT "ck_material_usages_rejection" CHECK (("status" = 'rejected') = ("rejection_reason" IS NOT NULL)),
      CONSTRAINT "fk_material_usages_project" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE RESTRICT,
      CONSTRAINT "fk_material_usages_material" FOREIGN KEY ("material_id") REFERENCES "materials"("id") ON DELETE RESTRICT,
      CONSTRAINT "pk_material_usages" PRIMARY KEY ("id"))`);
    await q.query(
      `CREATE INDEX "ix_material_usages_company_used" ON "material_usages" ("company_id", "used_at" DESC, "created_at" DESC)`,
    );
    await q.query(`CREATE INDEX "ix_material_usages_project" ON "material_usages" ("project_id")`);
    await q.query(`CREATE INDEX "ix_material_usages_user" ON "material_usages" ("user_id")`);
    await q.query(`CREATE INDEX "ix_material_usages_material" ON "material_usages" ("material_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "material_usages"`);
    await q.query(`DROP TABLE "materials"`);
  }
}
