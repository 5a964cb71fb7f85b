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
 * `search` finds name, category and description. Without the page fields the whole list as
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
