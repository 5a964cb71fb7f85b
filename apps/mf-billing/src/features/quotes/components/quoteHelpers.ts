import {
  QUOTE_DEFAULTS,
  computeQuoteTotals,
  defaultQuoteItemUnit,
  defaultQuoteItemUnitPrice,
  defaultQuoteValidUntil,
  emptyQuoteItem,
  type MaterialDto,
  type QuoteDto,
  type QuoteItemInput,
  type QuoteItemType,
  type QuoteRequest,
  type QuoteStatus,
  type QuoteTemplateDto,
  type QuoteTotals,
} from '@zunft/contracts';

/** Tag colours of the quote statuses. */
export const STATUS_COLORS: Record<QuoteStatus, string> = {
  draft: 'default',
  sent: 'blue',
  accepted: 'green',
  rejected: 'red',
  expired: 'orange',
};

/** One item row of the form: numbers may be empty while typing. */
export interface QuoteItemFormValues {
  type: QuoteItemType;
  title?: string;
  description?: string | null;
  quantity?: number | null;
  unit?: string;
  unitPrice?: number | null;
  materialId?: string | null;
}

export interface QuoteFormValues {
  customerId?: string;
  title?: string;
  description?: string | null;
  /** yyyy-MM-dd */
  validUntil?: string | null;
  discountPercent?: number | null;
  travelAllowance?: number | null;
  vatRate?: number | null;
  notes?: string | null;
  termsConditions?: string | null;
  items?: QuoteItemFormValues[];
}

const num = (v: number | null | undefined): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const text = (v: string | null | undefined): string => (typeof v === 'string' ? v.trim() : '');

/** The live totals of the form: the same `computeQuoteTotals` the server uses, empty fields as 0. */
export function liveTotals(
  values: Pick<QuoteFormValues, 'items' | 'discountPercent' | 'travelAllowance' | 'vatRate'>,
): QuoteTotals {
  return computeQuoteTotals(
    (values.items ?? []).map((item) => ({ quantity: num(item?.quantity), unitPrice: num(item?.unitPrice) })),
    num(values.discountPercent),
    num(values.travelAllowance),
    // An emptied VAT field counts as the default the server would apply.
    values.vatRate === null || values.vatRate === undefined ? QUOTE_DEFAULTS.vatRate : values.vatRate,
  );
}

/** Form values -> POST/PUT payload (part 2 §7): empty texts as null, the server fills defaults. */
export function toQuoteRequest(values: QuoteFormValues): QuoteRequest {
  return {
    customerId: values.customerId ?? '',
    title: text(values.title),
    description: text(values.description) || null,
    validUntil: values.validUntil ?? '',
    discountPercent: num(values.discountPercent),
    travelAllowance: num(values.travelAllowance),
    vatRate: values.vatRate ?? QUOTE_DEFAULTS.vatRate,
    notes: text(values.notes) || null,
    termsConditions: text(values.termsConditions) || null,
    items: (values.items ?? []).map((item) => ({
      type: item.type,
      title: text(item.title),
      description: text(item.description) || null,
      // Empty numbers go as null so the server answers with its German 'ist erforderlich'.
      quantity: item.quantity ?? null,
      unit: text(item.unit) || defaultQuoteItemUnit(item.type),
      unitPrice: item.unitPrice ?? null,
      materialId: item.materialId ?? null,
    })),
  } as QuoteRequest;
}

function toItemFormValues(item: QuoteItemInput): QuoteItemFormValues {
  return { ...item };
}

export function toQuoteFormValues(quote: QuoteDto): QuoteFormValues {
  return {
    customerId: quote.customer_id,
    title: quote.title,
    description: quote.description,
    validUntil: quote.valid_until,
    discountPercent: quote.discount_percent,
    travelAllowance: quote.travel_allowance,
    vatRate: quote.vat_rate,
    notes: quote.notes,
    termsConditions: quote.terms_conditions,
    items: quote.items.map((item) => ({
      type: item.type,
      title: item.title,
      description: item.description,
      quantity: item.quantity,
      unit: item.unit,
      unitPrice: item.unit_price,
      materialId: item.material_id,
    })),
  };
}

/**
 * A new quote (part 2 §5): valid until today + 30 days, VAT from the company settings (8.1 without
 * them), one empty material item.
 */
