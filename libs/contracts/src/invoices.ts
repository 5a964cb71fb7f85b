import { z } from 'zod';
import { emptyToNull, listCursorSchema, searchTermSchema } from './common.js';
import { computeQuoteTotals } from './quotes.js';

/*
 * Invoices (Rechnungen), reminders (Mahnungen) and customer payments, part 2 §2–§9 and issue 11.
 * Requests use camelCase (paymentMethod, reminderType, customDueDays, paymentDate), responses
 * snake_case like the rest of the API. Money is in the company's currency (CHF or EUR) with two
 * decimals; every total is computed by the server.
 */

// ---------------------------------------------------------------------------------------------
// Statuses, payment methods, reminder levels
// ---------------------------------------------------------------------------------------------

/** `cancelled` (Storno) and `written_off` (Abschreibung) close an issued invoice for good (issue 22). */
export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'overdue', 'cancelled', 'written_off'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Entwurf',
  sent: 'Versendet',
  paid: 'Bezahlt',
  overdue: 'Überfällig',
  cancelled: 'Storniert',
  written_off: 'Abgeschrieben',
};
export const invoiceStatusSchema = z.enum(INVOICE_STATUSES, {
  error: 'Ungültiger Status. Erlaubt: draft, sent, paid, overdue, cancelled, written_off',
});

/** cash, bank, card; null (or '') = the standard (QR bill / bank transfer). */
export const INVOICE_PAYMENT_METHODS = ['cash', 'bank', 'card'] as const;
export type InvoicePaymentMethod = (typeof INVOICE_PAYMENT_METHODS)[number];
export const INVOICE_PAYMENT_METHOD_LABELS: Record<InvoicePaymentMethod, string> = {
  cash: 'Bar',
  bank: 'Überweisung',
  card: 'Karte',
};
const paymentMethodSchema = z.enum(INVOICE_PAYMENT_METHODS, {
  error: 'Ungültige Zahlungsart. Erlaubt: cash, bank, card',
});

/** Reminder levels 0–4 (part 2 §4). */
export const REMINDER_LEVEL_NAMES = ['Keine', 'Erinnerung', '1. Mahnung', '2. Mahnung', 'Letzte Mahnung'] as const;
export const MAX_REMINDER_LEVEL = 4;

/** Reminder types of the custom form and the level each one stands for. */
export const REMINDER_TYPES = ['reminder', 'first_reminder', 'second_reminder', 'final_reminder'] as const;
export type ReminderType = (typeof REMINDER_TYPES)[number];
export const REMINDER_TYPE_LEVEL: Record<ReminderType, 1 | 2 | 3 | 4> = {
  reminder: 1,
  first_reminder: 2,
  second_reminder: 3,
  final_reminder: 4,
};
export const reminderTypeOfLevel = (level: number): ReminderType =>
  REMINDER_TYPES[Math.min(Math.max(level, 1), MAX_REMINDER_LEVEL) - 1]!;

export const INVOICE_DEFAULTS = {
  /** Custom reminder payment term (days), part 2 §5 and §9. */
  reminderDueDays: 14,
  minReminderDueDays: 1,
  maxReminderDueDays: 365,
  pageSize: 50,
  maxPageSize: 200,
} as const;

export const INVOICE_LIMITS = {
  maxItems: 500,
  maxTextLength: 5000,
  maxTitleLength: 200,
  /** Upper bound of one amount (quantity × price, payments): fits numeric(14,2). */
  maxAmount: 1_000_000_000,
  /** Largest camt.054 file accepted by the import (bytes). */
  maxImportBytes: 10 * 1024 * 1024,
} as const;

// ---------------------------------------------------------------------------------------------
// Totals (same rules as quotes, defined once in computeQuoteTotals)
// ---------------------------------------------------------------------------------------------

