import { z } from 'zod';
import { emptyToNull, languageSchema } from './common.js';
import { documentCompanySchema, documentCustomerSchema } from './documents.js';
import { INVOICE_LIMITS } from './invoices.js';

/*
 * Credit notes (Gutschriften, issue 22): a correction of an issued invoice. Its own number
 * (GS-YYYY-NNNN, gapless per company and year), the VAT reversed per rate (MWSTG art. 27 para. 2:
 * a corrected invoice also corrects the tax owed), a `credit_note` entry on the invoice's ledger.
 */

const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

export const VAT_RATES = [8.1, 2.6, 3.8, 0] as const;

export const creditNoteItemSchema = z.object({
  title: z
    .string({ error: 'Bezeichnung ist erforderlich' })
    .trim()
    .min(1, 'Bezeichnung ist erforderlich')
    .max(INVOICE_LIMITS.maxTitleLength, `Bezeichnung ist zu lang (max. ${INVOICE_LIMITS.maxTitleLength} Zeichen)`),
  quantity: z.coerce
    .number({ error: 'Menge muss eine Zahl sein' })
    .refine(Number.isFinite, 'Menge muss eine Zahl sein')
    .refine((n) => n > 0, 'Menge muss grösser als 0 sein')
    .refine((n) => n <= 1_000_000, 'Menge ist zu hoch')
    .refine(twoDecimals, 'Menge: höchstens zwei Nachkommastellen'),
  unitPrice: z.coerce
    .number({ error: 'Einzelpreis muss eine Zahl sein' })
    .refine(Number.isFinite, 'Einzelpreis muss eine Zahl sein')
    .refine((n) => n > 0, 'Einzelpreis muss grösser als 0 sein')
    .refine((n) => n <= 1_000_000, 'Einzelpreis ist zu hoch')
    .refine(twoDecimals, 'Einzelpreis: höchstens zwei Nachkommastellen'),
  /** Net price's VAT rate (one of the company's rates); default the invoice's rate. */
  vatRate: z.coerce
    .number({ error: 'MWST-Satz muss eine Zahl sein' })
    .refine((n) => (VAT_RATES as readonly number[]).includes(n), 'Ungültiger MWST-Satz. Erlaubt: 8.1, 2.6, 3.8, 0')
    .optional(),
});

/** POST /invoices/{id}/credit-notes: lines (net, VAT by rate) or a gross amount (split at the invoice's rate). */
export const createCreditNoteRequestSchema = z
  .object({
    reason: z.preprocess(
      emptyToNull,
      z
        .string({ error: 'Grund ist erforderlich' })
        .trim()
        .min(1, 'Grund ist erforderlich')
        .max(500, 'Grund ist zu lang (max. 500 Zeichen)'),
    ),
    items: z
      .array(creditNoteItemSchema, { error: 'Positionen müssen eine Liste sein' })
      .max(INVOICE_LIMITS.maxItems, `Höchstens ${INVOICE_LIMITS.maxItems} Positionen`)
      .optional(),
    amount: z.coerce
      .number({ error: 'Betrag muss eine Zahl sein' })
      .refine(Number.isFinite, 'Betrag muss eine Zahl sein')
      .refine((n) => n >= 0.01, 'Betrag muss mindestens 0.01 sein')
      .refine((n) => n <= INVOICE_LIMITS.maxAmount, 'Betrag ist zu hoch')
      .refine(twoDecimals, 'Betrag: höchstens zwei Nachkommastellen')
      .optional(),
  })
  .refine((v) => (v.items?.length ?? 0) > 0 || v.amount !== undefined, {
    message: 'Bitte geben Sie Positionen oder einen Betrag an',
    path: ['items'],
  });
export type CreateCreditNoteRequest = z.input<typeof createCreditNoteRequestSchema>;
export type CreateCreditNoteRequestParsed = z.output<typeof createCreditNoteRequestSchema>;

export interface CreditNoteDto {
  id: string;
  invoice_id: string;
  credit_note_number: string;
  credit_date: string;
  reason: string;
  items: Array<{ title: string; quantity: number; unit_price: number; vat_rate: number; total_price: number }>;
  /** Net and VAT per rate (what the VAT return corrects). */
  vat_breakdown: Array<{ rate: number; net: number; vat: number }>;
  net: number;
  vat_amount: number;
  /** Gross amount credited (lowers the invoice's open amount). */
  total: number;
  created_at: string;
  created_by_name: string | null;
  /** SHA-256 of the archived PDF (set by its first download; every later one returns those bytes). */
  document_sha256: string | null;
}

/**
 * The credit note PDF (`pdf-render` kind 'credit_note'): the customer's language, the invoice it
 * corrects, the lines or amount credited and the VAT reversed per rate. No QR bill: nothing is payable.
 */
export const creditNoteDocumentSchema = z.object({
  language: languageSchema,
  // lazy: documents.ts imports this file for the pdf-render job union (import cycle).
  company: z.lazy(() => documentCompanySchema),
  customer: z.lazy(() => documentCustomerSchema),
  credit_note: z.object({
    number: z.string(),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    reason: z.string(),
    currency: z.enum(['CHF', 'EUR']),
    invoice_number: z.string(),
    invoice_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  }),
  /** Empty when a gross amount was credited. */
  lines: z.array(
    z.object({
      title: z.string(),
      quantity: z.number().finite(),
      unit_price: z.number().finite(),
      vat_rate: z.number().finite(),
      total_price: z.number().finite(),
    }),
  ),
  vat_breakdown: z.array(z.object({ rate: z.number().finite(), net: z.number().finite(), vat: z.number().finite() })),
  totals: z.object({ net: z.number().finite(), vat: z.number().finite(), total: z.number().finite() }),
});
export type CreditNoteDocument = z.infer<typeof creditNoteDocumentSchema>;
