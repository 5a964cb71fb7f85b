import { z } from 'zod';
import { emptyToNull, isRealIsoDate, searchTermSchema, textSchema, type Language } from './common.js';
import { optionalListPageQueryFields } from './operations.js';

/*
 * Quotes (Angebote), part 2 §2–§9. Request payloads use the spec's camelCase names (customerId,
 * validUntil, discountPercent, travelAllowance, vatRate, termsConditions, items[].unitPrice,
 * items[].materialId); responses use snake_case read fields like the rest of the API.
 * Money is CHF with 2 decimals; the server computes every total with `computeQuoteTotals`.
 */

// ---------------------------------------------------------------------------------------------
// Statuses, item types, defaults, limits
// ---------------------------------------------------------------------------------------------

export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'rejected', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const quoteStatusSchema = z.enum(QUOTE_STATUSES, {
  error: 'Ungültiger Status. Erlaubt: draft, sent, accepted, rejected, expired',
});
/** German labels (part 2 §4). */
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: 'Entwurf',
  sent: 'Versendet',
  accepted: 'Angenommen',
  rejected: 'Abgelehnt',
  expired: 'Abgelaufen',
};

export const QUOTE_ITEM_TYPES = ['material', 'labor', 'travel', 'other'] as const;
export type QuoteItemType = (typeof QUOTE_ITEM_TYPES)[number];
export const quoteItemTypeSchema = z.enum(QUOTE_ITEM_TYPES, {
  error: 'Ungültiger Positionstyp. Erlaubt: material, labor, travel, other',
});
/** German labels of the item types. */
export const QUOTE_ITEM_TYPE_LABELS: Record<QuoteItemType, string> = {
  material: 'Material',
  labor: 'Arbeit',
  travel: 'Anfahrt',
  other: 'Sonstiges',
};

/** Business defaults (part 2 §5, §9). */
export const QUOTE_DEFAULTS = {
  /** valid until = today + 30 days */
  validityDays: 30,
  vatRate: 8.1,
  discountPercent: 0,
  travelAllowance: 0,
  /** Unit of material and other items. */
  unit: 'Stk',
  /** Unit of labor and travel items. */
  hourUnit: 'h',
  itemType: 'material' as QuoteItemType,
} as const;

export const QUOTE_LIMITS = {
  maxTitleLength: 200,
  maxDescriptionLength: 5000,
  maxNotesLength: 5000,
  maxItems: 200,
  maxItemTitleLength: 200,
  maxItemDescriptionLength: 2000,
  maxUnitLength: 20,
  /*
   * Per item, sensible values for a craft business, so that one item total (quantity × unit
   * price ≤ 100'000'000'000) always fits its numeric(14,2) column; the sum of up to 200 items is
   * checked against `maxTotal` (see `quoteTotalsTooHigh`).
   */
  /** CHF per unit (unit_price numeric(12,2)). */
  maxUnitPrice: 1_000_000,
  /** quantity numeric(10,2) */
  maxQuantity: 100_000,
  minQuantity: 0.01,
  /** CHF (travel_allowance numeric(12,2)). */
  maxTravelAllowance: 1_000_000,
  /** The largest amount the stored totals (numeric(14,2)) hold: items, subtotal, discount, VAT, total. */
  maxTotal: 999_999_999_999.99,
  maxTemplateNameLength: 200,
  /** Signature PNG data URL (decoded bytes). */
  signatureMaxBytes: 500 * 1024,
  maxRejectionReasonLength: 1000,
} as const;

/** The unit an item of this type gets when the type is chosen (labor/travel: h, else Stk). */
export function defaultQuoteItemUnit(type: QuoteItemType): string {
  return type === 'labor' || type === 'travel' ? QUOTE_DEFAULTS.hourUnit : QUOTE_DEFAULTS.unit;
}

/**
 * The unit price an item of this type gets when the type is chosen: labor and travel take the
 * company's default_hourly_rate (0 if unset); material and other keep the current price.
 */
export function defaultQuoteItemUnitPrice(
  type: QuoteItemType,
  defaultHourlyRate: number | null | undefined,
  currentPrice = 0,
): number {
  return type === 'labor' || type === 'travel' ? (defaultHourlyRate ?? 0) : currentPrice;
}

