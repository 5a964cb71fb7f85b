import { z } from 'zod';
import { emptyToNull, isRealIsoDate } from './common.js';
import { clientRecordIdSchema, optionalListPageQueryFields, type PaginatedResponse } from './operations.js';

/*
 * Expenses (Spesen) with an optional receipt (part 2 §2 Expenses, §3, §4, §5, §6, §7, §8, §9).
 * Create and update are multipart (every field arrives as a string); the same schemas accept JSON.
 * Responses use the spec's snake_case read fields; money is a number with at most 2 decimals.
 */

// ---------------------------------------------------------------------------------------------
// Categories, statuses, limits
// ---------------------------------------------------------------------------------------------

export const EXPENSE_CATEGORIES = [
  'transport',
  'meals',
  'accommodation',
  'materials',
  'office',
  'communication',
  'other',
] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];
export const expenseCategorySchema = z.enum(EXPENSE_CATEGORIES, {
  error: `Ungültige Kategorie. Erlaubt: ${EXPENSE_CATEGORIES.join(', ')}`,
});
/** German labels (server texts such as the activity feed; the UI has its own i18n copy). */
export const EXPENSE_CATEGORY_LABELS: Record<ExpenseCategory, string> = {
  transport: 'Transport',
  meals: 'Verpflegung',
  accommodation: 'Unterkunft',
  materials: 'Material',
  office: 'Büro',
  communication: 'Kommunikation',
  other: 'Sonstiges',
};

export const EXPENSE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];
export const expenseStatusSchema = z.enum(EXPENSE_STATUSES, {
  error: 'Ungültiger Status. Erlaubt: pending, approved, rejected',
});

/** Receipt content types, detected from the file's first bytes (never from its name). */
export const EXPENSE_RECEIPT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type ExpenseReceiptType = (typeof EXPENSE_RECEIPT_TYPES)[number];
export const EXPENSE_RECEIPT_EXTENSIONS: Record<ExpenseReceiptType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};

export const EXPENSE_LIMITS = {
  minAmount: 0.01,
  /** numeric(12,2) */
  maxAmount: 9_999_999_999.99,
  maxDescriptionLength: 500,
  maxReasonLength: 1000,
  /** 10 MB (part 2 §9). */
  receiptMaxBytes: 10 * 1024 * 1024,
  /** For <input type="file" accept>. */
  receiptAccept: '.jpg,.jpeg,.png,.pdf',
} as const;

/** Where the receipt of an expense is downloaded (relative to the site; the client strips /api). */
/**
 * The VAT rates a receipt can include (MWSTG art. 25: 8.1 normal, 2.6 reduced, 3.8 lodging). An
 * expense entered «inkl. MWST» names one; without it the amount is taken as net.
 */
export const EXPENSE_VAT_RATES = [8.1, 2.6, 3.8] as const;
export const DEFAULT_EXPENSE_VAT_RATE = 8.1;

/** The stored rate: the given one (default 8.1) when the amount includes VAT, else null. */
export function expenseVatRate(vatIncluded: boolean, vatRate: number | null | undefined): number | null {
  return vatIncluded ? (vatRate ?? DEFAULT_EXPENSE_VAT_RATE) : null;
}

/**
 * The net amount of an expense (no VAT on VAT when it is invoiced): an amount including VAT at
 * `rate` % is amount × 100 / (100 + rate), to the Rappen; otherwise the amount itself.
 * 108.10 incl. 8.1 % → 100.00; 51.30 incl. 2.6 % → 50.00.
 */
export function expenseNetAmount(amount: number, vatIncluded: boolean, vatRate: number | null): number {
  if (!vatIncluded || !vatRate) return amount;
  return Math.round((Math.round(amount * 100) * 100) / (100 + vatRate)) / 100;
}

export const expenseReceiptPath = (expenseId: string) => `/api/expenses/${expenseId}/receipt`;

