import { z } from 'zod';
import { languageSchema } from './common.js';
import { reportDocumentSchema } from './report-document.js';
import { invoiceDocumentSchema, reminderDocumentSchema } from './invoice-document.js';
import { creditNoteDocumentSchema } from './credit-notes.js';

/*
 * Documents rendered by the billing worker (part 2: quote PDF, later report and invoice PDFs) and
 * the job payloads of its queues. The API builds a complete, already calculated document; the
 * worker only lays it out. Amounts are numbers in CHF (2 decimals), dates ISO strings (YYYY-MM-DD);
 * the worker formats them Swiss style (CHF 1'234.50, dd.MM.yyyy) in the customer's language.
 */

// ---------------------------------------------------------------------------------------------
// Queue names
// ---------------------------------------------------------------------------------------------

export const QUEUE_PDF_RENDER = 'pdf-render';
export const QUEUE_MAIL = 'mail';
export const QUEUE_MAINTENANCE = 'maintenance';

/** Job names inside the queues. */
export const JOB_RENDER_PDF = 'render-pdf';
export const JOB_SEND_MAIL = 'send-mail';
/** The daily maintenance run (06:00 Europe/Zurich): runs every registered daily task once per day. */
export const JOB_DAILY_MAINTENANCE = 'daily-maintenance';

// ---------------------------------------------------------------------------------------------
// Shared parts
// ---------------------------------------------------------------------------------------------

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Ungültiges Datum (YYYY-MM-DD erwartet)' });
const money = z.number().finite();
const dataUrl = z
  .string()
  .regex(/^data:[a-z]+\/[a-z0-9.+-]+;base64,/i, { error: 'Bild muss eine data:-URL (base64) sein' });

export const documentCompanySchema = z.object({
  name: z.string(),
  /** Multi-line postal address ("Strasse 1\n8000 Zürich"). */
  address: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  vat_number: z.string().nullable(),
  iban: z.string().nullable().optional(),
  /** The company logo inlined as data: URL (the renderer fetches nothing), or null. */
  logo_data_url: dataUrl.nullable(),
});
export type DocumentCompany = z.infer<typeof documentCompanySchema>;

export const documentCustomerSchema = z.object({
  name: z.string(),
  /** Multi-line postal address, may include a contact person line. */
  address: z.string(),
  email: z.string().nullable(),
  language: languageSchema,
});
export type DocumentCustomer = z.infer<typeof documentCustomerSchema>;

export const documentSignatureSchema = z.object({
  name: z.string(),
  email: z.string().nullable(),
  /** ISO timestamp. */
  signed_at: z.string(),
  image_data_url: dataUrl.nullable(),
});
export type DocumentSignature = z.infer<typeof documentSignatureSchema>;

// ---------------------------------------------------------------------------------------------
// Quote document
// ---------------------------------------------------------------------------------------------

export const QUOTE_DOCUMENT_ITEM_TYPES = ['material', 'labor', 'travel', 'other'] as const;

export const quoteDocumentItemSchema = z.object({
  type: z.enum(QUOTE_DOCUMENT_ITEM_TYPES),
  title: z.string(),
  description: z.string().nullable(),
  quantity: z.number().finite(),
  unit: z.string(),
  unit_price: money,
  total_price: money,
});
export type QuoteDocumentItem = z.infer<typeof quoteDocumentItemSchema>;

export const quoteDocumentSchema = z.object({
  /** The customer's language; the whole document is printed in it. */
  language: languageSchema,
  company: documentCompanySchema,
  customer: documentCustomerSchema,
  quote: z.object({
    number: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    date: isoDate,
    valid_until: isoDate.nullable(),
    status: z.enum(['draft', 'sent', 'accepted', 'rejected', 'expired']),
    notes: z.string().nullable(),
    terms_conditions: z.string().nullable(),
    items: z.array(quoteDocumentItemSchema),
    subtotal: money,
    discount_percent: money,
    discount_amount: money,
    travel_allowance: money,
    net_amount: money,
    /** Percent, e.g. 8.1. */
    vat_rate: money,
    vat_amount: money,
    total_before_rounding: money,
    /** Swiss 5-Rappen rounding difference (may be 0 or negative). */
    rounding: money,
    total: money,
    currency: z.literal('CHF'),
  }),
  /** Present once the customer accepted the quote by token link. */
  signature: documentSignatureSchema.nullable(),
});
export type QuoteDocument = z.infer<typeof quoteDocumentSchema>;

// ---------------------------------------------------------------------------------------------
// Job payloads
// ---------------------------------------------------------------------------------------------

/**
 * `pdf-render` job data, one member per document kind. A new kind adds its document schema (above or
 * in its own file) and ONE member here; the billing worker's kind registry
 * (services/billing/src/documents/document-kinds.ts) then fails to compile until the kind is
 * registered there too.
 */
export const pdfRenderJobSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('quote'), document: quoteDocumentSchema }),
  z.object({ kind: z.literal('report'), document: z.lazy(() => reportDocumentSchema) }),
  z.object({ kind: z.literal('invoice'), document: z.lazy(() => invoiceDocumentSchema) }),
  z.object({ kind: z.literal('reminder'), document: z.lazy(() => reminderDocumentSchema) }),
  z.object({ kind: z.literal('credit_note'), document: z.lazy(() => creditNoteDocumentSchema) }),
]);
export type PdfRenderJob = z.infer<typeof pdfRenderJobSchema>;
export type PdfRenderKind = PdfRenderJob['kind'];

/** `pdf-render` job return value (BullMQ stores it as JSON, hence base64). */
export interface PdfRenderResult {
  pdfBase64: string;
  pages: number;
  renderMs: number;
}

export const mailAttachmentSchema = z.object({
  filename: z.string().min(1),
  contentBase64: z.string(),
  contentType: z.string().min(1),
});
export type MailAttachment = z.infer<typeof mailAttachmentSchema>;

/** `mail` job data. */
export const mailJobSchema = z.object({
  companyId: z.string(),
  to: z.string().min(1, { error: 'Empfänger fehlt' }),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  attachments: z.array(mailAttachmentSchema).optional(),
  /** Answers go here (usually the company's e-mail); the sender address stays MAIL_FROM. */
  replyTo: z.string().optional(),
  /** Display name of the sender, e.g. the company name: "Muster Bau AG <no-reply@zunft.ch>". */
  fromName: z.string().optional(),
  /** Free reference for logs, e.g. 'quote:<id>'. */
  ref: z.string().optional(),
});
export type MailJob = z.infer<typeof mailJobSchema>;

/** `mail` job return value. */
export interface MailResult {
  messageId: string;
  /** Set in outbox mode (no SMTP configured): where the .eml was written. */
  outboxPath?: string;
}

/**
 * `maintenance` job data of the daily run. Empty (the scheduler's job): today in Europe/Zurich, every
 * registered daily task. `today` and `tasks` (task names) let an operator or a test re-run one day
 * or some tasks; a task already done for that day is skipped.
 */
export const dailyMaintenanceJobSchema = z.object({
  today: isoDate.optional(),
  tasks: z.array(z.string().min(1)).optional(),
});
export type DailyMaintenanceJob = z.infer<typeof dailyMaintenanceJobSchema>;

/** One task's outcome in the maintenance job's return value. */
export interface DailyTaskOutcome {
  task: string;
  /** `skipped`: already done for this day (recorded in daily_task_runs). */
  status: 'done' | 'skipped';
  result: unknown;
}

/** `maintenance` job return value. */
export interface DailyMaintenanceResult {
  today: string;
  tasks: DailyTaskOutcome[];
}