/** A new empty item (a new quote opens with one empty material item). */
export function emptyQuoteItem(type: QuoteItemType = 'material', defaultHourlyRate?: number | null): QuoteItemInput {
  return {
    type,
    title: '',
    description: null,
    quantity: 1,
    unit: defaultQuoteItemUnit(type),
    unitPrice: defaultQuoteItemUnitPrice(type, defaultHourlyRate),
    materialId: null,
  };
}

/** today (yyyy-MM-dd) + 30 days, as yyyy-MM-dd. */
export function defaultQuoteValidUntil(today: string, days: number = QUOTE_DEFAULTS.validityDays): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------
// Totals (part 2 §5): Rappen-exact
// ---------------------------------------------------------------------------------------------

export interface QuoteTotals {
  /** Per item: quantity × unit price, in the order given. */
  item_totals: number[];
  subtotal: number;
  discount_amount: number;
  net_amount: number;
  vat_amount: number;
  /** net + VAT before the 5-Rappen rounding. */
  total_before_rounding: number;
  /** total − total_before_rounding, between −0.02 and +0.02. */
  rounding: number;
  /** Rounded to 5 Rappen (0.05 CHF). */
  total: number;
}

/** Half away from zero for a ratio of BigInts (numerator / denominator, denominator > 0). */
function divRound(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const n = negative ? -numerator : numerator;
  const q = (n * 2n + denominator) / (denominator * 2n);
  return negative ? -q : q;
}

/** A number with at most `decimals` decimals as an exact integer (binary noise removed). */
function scaled(value: number, decimals: number): bigint {
  const n = Math.round(value * 10 ** decimals);
  return Number.isFinite(n) ? BigInt(n) : 0n;
}

const chf = (rappen: bigint): number => Number(rappen) / 100;

/**
 * The spec's formula, computed in integer Rappen so no binary floating point leaks into money:
 *   item total = quantity × unit price               (rounded to 0.01 per item)
 *   subtotal   = Σ item totals
 *   discount   = subtotal × discount% / 100           (rounded to 0.01)
 *   net        = subtotal − discount + travel allowance
 *   VAT        = net × VAT rate / 100                 (rounded to 0.01)
 *   total      = net + VAT, then rounded to 5 Rappen; rounding = total − (net + VAT)
 * Each step rounds half away from zero to 0.01 (commercial rounding); quantities, prices and
 * the travel allowance are taken to 2 decimals, the two percentages to 2 decimals.
 * 5-Rappen rounding: x.x1/x.x2 go down to x.x0, x.x3/x.x4 up to x.x5, x.x6/x.x7 down to x.x5,
 * x.x8/x.x9 up to the next 0.10.
 */
export function computeQuoteTotals(
  items: ReadonlyArray<{ quantity: number; unitPrice: number }>,
  discountPercent: number,
  travelAllowance: number,
  vatRate: number,
): QuoteTotals {
  // quantity in 1/100, price in Rappen → product in 1/100 Rappen
  const itemRappen = items.map((it) => divRound(scaled(it.quantity, 2) * scaled(it.unitPrice, 2), 100n));
  const subtotal = itemRappen.reduce((a, b) => a + b, 0n);
  const discount = divRound(subtotal * scaled(discountPercent, 2), 10_000n);
  const net = subtotal - discount + scaled(travelAllowance, 2);
  const vat = divRound(net * scaled(vatRate, 2), 10_000n);
  const beforeRounding = net + vat;
  const total = divRound(beforeRounding, 5n) * 5n;
  return {
    item_totals: itemRappen.map(chf),
    subtotal: chf(subtotal),
    discount_amount: chf(discount),
    net_amount: chf(net),
    vat_amount: chf(vat),
    total_before_rounding: chf(beforeRounding),
    rounding: chf(total - beforeRounding),
    total: chf(total),
  };
}

/**
 * True when an amount of these totals does not fit the stored columns (numeric(14,2)). The per-item
 * limits keep each item total in range; many large items can still add up beyond it.
 */
