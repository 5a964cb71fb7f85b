import { Injectable } from '@nestjs/common';
import type {
  MaterialProductGroup,
  MaterialCategory,
  MaterialDto,
  MaterialStatsResponse,
  MaterialUnit,
  MaterialUsageDto,
  MaterialUsageStatus,
  PaginatedResponse,
} from '@zunft/contracts';
import { changed, iso, one, pagedList, rows, sqlWhere, type ListParams, type TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { clientIdHolder, type ClientIdHolder } from '../common/client-id.js';
import { LISTS, listTotals } from '../common/list-totals.js';

interface MaterialRow {
  id: string;
  name: string;
  description: string | null;
  unit: MaterialUnit;
  category: MaterialCategory | null;
  unit_price: string;
  stock_quantity: string;
  min_stock: string;
  is_active: boolean;
  supplier_id: string | null;
  supplier_name: string | null;
  supplier_article_number: string | null;
  ean: string | null;
  product_group: string | null;
  discount_group: string | null;
  price_unit: number;
  list_price: string | null;
  net_price: string | null;
  purchase_price: string | null;
  metal_weight_kg: string | null;
  metal_surcharge: string | null;
  missing_since: Date | null;
  created_at: Date;
  updated_at: Date;
}

const numOrNull = (v: string | null) => (v === null ? null : Number(v));

export interface MaterialWrite {
  name: string;
  description: string | null;
  unit: MaterialUnit;
  category: MaterialCategory | null;
  unitPrice: number;
  stockQuantity: number;
  minStock: number;
  isActive: boolean;
}

const materialToDto = (r: MaterialRow): MaterialDto => {
  const stock = Number(r.stock_quantity);
  const min = Number(r.min_stock);
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    unit: r.unit,
    category: r.category,
    unit_price: Number(r.unit_price),
    stock_quantity: stock,
    min_stock: min,
    is_active: r.is_active,
    low_stock: stock <= min,
    supplier_id: r.supplier_id,
    supplier_name: r.supplier_name,
    supplier_article_number: r.supplier_article_number,
    ean: r.ean,
    product_group: r.product_group,
    discount_group: r.discount_group,
    price_unit: r.price_unit,
    list_price: numOrNull(r.list_price),
    net_price: numOrNull(r.net_price),
    purchase_price: numOrNull(r.purchase_price),
    metal_weight_kg: numOrNull(r.metal_weight_kg),
    metal_surcharge: numOrNull(r.metal_surcharge),
    missing_since: iso(r.missing_since),
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
  };
};

const MATERIAL_COLUMNS = `id, name, description, unit, category, unit_price, stock_quantity, min_stock, is_active,
    supplier_id, (SELECT s.name FROM material_suppliers s WHERE s.id = materials.supplier_id) AS supplier_name,
    supplier_article_number, ean, product_group, discount_group, price_unit, list_price, net_price, purchase_price,
    metal_weight_kg, CASE WHEN metal_weight_kg IS NULL THEN NULL ELSE round(metal_weight_kg * (
      SELECT q.price_per_100kg FROM material_metal_quotations q WHERE q.company_id = materials.company_id
        AND q.metal = 'copper' AND q.day <= (now() AT TIME ZONE 'Europe/Zurich')::date ORDER BY q.day DESC LIMIT 1) / 100, 2) END AS metal_surcharge,
    missing_since, created_at, updated_at`;
const MATERIAL_SELECT = `SELECT ${MATERIAL_COLUMNS} FROM materials`;