export interface InvoiceTotals {
  item_totals: number[];
  subtotal: number;
  vat_amount: number;
  /** Net and VAT per rate, rates in descending order (VAT per rate rounded to 0.01); issue 22. */
  vat_breakdown: VatBreakdownLine[];
  total_before_rounding: number;
  /** The 5-Rappen rounding, shown as its own line. */
  rounding: number;
  total: number;
}

/** One rate of an invoice's VAT breakdown. */
export interface VatBreakdownLine {
  rate: number;
  net: number;
  vat: number;
}

/** The Swiss VAT rates a line may carry (normal, reduced, accommodation, none). Issue 22. */
export const INVOICE_VAT_RATES = [8.1, 2.6, 3.8, 0] as const;

/**
 * Items (each at its own VAT rate, else the company rate), VAT per rate rounded to 0.01, the total
 * rounded to 5 Rappen once: with one rate exactly the quote rule without discount or travel. EUR has
 * no 5-cent coin: a EUR invoice is rounded to 0.01 and has no rounding line.
 */
export function computeInvoiceTotals(
  items: ReadonlyArray<{ quantity: number; unitPrice: number; vatRate?: number | null; deductedVat?: number | null }>,
  vatRate: number,
  currency: 'CHF' | 'EUR' = 'CHF',
): InvoiceTotals {
  const t = computeQuoteTotals(items, 0, 0, 0);
  const netByRate = new Map<number, number>();
  // A final invoice's deduction lines (issue 22): their net lowers the rate's net, and the VAT
  // already invoiced (`deductedVat`) is subtracted from the VAT on the whole (MWSTG art. 40).
  const deducted = new Map<number, { net: number; vat: number }>();
  items.forEach((it, i) => {
    const rate = it.vatRate ?? vatRate;
    if (it.deductedVat !== undefined && it.deductedVat !== null) {
      const d = deducted.get(rate) ?? { net: 0, vat: 0 };
      deducted.set(rate, { net: roundMoney(d.net + t.item_totals[i]!), vat: roundMoney(d.vat + it.deductedVat) });
      if (!netByRate.has(rate)) netByRate.set(rate, 0);
      return;
    }
    netByRate.set(rate, roundMoney((netByRate.get(rate) ?? 0) + t.item_totals[i]!));
  });
  if (netByRate.size === 0) netByRate.set(vatRate, 0);
  const vat_breakdown = [...netByRate]
    .sort((a, b) => b[0] - a[0])
    .map(([rate, net]) => {
      const vat = computeQuoteTotals([{ quantity: 1, unitPrice: net }], 0, 0, rate).vat_amount;
      const d = deducted.get(rate);
      return d ? { rate, net: roundMoney(net + d.net), vat: roundMoney(vat - d.vat) } : { rate, net, vat };
    });
  const vat_amount = roundMoney(vat_breakdown.reduce((s, b) => s + b.vat, 0));
  const before = roundMoney(t.subtotal + vat_amount);
  const total = currency === 'EUR' ? before : roundToFiveRappen(before);
  return {
    item_totals: t.item_totals,
    subtotal: t.subtotal,
    vat_amount,
    vat_breakdown,
    total_before_rounding: before,
    rounding: roundMoney(total - before),
    total,
  };
}

/** Swiss 5-Rappen rounding of an amount (the quote rule, reused). */
export const roundToFiveRappen = (amount: number): number =>
  computeQuoteTotals([{ quantity: 1, unitPrice: amount }], 0, 0, 0).total;

/** Money to 2 decimals (half away from zero), without binary noise. */
export const roundMoney = (amount: number): number => {
  const cents = Math.round(Math.abs(amount) * 100 + 1e-6);
  return (Math.sign(amount) * cents) / 100;
};

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

/**
 * What an invoice is (issue 22): an ordinary invoice, or a stage of billing a quote or a project:
 * down payment (Akontorechnung), partial (Teilrechnung), final (Schlussrechnung).
 */