export function quoteTotalsTooHigh(totals: QuoteTotals): boolean {
  return [
    ...totals.item_totals,
    totals.subtotal,
    totals.discount_amount,
    totals.net_amount,
    totals.vat_amount,
    totals.total_before_rounding,
    totals.total,
  ].some((amount) => amount > QUOTE_LIMITS.maxTotal);
}

// ---------------------------------------------------------------------------------------------
// Field helpers
// ---------------------------------------------------------------------------------------------

const optionalText = (label: string, max: number) =>
  z
    .preprocess(
      emptyToNull,
      textSchema(`${label} muss ein Text sein`)
        .trim()
        .max(max, `${label} ist zu lang (max. ${max} Zeichen)`)
        .nullable(),
    )
    .optional();

/** Rounds away binary noise (0.1 + 0.2) before the decimals check. */
const maxDecimals = (decimals: number) => (n: number) =>
  Math.abs(Math.round(n * 10 ** decimals) - n * 10 ** decimals) < 1e-6;

/** Missing, null and '' all mean "not given". */
const absentToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

const requiredNumber = (label: string, schema: z.ZodType<number>) =>
  z.preprocess(
    absentToUndefined,
    z
      .any()
      .refine((v) => v !== undefined, `${label} ist erforderlich`)
      .pipe(schema),
  );

const numberWithDefault = (fallback: number, schema: z.ZodType<number>) =>
  z.preprocess((v) => absentToUndefined(v) ?? fallback, schema);

/** 1000000 → 1'000'000 (Swiss thousands separator) for the messages. */
const swissNumber = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, "'");

const money = (label: string, max: number) =>
  z.coerce
    .number({ error: `${label} muss eine Zahl sein` })
    .min(0, `${label} darf nicht negativ sein`)
    .max(max, `${label} ist zu hoch (max. CHF ${swissNumber(max)})`)
    .refine(maxDecimals(2), `${label}: höchstens zwei Nachkommastellen`);

const percent = (label: string) =>
  z.coerce
    .number({ error: `${label} muss eine Zahl sein` })
    .min(0, `${label} muss zwischen 0 und 100 liegen`)
    .max(100, `${label} muss zwischen 0 und 100 liegen`)
    .refine(maxDecimals(2), `${label}: höchstens zwei Nachkommastellen`);