// ---------------------------------------------------------------------------------------------
// Field helpers
// ---------------------------------------------------------------------------------------------

/** Missing, null and '' all mean "not given". */
const absentToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

const required = <T extends z.ZodType>(label: string, schema: T) =>
  z.preprocess(
    absentToUndefined,
    z
      .any()
      .refine((v) => v !== undefined, `${label} ist erforderlich`)
      .pipe(schema),
  );

/** Rounds away binary noise (0.1 + 0.2) before the 2-decimals check. */
const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

const category = required('Kategorie', expenseCategorySchema);

const description = z
  .string({ error: 'Beschreibung ist erforderlich' })
  .trim()
  .min(1, 'Beschreibung ist erforderlich')
  .max(
    EXPENSE_LIMITS.maxDescriptionLength,
    `Beschreibung ist zu lang (max. ${EXPENSE_LIMITS.maxDescriptionLength} Zeichen)`,
  );

const amount = required(
  'Betrag',
  z.coerce
    .number({ error: 'Betrag muss eine Zahl sein' })
    .refine(Number.isFinite, 'Betrag muss eine Zahl sein')
    .min(EXPENSE_LIMITS.minAmount, 'Der Betrag muss mindestens CHF 0.01 sein')
    .max(EXPENSE_LIMITS.maxAmount, 'Betrag ist zu hoch')
    .refine(twoDecimals, 'Betrag: höchstens zwei Nachkommastellen'),
);

