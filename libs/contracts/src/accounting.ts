import { z } from 'zod';
import { isoDateSchema, type Role } from './common.js';

/*
 * The hand-off to the books (issue 26, part A): the journal of every invoice movement as balanced
 * double entries (from the invoice ledger), the account mapping per company (prefilled from the
 * Swiss SME chart of accounts, «KMU-Kontenrahmen»), the open items at any date and the VAT figures
 * of a quarter or semester (MWSTG art. 35, 39 and 41).
 */

/**
 * Who reads the journal, the open items, the VAT figures and the mapping; who changes the mapping.
 * The one place for these lists: a read-only `accountant` role (issue 26, part B) is one entry in
 * `ACCOUNTING_READ_ROLES`.
 */
export const ACCOUNTING_READ_ROLES = ['admin', 'backoffice', 'accountant'] as const satisfies readonly Role[];
export const ACCOUNTING_WRITE_ROLES = ['admin', 'backoffice'] as const satisfies readonly Role[];

// ---------------------------------------------------------------------------------------------
// Account mapping
// ---------------------------------------------------------------------------------------------

/**
 * The accounts a booking names. Defaults from the KMU-Kontenrahmen (Sterchi/veb.ch): 1000 Kasse,
 * 1020 Bank, 1100 Forderungen aus Lieferungen und Leistungen (Debitoren), 2200 Geschuldete MWST,
 * 3200 Handelserlöse (material), 3400 Dienstleistungserlöse (work, travel, expenses, other),
 * 3600 Übrige Erlöse (reminder fees), 3800 Erlösminderungen (credit notes, 5-Rappen roundings),
 * 3805 Verluste aus Forderungen (write-offs), 6950 Finanzertrag (default interest).
 */
export const ACCOUNT_KEYS = [
  'debtors',
  'bank',
  'cash',
  'card',
  'vatOwed',
  'revenueGoods',
  'revenueServices',
  'reminderFees',
  'interest',
  'creditNotes',
  'rounding',
  'losses',
] as const;
export type AccountKey = (typeof ACCOUNT_KEYS)[number];
export type AccountMapping = Record<AccountKey, string>;

export const DEFAULT_ACCOUNTS: AccountMapping = {
  debtors: '1100',
  bank: '1020',
  cash: '1000',
  card: '1020',
  vatOwed: '2200',
  revenueGoods: '3200',
  revenueServices: '3400',
  reminderFees: '3600',
  interest: '6950',
  creditNotes: '3800',
  rounding: '3800',
  losses: '3805',
};

/** The VAT rates an invoice line may carry (MWSTG art. 25 since 2024) and their default codes (Banana's Swiss codes). */
export const VAT_CODE_RATES = ['8.1', '2.6', '3.8', '0'] as const;
export type VatCodeRate = (typeof VAT_CODE_RATES)[number];
export const DEFAULT_VAT_CODES: Record<VatCodeRate, string> = { '8.1': 'V81', '2.6': 'V26', '3.8': 'V38', '0': 'V0' };

/** MWSTG art. 39: VAT on what was agreed (invoiced, the default) or on what was received (payments). */
export const VAT_METHODS = ['agreed', 'received'] as const;
export type VatMethod = (typeof VAT_METHODS)[number];

export interface AccountingSettingsDto {
  accounts: AccountMapping;
  vat_codes: Record<VatCodeRate, string>;
  vat_method: VatMethod;
  /** Null while the company still has the defaults. */
  updated_at: string | null;
}

const account = z
  .string({ error: 'Konto ist erforderlich' })
  .trim()
  .min(1, 'Konto ist erforderlich')
  .max(10, 'Konto ist zu lang (max. 10 Zeichen)')
  .regex(/^[A-Za-z0-9.-]+$/, 'Konto darf nur Ziffern, Buchstaben, Punkt und Bindestrich enthalten');

const vatCode = z
  .string({ error: 'MWST-Code muss Text sein' })
  .trim()
  .max(10, 'MWST-Code ist zu lang (max. 10 Zeichen)')
  .regex(/^[A-Za-z0-9.-]*$/, 'MWST-Code darf nur Ziffern, Buchstaben, Punkt und Bindestrich enthalten');