const isoDate = (label: string) =>
  z
    .string({ error: `${label} ist erforderlich` })
    .trim()
    .min(1, `${label} ist erforderlich`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} muss ein Datum im Format JJJJ-MM-TT sein`)
    .refine(isRealIsoDate, `${label} ist kein gültiges Datum`);

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** One item of the create/update payload. */
export const quoteItemRequestSchema = z.object({
  type: z.preprocess((v) => absentToUndefined(v) ?? QUOTE_DEFAULTS.itemType, quoteItemTypeSchema),
  title: z
    .string({ error: 'Jede Position braucht einen Titel' })
    .trim()
    .min(1, 'Jede Position braucht einen Titel')
    .max(
      QUOTE_LIMITS.maxItemTitleLength,
      `Positionstitel ist zu lang (max. ${QUOTE_LIMITS.maxItemTitleLength} Zeichen)`,
    ),
  description: optionalText('Positionsbeschreibung', QUOTE_LIMITS.maxItemDescriptionLength),
  quantity: requiredNumber(
    'Menge',
    z.coerce
      .number({ error: 'Menge muss eine Zahl sein' })
      .min(QUOTE_LIMITS.minQuantity, 'Menge muss mindestens 0.01 sein')
      .max(QUOTE_LIMITS.maxQuantity, `Menge ist zu hoch (max. ${swissNumber(QUOTE_LIMITS.maxQuantity)})`)
      .refine(maxDecimals(2), 'Menge: höchstens zwei Nachkommastellen'),
  ),
  /** Missing means the type's default unit (h for labor/travel, else Stk). */
  unit: optionalText('Einheit', QUOTE_LIMITS.maxUnitLength),
  unitPrice: requiredNumber('Einzelpreis', money('Einzelpreis', QUOTE_LIMITS.maxUnitPrice)),
  materialId: z.preprocess(emptyToNull, z.uuid({ error: 'Ungültige Material-ID' }).nullable()).optional(),
});
export type QuoteItemRequest = z.input<typeof quoteItemRequestSchema>;
export type QuoteItemRequestParsed = z.output<typeof quoteItemRequestSchema>;
/** The item shape of the form (camelCase, numbers). */
export interface QuoteItemInput {
  type: QuoteItemType;
  title: string;
  description: string | null;
  quantity: number;
  unit: string;
  unitPrice: number;
  materialId: string | null;
}

const quoteContentFields = {
  title: z
    .string({ error: 'Titel ist erforderlich' })
    .trim()
    .min(1, 'Titel ist erforderlich')
    .max(QUOTE_LIMITS.maxTitleLength, `Titel ist zu lang (max. ${QUOTE_LIMITS.maxTitleLength} Zeichen)`),
  description: optionalText('Beschreibung', QUOTE_LIMITS.maxDescriptionLength),
  discountPercent: numberWithDefault(QUOTE_DEFAULTS.discountPercent, percent('Rabatt')),
  travelAllowance: numberWithDefault(
    QUOTE_DEFAULTS.travelAllowance,
    money('Reisepauschale', QUOTE_LIMITS.maxTravelAllowance),
  ),
  vatRate: numberWithDefault(QUOTE_DEFAULTS.vatRate, percent('MWST-Satz')),
  notes: optionalText('Notizen', QUOTE_LIMITS.maxNotesLength),
  termsConditions: optionalText('Bedingungen', QUOTE_LIMITS.maxNotesLength),
  items: z
    .array(quoteItemRequestSchema, { error: 'Positionen müssen eine Liste sein' })
    .max(QUOTE_LIMITS.maxItems, `Höchstens ${QUOTE_LIMITS.maxItems} Positionen`)
    .optional()
    .default([]),
};

const totalTooHighMessage = `Gesamtbetrag ist zu hoch (max. CHF ${swissNumber(QUOTE_LIMITS.maxTotal)})`;

/** The computed totals must fit the stored amounts (else the insert would overflow: a 500). */
const totalsFit = {
  check: (v: {
    items: ReadonlyArray<{ quantity: number; unitPrice: number }>;
    discountPercent: number;
    travelAllowance: number;
    vatRate: number;
  }) => {
    // zod runs this refine even when a field already failed (then the values may be anything, e.g.
    // 1e308 or a string): only sane numbers are summed, the field's own message answers the rest.
    const sane = (n: unknown) => typeof n === 'number' && Number.isFinite(n) && Math.abs(n) < 1e12;
    if (!Array.isArray(v.items) || ![v.discountPercent, v.travelAllowance, v.vatRate].every(sane)) return true;
    if (!v.items.every((it) => it !== null && typeof it === 'object' && sane(it.quantity) && sane(it.unitPrice))) {
      return true;
    }
    return !quoteTotalsTooHigh(computeQuoteTotals(v.items, v.discountPercent, v.travelAllowance, v.vatRate));
  },
  params: { message: totalTooHighMessage, path: ['items'] },
};

/**
 * POST /quotes and PUT /quotes/{id} (PUT replaces the whole quote incl. its items).
 * Missing discountPercent/travelAllowance mean 0, missing vatRate 8.1, missing items none.
 */
export const quoteRequestSchema = z
  .object({
    customerId: z.uuid({ error: 'Kunde ist erforderlich' }),
    validUntil: isoDate('Gültig bis'),
    ...quoteContentFields,
  })
  .refine(totalsFit.check, totalsFit.params);
export type QuoteRequest = z.input<typeof quoteRequestSchema>;
export type QuoteRequestParsed = z.output<typeof quoteRequestSchema>;
export const createQuoteRequestSchema = quoteRequestSchema;
export const updateQuoteRequestSchema = quoteRequestSchema;

/** GET /quotes?status=&search= (both optional). */
/**
 * GET /quotes?status&search, and `page`, `pageSize` or `cursor` for one page
 * (`PaginatedResponse<QuoteDto>` with `nextCursor`); without them the whole list as an array.
 */
export const quoteListQuerySchema = z.object({
  status: z.preprocess(emptyToNull, quoteStatusSchema.nullable()).optional(),
  search: searchTermSchema,
  ...optionalListPageQueryFields,
});
export type QuoteListQuery = z.input<typeof quoteListQuerySchema>;
export type QuoteListQueryParsed = z.output<typeof quoteListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export interface QuoteItemDto {
  id: string;
  /** 1-based order on the quote. */
  position: number;
  type: QuoteItemType;
  title: string;
  description: string | null;
  quantity: number;
  unit: string;
  unit_price: number;
  /** quantity × unit_price, rounded to 0.01. */
  total_price: number;
  material_id: string | null;
}

export interface QuoteDto {
  id: string;
  /** A-<year>-<4 digits>, per company and year, e.g. A-2026-0001. */
  quote_number: string;
  title: string;
  description: string | null;
  customer_id: string;
  customer_name: string;
  contact_person: string | null;
  customer_email: string | null;
  status: QuoteStatus;
  /** yyyy-MM-dd: the day the quote was created (company time zone). */
  quote_date: string;
  /** yyyy-MM-dd */
  valid_until: string;
  discount_percent: number;
  travel_allowance: number;
  vat_rate: number;
  subtotal: number;
  discount_amount: number;
  net_amount: number;
  vat_amount: number;
  total_before_rounding: number;
  rounding: number;
  /** Rounded to 5 Rappen. */
  total: number;
  /** Same as total (the spec's field name). */
  total_amount: number;
  notes: string | null;
  terms_conditions: string | null;
  items: QuoteItemDto[];
  created_at: string;
  updated_at: string;
  sent_at: string | null;
  accepted_at: string | null;
  accepted_by_name: string | null;
  accepted_by_email: string | null;
  rejected_at: string | null;
  rejection_reason: string | null;
  /** Set once operations created the project requested with POST /quotes/{id}/create-project. */
  project_id: string | null;
  /** When the project was requested (POST /quotes/{id}/create-project). */
  project_requested_at: string | null;
  /** The PNG is at GET /quotes/{id}/signature. */
  has_signature: boolean;
}
export type QuoteListResponse = QuoteDto[];
export type QuoteResponse = QuoteDto;

/** GET /quotes/stats: the quotes screen's four tiles over all quotes of the company. */
export interface QuoteStatsDto {
  total: number;
  accepted: number;
  /** draft or sent */
  pending: number;
  /** Sum of all quote totals (CHF). */
  totalValue: number;
}

/** POST /quotes/{id}/send answer. */
export interface SendQuoteResponse {
  message: string;
  /** E-mail address the quote went to. */
  sent_to: string;
  quote: QuoteDto;
}

/** POST /quotes/{id}/create-project answer (202: operations creates the project asynchronously). */
export interface CreateProjectFromQuoteResponse {
  message: string;
  quote: QuoteDto;
}

// ---------------------------------------------------------------------------------------------
// Templates
// ---------------------------------------------------------------------------------------------

/**
 * What a template keeps: the quote content without customer and validity date (camelCase, the
 * form's shape, so "start from template" fills the form directly).
 */
export const quoteTemplatePayloadSchema = z
  .object({
    ...quoteContentFields,
    title: quoteContentFields.title.optional(),
  })
  .refine(totalsFit.check, totalsFit.params);
export type QuoteTemplatePayload = z.input<typeof quoteTemplatePayloadSchema>;
export type QuoteTemplatePayloadParsed = z.output<typeof quoteTemplatePayloadSchema>;

/** POST /quotes/templates: from an existing quote (fromQuoteId) or from the form (payload). */
export const createQuoteTemplateRequestSchema = z
  .object({
    name: z
      .string({ error: 'Name der Vorlage ist erforderlich' })
      .trim()
      .min(1, 'Name der Vorlage ist erforderlich')
      .max(QUOTE_LIMITS.maxTemplateNameLength, `Name ist zu lang (max. ${QUOTE_LIMITS.maxTemplateNameLength} Zeichen)`),
    description: optionalText('Beschreibung', QUOTE_LIMITS.maxDescriptionLength),
    fromQuoteId: z.preprocess(emptyToNull, z.uuid({ error: 'Ungültige Angebots-ID' }).nullable()).optional(),
    payload: quoteTemplatePayloadSchema.optional(),
  })
  .refine((v) => Boolean(v.fromQuoteId) !== Boolean(v.payload), {
    message: 'Bitte entweder ein Angebot (fromQuoteId) oder den Inhalt (payload) angeben',
    path: ['payload'],
  });
export type CreateQuoteTemplateRequest = z.input<typeof createQuoteTemplateRequestSchema>;
export type CreateQuoteTemplateRequestParsed = z.output<typeof createQuoteTemplateRequestSchema>;

/** GET /quotes/templates?search= (name and description). */
export const quoteTemplateListQuerySchema = z.object({
  search: searchTermSchema,
});
export type QuoteTemplateListQuery = z.input<typeof quoteTemplateListQuerySchema>;
export type QuoteTemplateListQueryParsed = z.output<typeof quoteTemplateListQuerySchema>;

export interface QuoteTemplateDto {
  id: string;
  name: string;
  description: string | null;
  /** The content to fill a new quote form with (customer and valid-until are chosen anew). */
  payload: {
    title: string | null;
    description: string | null;
    discountPercent: number;
    travelAllowance: number;
    vatRate: number;
    notes: string | null;
    termsConditions: string | null;
    items: QuoteItemInput[];
  };
  item_count: number;
  /** Total of the template content (rounded to 5 Rappen), for the picker. */
  total: number;
  created_at: string;
  updated_at: string;
}
export type QuoteTemplateListResponse = QuoteTemplateDto[];
export type QuoteTemplateResponse = QuoteTemplateDto;

// ---------------------------------------------------------------------------------------------
// Public acceptance (/quote-acceptance/{token}, no login)
// ---------------------------------------------------------------------------------------------

/** The customer-facing messages of the acceptance page (spec part 2 §5 signature texts). */
export const QUOTE_ACCEPTANCE_MESSAGES = {
  nameRequired: 'Bitte geben Sie Ihren Namen ein.',
  emailRequired: 'Bitte geben Sie Ihre E-Mail-Adresse ein.',
  emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  signatureRequired: 'Bitte unterschreiben Sie im Feld oben.',
  signatureInvalid: 'Die Unterschrift muss ein PNG-Bild sein.',
  signatureTooLarge: 'Die Unterschrift ist zu gross (max. 500 KB).',
  consentRequired: 'Bitte bestätigen Sie Ihr Einverständnis.',
  /** 404 */
  notFound: 'Angebot nicht gefunden oder Link abgelaufen.',
  /** 410: valid_until passed or the quote expired */
  expired: 'Dieser Link ist abgelaufen.',
  /** 410: the link was used (accepted or rejected) */
  alreadyAnswered: 'Dieses Angebot wurde bereits beantwortet.',
  accepted: 'Vielen Dank! Das Angebot wurde angenommen.',
  rejected: 'Das Angebot wurde abgelehnt. Vielen Dank für Ihre Rückmeldung.',
} as const;

const PNG_DATA_URL_PREFIX = 'data:image/png;base64,';

/** Decoded byte size of a base64 payload. */
function base64Bytes(b64: string): number {
  const padding = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  return Math.floor((b64.length * 3) / 4) - padding;
}

/** POST /quote-acceptance/{token}/accept */
export const acceptQuoteRequestSchema = z.object({
  name: z
    .string({ error: QUOTE_ACCEPTANCE_MESSAGES.nameRequired })
    .trim()
    .min(1, QUOTE_ACCEPTANCE_MESSAGES.nameRequired)
    .max(200, 'Der Name ist zu lang (max. 200 Zeichen).'),
  email: z
    .string({ error: QUOTE_ACCEPTANCE_MESSAGES.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, QUOTE_ACCEPTANCE_MESSAGES.emailRequired)
    .max(254, QUOTE_ACCEPTANCE_MESSAGES.emailInvalid)
    .pipe(z.email({ error: QUOTE_ACCEPTANCE_MESSAGES.emailInvalid })),
  /** The drawing as a PNG data URL. */
  signature: z
    .string({ error: QUOTE_ACCEPTANCE_MESSAGES.signatureRequired })
    .trim()
    .min(1, QUOTE_ACCEPTANCE_MESSAGES.signatureRequired)
    .refine(
      (s) => s.startsWith(PNG_DATA_URL_PREFIX) && /^[A-Za-z0-9+/]+={0,2}$/.test(s.slice(PNG_DATA_URL_PREFIX.length)),
      QUOTE_ACCEPTANCE_MESSAGES.signatureInvalid,
    )
    .refine(
      (s) => base64Bytes(s.slice(PNG_DATA_URL_PREFIX.length)) <= QUOTE_LIMITS.signatureMaxBytes,
      QUOTE_ACCEPTANCE_MESSAGES.signatureTooLarge,
    ),
  consent: z.literal(true, { error: QUOTE_ACCEPTANCE_MESSAGES.consentRequired }),
});
export type AcceptQuoteRequest = z.input<typeof acceptQuoteRequestSchema>;
export type AcceptQuoteRequestParsed = z.output<typeof acceptQuoteRequestSchema>;

/** POST /quote-acceptance/{token}/reject; the reason is optional. */
export const rejectQuoteRequestSchema = z.object({
  reason: optionalText('Begründung', QUOTE_LIMITS.maxRejectionReasonLength),
});
export type RejectQuoteRequest = z.input<typeof rejectQuoteRequestSchema>;
export type RejectQuoteRequestParsed = z.output<typeof rejectQuoteRequestSchema>;

/** GET /quote-acceptance/{token}: the quote as the customer reads it. */
export interface PublicQuoteDto {
  quote_number: string;
  title: string;
  description: string | null;
  status: QuoteStatus;
  quote_date: string;
  valid_until: string;
  customer_name: string;
  company: {
    name: string;
    address: string | null;
    email: string | null;
    phone: string | null;
    website: string | null;
    /** Absolute or /api-relative URL of the logo, null without one. */
    logo_url: string | null;
  };
  language: Language;
  items: Omit<QuoteItemDto, 'id' | 'material_id'>[];
  discount_percent: number;
  travel_allowance: number;
  vat_rate: number;
  subtotal: number;
  discount_amount: number;
  net_amount: number;
  vat_amount: number;
  total_before_rounding: number;
  rounding: number;
  total: number;
  notes: string | null;
  terms_conditions: string | null;
}

/** Answer of accept and reject. */
export interface QuoteAcceptanceResultResponse {
  message: string;
  status: 'accepted' | 'rejected';
  quote_number: string;
}

/** Error texts of the office API the UI may match on. */
export const QUOTE_MESSAGES = {
  notFound: 'Angebot nicht gefunden',
  customerNotFound: 'Kunde nicht gefunden',
  templateNotFound: 'Vorlage nicht gefunden',
  acceptedNotDeletable: 'Angenommene Angebote können nicht gelöscht werden',
  acceptedNotEditable: 'Angenommene Angebote können nicht bearbeitet werden',
  onlyDraftsSendable: 'Nur Angebote im Status Entwurf können versendet werden',
  changedWhileSending:
    'Das Angebot wurde während des Versands geändert und nicht versendet. Bitte prüfen und erneut senden.',
  customerWithoutEmail: 'Der Kunde hat keine E-Mail-Adresse. Bitte ergänzen Sie sie beim Kunden.',
  validUntilPassed: 'Das Gültigkeitsdatum liegt in der Vergangenheit. Bitte passen Sie es an.',
  pdfUnavailable: 'Das PDF kann gerade nicht erstellt werden. Bitte versuchen Sie es in einer Minute erneut.',
  signatureNotFound: 'Keine Unterschrift vorhanden',
  onlyAcceptedToProject: 'Nur aus angenommenen Angeboten kann ein Projekt erstellt werden',
  projectAlreadyRequested: 'Für dieses Angebot wurde bereits ein Projekt erstellt',
  /** 400: the computed total does not fit the stored amounts. */
  totalTooHigh: totalTooHighMessage,
} as const;