export interface MaterialFilter {
  includeInactive: boolean;
  /** Part of the name, category, description, supplier article number or EAN (case-insensitive). */
  search?: string | null;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/** By name as the screen sorts it (case-insensitive), then id; a page of a picker's search the same way. */
const MATERIAL_LIST = pagedList(
  LISTS.materials,
  'asc',
  [
    { sql: 'lower(name)', type: 'text' },
    { sql: 'id', type: 'uuid' },
  ],
  { columns: MATERIAL_COLUMNS, from: 'materials' },
);

interface UsageRow {
  id: string;
  project_id: string;
  project_title: string;
  project_number: string;
  material_id: string;
  material_name: string;
  quantity: string;
  unit: MaterialUnit;
  unit_price: string;
  total_price: string;
  used_at: string;
  status: MaterialUsageStatus;
  user_id: string;
  user_name: string;
  description: string | null;
  rejection_reason: string | null;
  approved_at: Date | null;
  approved_by: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface UsageWrite {
  projectId: string;
  materialId: string;
  materialName: string;
  quantity: number;
  unit: MaterialUnit;
  unitPrice: number;
  usedAt: string;
  description: string | null;
}

export interface UsageFilter {
  projectId?: string | null;
  status?: MaterialUsageStatus | null;
  userId?: string | null;
}

const usageToDto = (r: UsageRow): MaterialUsageDto => ({
  id: r.id,
  project_id: r.project_id,
  project_title: r.project_title,
  project_number: r.project_number,
  material_id: r.material_id,
  material_name: r.material_name,
  quantity: Number(r.quantity),
  unit: r.unit,
  unit_price: Number(r.unit_price),
  total_price: Number(r.total_price),
  used_at: r.used_at,
  status: r.status,
  user_id: r.user_id,
  user_name: r.user_name,
  description: r.description,
  rejection_reason: r.rejection_reason,
  approved_at: iso(r.approved_at),
  approved_by: r.approved_by,
  created_at: iso(r.created_at)!,
  updated_at: iso(r.updated_at)!,
});

const USAGE_COLUMNS = `mu.id, mu.project_id, p.title AS project_title, p.project_number, mu.material_id, mu.material_name,
    mu.quantity, mu.unit, mu.unit_price, round(mu.quantity * mu.unit_price, 2) AS total_price,
    to_char(mu.used_at, 'YYYY-MM-DD') AS used_at, mu.status, mu.user_id, mu.user_name, mu.description,
    mu.rejection_reason, mu.approved_at, mu.approved_by, mu.created_at, mu.updated_at`;
const USAGE_FROM = `material_usages mu JOIN projects p ON p.id = mu.project_id`;
const USAGE_SELECT = `SELECT ${USAGE_COLUMNS} FROM ${USAGE_FROM}`;

/** Newest day first, on the index (company_id, used_at DESC, created_at DESC, id DESC). */
const USAGE_LIST = pagedList(
  LISTS.materialUsage,
  'desc',
  [
    { sql: 'mu.used_at', type: 'date' },
    { sql: 'mu.created_at', type: 'timestamptz' },
    { sql: 'mu.id', type: 'uuid' },
  ],
  { columns: USAGE_COLUMNS, from: USAGE_FROM, table: 'material_usages mu' },
);

/**
 * Employees (`visibleTo` = their id) see only their own usage on projects assigned to them;
 * null = the whole company. Parameter $2 is the user id (or null).
 */
const USAGE_VISIBLE = `($2::uuid IS NULL OR (mu.user_id = $2 AND EXISTS (
    SELECT 1 FROM project_assignments pa WHERE pa.project_id = mu.project_id AND pa.user_id = $2)))`;

@Injectable()
export class MaterialsRepository {
  // ------------------------------------------------------------------------------------------
  // Materials

  /** The whole list as an array without page parameters (the materials screen), else one page (a picker's search). */
  list(
    manager: EntityManager,
    scope: TenantScope,
    filter: MaterialFilter,
    query: ListParams,
  ): Promise<MaterialDto[] | PaginatedResponse<MaterialDto>> {
    const where = this.listWhere(scope, filter);
    return MATERIAL_LIST.answer(manager, scope, where, query, (found: MaterialRow[]) => found.map(materialToDto));
  }

  private listWhere(scope: TenantScope, filter: MaterialFilter) {
    // search_text (migration MaterialCatalogue) is the lower-cased name, category, description, supplier
    // article number and EAN; its trigram index answers a part of any of them without reading every row.
    // A common word instead walks ix_materials_company_lower_name in the page's order and stops after
    // the page (migration MaterialsNameOrder); PostgreSQL picks by the trigram statistics.
    return sqlWhere('company_id = $1 AND ($2::boolean OR is_active)', [scope.companyId, filter.includeInactive]).when(
      filter.search && `%${escapeLike(filter.search)}%`,
      (p) => `search_text LIKE lower(${p})`,
    );
  }