/** PUT /accounting/settings: the whole mapping (the screen sends every field). */
export const accountingSettingsRequestSchema = z.object(
  {
    accounts: z.object(
      Object.fromEntries(ACCOUNT_KEYS.map((k) => [k, account])) as Record<AccountKey, typeof account>,
      { error: 'Konten sind erforderlich' },
    ),
    vatCodes: z.object(
      Object.fromEntries(VAT_CODE_RATES.map((r) => [r, vatCode])) as Record<VatCodeRate, typeof vatCode>,
      { error: 'MWST-Codes sind erforderlich' },
    ),
    vatMethod: z.enum(VAT_METHODS, { error: 'Abrechnungsart muss «agreed» oder «received» sein' }),
  },
  { error: 'Einstellungen sind erforderlich' },
);
export type AccountingSettingsRequest = z.input<typeof accountingSettingsRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Journal
// ---------------------------------------------------------------------------------------------

export const JOURNAL_FORMATS = ['json', 'csv', 'banana', 'bexio', 'abacus'] as const;
export type JournalFormat = (typeof JOURNAL_FORMATS)[number];

/** The longest period of one export (two years and a day). */
export const JOURNAL_MAX_DAYS = 732;

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const booleanFlag = (label: string) =>
  z.enum(['true', 'false'], { error: `${label} muss true oder false sein` }).transform((v) => v === 'true');

/**
 * GET /accounting/journal?from&to&format&includeExported: `json` (the default) shows the bookings
 * and marks nothing; a file format marks the bookings it contains as exported.
 */
export const journalQuerySchema = z
  .object({
    from: isoDateSchema('Von'),
    to: isoDateSchema('Bis'),
    format: z.enum(JOURNAL_FORMATS, { error: 'Format muss csv, banana, bexio oder abacus sein' }).default('json'),
    includeExported: booleanFlag('includeExported').optional(),
  })
  .refine((q) => q.from <= q.to, { message: '«Von» muss vor oder gleich «Bis» sein', path: ['from'] })
  .refine((q) => daysBetween(q.from, q.to) <= JOURNAL_MAX_DAYS, {
    message: 'Der Zeitraum ist zu lang (höchstens zwei Jahre)',
    path: ['to'],
  });
export type JournalQuery = z.input<typeof journalQuerySchema>;

export const JOURNAL_ENTRY_TYPES = [
  'invoice',
  'rounding',
  'payment',
  'payment_reversal',
  'credit_note',
  'reminder_fee',
  'interest',
  'write_off',
  'overpayment',
  'refund',
] as const;
export type JournalEntryType = (typeof JOURNAL_ENTRY_TYPES)[number];

/** One booking line: debit and credit account, the gross amount and the VAT in it. */
export interface JournalLine {
  /** yyyy-MM-dd */
  date: string;
  /** Invoice or credit note number (the voucher). */
  document: string;
  text: string;
  debit: string;
  credit: string;
  /** Gross, positive, in `currency`. */
  amount: number;
  /** Empty when the booking carries no VAT. */
  vat_code: string;
  /** The VAT in `amount` (positive; it lowers the revenue side and goes to the VAT account). */
  vat_amount: number;
  vat_rate: number | null;
  /**
   * Where the VAT goes: `credit` (VAT owed, a sale) or `debit` (VAT owed lowered: credit note,
   * loss on receivables); null without VAT.
   */
  vat_side: 'debit' | 'credit' | null;
  currency: 'CHF' | 'EUR';
  type: JournalEntryType;
  /** The ledger entry the line comes from (several lines may share one). */
  entry_id: string;
  invoice_id: string;
  /** When an earlier export of a file contained it; null: never exported. */
  exported_at: string | null;
}

/** Per account: what the period's lines put on each side (VAT already split to the VAT account). */
export interface JournalAccountBalance {
  account: string;
  currency: 'CHF' | 'EUR';
  debit: number;
  credit: number;
  /** debit − credit */
  balance: number;
}

export interface JournalResponse {
  from: string;
  to: string;
  lines: JournalLine[];
  accounts: JournalAccountBalance[];
  /** Bookings of the period left out because an export of another period contained them. */
  skipped_exported: number;
}

// ---------------------------------------------------------------------------------------------
// Open items
// ---------------------------------------------------------------------------------------------

