import { z } from 'zod';
import { emptyToNull, isRealIsoDate, searchTermSchema } from './common.js';
import { clientRecordIdSchema, optionalListPageQueryFields, type PaginatedResponse } from './operations.js';

/*
 * Materials and material usage (part 1 §2 Materials, §3, §4, §5, §9).
 * Request payloads use the spec's camelCase names; responses use snake_case read fields.
 * Money (unit_price, total_price, stock_value) and quantities are numbers with at most 2 decimals.
 */

// ---------------------------------------------------------------------------------------------
// Units and categories
// ---------------------------------------------------------------------------------------------

export const MATERIAL_UNITS = ['Stk', 'kg', 'm', 'm²', 'm³', 'l', 'Pkg'] as const;
export type MaterialUnit = (typeof MATERIAL_UNITS)[number];
export const materialUnitSchema = z.enum(MATERIAL_UNITS, {
  error: `Ungültige Einheit. Erlaubt: ${MATERIAL_UNITS.join(', ')}`,
});

export const MATERIAL_CATEGORIES = [
  'Baumaterial',
  'Werkzeuge',
  'Elektromaterial',
  'Sanitär',
  'Heizung',
  'Farben & Lacke',
  'Befestigungsmaterial',
  'Isoliermaterial',
  'Holz & Holzwerkstoffe',
  'Metall',
  'Kunststoff',
  'Dichtungsmaterial',
  'Verbrauchsmaterial',
  'Sicherheitsausrüstung',
  'Sonstiges',
] as const;
export type MaterialCategory = (typeof MATERIAL_CATEGORIES)[number];
export const materialCategorySchema = z.enum(MATERIAL_CATEGORIES, { error: 'Ungültige Kategorie' });

export const MATERIAL_USAGE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type MaterialUsageStatus = (typeof MATERIAL_USAGE_STATUSES)[number];
export const materialUsageStatusSchema = z.enum(MATERIAL_USAGE_STATUSES, {
  error: 'Ungültiger Status. Erlaubt: pending, approved, rejected',
});
/** German labels (part 1 §4). */
export const MATERIAL_USAGE_STATUS_LABELS: Record<MaterialUsageStatus, string> = {
  pending: 'Ausstehend',
  approved: 'Genehmigt',
  rejected: 'Abgelehnt',
};

export const MATERIAL_LIMITS = {
  maxNameLength: 200,
  maxDescriptionLength: 2000,
  /** numeric(12,2) */
  maxAmount: 9_999_999_999.99,
  maxStock: 9_999_999_999,
  minUsageQuantity: 0.01,
} as const;

// ---------------------------------------------------------------------------------------------
// Field helpers
// ---------------------------------------------------------------------------------------------

const optionalText = (label: string, max: number) =>
  z
    .preprocess(
      emptyToNull,
      z
        .string({ error: `${label} muss ein Text sein` })
        .trim()
        .max(max, `${label} ist zu lang (max. ${max} Zeichen)`)
        .nullable(),
    )
    .optional();

/** Rounds away binary noise (0.1 + 0.2) before the 2-decimals check. */
const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

const money = (label: string) =>
  z.coerce
    .number({ error: `${label} muss eine Zahl sein` })
    .min(0, `${label} darf nicht negativ sein`)
    .max(MATERIAL_LIMITS.maxAmount, `${label} ist zu hoch`)
    .refine(twoDecimals, `${label}: höchstens zwei Nachkommastellen`);

const stockInteger = (label: string) =>
  z.coerce
    .number({ error: `${label} muss eine Zahl sein` })
    .int(`${label} muss eine ganze Zahl sein`)
    .min(0, `${label} darf nicht negativ sein`)
    .max(MATERIAL_LIMITS.maxStock, `${label} ist zu hoch`);

/**
 * Stock on update: booking out usage of e.g. 0.5 kg leaves a stored stock like 12.5, and an edit
 * must be able to send it back unchanged (create stays whole numbers, part 1 §5).
 */
const stockAmount = (label: string) =>
  z.coerce
    .number({ error: `${label} muss eine Zahl sein` })
    .min(0, `${label} darf nicht negativ sein`)
    .max(MATERIAL_LIMITS.maxAmount, `${label} ist zu hoch`)
    .refine(twoDecimals, `${label}: höchstens zwei Nachkommastellen`);

/** Missing, null and '' all mean "not given" for required numbers. */
const absentToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

