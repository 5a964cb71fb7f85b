import { Injectable } from '@nestjs/common';
import type {
  MaterialImportDto,
  MaterialImportFormat,
  MaterialImportStatus,
  MaterialUnit,
  MetalQuotationDto,
} from '@zunft/contracts';
import { affected, iso, one, rows, type TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { LISTS, listTotals } from '../common/list-totals.js';
import type { ColumnMapping, DiscountGroup } from './catalogue-article.js';

interface ImportRow {
  id: string;
  supplier_id: string;
  supplier_name: string;
  format: MaterialImportFormat;
  file_name: string;
  status: MaterialImportStatus;
  total_rows: number;
  processed_rows: number;
  created_count: number;
  updated_count: number;
  unchanged_count: number;
  missing_count: number;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
}

const importToDto = (r: ImportRow): MaterialImportDto => ({
  id: r.id,
  supplier_id: r.supplier_id,
  supplier_name: r.supplier_name,
  format: r.format,
  file_name: r.file_name,
  status: r.status,
  total_rows: r.total_rows,
  processed_rows: r.processed_rows,
  created_count: r.created_count,
  updated_count: r.updated_count,
  unchanged_count: r.unchanged_count,
  missing_count: r.missing_count,
  error: r.error,
  created_at: iso(r.created_at)!,
  finished_at: iso(r.finished_at),
});

const IMPORT_SELECT = `SELECT i.id, i.supplier_id, s.name AS supplier_name, i.format, i.file_name, i.status, i.total_rows,
    i.processed_rows, i.created_count, i.updated_count, i.unchanged_count, i.missing_count, i.error, i.created_at,
    i.finished_at
  FROM material_imports i JOIN material_suppliers s ON s.id = i.supplier_id`;

export interface SupplierRow {
  id: string;
  name: string;
  column_mapping: ColumnMapping | null;
}

/** A supplier article as stored (numbers as PostgreSQL gives numeric: text). */
export interface StoredArticle {
  id: string;
  supplier_article_number: string;
  name: string;
  description: string | null;
  unit: MaterialUnit;
  ean: string | null;
  product_group: string | null;
  discount_group: string | null;
  price_unit: number;
  list_price: string | null;
  net_price: string | null;
  purchase_price: string | null;
  metal_weight_kg: string | null;
  unit_price: string;
  missing_since: Date | null;
}

/** An article as the import writes it (prices already computed). */
export interface ArticleWrite {
  articleNumber: string;
  name: string;
  description: string | null;
  unit: MaterialUnit;
  ean: string | null;
  productGroup: string | null;
  discountGroup: string | null;
  priceUnit: number;
  listPrice: number | null;
  netPrice: number | null;
  purchasePrice: number | null;
  metalWeightKg: number | null;
  unitPrice: number;
}

const ARTICLE_ARRAYS = `unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
    $10::int[], $11::numeric[], $12::numeric[], $13::numeric[], $14::numeric[], $15::numeric[])
  AS a(number, name, description, unit, ean, product_group, discount_group, price_unit, list_price, net_price,
    purchase_price, metal_weight_kg, unit_price)`;

const arrays = (list: ArticleWrite[]) => [
  list.map((a) => a.articleNumber),
  list.map((a) => a.name),
  list.map((a) => a.description),
  list.map((a) => a.unit),
  list.map((a) => a.ean),
  list.map((a) => a.productGroup),
  list.map((a) => a.discountGroup),
  list.map((a) => a.priceUnit),
  list.map((a) => a.listPrice),
  list.map((a) => a.netPrice),
  list.map((a) => a.purchasePrice),
  list.map((a) => a.metalWeightKg),
  list.map((a) => a.unitPrice),
];

/**
 * Suppliers, import jobs, discount groups, markups and the bulk writes of an import (issue 29). Every
 * statement filters on the company; articles are written a chunk at a time with `unnest` arrays.
 */
@Injectable()
export class MaterialsImportRepository {
  /** The supplier of this name (case-insensitive) in the company, created on first use. */
  async supplier(manager: EntityManager, scope: TenantScope, name: string): Promise<SupplierRow> {
    const row = await one<SupplierRow>(
      manager,
      `INSERT INTO material_suppliers (company_id, name) VALUES ($1, $2)
       ON CONFLICT (company_id, lower(name)) DO UPDATE SET updated_at = material_suppliers.updated_at
       RETURNING id, name, column_mapping`,
      [scope.companyId, name],
    );
    return row!;
  }

  async rememberMapping(manager: EntityManager, scope: TenantScope, supplierId: string, mapping: ColumnMapping) {
    await affected(
      manager,
      `UPDATE material_suppliers SET column_mapping = $3::jsonb, updated_at = now() WHERE id = $1 AND company_id = $2`,
      [supplierId, scope.companyId, JSON.stringify(mapping)],
    );
  }

  async suppliers(manager: EntityManager, scope: TenantScope): Promise<SupplierRow[]> {
    return rows<SupplierRow>(
      manager,
      `SELECT id, name, column_mapping FROM material_suppliers WHERE company_id = $1 ORDER BY lower(name)`,
      [scope.companyId],
    );
  }

  /** Whether an import of this supplier is still queued or running (started within the last hour). */
  async running(manager: EntityManager, scope: TenantScope, supplierId: string): Promise<boolean> {
    const row = await one(
      manager,
      `SELECT 1 FROM material_imports WHERE company_id = $1 AND supplier_id = $2 AND status IN ('queued', 'running')
         AND created_at > now() - interval '1 hour' LIMIT 1`,
      [scope.companyId, supplierId],
    );
    return row !== null;
  }

  async createImport(
    manager: EntityManager,
    scope: TenantScope,
    job: { supplierId: string; format: MaterialImportFormat; fileName: string; totalRows: number; createdBy: string },
  ): Promise<string> {
    const row = await one<{ id: string }>(
      manager,
      `INSERT INTO material_imports (company_id, supplier_id, format, file_name, total_rows, created_by)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [scope.companyId, job.supplierId, job.format, job.fileName, job.totalRows, job.createdBy],
    );
    return row!.id;
  }

  async findImport(manager: EntityManager, scope: TenantScope, id: string): Promise<MaterialImportDto | null> {
    const row = await one<ImportRow>(manager, `${IMPORT_SELECT} WHERE i.id = $1 AND i.company_id = $2`, [
      id,
      scope.companyId,
    ]);
    return row ? importToDto(row) : null;
  }

  async listImports(manager: EntityManager, scope: TenantScope): Promise<MaterialImportDto[]> {
    const list = await rows<ImportRow>(
      manager,
      `${IMPORT_SELECT} WHERE i.company_id = $1 ORDER BY i.created_at DESC LIMIT 20`,
      [scope.companyId],
    );
    return list.map(importToDto);
  }

  async progress(
    manager: EntityManager,
    scope: TenantScope,
    id: string,
    status: MaterialImportStatus,
    processed: number,
  ) {
    await affected(
      manager,
      `UPDATE material_imports SET status = $3, processed_rows = $4 WHERE id = $1 AND company_id = $2`,
      [id, scope.companyId, status, processed],
    );
  }

  async finish(
    manager: EntityManager,
    scope: TenantScope,
    id: string,
    result: { created: number; updated: number; unchanged: number; missing: number; processed: number },
  ) {
    await affected(
      manager,
      `UPDATE material_imports SET status = 'done', processed_rows = $3, created_count = $4, updated_count = $5,
         unchanged_count = $6, missing_count = $7, finished_at = now() WHERE id = $1 AND company_id = $2`,
      [id, scope.companyId, result.processed, result.created, result.updated, result.unchanged, result.missing],
    );
  }

  async fail(manager: EntityManager, scope: TenantScope, id: string, error: string) {
    await affected(
      manager,
      `UPDATE material_imports SET status = 'failed', error = $3, finished_at = now() WHERE id = $1 AND company_id = $2`,
      [id, scope.companyId, error],
    );
  }

  /** The file's discount groups replace the ones of the supplier with the same code. */
  async upsertDiscountGroups(manager: EntityManager, scope: TenantScope, supplierId: string, groups: DiscountGroup[]) {
    if (groups.length === 0) return;
    await rows(
      manager,
      `INSERT INTO material_discount_groups (company_id, supplier_id, code, percent, label)
       SELECT $1, $2, g.code, g.percent, g.label FROM unnest($3::text[], $4::numeric[], $5::text[]) AS g(code, percent, label)
       ON CONFLICT (supplier_id, code) DO UPDATE SET percent = EXCLUDED.percent, label = EXCLUDED.label`,
      [
        scope.companyId,
        supplierId,
        groups.map((g) => g.code),
        groups.map((g) => g.percent),
        groups.map((g) => g.label),
      ],
    );
  }

  /** Discount group code → percent of the supplier. */
  async discountGroups(manager: EntityManager, scope: TenantScope, supplierId: string): Promise<Map<string, number>> {
    const list = await rows<{ code: string; percent: string }>(
      manager,
      `SELECT code, percent FROM material_discount_groups WHERE company_id = $1 AND supplier_id = $2`,
      [scope.companyId, supplierId],
    );
    return new Map(list.map((g) => [g.code, Number(g.percent)]));
  }

  /** Product group → markup percent ('*' = the company's default). */
  async markups(manager: EntityManager, scope: TenantScope): Promise<Map<string, number>> {
    const list = await rows<{ product_group: string; percent: string }>(
      manager,
      `SELECT product_group, percent FROM material_markups WHERE company_id = $1`,
      [scope.companyId],
    );
    return new Map(list.map((g) => [g.product_group, Number(g.percent)]));
  }

  /** The supplier's stored articles among these numbers, locked for the import's transaction. */
  async existing(
    manager: EntityManager,
    scope: TenantScope,
    supplierId: string,
    numbers: string[],
  ): Promise<StoredArticle[]> {
    return rows<StoredArticle>(
      manager,
      `SELECT id, supplier_article_number, name, description, unit, ean, product_group, discount_group, price_unit,
         list_price, net_price, purchase_price, metal_weight_kg, unit_price, missing_since
       FROM materials WHERE company_id = $1 AND supplier_id = $2 AND supplier_article_number = ANY($3::text[])
       FOR UPDATE`,
      [scope.companyId, supplierId, numbers],
    );
  }

  /** New articles (stock 0, active); answers their ids. */
  async insertArticles(
    manager: EntityManager,
    scope: TenantScope,
    supplierId: string,
    createdBy: string,
    list: ArticleWrite[],
  ): Promise<Array<{ id: string; number: string }>> {
    if (list.length === 0) return [];
    listTotals.invalidate(manager, scope.companyId, LISTS.materials);
    return rows<{ id: string; number: string }>(
      manager,
      `INSERT INTO materials (company_id, supplier_id, supplier_article_number, name, description, unit, ean,
         product_group, discount_group, price_unit, list_price, net_price, purchase_price, metal_weight_kg, unit_price,
         created_by)
       SELECT $1, $2, a.number, a.name, a.description, a.unit, a.ean, a.product_group, a.discount_group, a.price_unit,
         a.list_price, a.net_price, a.purchase_price, a.metal_weight_kg, a.unit_price, $16
       FROM ${ARTICLE_ARRAYS}
       RETURNING id, supplier_article_number AS number`,
      [scope.companyId, supplierId, ...arrays(list), createdBy],
    );
  }

  /** Changed articles: texts, codes and prices; stock, minimum stock, active flag and usage stay. */
  async updateArticles(manager: EntityManager, scope: TenantScope, supplierId: string, list: ArticleWrite[]) {
    if (list.length === 0) return;
    listTotals.invalidate(manager, scope.companyId, LISTS.materials);
    await affected(
      manager,
      `UPDATE materials m SET name = a.name, description = a.description, unit = a.unit, ean = a.ean,
         product_group = a.product_group, discount_group = a.discount_group, price_unit = a.price_unit,
         list_price = a.list_price, net_price = a.net_price, purchase_price = a.purchase_price,
         metal_weight_kg = a.metal_weight_kg, unit_price = a.unit_price, missing_since = NULL, updated_at = now()
       FROM ${ARTICLE_ARRAYS}
       WHERE m.company_id = $1 AND m.supplier_id = $2 AND m.supplier_article_number = a.number`,
      [scope.companyId, supplierId, ...arrays(list)],
    );
  }

  async addPriceHistory(
    manager: EntityManager,
    scope: TenantScope,
    importId: string | null,
    entries: Array<{ materialId: string; a: ArticleWrite }>,
  ) {
    if (entries.length === 0) return;
    await rows(
      manager,
      `INSERT INTO material_price_history (company_id, material_id, import_id, price_unit, list_price, net_price,
         purchase_price, unit_price)
       SELECT $1, h.material_id, $2, h.price_unit, h.list_price, h.net_price, h.purchase_price, h.unit_price
       FROM unnest($3::uuid[], $4::int[], $5::numeric[], $6::numeric[], $7::numeric[], $8::numeric[])
         AS h(material_id, price_unit, list_price, net_price, purchase_price, unit_price)`,
      [
        scope.companyId,
        importId,
        entries.map((e) => e.materialId),
        entries.map((e) => e.a.priceUnit),
        entries.map((e) => e.a.listPrice),
        entries.map((e) => e.a.netPrice),
        entries.map((e) => e.a.purchasePrice),
        entries.map((e) => e.a.unitPrice),
      ],
    );
  }

  /** Marks the supplier's articles the file no longer lists (never deletes them); answers how many are missing. */
  async markMissing(
    manager: EntityManager,
    scope: TenantScope,
    supplierId: string,
    present: string[],
  ): Promise<number> {
    await affected(
      manager,
      `UPDATE materials SET missing_since = now(), updated_at = now()
       WHERE company_id = $1 AND supplier_id = $2 AND missing_since IS NULL
         AND supplier_article_number IS NOT NULL AND NOT (supplier_article_number = ANY($3::text[]))`,
      [scope.companyId, supplierId, present],
    );
    const row = await one<{ n: string }>(
      manager,
      `SELECT count(*) AS n FROM materials WHERE company_id = $1 AND supplier_id = $2 AND missing_since IS NOT NULL`,
      [scope.companyId, supplierId],
    );
    return Number(row!.n);
  }

  /** Price history of one material, newest first. */
  async priceHistory(manager: EntityManager, scope: TenantScope, materialId: string) {
    return rows<{
      price_unit: number;
      list_price: string | null;
      net_price: string | null;
      purchase_price: string | null;
      unit_price: string;
      valid_from: Date;
      import_id: string | null;
    }>(
      manager,
      `SELECT price_unit, list_price, net_price, purchase_price, unit_price, valid_from, import_id
       FROM material_price_history WHERE company_id = $1 AND material_id = $2 ORDER BY valid_from DESC, id`,
      [scope.companyId, materialId],
    );
  }

  /** Records the day's copper quotation (a second one the same day replaces it). */
  async setQuotation(manager: EntityManager, scope: TenantScope, day: string, price: number, userId: string) {
    await rows(
      manager,
      `INSERT INTO material_metal_quotations (company_id, metal, day, price_per_100kg, created_by)
       VALUES ($1, 'copper', $2, $3, $4)
       ON CONFLICT (company_id, metal, day) DO UPDATE SET price_per_100kg = EXCLUDED.price_per_100kg,
         created_by = EXCLUDED.created_by, created_at = now()`,
      [scope.companyId, day, price, userId],
    );
  }

  /** The latest copper quotation up to `day`, or null. */
  async quotation(manager: EntityManager, scope: TenantScope, day: string): Promise<MetalQuotationDto | null> {
    const row = await one<{ day: string; price: string }>(
      manager,
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, price_per_100kg AS price FROM material_metal_quotations
       WHERE company_id = $1 AND metal = 'copper' AND day <= $2 ORDER BY day DESC LIMIT 1`,
      [scope.companyId, day],
    );
    return row ? { metal: 'copper', day: row.day, price_per_100kg: Number(row.price) } : null;
  }
}