export const AGING_BUCKETS = ['not_due', 'd1_30', 'd31_60', 'd61_90', 'over_90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

export const agingBucketFor = (daysOverdue: number): AgingBucket =>
  daysOverdue <= 0
    ? 'not_due'
    : daysOverdue <= 30
      ? 'd1_30'
      : daysOverdue <= 60
        ? 'd31_60'
        : daysOverdue <= 90
          ? 'd61_90'
          : 'over_90';

export const OPEN_ITEMS_FORMATS = ['json', 'csv', 'pdf'] as const;

/** GET /invoices/open-items?date&format: the date defaults to today (the company's time zone). */
export const openItemsQuerySchema = z.object({
  date: isoDateSchema('Stichtag').optional(),
  format: z.enum(OPEN_ITEMS_FORMATS, { error: 'Format muss json, csv oder pdf sein' }).default('json'),
});
export type OpenItemsQuery = z.input<typeof openItemsQuerySchema>;

export interface OpenItemDto {
  invoice_id: string;
  invoice_number: string;
  customer_id: string;
  customer_name: string;
  currency: 'CHF' | 'EUR';
  invoice_date: string;
  due_date: string;
  /** The ledger's balance at the date (> 0). */
  open_amount: number;
  /** Days past the due date at the date (0 when not yet due). */
  days_overdue: number;
  /** The highest reminder sent up to the date (0: none). */
  reminder_level: number;
  bucket: AgingBucket;
}

/** An invoice paid beyond what was owed at the date (the ledger's balance < 0). */
export interface OpenCreditDto {
  invoice_id: string;
  invoice_number: string;
  customer_name: string;
  currency: 'CHF' | 'EUR';
  amount: number;
}

export interface OpenItemsTotals {
  currency: 'CHF' | 'EUR';
  count: number;
  open: number;
  buckets: Record<AgingBucket, number>;
  /** Credit balances (positive); the debtor account is open − credit_balances. */
  credit_balances: number;
}

export interface OpenItemsResponse {
  date: string;
  items: OpenItemDto[];
  credits: OpenCreditDto[];
  totals: OpenItemsTotals[];
}

// ---------------------------------------------------------------------------------------------
// VAT figures
// ---------------------------------------------------------------------------------------------

export const VAT_PERIODS = ['Q1', 'Q2', 'Q3', 'Q4', 'S1', 'S2'] as const;
export type VatPeriod = (typeof VAT_PERIODS)[number];

/** GET /accounting/vat?year&period */
export const vatFiguresQuerySchema = z.object({
  year: z.coerce
    .number({ error: 'Jahr muss eine Zahl sein' })
    .int('Jahr muss eine ganze Zahl sein')
    .min(2000, 'Jahr muss zwischen 2000 und 2100 liegen')
    .max(2100, 'Jahr muss zwischen 2000 und 2100 liegen'),
  period: z.enum(VAT_PERIODS, { error: 'Periode muss Q1–Q4 oder S1–S2 sein' }),
});
export type VatFiguresQuery = z.input<typeof vatFiguresQuerySchema>;

export const vatPeriodRange = (year: number, period: VatPeriod): { from: string; to: string } => {
  const [firstMonth, months] = {
    Q1: [1, 3],
    Q2: [4, 3],
    Q3: [7, 3],
    Q4: [10, 3],
    S1: [1, 6],
    S2: [7, 6],
  }[period];
  const from = `${year}-${String(firstMonth).padStart(2, '0')}-01`;
  const end = new Date(Date.UTC(year, firstMonth - 1 + months, 0));
  return { from, to: end.toISOString().slice(0, 10) };
};

export interface VatFigureLine {
  rate: number;
  vat_code: string;
  currency: 'CHF' | 'EUR';
  /** Turnover including VAT (gross) of the rate in the period, after credit notes and losses. */
  turnover: number;
  net: number;
  vat: number;
}

export interface VatFiguresResponse {
  year: number;
  period: VatPeriod;
  from: string;
  to: string;
  method: VatMethod;
  lines: VatFigureLine[];
  /** Sum of `vat` per currency. */
  totals: Array<{ currency: 'CHF' | 'EUR'; turnover: number; net: number; vat: number }>;
}