const required = <T extends z.ZodType>(label: string, schema: T) =>
  z.preprocess(
    absentToUndefined,
    z
      .any()
      .refine((v) => v !== undefined, `${label} ist erforderlich`)
      .pipe(schema),
  );

// ---------------------------------------------------------------------------------------------
// Materials
// ---------------------------------------------------------------------------------------------

const materialFields = {
  name: z
    .string({ error: 'Name ist erforderlich' })
    .trim()
    .min(1, 'Name ist erforderlich')
    .max(MATERIAL_LIMITS.maxNameLength, `Name ist zu lang (max. ${MATERIAL_LIMITS.maxNameLength} Zeichen)`),
  description: optionalText('Beschreibung', MATERIAL_LIMITS.maxDescriptionLength),
  unit: required('Einheit', materialUnitSchema),
  category: z.preprocess(emptyToNull, materialCategorySchema.nullable()).optional(),
  unitPrice: required('Preis pro Einheit', money('Preis pro Einheit')),
  stockQuantity: z.preprocess(emptyToNull, stockInteger('Lagerbestand').nullable()).optional(),
  minStock: z.preprocess(emptyToNull, stockInteger('Mindestbestand').nullable()).optional(),
};

/** POST /materials. Missing stockQuantity / minStock mean 0. */
export const createMaterialRequestSchema = z.object({
  ...materialFields,
  stockQuantity: materialFields.stockQuantity.transform((v) => v ?? 0),
  minStock: materialFields.minStock.transform((v) => v ?? 0),
});
export type CreateMaterialRequest = z.input<typeof createMaterialRequestSchema>;
export type CreateMaterialRequestParsed = z.output<typeof createMaterialRequestSchema>;

/**
 * PUT /materials/{id}: only given fields change (the screen sends the full payload). The stock may
 * carry 2 decimals here, so a stock left fractional by booked-out usage can be saved unchanged.
 */
export const updateMaterialRequestSchema = z.object({
  name: materialFields.name.optional(),
  description: materialFields.description,
  unit: materialFields.unit.optional(),
  category: materialFields.category,
  unitPrice: materialFields.unitPrice.optional(),
  stockQuantity: z.preprocess(emptyToNull, stockAmount('Lagerbestand').nullable()).optional(),
  minStock: materialFields.minStock,
  /** Re-activates (true) or deactivates (false) a material. */
  isActive: z.boolean({ error: 'Aktiv muss true oder false sein' }).optional(),
});
export type UpdateMaterialRequest = z.input<typeof updateMaterialRequestSchema>;
export type UpdateMaterialRequestParsed = z.output<typeof updateMaterialRequestSchema>;

/**
 * GET /materials?includeInactive=true&search&page&pageSize&cursor (default: active materials only).
 * `search` finds name, category, description, supplier article number and EAN. Without the page fields the whole list as
 * MaterialListResponse (the materials screen); with any of them one MaterialListPage (a picker
 * asks for the first 20 matches of what is typed, never the whole catalogue).
 */