const expenseDate = required(
  'Datum',
  z
    .string({ error: 'Datum muss ein Text sein' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Datum muss im Format JJJJ-MM-TT sein')
    .refine(isRealIsoDate, 'Datum ist kein gültiges Datum'),
);

/** '' / 'null' / null = no project (multipart cannot send null). */
const projectId = z
  .preprocess((v) => (v === 'null' ? null : emptyToNull(v)), z.uuid({ error: 'Ungültige Projekt-ID' }).nullable())
  .optional();

const booleanField = (label: string) =>
  z
    .preprocess(
      (v) =>
        v === 'true' || v === '1' || v === 'on'
          ? true
          : v === 'false' || v === '0' || v === '' || v === undefined
            ? false
            : v,
      z.boolean({ error: `${label} muss true oder false sein` }),
    )
    .optional()
    .default(false);

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/**
 * POST /expenses (multipart: these fields + optional file `receipt`). `id`: see clientRecordIdSchema
 * (a form field; a repeated save answers the expense created first). Update takes no `id`.
 */
export const createExpenseRequestSchema = z.object({
  id: clientRecordIdSchema,
  category,
  description: required('Beschreibung', description),
  amount,
  expenseDate,
  projectId,
  /** The amount includes VAT at `vatRate` (default 8.1): invoiced at its net amount. */
  vatIncluded: booleanField('MWST inbegriffen'),
  vatRate: z
    .preprocess(
      (v) => (v === 'null' ? null : emptyToNull(v)),
      z.coerce
        .number({ error: 'Ungültiger MWST-Satz. Erlaubt: 8.1, 2.6, 3.8' })
        .refine(
          (n) => (EXPENSE_VAT_RATES as readonly number[]).includes(n),
          'Ungültiger MWST-Satz. Erlaubt: 8.1, 2.6, 3.8',
        )
        .nullable(),
    )
    .optional(),
});
export type CreateExpenseRequest = z.input<typeof createExpenseRequestSchema>;
export type CreateExpenseRequestParsed = z.output<typeof createExpenseRequestSchema>;

/**
 * PUT /expenses/{id} (multipart, only while pending, only the owner; admin and backoffice never).
 * The form sends all fields; a missing projectId keeps the project, '' removes it. A new file
 * `receipt` replaces the stored one; `removeReceipt=true` (without a file) removes it; otherwise
 * the receipt stays.
 */
export const updateExpenseRequestSchema = createExpenseRequestSchema.omit({ id: true }).extend({
  removeReceipt: booleanField('removeReceipt'),
});
export type UpdateExpenseRequest = z.input<typeof updateExpenseRequestSchema>;
export type UpdateExpenseRequestParsed = z.output<typeof updateExpenseRequestSchema>;

/** POST /expenses/{id}/reject */
export const rejectExpenseRequestSchema = z.object({
  reason: z
    .string({ error: 'Begründung ist erforderlich' })
    .trim()
    .min(1, 'Begründung ist erforderlich')
    .max(EXPENSE_LIMITS.maxReasonLength, `Begründung ist zu lang (max. ${EXPENSE_LIMITS.maxReasonLength} Zeichen)`),
});
export type RejectExpenseRequest = z.input<typeof rejectExpenseRequestSchema>;

/** GET /expenses?status&userId and GET /expenses/stats/summary?userId (userId only for admin/backoffice). */
export const expenseListQuerySchema = z.object({
  status: z.preprocess(emptyToNull, expenseStatusSchema.nullable()).optional(),
  userId: z.preprocess(emptyToNull, z.uuid({ error: 'Ungültige Benutzer-ID' }).nullable()).optional(),
  ...optionalListPageQueryFields,
});
export type ExpenseListQuery = z.input<typeof expenseListQuerySchema>;
export type ExpenseListQueryParsed = z.output<typeof expenseListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export interface ExpenseDto {
  id: string;
  category: ExpenseCategory;
  description: string;
  amount: number;
  /** The amount includes VAT at `vat_rate` (invoiced at its net amount); false: the amount is net. */
  vat_included: boolean;
  vat_rate: number | null;
  /** yyyy-MM-dd */
  expense_date: string;
  status: ExpenseStatus;
  project_id: string | null;
  project_title: string | null;
  /** `/api/expenses/{id}/receipt`, or null without a receipt. */
  receipt_path: string | null;
  /** Original file name of the receipt (shown in the edit form). */
  receipt_filename: string | null;
  user_id: string;
  first_name: string;
  last_name: string;
  rejection_reason: string | null;
  approved_at: string | null;
  rejected_at: string | null;
  created_at: string;
  updated_at: string;
}
export type ExpenseListResponse = ExpenseDto[];
/** The list with `page`, `pageSize` or `cursor`. */
export type ExpenseListPage = PaginatedResponse<ExpenseDto>;
export type ExpenseResponse = ExpenseDto;

export interface ExpenseStatsBucket {
  count: number;
  /** CHF */
  amount: number;
}

/** GET /expenses/stats/summary: the four tiles, over the expenses the caller can see. */
export interface ExpenseStatsResponse {
  total: ExpenseStatsBucket;
  pending: ExpenseStatsBucket;
  approved: ExpenseStatsBucket;
  rejected: ExpenseStatsBucket;
}

/** Error texts the UI may match on. */
export const EXPENSE_MESSAGES = {
  notFound: 'Spese nicht gefunden',
  notOwn: 'Sie können nur Ihre eigenen Spesen bearbeiten oder löschen',
  officeNoChange: 'Admin und Backoffice können Spesen nur genehmigen oder ablehnen, nicht bearbeiten oder löschen',
  notPending: 'Nur ausstehende Spesen können bearbeitet oder gelöscht werden',
  alreadyProcessed: 'Diese Spese wurde bereits genehmigt oder abgelehnt',
  receiptMissing: 'Kein Beleg vorhanden',
  receiptTooLarge: 'Der Beleg ist zu gross. Maximale Grösse: 10 MB',
  receiptBadType: 'Ungültiger Dateityp. Erlaubt: JPG, PNG oder PDF',
  receiptEmpty: 'Der Beleg ist leer',
  receiptInvalidUpload: 'Ungültiger Upload. Erlaubt ist eine Datei im Feld «receipt».',
  deleted: 'Spese gelöscht',
} as const;