export const INVOICE_KINDS = ['invoice', 'down_payment', 'partial', 'final'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = {
  invoice: 'Rechnung',
  down_payment: 'Akontorechnung',
  partial: 'Teilrechnung',
  final: 'Schlussrechnung',
};

export const INVOICE_ITEM_TYPES = ['labor', 'surcharge', 'material', 'expense', 'travel', 'other'] as const;
export type InvoiceItemType = (typeof INVOICE_ITEM_TYPES)[number];

export interface InvoiceItemDto {
  id: string;
  position: number;
  type: InvoiceItemType;
  title: string;
  description: string | null;
  quantity: number;
  unit: string;
  unit_price: number;
  total_price: number;
  /** The line's VAT rate (issue 22; always present in the API's answers). */
  vat_rate?: number;
  /** A partial invoice's line taken from a quote line (issue 22). */
  quote_item_id?: string | null;
  /** A final invoice's deduction line: the down-payment or partial invoice it deducts. */
  deducted_invoice_id?: string | null;
  /** …and the VAT of that invoice at this line's rate (subtracted from the VAT on the whole). */
  deducted_vat?: number | null;
}

export interface InvoicePaymentDto {
  id: string;
  amount: number;
  payment_date: string;
  method: InvoicePaymentMethod;
  /** manual (entered), mark_paid ('Als bezahlt markieren' / status paid) or camt054 (bank file). */
  source: 'manual' | 'mark_paid' | 'camt054';
  bank_reference: string | null;
  debtor_name: string | null;
  created_at: string;
  created_by_name: string | null;
  /** Set when the payment was reversed (a `payment_reversal` ledger entry); the payment stays listed. */
  reversed_at?: string | null;
}

/** A list row and the head of GET /invoices/{id}. */
export interface InvoiceDto {
  id: string;
  invoice_number: string;
  customer_id: string;
  customer_name: string;
  project_id: string | null;
  project_title: string | null;
  report_id: string | null;
  quote_id: string | null;
  /** invoice, or a stage: down_payment, partial, final (issue 22; always present in the API's answers). */
  kind?: InvoiceKind;
  status: InvoiceStatus;
  /** cash | bank | card, or null = standard. */
  payment_method: InvoicePaymentMethod | null;
  currency: 'CHF' | 'EUR';
  invoice_date: string;
  due_date: string;
  service_period_start: string | null;
  service_period_end: string | null;
  subtotal: number;
  vat_rate: number;
  vat_amount: number;
  total_before_rounding: number;
  rounding: number;
  total_amount: number;
  paid_amount: number;
  /** What the customer still owes: the sum of the invoice's ledger (GET /invoices/{id}/ledger), never below 0. */
  open_amount: number;
  /*
   * From the ledger as well (issue 22). Always present in the API's answers; optional in the type
   * only so that older client fixtures still compile.
   */
  /** Reminder fees booked (owed since issue 22). */
  fees_amount?: number;
  /** Default interest booked. */
  interest_amount?: number;
  /** Credit notes. */
  credited_amount?: number;
  /** Written off as a loss. */
  written_off_amount?: number;
  /** Paid beyond what was owed, not yet refunded. */
  credit_balance?: number;
  /** When the invoice was issued (sent, or left draft): from then on it is final (never deleted). */
  issued_at?: string | null;
  current_reminder_level: number;
  current_reminder_name: string;
  last_reminder_sent_at: string | null;
  notes: string | null;
  sent_at: string | null;
  paid_at: string | null;
  created_at: string;
  updated_at: string;
}

/** GET /invoices/{id} */
export interface InvoiceDetailDto extends InvoiceDto {
  items: InvoiceItemDto[];
  payments: InvoicePaymentDto[];
  /** The reference printed on the QR bill (QRR for a QR-IBAN, else SCOR); null while no IBAN is set. */
  qr_reference: string | null;
  qrr_reference: string;
  scor_reference: string;
  /** What is still missing before the invoice can be downloaded or sent (German names of the settings). */
  missing_settings: string[];
  /**
   * GET /invoices/{id}: where the QR bill differs from what was typed (characters outside the QR
   * character set replaced or dropped, text cut to the field's length): shown before sending.
   */
  qr_warnings?: QrWarning[];
  /** SHA-256 (hex) of the archived PDF once the invoice is issued and downloaded or sent; null before. */
  document_sha256?: string | null;
  /** Net and VAT per rate of the lines (issue 22; always present in the API's answers). */
  vat_breakdown?: VatBreakdownLine[];
}

/** A field of the QR bill whose text was changed for the QR code (issue 23). */
export const QR_WARNING_FIELDS = [
  'creditor.name',
  'creditor.street',
  'creditor.building_number',
  'creditor.zip',
  'creditor.city',
  'debtor.name',
  'debtor.street',
  'debtor.building_number',
  'debtor.zip',
  'debtor.city',
  'message',
] as const;
export type QrWarningField = (typeof QR_WARNING_FIELDS)[number];

export interface QrWarning {
  field: QrWarningField;
  /** replaced: characters transliterated or dropped; shortened: cut at a word to the field's length. */
  kind: 'replaced' | 'shortened';
  /** The text as it stands in the QR code. */
  value: string;
}

export interface InvoiceListResponse {
  items: InvoiceDto[];
  total: number;
  page: number;
  pageSize: number;
  /** `?cursor=` for the invoices after this page; null on the last page (keyset pagination). */
  nextCursor?: string | null;
}

/** GET /invoices/stats */
export interface InvoiceStatsDto {
  total: number;
  paid: number;
  /** sent or overdue */
  pending: number;
  /** Sum of all invoice totals. */
  totalAmount: number;
}

/** Reminder history entry (part 2 §3) plus the amounts of that reminder. */
export interface ReminderDto {
  id: string;
  /** The level 1–4. */
  reminder_type_id: number;
  reminder_type: ReminderType;
  reminder_type_description: string;
  sent_at: string;
  sent_by_name: string | null;
  due_date: string;
  /** Download path of the reminder's PDF (relative to /api). */
  pdf_path: string;
  notes: string | null;
  open_amount: number;
  fee: number;
  fees_total: number;
  interest: number;
  interest_days: number;
  total_amount: number;
  sent_to: string | null;
}

export interface SendReminderResponse {
  data: { message: string; reminder: ReminderDto; invoice: InvoiceDto };
}

/** POST /reports/{id}/create-invoice */
export interface CreateInvoiceFromReportResponse {
  invoiceNumber: string;
  totalAmount: number;
  invoiceId: string;
}

export interface CamtImportMatch {
  invoice_id: string;
  invoice_number: string;
  reference: string;
  amount: number;
  payment_date: string;
  debtor_name: string | null;
  /** The invoice's status after this payment. */
  status: 'paid' | 'part_paid';
  open_amount: number;
}

export interface CamtImportUnmatched {
  /** The stored unmatched credit (GET /invoices/payments/unmatched), to assign to an invoice later. */
  id: string;
  reference: string | null;
  amount: number;
  currency: string;
  payment_date: string | null;
  debtor_name: string | null;
  bank_reference: string;
}

/** What the import did with one entry of the bank file (issue 23). */
export const CAMT_ENTRY_RESULTS = ['booked', 'duplicate', 'reversed', 'unmatched', 'overpaid'] as const;
export type CamtEntryResult = (typeof CAMT_ENTRY_RESULTS)[number];

export interface CamtImportEntry {
  bank_reference: string;
  reference: string | null;
  /** Positive; a reversal's amount is what it takes back. */
  amount: number;
  currency: string;
  result: CamtEntryResult;
  invoice_id: string | null;
  invoice_number: string | null;
  /** A ZIP archive: the file inside it. */
  file: string | null;
}

/** POST /invoices/payments/import */
export interface CamtImportResponse {
  /*
   * Since issue 23 (always present in the API's answers; optional in the type only so that older
   * client fixtures still compile): every entry with its result, the accounts the file reports on.
   */
  entries?: CamtImportEntry[];
  accounts?: string[];
  /** Credits that paid more than was open: the excess is the invoice's credit balance. */
  overpaid?: Array<{ invoice_id: string; invoice_number: string; amount: number; excess: number }>;
  /** Reversals booked (`payment_reversal`): the invoice is open again. */
  reversed?: Array<{ invoice_id: string; invoice_number: string; amount: number; bank_reference: string }>;
  message: string;
  version: string;
  matched: CamtImportMatch[];
  unmatched: CamtImportUnmatched[];
  duplicates: Array<{ bank_reference: string; reference: string | null; amount: number }>;
  /** Returns, reversals, pending and debit entries: never booked. */
  ignored: Array<{
    bank_reference: string;
    reason: 'debit' | 'reversal' | 'return' | 'not_booked';
    amount: number | null;
  }>;
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

const isoDate = (label: string) =>
  z
    .string({ error: `${label} ist erforderlich` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} muss ein Datum im Format JJJJ-MM-TT sein`)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '2000-01-01';
    }, `${label} ist kein gültiges Datum`);

const optionalIsoDate = (label: string) => z.preprocess(emptyToNull, isoDate(label).nullable()).optional();

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

const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

const amount = (label: string) =>
  z.coerce
    .number({ error: `${label} muss eine Zahl sein` })
    .refine(Number.isFinite, `${label} muss eine Zahl sein`)
    .refine((n) => n >= 0.01, `${label} muss mindestens 0.01 sein`)
    .refine((n) => n <= INVOICE_LIMITS.maxAmount, `${label} ist zu hoch`)
    .refine(twoDecimals, `${label}: höchstens zwei Nachkommastellen`);

/** GET /invoices?status&customerId&search&page&pageSize&cursor */
export const invoiceListQuerySchema = z.object({
  status: z.preprocess(emptyToNull, invoiceStatusSchema.nullable()).optional(),
  customerId: z.preprocess(emptyToNull, z.uuid({ error: 'Ungültige Kunden-ID' }).nullable()).optional(),
  search: searchTermSchema,
  page: z.coerce
    .number({ error: 'Seite muss eine Zahl sein' })
    .int('Seite muss eine ganze Zahl sein')
    .min(1, 'Seite muss mindestens 1 sein')
    .max(100_000, 'Seite ist zu gross')
    .optional()
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Seitengrösse muss eine Zahl sein' })
    .int('Seitengrösse muss eine ganze Zahl sein')
    .min(1, 'Seitengrösse muss mindestens 1 sein')
    .max(INVOICE_DEFAULTS.maxPageSize, `Seitengrösse darf höchstens ${INVOICE_DEFAULTS.maxPageSize} sein`)
    .optional()
    .default(INVOICE_DEFAULTS.pageSize),
  /** The `nextCursor` of the previous page (then `page` is only echoed). */
  cursor: listCursorSchema,
});
export type InvoiceListQuery = z.input<typeof invoiceListQuerySchema>;
export type InvoiceListQueryParsed = z.output<typeof invoiceListQuerySchema>;

export const invoiceItemRequestSchema = z.object({
  type: z
    .enum(INVOICE_ITEM_TYPES, {
      error: 'Ungültiger Positionstyp. Erlaubt: labor, surcharge, material, expense, travel, other',
    })
    .optional()
    .default('other'),
  title: z
    .string({ error: 'Bezeichnung ist erforderlich' })
    .trim()
    .min(1, 'Bezeichnung ist erforderlich')
    .max(INVOICE_LIMITS.maxTitleLength, `Bezeichnung ist zu lang (max. ${INVOICE_LIMITS.maxTitleLength} Zeichen)`),
  description: optionalText('Beschreibung', INVOICE_LIMITS.maxTextLength),
  quantity: z.coerce
    .number({ error: 'Menge muss eine Zahl sein' })
    .refine(Number.isFinite, 'Menge muss eine Zahl sein')
    .refine((n) => n > 0, 'Menge muss grösser als 0 sein')
    .refine((n) => n <= 1_000_000, 'Menge ist zu hoch')
    .refine(twoDecimals, 'Menge: höchstens zwei Nachkommastellen'),
  unit: optionalText('Einheit', 20),
  unitPrice: z.coerce
    .number({ error: 'Einzelpreis muss eine Zahl sein' })
    .refine(Number.isFinite, 'Einzelpreis muss eine Zahl sein')
    .refine((n) => Math.abs(n) <= 1_000_000, 'Einzelpreis ist zu hoch')
    .refine(twoDecimals, 'Einzelpreis: höchstens zwei Nachkommastellen'),
  /** The line's VAT rate; missing = the company's rate (issue 22). */
  vatRate: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
    z
      .number({ error: 'Ungültiger MWST-Satz. Erlaubt: 8.1, 2.6, 3.8, 0' })
      .refine(
        (n) => (INVOICE_VAT_RATES as readonly number[]).includes(n),
        'Ungültiger MWST-Satz. Erlaubt: 8.1, 2.6, 3.8, 0',
      )
      .optional(),
  ),
});
export type InvoiceItemRequest = z.input<typeof invoiceItemRequestSchema>;

/**
 * POST /invoices ('Neue Rechnung'): from an accepted quote (quoteId; its items, discount and
 * travel allowance become the lines) or from free lines (customerId + items).
 */
export const createInvoiceRequestSchema = z
  .object({
    /** Default `invoice`; a stage (issue 22) needs `quoteId` or `projectId`. */
    kind: z
      .enum(INVOICE_KINDS, { error: 'Ungültige Rechnungsart. Erlaubt: invoice, down_payment, partial, final' })
      .optional()
      .default('invoice'),
    /** Down payment: a percentage of the quote's net amount … */
    percent: z.preprocess(
      (v) => (v === '' || v === null || v === undefined ? undefined : v),
      z.coerce
        .number({ error: 'Prozentsatz muss eine Zahl sein' })
        .refine(Number.isFinite, 'Prozentsatz muss eine Zahl sein')
        .refine((n) => n > 0 && n <= 100, 'Prozentsatz muss grösser als 0 und höchstens 100 sein')
        .refine(twoDecimals, 'Prozentsatz: höchstens zwei Nachkommastellen')
        .optional(),
    ),
    /** … or an amount excluding VAT. */
    amount: z.preprocess(
      (v) => (v === '' || v === null || v === undefined ? undefined : v),
      amount('Akontobetrag').optional(),
    ),
    /** Partial invoice: quote lines and the quantity billed now. */
    lines: z
      .array(
        z.object({
          quoteItemId: z.uuid({ error: 'Ungültige Angebotsposition' }),
          quantity: z.coerce
            .number({ error: 'Menge muss eine Zahl sein' })
            .refine(Number.isFinite, 'Menge muss eine Zahl sein')
            .refine((n) => n > 0, 'Menge muss grösser als 0 sein')
            .refine(twoDecimals, 'Menge: höchstens zwei Nachkommastellen'),
        }),
        { error: 'Positionen müssen eine Liste sein' },
      )
      .max(INVOICE_LIMITS.maxItems, `Höchstens ${INVOICE_LIMITS.maxItems} Positionen`)
      .optional()
      .default([]),
    quoteId: z.preprocess(emptyToNull, z.uuid({ error: 'Ungültige Angebots-ID' }).nullable()).optional(),
    customerId: z.preprocess(emptyToNull, z.uuid({ error: 'Ungültige Kunden-ID' }).nullable()).optional(),
    projectId: z.preprocess(emptyToNull, z.uuid({ error: 'Ungültige Projekt-ID' }).nullable()).optional(),
    invoiceDate: optionalIsoDate('Rechnungsdatum'),
    servicePeriodStart: optionalIsoDate('Leistungszeitraum von'),
    servicePeriodEnd: optionalIsoDate('Leistungszeitraum bis'),
    notes: optionalText('Notizen', INVOICE_LIMITS.maxTextLength),
    items: z
      .array(invoiceItemRequestSchema, { error: 'Positionen müssen eine Liste sein' })
      .max(INVOICE_LIMITS.maxItems, `Höchstens ${INVOICE_LIMITS.maxItems} Positionen`)
      .optional()
      .default([]),
  })
  .refine((v) => v.quoteId || v.customerId || (v.kind !== 'invoice' && v.projectId), {
    message: 'Bitte wählen Sie einen Kunden oder ein Angebot',
    path: ['customerId'],
  })
  .refine((v) => v.kind === 'invoice' || v.quoteId || v.projectId, {
    message: 'Akonto-, Teil- und Schlussrechnungen brauchen ein Angebot oder ein Projekt',
    path: ['quoteId'],
  })
  .refine((v) => v.kind !== 'down_payment' || (v.percent === undefined) !== (v.amount === undefined), {
    message: 'Bitte geben Sie für die Akontorechnung entweder einen Prozentsatz oder einen Betrag an',
    path: ['percent'],
  })
  .refine((v) => v.kind !== 'partial' || v.lines.length > 0 || v.items.length > 0, {
    message: 'Bitte wählen Sie mindestens eine Position für die Teilrechnung',
    path: ['lines'],
  })
  .refine((v) => v.kind !== 'invoice' || v.quoteId || v.items.length > 0, {
    message: 'Mindestens eine Position ist erforderlich',
    path: ['items'],
  })
  .refine((v) => !v.servicePeriodStart || !v.servicePeriodEnd || v.servicePeriodStart <= v.servicePeriodEnd, {
    message: 'Der Leistungszeitraum endet vor seinem Beginn',
    path: ['servicePeriodEnd'],
  });
export type CreateInvoiceRequest = z.input<typeof createInvoiceRequestSchema>;
export type CreateInvoiceRequestParsed = z.output<typeof createInvoiceRequestSchema>;

/** PUT /invoices/{id}/status */
export const updateInvoiceStatusRequestSchema = z.object({
  status: invoiceStatusSchema,
});

/** PUT /invoices/{id}/payment-method: `paymentMethod` (also read as `payment_method`); '' or null = standard. */
export const updateInvoicePaymentMethodRequestSchema = z
  .object({
    paymentMethod: z.preprocess(emptyToNull, paymentMethodSchema.nullable()).optional(),
    payment_method: z.preprocess(emptyToNull, paymentMethodSchema.nullable()).optional(),
  })
  .transform((v) => ({ paymentMethod: v.paymentMethod !== undefined ? v.paymentMethod : (v.payment_method ?? null) }));

/** POST /invoices/{id}/payments */
export const createPaymentRequestSchema = z.object({
  amount: amount('Betrag'),
  paymentDate: isoDate('Zahlungsdatum'),
  method: z.preprocess(emptyToNull, paymentMethodSchema.nullable()).optional(),
});
export type CreatePaymentRequest = z.input<typeof createPaymentRequestSchema>;

/** POST /invoices/{id}/mark-paid ('Als bezahlt markieren'): records the open amount. */
export const markPaidRequestSchema = z.object({
  paymentDate: optionalIsoDate('Zahlungsdatum'),
  method: z.preprocess(emptyToNull, paymentMethodSchema.nullable()).optional(),
});

/**
 * POST /reports/{id}/create-invoice: empty = dated today (the company's day); `invoiceDate` dates the
 * invoice earlier (not in the future: checked against the company's today by the service).
 */
export const createInvoiceFromReportRequestSchema = z
  .object({ invoiceDate: optionalIsoDate('Rechnungsdatum') })
  .nullish()
  .transform((v) => v ?? {});
export type CreateInvoiceFromReportRequest = z.input<typeof createInvoiceFromReportRequestSchema>;
export type CreateInvoiceFromReportRequestParsed = z.output<typeof createInvoiceFromReportRequestSchema>;

/** POST /invoices/{id}/send-reminder: empty = the next level; or the custom form. */
export const sendReminderRequestSchema = z
  .object({
    reminderType: z
      .enum(REMINDER_TYPES, {
        error: 'Ungültige Mahnart. Erlaubt: reminder, first_reminder, second_reminder, final_reminder',
      })
      .optional(),
    customDueDays: z.coerce
      .number({ error: 'Zahlungsfrist muss eine Zahl sein' })
      .int('Zahlungsfrist muss eine ganze Zahl sein')
      .min(INVOICE_DEFAULTS.minReminderDueDays, 'Zahlungsfrist muss zwischen 1 und 365 Tagen liegen')
      .max(INVOICE_DEFAULTS.maxReminderDueDays, 'Zahlungsfrist muss zwischen 1 und 365 Tagen liegen')
      .optional(),
    notes: optionalText('Notizen', 2000),
  })
  .nullish()
  .transform((v) => v ?? {});
export type SendReminderRequest = z.input<typeof sendReminderRequestSchema>;
export type SendReminderRequestParsed = z.output<typeof sendReminderRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

export const INVOICE_MESSAGES = {
  notFound: 'Rechnung nicht gefunden',
  customerNotFound: 'Kunde nicht gefunden',
  quoteNotFound: 'Angebot nicht gefunden',
  quoteNotAccepted: 'Nur aus angenommenen Angeboten kann eine Rechnung erstellt werden',
  paidNotDeletable: 'Bezahlte Rechnungen können nicht gelöscht werden',
  alreadyPaid: 'Die Rechnung ist bereits bezahlt',
  paymentTooHigh: 'Der Betrag ist höher als der offene Betrag der Rechnung',
  draftNoPayment: 'Für einen Entwurf können keine Zahlungen erfasst werden. Bitte senden Sie die Rechnung zuerst.',
  reminderNotAllowed: 'Eine Mahnung ist nur für versendete oder überfällige Rechnungen möglich',
  reminderMaxLevel: 'Die letzte Mahnstufe wurde bereits erreicht',
  reminderLevelSent: 'Diese Mahnstufe wurde bereits versendet. Bitte wählen Sie eine höhere Stufe.',
  reminderSent: (name: string) => `${name} wurde versendet`,
  onlyDraftsSendable: 'Nur Rechnungen im Status Entwurf können versendet werden',
  customerWithoutEmail: 'Der Kunde hat keine E-Mail-Adresse. Bitte ergänzen Sie sie beim Kunden.',
  missingSettings: (names: string[]) =>
    `Für den QR-Einzahlungsschein fehlt: ${names.join(', ')}. Bitte ergänzen Sie die Angaben in den Einstellungen.`,
  reportNotFound: 'Rapport nicht gefunden',
  reportNotSigned:
    'Der Rapport ist noch nicht unterschrieben. Eine Rechnung kann erst nach der Unterschrift erstellt werden.',
  reportNoLines: 'Der Rapport enthält keine verrechenbaren Positionen.',
  numberConflict: 'Die Rechnungsnummer wurde gleichzeitig vergeben. Bitte erneut versuchen.',
  deleted: 'Rechnung erfolgreich gelöscht',
  importNoFile: 'Bitte wählen Sie eine camt.054-Datei aus',
  importTooLarge: 'Die Datei ist zu gross (max. 10 MB)',
  pdfUnavailable: 'Das PDF kann gerade nicht erstellt werden. Bitte versuchen Sie es in einer Minute erneut.',
} as const;

/** German names of the settings the QR bill needs (used in the 400 text and missing_settings). */
export const QR_BILL_SETTING_NAMES = {
  iban: 'IBAN (Einstellungen › Rechnung)',
  companyAddress: 'Firmenadresse mit Strasse, Hausnummer, PLZ und Ort (Einstellungen › Allgemein)',
  customerAddress: 'Adresse des Kunden mit Strasse, PLZ und Ort',
} as const;