export function newQuoteFormValues(today: string, vatRate: number | null | undefined): QuoteFormValues {
  return {
    validUntil: defaultQuoteValidUntil(today),
    discountPercent: QUOTE_DEFAULTS.discountPercent,
    travelAllowance: QUOTE_DEFAULTS.travelAllowance,
    vatRate: vatRate ?? QUOTE_DEFAULTS.vatRate,
    items: [toItemFormValues(emptyQuoteItem())],
  };
}

/** Starts a new quote from a template: its content; customer and validity are chosen anew. */
export function templateFormValues(template: QuoteTemplateDto, today: string): QuoteFormValues {
  const p = template.payload;
  return {
    title: p.title ?? template.name,
    description: p.description,
    validUntil: defaultQuoteValidUntil(today),
    discountPercent: p.discountPercent,
    travelAllowance: p.travelAllowance,
    vatRate: p.vatRate,
    notes: p.notes,
    termsConditions: p.termsConditions,
    items: p.items.length > 0 ? p.items.map(toItemFormValues) : [toItemFormValues(emptyQuoteItem())],
  };
}

/**
 * The row after its type changed (part 2 §5): labor and travel take unit h and the company's
 * default hourly rate (0 if unset); material and other take unit Stk and keep their price.
 */
export function withItemType(
  item: QuoteItemFormValues,
  type: QuoteItemType,
  defaultHourlyRate: number | null | undefined,
): QuoteItemFormValues {
  return {
    ...item,
    type,
    // The material link only makes sense on a material row.
    materialId: type === 'material' ? (item.materialId ?? null) : null,
    unit: defaultQuoteItemUnit(type),
    unitPrice: defaultQuoteItemUnitPrice(type, defaultHourlyRate, num(item.unitPrice)),
  };
}

/** How long the material picker waits after the last key before it asks the server. */
export const MATERIAL_SEARCH_DEBOUNCE_MS = 250;

/**
 * What the material picker lists: the materials chosen earlier that the current search does not
 * show (they keep their names and stay checked), then the server's matches (active ones only; the
 * server sends only those). Each material once.
 */
export function materialPickerRows(
  matches: readonly MaterialDto[],
  chosen: readonly MaterialDto[],
): { chosenElsewhere: MaterialDto[]; matches: MaterialDto[] } {
  const shown: MaterialDto[] = [];
  const ids = new Set<string>();
  for (const m of matches) {
    if (!m.is_active || ids.has(m.id)) continue;
    ids.add(m.id);
    shown.push(m);
  }
  return { chosenElsewhere: chosen.filter((m) => !ids.has(m.id)), matches: shown };
}

/** The picker's choice after a checkbox changed, in the order the materials were chosen. */
export function toggleMaterial(chosen: readonly MaterialDto[], material: MaterialDto, checked: boolean): MaterialDto[] {
  const others = chosen.filter((m) => m.id !== material.id);
  return checked ? [...others, material] : others;
}

/** A material as a quote item: name, unit and price from the material, quantity 1. */
export function materialItem(material: MaterialDto): QuoteItemFormValues {
  return {
    type: 'material',
    title: material.name,
    description: material.description,
    quantity: 1,
    unit: material.unit,
    unitPrice: material.unit_price,
    materialId: material.id,
  };
}

/**
 * A material as quote items: the material, and when it carries a metal surcharge (issue 29: metal
 * weight × the day's copper quotation) a line of its own right after it (`surchargeTitle(name)`, e.g.
 * «Kupferzuschlag NYM-J 3x1,5»), same quantity and unit, the surcharge per unit, no material id
 * (the copper price moves daily, so the customer sees it apart from the article's price).
 */
export function materialItems(material: MaterialDto, surchargeTitle: (name: string) => string): QuoteItemFormValues[] {
  const item = materialItem(material);
  if (!material.metal_surcharge) return [item];
  return [
    item,
    {
      type: 'other',
      title: surchargeTitle(material.name),
      description: null,
      quantity: item.quantity,
      unit: material.unit,
      unitPrice: material.metal_surcharge,
      materialId: null,
    },
  ];
}

/** Appends imported items; a single untouched empty row (the new-quote default) is replaced. */
export function appendItems(
  current: readonly QuoteItemFormValues[] | undefined,
  added: readonly QuoteItemFormValues[],
): QuoteItemFormValues[] {
  const rows = [...(current ?? [])];
  const onlyBlank = rows.length === 1 && !text(rows[0]?.title) && !rows[0]?.materialId && !text(rows[0]?.description);
  return [...(onlyBlank ? [] : rows), ...added];
}

/** Today as yyyy-MM-dd in local time. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
