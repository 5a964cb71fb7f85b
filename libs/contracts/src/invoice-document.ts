import { z } from 'zod';
import { languageSchema } from './common.js';
import { documentCompanySchema, documentCustomerSchema } from './documents.js';

/*
 * The invoice and reminder PDF documents, as the `pdf-render` job carries them (kinds 'invoice'
 * and 'reminder'). The billing API builds them complete and calculated; the worker lays them out
 * and draws the Swiss QR bill (payment part and receipt) from `qr_bill`.
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const money = z.number().finite();

/** A structured address (QR bill address type S). */
export const qrBillAddressSchema = z.object({
  name: z.string().min(1).max(70),
  street: z.string().max(70),
  building_number: z.string().max(16).nullable(),
  zip: z.string().min(1).max(16),
  city: z.string().min(1).max(35),
  country: z.string().length(2),
});
export type QrBillAddress = z.infer<typeof qrBillAddressSchema>;

/** Everything the QR bill shows and encodes (SIX IG QR-bill 2.3). */
export const qrBillDataSchema = z.object({
  /** IBAN or QR-IBAN of the creditor, without spaces. */
  account: z.string().regex(/^(CH|LI)\d{2}[0-9A-Z]{17}$/),
  creditor: qrBillAddressSchema,
  debtor: qrBillAddressSchema,
  amount: money,
  currency: z.enum(['CHF', 'EUR']),
  /** QRR (27 digits) for a QR-IBAN, SCOR (RF…) otherwise. */
  reference: z.string().min(5).max(27),
  /** «Rechnung / Facture / Fattura <number>» in the customer's language. */
  message: z.string().max(140),
  /** Swico S1 bill information (`//S1/10/…`); message and bill information together ≤ 140. */
  bill_information: z.string().max(140).nullable().optional(),
});
export type QrBillData = z.infer<typeof qrBillDataSchema>;

export const invoiceDocumentLineSchema = z.object({
  title: z.string(),
  description: z.string().nullable(),
  quantity: z.number().finite(),
  unit: z.string(),
  unit_price: money,
  total_price: money,
});

export const invoiceDocumentSchema = z.object({
  language: languageSchema,
  // lazy: documents.ts imports this file for the pdf-render job union (import cycle).
  company: z.lazy(() => documentCompanySchema),
  customer: z.lazy(() => documentCustomerSchema),
  invoice: z.object({
    number: z.string(),
    date: isoDate,
    due_date: isoDate,
    service_period_start: isoDate.nullable(),
    service_period_end: isoDate.nullable(),
    project_title: z.string().nullable(),
    currency: z.enum(['CHF', 'EUR']),
    /** Place of the company (MWSTG art. 26: name and place of the supplier). */
    company_place: z.string(),
    customer_place: z.string(),
    notes: z.string().nullable(),
    payment_terms_days: z.number().int(),
    /** Never issued: rendered live, marked «Entwurf», not archived (issue 22). */
    draft: z.boolean().optional(),
    /** A stage of billing in stages titles the PDF «Akontorechnung», «Teilrechnung», «Schlussrechnung» (issue 22). */
    kind: z.enum(['invoice', 'down_payment', 'partial', 'final']).optional(),
  }),
  lines: z.array(invoiceDocumentLineSchema),
  totals: z.object({
    subtotal: money,
    vat_rate: money,
    vat_amount: money,
    /** Net and VAT per line rate (issue 22); missing in documents archived before it. */
    vat_breakdown: z.array(z.object({ rate: money, net: money, vat: money })).optional(),
    rounding: money,
    total: money,
    /** Already paid (partial payments); 0 when none. */
    paid: money,
  }),
  /** null: nothing to pay (total 0.00 or less): the invoice has no payable QR bill. */
  qr_bill: qrBillDataSchema.nullable(),
});
export type InvoiceDocument = z.infer<typeof invoiceDocumentSchema>;

export const reminderDocumentSchema = z.object({
  language: languageSchema,
  // lazy: documents.ts imports this file for the pdf-render job union (import cycle).
  company: z.lazy(() => documentCompanySchema),
  customer: z.lazy(() => documentCustomerSchema),
  reminder: z.object({
    level: z.number().int().min(1).max(4),
    date: isoDate,
    /** New payment deadline. */
    due_date: isoDate,
    notes: z.string().nullable(),
  }),
  invoice: z.object({
    number: z.string(),
    date: isoDate,
    due_date: isoDate,
    total: money,
    paid: money,
    currency: z.enum(['CHF', 'EUR']),
  }),
  amounts: z.object({
    open_amount: money,
    fee: money,
    fees_total: money,
    interest: money,
    interest_days: z.number().int(),
    interest_rate: money,
    total: money,
  }),
  qr_bill: qrBillDataSchema,
});
export type ReminderDocument = z.infer<typeof reminderDocumentSchema>;