export const materialListQuerySchema = z.object({
  includeInactive: z
    .preprocess(
      (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' || v === '' ? false : v),
      z.boolean({ error: 'includeInactive muss true oder false sein' }),
    )
    .optional()
    .default(false),
  search: searchTermSchema,
  ...optionalListPageQueryFields,
});
export type MaterialListQuery = z.input<typeof materialListQuerySchema>;
export type MaterialListQueryParsed = z.output<typeof materialListQuerySchema>;

export interface MaterialDto {
  id: string;
  name: string;
  description: string | null;
  unit: MaterialUnit;
  category: MaterialCategory | null;
  unit_price: number;
  /** May carry 2 decimals after usage of e.g. 0.5 kg is booked out. */
  stock_quantity: number;
  min_stock: number;
  is_active: boolean;
  /** stock_quantity <= min_stock (part 1 §9). */
  low_stock: boolean;
  /** The wholesaler the article was imported from (issue 29); null for materials typed in. */
  supplier_id: string | null;
  supplier_name: string | null;
  supplier_article_number: string | null;
  /** EAN/GTIN (8, 12, 13 or 14 digits). */
  ean: string | null;
  product_group: string | null;
  /** The supplier's discount group (Rabattgruppe) its list price is reduced by. */
  discount_group: string | null;
  /** The supplier's prices are per this many units (1, 10, 100, 1000). */
  price_unit: number;
  /** The supplier's list (gross) price per price unit, as given. */
  list_price: number | null;
  /** The supplier's net price per price unit, when the supplier gives one. */
  net_price: number | null;
  /** Purchase price per one unit: net price, else list price less the discount group, over the price unit. */
  purchase_price: number | null;
  /** Metal (copper) weight in kg per unit, for the metal surcharge. */
  metal_weight_kg: number | null;
  /**
   * Metal (copper) surcharge per unit in CHF: metal weight × the latest copper quotation (CHF per
   * 100 kg, `PUT /materials/metal-quotation`) ÷ 100, to the centime; null without a weight or a
   * quotation. Quotes show it as a line of its own («Kupferzuschlag»), not inside unit_price.
   */
  metal_surcharge: number | null;
  /** Set when the latest import of its supplier no longer listed the article (it is never deleted). */
  missing_since: string | null;
  created_at: string;
  updated_at: string;
}
export type MaterialListResponse = MaterialDto[];
/** The list with `page`, `pageSize` or `cursor`. */
export type MaterialListPage = PaginatedResponse<MaterialDto>;
export type MaterialResponse = MaterialDto;

/** DELETE /materials/{id}: hard delete without recorded usage, else the material is deactivated. */
export interface DeleteMaterialResponse {
  id: string;
  deleted: boolean;
  deactivated: boolean;
}

/**
 * GET /materials/stats: the four stat cards of the materials screen, over active materials.
 * usage_count = usage entries the caller can see (employees: their own).
 */
export interface MaterialStatsResponse {
  material_count: number;
  low_stock_count: number;
  /** CHF, sum of stock_quantity × unit_price, rounded to 2 decimals. */
  stock_value: number;
  usage_count: number;
}

/**
 * GET /materials/product-groups: every product group of the company's active articles with its
 * article count, by name (the markups dialog offers them all, not only the groups of the page shown).
 */
export interface MaterialProductGroup {
  product_group: string;
  material_count: number;
}

// ---------------------------------------------------------------------------------------------
// Material usage
// ---------------------------------------------------------------------------------------------

const usageDate = z
  .preprocess(
    emptyToNull,
    z
      .string({ error: 'Datum muss ein Text sein' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Datum muss im Format JJJJ-MM-TT sein')
      .refine(isRealIsoDate, 'Datum ist kein gültiges Datum')
      .nullable(),
  )
  .optional();

const quantity = required(
  'Menge',
  z.coerce
    .number({ error: 'Menge muss eine Zahl sein' })
    .min(MATERIAL_LIMITS.minUsageQuantity, 'Menge muss mindestens 0.01 sein')
    .max(MATERIAL_LIMITS.maxAmount, 'Menge ist zu hoch')
    .refine(twoDecimals, 'Menge: höchstens zwei Nachkommastellen'),
);

/**
 * POST /materials/usage. `materialName` and `unit` are informational (the server stores the
 * material's name and unit); `unitPrice` defaults to the material's price (only admin/backoffice
 * may set a different one). `usageDate` defaults to today (company time zone). `id`: see
 * clientRecordIdSchema (a repeated save answers the usage recorded first).
 */
export const createMaterialUsageRequestSchema = z.object({
  id: clientRecordIdSchema,
  projectId: z.uuid({ error: 'Projekt ist erforderlich' }),
  materialId: z.uuid({ error: 'Material ist erforderlich' }),
  materialName: optionalText('Materialname', MATERIAL_LIMITS.maxNameLength),
  quantity,
  unit: z.preprocess(emptyToNull, materialUnitSchema.nullable()).optional(),
  unitPrice: z.preprocess(emptyToNull, money('Preis pro Einheit').nullable()).optional(),
  usageDate,
  description: optionalText('Beschreibung', MATERIAL_LIMITS.maxDescriptionLength),
});
export type CreateMaterialUsageRequest = z.input<typeof createMaterialUsageRequestSchema>;
export type CreateMaterialUsageRequestParsed = z.output<typeof createMaterialUsageRequestSchema>;

/** PUT /materials/usage/{id}: only while pending; only given fields change. */
export const updateMaterialUsageRequestSchema = z.object({
  projectId: z.uuid({ error: 'Projekt ist erforderlich' }).optional(),
  materialId: z.uuid({ error: 'Material ist erforderlich' }).optional(),
  materialName: optionalText('Materialname', MATERIAL_LIMITS.maxNameLength),
  quantity: quantity.optional(),
  unit: z.preprocess(emptyToNull, materialUnitSchema.nullable()).optional(),
  unitPrice: z.preprocess(emptyToNull, money('Preis pro Einheit').nullable()).optional(),
  usageDate,
  description: optionalText('Beschreibung', MATERIAL_LIMITS.maxDescriptionLength),
});
export type UpdateMaterialUsageRequest = z.input<typeof updateMaterialUsageRequestSchema>;
export type UpdateMaterialUsageRequestParsed = z.output<typeof updateMaterialUsageRequestSchema>;

/** POST /materials/usage/{id}/reject */
export const rejectMaterialUsageRequestSchema = z.object({
  reason: z
    .string({ error: 'Begründung ist erforderlich' })
    .trim()
    .min(1, 'Begründung ist erforderlich')
    .max(1000, 'Begründung ist zu lang (max. 1000 Zeichen)'),
});
export type RejectMaterialUsageRequest = z.input<typeof rejectMaterialUsageRequestSchema>;

/** GET /materials/usage/list?projectId&status&userId (userId only for admin/backoffice). */
export const materialUsageListQuerySchema = z.object({
  projectId: z.preprocess(emptyToNull, z.uuid({ error: 'Ungültige Projekt-ID' }).nullable()).optional(),
  status: z.preprocess(emptyToNull, materialUsageStatusSchema.nullable()).optional(),
  userId: z.preprocess(emptyToNull, z.uuid({ error: 'Ungültige Benutzer-ID' }).nullable()).optional(),
  ...optionalListPageQueryFields,
});
export type MaterialUsageListQuery = z.input<typeof materialUsageListQuerySchema>;
export type MaterialUsageListQueryParsed = z.output<typeof materialUsageListQuerySchema>;

export interface MaterialUsageDto {
  id: string;
  project_id: string;
  project_title: string;
  project_number: string;
  material_id: string;
  material_name: string;
  quantity: number;
  unit: MaterialUnit;
  unit_price: number;
  /** quantity × unit_price, rounded to 2 decimals. */
  total_price: number;
  /** yyyy-MM-dd */
  used_at: string;
  status: MaterialUsageStatus;
  user_id: string;
  user_name: string;
  description: string | null;
  rejection_reason: string | null;
  approved_at: string | null;
  approved_by: string | null;
  created_at: string;
  updated_at: string;
}
export type MaterialUsageListResponse = MaterialUsageDto[];
/** The list with `page`, `pageSize` or `cursor`. */
export type MaterialUsageListPage = PaginatedResponse<MaterialUsageDto>;
export type MaterialUsageResponse = MaterialUsageDto;

/** Error texts the UI may match on. */
export const MATERIAL_MESSAGES = {
  materialNotFound: 'Material nicht gefunden',
  selectedMaterialNotFound: 'Ausgewähltes Material nicht gefunden',
  materialInactive: 'Dieses Material ist deaktiviert',
  usageNotFound: 'Materialverbrauch nicht gefunden',
  usageNotPending: 'Nur ausstehende Einträge können geändert werden',
  usageAlreadyProcessed: 'Dieser Materialverbrauch wurde bereits bearbeitet',
  insufficientStock: 'Nicht genügend Lagerbestand',
} as const;

// ---------------------------------------------------------------------------------------------
// Catalogue import from the wholesaler (issue 29)
// ---------------------------------------------------------------------------------------------

export const MATERIAL_IMPORT_LIMITS = {
  /** POST /materials/import: the file (the gateway lets 51 MB through for the multipart framing). */
  maxFileBytes: 50 * 1024 * 1024,
  maxSupplierLength: 120,
} as const;

export const MATERIAL_IMPORT_FORMATS = ['csv', 'xlsx', 'datanorm4', 'datanorm5'] as const;
export type MaterialImportFormat = (typeof MATERIAL_IMPORT_FORMATS)[number];
export const MATERIAL_IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type MaterialImportStatus = (typeof MATERIAL_IMPORT_STATUSES)[number];

/** The fields a CSV/XLSX column can be mapped to (the mapping dialog). */
export const MATERIAL_IMPORT_FIELDS = [
  'articleNumber',
  'name',
  'description',
  'unit',
  'price',
  'netPrice',
  'priceUnit',
  'ean',
  'productGroup',
  'discountGroup',
  'metalWeightKg',
] as const;
export type MaterialImportField = (typeof MATERIAL_IMPORT_FIELDS)[number];

const parseJsonText = (v: unknown) => {
  if (typeof v !== 'string') return v;
  if (v.trim() === '') return undefined;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};

/**
 * POST /materials/import (multipart): `file` (CSV, XLSX, Datanorm 4/5; the format is read from the
 * content), `supplier` (the wholesaler's name; created on first use) and optionally `mapping`
 * (JSON: field → column header of the file; remembered for the supplier, used by the next CSV/XLSX
 * import without a mapping).
 */
export const materialImportRequestSchema = z.object({
  supplier: z
    .string({ error: 'Lieferant ist erforderlich' })
    .trim()
    .min(1, 'Lieferant ist erforderlich')
    .max(MATERIAL_IMPORT_LIMITS.maxSupplierLength, 'Lieferant ist zu lang (max. 120 Zeichen)'),
  mapping: z
    .preprocess(
      parseJsonText,
      z.partialRecord(z.enum(MATERIAL_IMPORT_FIELDS), z.string().trim().min(1).max(200), {
        error: 'Die Spaltenzuordnung ist ungültig',
      }),
    )
    .optional(),
});
export type MaterialImportRequest = z.input<typeof materialImportRequestSchema>;
export type MaterialImportRequestParsed = z.output<typeof materialImportRequestSchema>;

/** An import job (202 of POST /materials/import; GET /materials/import/{id} while it runs). */
export interface MaterialImportDto {
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
  /** The supplier's articles the file no longer lists (marked, not deleted). */
  missing_count: number;
  /** Why a failed import failed (nothing of it was written). */
  error: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface MaterialSupplierDto {
  id: string;
  name: string;
  /** The remembered CSV/XLSX column mapping (field → header). */
  column_mapping: Partial<Record<MaterialImportField, string>> | null;
}

/** GET /materials/{id}/prices: the price history, newest first. */
export interface MaterialPriceDto {
  price_unit: number;
  list_price: number | null;
  net_price: number | null;
  purchase_price: number | null;
  unit_price: number;
  valid_from: string;
  import_id: string | null;
}

/** PUT /materials/markups: the markup per product group ('*' = every group without its own). */
export const materialMarkupsRequestSchema = z.object({
  markups: z
    .array(
      z.object({
        productGroup: z
          .string({ error: 'Warengruppe ist erforderlich' })
          .trim()
          .min(1, 'Warengruppe ist erforderlich')
          .max(40, 'Warengruppe ist zu lang (max. 40 Zeichen)'),
        percent: z.coerce
          .number({ error: 'Zuschlag muss eine Zahl sein' })
          .min(0, 'Zuschlag darf nicht negativ sein')
          .max(1000, 'Zuschlag ist zu hoch (max. 1000 %)')
          .refine(twoDecimals, 'Zuschlag: höchstens zwei Nachkommastellen'),
      }),
      { error: 'Zuschläge müssen eine Liste sein' },
    )
    .max(500, 'Zu viele Warengruppen (max. 500)'),
});
export type MaterialMarkupsRequest = z.input<typeof materialMarkupsRequestSchema>;
export type MaterialMarkupsRequestParsed = z.output<typeof materialMarkupsRequestSchema>;
export interface MaterialMarkupDto {
  product_group: string;
  percent: number;
}

/** PUT /materials/metal-quotation: the day's copper quotation in CHF per 100 kg (day defaults to today). */
export const metalQuotationRequestSchema = z.object({
  pricePer100kg: required(
    'Kupfernotierung',
    z.coerce
      .number({ error: 'Kupfernotierung muss eine Zahl sein' })
      .min(0, 'Kupfernotierung darf nicht negativ sein')
      .max(100_000, 'Kupfernotierung ist zu hoch')
      .refine(twoDecimals, 'Kupfernotierung: höchstens zwei Nachkommastellen'),
  ),
  day: usageDate,
});
export type MetalQuotationRequest = z.input<typeof metalQuotationRequestSchema>;
export type MetalQuotationRequestParsed = z.output<typeof metalQuotationRequestSchema>;

/** GET /materials/metal-quotation: the latest copper quotation (null before the first one). */
export interface MetalQuotationDto {
  metal: 'copper';
  /** yyyy-MM-dd */
  day: string;
  price_per_100kg: number;
}