  async find(manager: EntityManager, scope: TenantScope, id: string, lock = false): Promise<MaterialDto | null> {
    const row = await one<MaterialRow>(
      manager,
      `${MATERIAL_SELECT} WHERE id = $1 AND company_id = $2${lock ? ' FOR UPDATE' : ''}`,
      [id, scope.companyId],
    );
    return row ? materialToDto(row) : null;
  }

  /**
   * Serialises material creation within a company until the transaction ends (a transaction-scoped
   * advisory lock: with no rows yet there is nothing to lock FOR UPDATE), so "is this the first
   * material?" cannot be answered the same way by two parallel requests.
   */
  async lockCreation(manager: EntityManager, scope: TenantScope): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('materials.create:' || $1::text, 0))`, [
      scope.companyId,
    ]);
  }

  /**
   * Whether the company has an active material: deactivated ones are not listed, so with only
   * those an employee sees the empty state and its 'first material' button, which must work.
   */
  async any(manager: EntityManager, scope: TenantScope): Promise<boolean> {
    const row = await one(manager, `SELECT 1 FROM materials WHERE company_id = $1 AND is_active LIMIT 1`, [
      scope.companyId,
    ]);
    return row !== null;
  }

  /** Inserts a material and answers it as written (RETURNING, no second read). */
  async insert(manager: EntityManager, scope: TenantScope, createdBy: string, m: MaterialWrite): Promise<MaterialDto> {
    listTotals.invalidate(manager, scope.companyId, LISTS.materials);
    const row = await one<MaterialRow>(
      manager,
      `INSERT INTO materials (company_id, name, description, unit, category, unit_price, stock_quantity, min_stock,
         is_active, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${MATERIAL_COLUMNS}`,
      [
        scope.companyId,
        m.name,
        m.description,
        m.unit,
        m.category,
        m.unitPrice,
        m.stockQuantity,
        m.minStock,
        m.isActive,
        createdBy,
      ],
    );
    return materialToDto(row!);
  }

  /** Updates a material and answers it as written (RETURNING), or null when it does not exist in the company. */
  async update(manager: EntityManager, scope: TenantScope, id: string, m: MaterialWrite): Promise<MaterialDto | null> {
    // Name, category, description and is_active decide which rows a filter finds.
    listTotals.invalidate(manager, scope.companyId, LISTS.materials);
    const [row] = await changed<MaterialRow>(
      manager,
      `UPDATE materials SET name = $3, description = $4, unit = $5, category = $6, unit_price = $7,
         stock_quantity = $8, min_stock = $9, is_active = $10, updated_at = now()
       WHERE id = $1 AND company_id = $2 RETURNING ${MATERIAL_COLUMNS}`,
      [
        id,
        scope.companyId,
        m.name,
        m.description,
        m.unit,
        m.category,
        m.unitPrice,
        m.stockQuantity,
        m.minStock,
        m.isActive,
      ],
    );
    return row ? materialToDto(row) : null;
  }

  async hasUsage(manager: EntityManager, scope: TenantScope, id: string): Promise<boolean> {
    return (
      (await one(manager, `SELECT 1 FROM material_usages WHERE material_id = $1 AND company_id = $2 LIMIT 1`, [
        id,
        scope.companyId,
      ])) !== null
    );
  }

  async delete(manager: EntityManager, scope: TenantScope, id: string): Promise<boolean> {
    listTotals.invalidate(manager, scope.companyId, LISTS.materials);
    return (
      (
        await changed(manager, `DELETE FROM materials WHERE id = $1 AND company_id = $2 RETURNING id`, [
          id,
          scope.companyId,
        ])
      ).length > 0
    );
  }

  /**
   * Books `quantity` out of stock. Returns the stock after booking, or null when the stock is
   * too low (nothing changed). Runs in the approving transaction.
   */
  async bookOut(manager: EntityManager, scope: TenantScope, id: string, quantity: number): Promise<number | null> {
    const result = await changed<{ stock_quantity: string }>(
      manager,
      `UPDATE materials SET stock_quantity = stock_quantity - $3, updated_at = now()
       WHERE id = $1 AND company_id = $2 AND stock_quantity >= $3 RETURNING stock_quantity`,
      [id, scope.companyId, quantity],
    );
    return result[0] ? Number(result[0].stock_quantity) : null;
  }

  /**
   * Puts `quantity` back on stock (an approved usage was deleted) and returns the stock after.
   * The UPDATE holds the material's row lock until the deleting transaction ends.
   */
  async bookIn(manager: EntityManager, scope: TenantScope, id: string, quantity: number): Promise<number> {
    const result = await changed<{ stock_quantity: string }>(
      manager,
      `UPDATE materials SET stock_quantity = stock_quantity + $3, updated_at = now()
       WHERE id = $1 AND company_id = $2 RETURNING stock_quantity`,
      [id, scope.companyId, quantity],
    );
    return Number(result[0]!.stock_quantity);
  }

  /** The four stat cards: active materials, and the usage entries visible to `visibleTo`. */
  async stats(manager: EntityManager, scope: TenantScope, visibleTo: string | null): Promise<MaterialStatsResponse> {
    const m = await one<{ material_count: string; low_stock_count: string; stock_value: string }>(
      manager,
      `SELECT count(*) AS material_count,
              count(*) FILTER (WHERE stock_quantity <= min_stock) AS low_stock_count,
              coalesce(sum(round(stock_quantity * unit_price, 2)), 0) AS stock_value
       FROM materials WHERE company_id = $1 AND is_active`,
      [scope.companyId],
    );
    const u = await one<{ usage_count: string }>(
      manager,
      `SELECT count(*) AS usage_count FROM material_usages mu WHERE mu.company_id = $1 AND ${USAGE_VISIBLE}`,
      [scope.companyId, visibleTo],
    );
    return {
      material_count: Number(m?.material_count ?? 0),
      low_stock_count: Number(m?.low_stock_count ?? 0),
      stock_value: Number(m?.stock_value ?? 0),
      usage_count: Number(u?.usage_count ?? 0),
    };
  }

  /** The product groups of the company's active articles with their article counts, by name. */
  async productGroups(manager: EntityManager, scope: TenantScope): Promise<MaterialProductGroup[]> {
    const found = await rows<{ product_group: string; material_count: string }>(
      manager,
      `SELECT product_group, count(*) AS material_count
       FROM materials
       WHERE company_id = $1 AND is_active AND product_group IS NOT NULL AND btrim(product_group) <> ''
       GROUP BY product_group
       ORDER BY product_group`,
      [scope.companyId],
    );
    return found.map((r) => ({ product_group: r.product_group, material_count: Number(r.material_count) }));
  }

  // ------------------------------------------------------------------------------------------
  // Usage

  /** The whole list as an array without page parameters, else one page of it (nest-common's list kit). */
  listUsage(
    manager: EntityManager,
    scope: TenantScope,
    visibleTo: string | null,
    filter: UsageFilter,
    query: ListParams,
  ): Promise<MaterialUsageDto[] | PaginatedResponse<MaterialUsageDto>> {
    const where = this.usageWhere(scope, visibleTo, filter);
    return USAGE_LIST.answer(manager, scope, where, query, (found: UsageRow[]) => found.map(usageToDto));
  }

  private usageWhere(scope: TenantScope, visibleTo: string | null, filter: UsageFilter) {
    return sqlWhere(`mu.company_id = $1 AND ${USAGE_VISIBLE}`, [scope.companyId, visibleTo])
      .eq('mu.project_id', filter.projectId)
      .eq('mu.status', filter.status)
      .eq('mu.user_id', filter.userId);
  }

  async findUsage(
    manager: EntityManager,
    scope: TenantScope,
    id: string,
    visibleTo: string | null,
    lock = false,
  ): Promise<MaterialUsageDto | null> {
    const row = await one<UsageRow>(
      manager,
      `${USAGE_SELECT} WHERE mu.company_id = $1 AND ${USAGE_VISIBLE} AND mu.id = $3${lock ? ' FOR UPDATE OF mu' : ''}`,
      [scope.companyId, visibleTo, id],
    );
    return row ? usageToDto(row) : null;
  }

  /** Who holds a client-chosen `id` (see ClientIdHolder in common/client-id). */
  usageIdHolder(manager: EntityManager, scope: TenantScope, id: string, userId: string): Promise<ClientIdHolder> {
    return clientIdHolder(manager, 'material_usages', { id, companyId: scope.companyId, userId });
  }

  /**
   * Inserts a usage entry, with the client-chosen `id` when given. Returns its id, or null when a row
   * with that id exists already (ON CONFLICT: a parallel request with the same id waits for the
   * first one's commit and then inserts nothing).
   */
  async insertUsage(
    manager: EntityManager,
    scope: TenantScope,
    user: { id: string; name: string },
    u: UsageWrite,
    id: string | null = null,
  ): Promise<MaterialUsageDto | null> {
    listTotals.invalidate(manager, scope.companyId, LISTS.materialUsage);
    return this.writtenUsage(
      manager,
      `INSERT INTO material_usages (id, company_id, project_id, material_id, material_name, user_id, user_name,
         quantity, unit, unit_price, used_at, description, status)
       VALUES (coalesce($12::uuid, gen_random_uuid()), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'pending')
       ON CONFLICT (id) DO NOTHING`,
      [
        scope.companyId,
        u.projectId,
        u.materialId,
        u.materialName,
        user.id,
        user.name,
        u.quantity,
        u.unit,
        u.unitPrice,
        u.usedAt,
        u.description,
        id,
      ],
    );
  }

  async updateUsage(
    manager: EntityManager,
    scope: TenantScope,
    id: string,
    u: UsageWrite,
  ): Promise<MaterialUsageDto | null> {
    listTotals.invalidate(manager, scope.companyId, LISTS.materialUsage);
    return this.writtenUsage(
      manager,
      `UPDATE material_usages SET project_id = $3, material_id = $4, material_name = $5, quantity = $6, unit = $7,
         unit_price = $8, used_at = $9, description = $10, updated_at = now()
       WHERE id = $1 AND company_id = $2 AND status = 'pending'`,
      [
        id,
        scope.companyId,
        u.projectId,
        u.materialId,
        u.materialName,
        u.quantity,
        u.unit,
        u.unitPrice,
        u.usedAt,
        u.description,
      ],
    );
  }

  async approveUsage(
    manager: EntityManager,
    scope: TenantScope,
    id: string,
    approvedBy: string,
  ): Promise<MaterialUsageDto | null> {
    listTotals.invalidate(manager, scope.companyId, LISTS.materialUsage);
    return this.writtenUsage(
      manager,
      `UPDATE material_usages SET status = 'approved', approved_at = now(), approved_by = $3, updated_at = now()
       WHERE id = $1 AND company_id = $2 AND status = 'pending'`,
      [id, scope.companyId, approvedBy],
    );
  }

  async rejectUsage(
    manager: EntityManager,
    scope: TenantScope,
    id: string,
    rejectedBy: string,
    reason: string,
  ): Promise<MaterialUsageDto | null> {
    listTotals.invalidate(manager, scope.companyId, LISTS.materialUsage);
    return this.writtenUsage(
      manager,
      `UPDATE material_usages SET status = 'rejected', rejected_at = now(), rejected_by = $3, rejection_reason = $4,
         updated_at = now()
       WHERE id = $1 AND company_id = $2 AND status = 'pending'`,
      [id, scope.companyId, rejectedBy, reason],
    );
  }

  /** INSERT/UPDATE … RETURNING with the project's title and number: the written entry without a second read. */
  private async writtenUsage(
    manager: EntityManager,
    write: string,
    params: unknown[],
  ): Promise<MaterialUsageDto | null> {
    const row = await one<UsageRow>(
      manager,
      `WITH mu AS (${write} RETURNING *) SELECT ${USAGE_COLUMNS} FROM mu JOIN projects p ON p.id = mu.project_id`,
      params,
    );
    return row ? usageToDto(row) : null;
  }

  /** Deletes a usage entry of any status; the caller holds its row lock and checked who may delete it. */
  async deleteUsage(manager: EntityManager, scope: TenantScope, id: string): Promise<boolean> {
    listTotals.invalidate(manager, scope.companyId, LISTS.materialUsage);
    return (
      (
        await changed(manager, `DELETE FROM material_usages WHERE id = $1 AND company_id = $2 RETURNING id`, [
          id,
          scope.companyId,
        ])
      ).length > 0
    );
  }
}
