import { z } from 'zod';
import { emptyToNull, LANGUAGES, searchTermSchema, type Language } from './common.js';
import { EXPENSE_CATEGORIES } from './expenses.js';
import { optionalListPageQueryFields } from './operations.js';

/*
 * Work reports (Rapporte), part 2 §2–§9. Request payloads use the spec's camelCase names
 * (projectId, periodStart, periodEnd; signerName, signerEmail, signatureData); responses use
 * snake_case read fields like the rest of the API (report_number, period_start, …).
 * A report is a snapshot: generation copies the project's finished time entries, approved material
 * usage and approved expenses of the period (operations `rpc.operations.report-data`) into the
 * report; later changes in operations do not change it.
 */

// ---------------------------------------------------------------------------------------------
// Statuses, limits, messages
// ---------------------------------------------------------------------------------------------

/** draft → sent (link mailed) → signed → approved; rejected from sent. */
export const REPORT_STATUSES = ['draft', 'sent', 'signed', 'approved', 'rejected'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const reportStatusSchema = z.enum(REPORT_STATUSES, {
  error: 'Ungültiger Status. Erlaubt: draft, sent, signed, approved, rejected',
});
/** German labels. */
export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  draft: 'Entwurf',
  sent: 'Versendet',
  signed: 'Unterschrieben',
  approved: 'Genehmigt',
  rejected: 'Abgelehnt',
};

/**
 * The transitions `PUT /reports/{id}/status` allows (anything else answers 409). `signed` is only
 * reached by a signature (device or link), never by this call.
 */
export const REPORT_STATUS_TRANSITIONS: Record<ReportStatus, readonly ReportStatus[]> = {
  draft: ['sent'],
  sent: ['draft', 'rejected'],
  signed: ['approved'],
  approved: [],
  rejected: ['draft'],
};

export function canChangeReportStatus(from: ReportStatus, to: ReportStatus): boolean {
  return REPORT_STATUS_TRANSITIONS[from].includes(to);
}

export const REPORT_LIMITS = {
  maxTitleLength: 200,
  maxNotesLength: 5000,
  /** Longest period of one report (days, both ends included). */
  maxPeriodDays: 366,
  /** One photo (bytes). */
  imageMaxBytes: 15 * 1024 * 1024,
  maxImagesPerReport: 100,
  /** The signature PNG (decoded bytes). */
  signatureMaxBytes: 1024 * 1024,
  maxSignerNameLength: 200,
  /** Days a signature link is valid. */
  signatureTokenDays: 30,
} as const;

/** The customer-facing texts of the signature (part 2 §5 and §8). */
export const REPORT_SIGNATURE_MESSAGES = {
  nameRequired: 'Bitte geben Sie Ihren Namen ein.',
  emailRequired: 'Bitte geben Sie Ihre E-Mail-Adresse ein.',
  emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  signatureRequired: 'Bitte unterschreiben Sie im Feld oben.',
  signatureInvalid: 'Die Unterschrift muss ein PNG-Bild sein.',
  signatureEmpty: 'Die Unterschrift ist leer. Bitte unterschreiben Sie im Feld oben.',
  signatureTooLarge: 'Die Unterschrift ist zu gross (max. 1 MB).',
  consentRequired: 'Bitte bestätigen Sie Ihr Einverständnis.',
  consentText:
    'Ich bestätige, die aufgeführten Leistungen geprüft zu haben, bin mit der Abrechnung einverstanden und akzeptiere die digitale Unterschrift als rechtsverbindlich.',
  /** 404 */
  notFound: 'Rapport nicht gefunden oder Link abgelaufen.',
  /** 410: used or expired */
  expired: 'Dieser Link ist abgelaufen.',
  submitFailed: 'Fehler beim Übermitteln der Unterschrift. Bitte versuchen Sie es erneut.',
  signed: 'Vielen Dank! Der Rapport wurde unterschrieben.',
} as const;

/** Error texts of the office API the UI may match on. */
export const REPORT_MESSAGES = {
  notFound: 'Rapport nicht gefunden',
  imageNotFound: 'Bild nicht gefunden',
  projectNotFound: 'Projekt nicht gefunden',
  /** 503 while operations does not answer; nothing was created. */
  operationsUnavailable:
    'Die Projektdaten können gerade nicht geladen werden. Bitte versuchen Sie es in einer Minute erneut.',
  pdfUnavailable: 'Das PDF kann gerade nicht erstellt werden. Bitte versuchen Sie es in einer Minute erneut.',
  signedReadOnly: 'Der Rapport ist unterschrieben und kann nicht mehr geändert werden.',
  approvedReadOnly: 'Der Rapport ist genehmigt und kann nicht mehr geändert werden.',
  alreadySigned: 'Der Rapport wurde bereits unterschrieben.',
  notSignable: 'Dieser Rapport kann nicht unterschrieben werden.',
  statusTransition: (from: ReportStatus, to: ReportStatus) =>
    `Statuswechsel von «${REPORT_STATUS_LABELS[from]}» zu «${REPORT_STATUS_LABELS[to]}» ist nicht erlaubt.`,
  imageRequired: 'Bitte wählen Sie ein Bild aus (Feld «image»).',
  notAnImage: 'Die Datei ist kein Bild. Erlaubt sind Bilder wie JPG, PNG, WebP oder HEIC.',
  imageTooLarge: 'Das Bild ist zu gross (max. 15 MB).',
  tooManyImages: `Ein Rapport kann höchstens ${REPORT_LIMITS.maxImagesPerReport} Bilder haben.`,
  customerWithoutEmail:
    'Der Kunde hat keine E-Mail-Adresse. Bitte ergänzen Sie sie beim Kunden oder geben Sie eine Adresse an.',
  emptyPeriod: 'Im gewählten Zeitraum wurden keine Leistungen erfasst.',
  deleted: 'Rapport gelöscht',
  imageDeleted: 'Bild gelöscht',
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

const isoDate = (label: string) =>
  z
    .string({ error: `${label} ist erforderlich` })
    .trim()
    .min(1, `${label} ist erforderlich`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} muss ein Datum im Format JJJJ-MM-TT sein`)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, `${label} ist kein gültiges Datum`);

const dayNumber = (s: string) => Math.round(new Date(`${s}T00:00:00Z`).getTime() / 86_400_000);

const PNG_DATA_URL_PREFIX = 'data:image/png;base64,';

/** Decoded byte size of a base64 payload. */
function base64Bytes(b64: string): number {
  const padding = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  return Math.floor((b64.length * 3) / 4) - padding;
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** POST /reports/generate {projectId, title, periodStart, periodEnd, notes}; empty title → generated. */
export const generateReportRequestSchema = z
  .object({
    projectId: z.uuid({ error: 'Projekt ist erforderlich' }),
    title: optionalText('Titel', REPORT_LIMITS.maxTitleLength),
    periodStart: isoDate('Beginn des Zeitraums'),
    periodEnd: isoDate('Ende des Zeitraums'),
    notes: optionalText('Notizen', REPORT_LIMITS.maxNotesLength),
  })
  .refine((r) => r.periodEnd >= r.periodStart, {
    message: 'Das Ende des Zeitraums darf nicht vor dessen Beginn liegen',
    path: ['periodEnd'],
  })
  .refine((r) => dayNumber(r.periodEnd) - dayNumber(r.periodStart) < REPORT_LIMITS.maxPeriodDays, {
    message: `Der Zeitraum darf höchstens ${REPORT_LIMITS.maxPeriodDays} Tage umfassen`,
    path: ['periodEnd'],
  });
export type GenerateReportRequest = z.input<typeof generateReportRequestSchema>;
export type GenerateReportRequestParsed = z.output<typeof generateReportRequestSchema>;

/** PUT /reports/{id}/status {status} */
export const reportStatusRequestSchema = z.object({
  status: z.preprocess((v) => (v === undefined || v === null || v === '' ? undefined : v), reportStatusSchema),
});
export type ReportStatusRequest = z.input<typeof reportStatusRequestSchema>;

/** GET /reports?status=&projectId=&search= (all optional). */
/**
 * GET /reports?status&projectId&search, and `page`, `pageSize` or `cursor` for one page
 * (`PaginatedResponse<ReportDto>` with `nextCursor`); without them the whole list as an array.
 */
export const reportListQuerySchema = z.object({
  status: z.preprocess(emptyToNull, reportStatusSchema.nullable()).optional(),
  projectId: z.preprocess(emptyToNull, z.uuid({ error: 'Ungültige Projekt-ID' }).nullable()).optional(),
  search: searchTermSchema,
  ...optionalListPageQueryFields,
});
export type ReportListQuery = z.input<typeof reportListQuerySchema>;
export type ReportListQueryParsed = z.output<typeof reportListQuerySchema>;

/** POST /reports/{id}/send-to-customer {email?}: without email, the customer's address. */
export const sendReportToCustomerRequestSchema = z
  .object({
    email: z
      .preprocess(
        emptyToNull,
        z
          .string({ error: REPORT_SIGNATURE_MESSAGES.emailInvalid })
          .trim()
          .toLowerCase()
          .max(254, REPORT_SIGNATURE_MESSAGES.emailInvalid)
          .pipe(z.email({ error: REPORT_SIGNATURE_MESSAGES.emailInvalid }))
          .nullable(),
      )
      .optional(),
  })
  .optional()
  .default({});
export type SendReportToCustomerRequest = z.input<typeof sendReportToCustomerRequestSchema>;

/**
 * POST /signature/{token} and POST /reports/{id}/signature (device): {signerName, signerEmail,
 * signatureData}; the signature is a PNG data URL. The server also checks the decoded bytes (a real,
 * non-empty PNG of at most 1 MB).
 */
export const reportSignatureRequestSchema = z.object({
  signerName: z
    .string({ error: REPORT_SIGNATURE_MESSAGES.nameRequired })
    .trim()
    .min(1, REPORT_SIGNATURE_MESSAGES.nameRequired)
    .max(REPORT_LIMITS.maxSignerNameLength, 'Der Name ist zu lang (max. 200 Zeichen).'),
  signerEmail: z
    .string({ error: REPORT_SIGNATURE_MESSAGES.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, REPORT_SIGNATURE_MESSAGES.emailRequired)
    .max(254, REPORT_SIGNATURE_MESSAGES.emailInvalid)
    .pipe(z.email({ error: REPORT_SIGNATURE_MESSAGES.emailInvalid })),
  signatureData: z
    .string({ error: REPORT_SIGNATURE_MESSAGES.signatureRequired })
    .trim()
    .min(1, REPORT_SIGNATURE_MESSAGES.signatureRequired)
    .refine(
      (s) => s.startsWith(PNG_DATA_URL_PREFIX) && /^[A-Za-z0-9+/]+={0,2}$/.test(s.slice(PNG_DATA_URL_PREFIX.length)),
      REPORT_SIGNATURE_MESSAGES.signatureInvalid,
    )
    .refine(
      (s) => base64Bytes(s.slice(PNG_DATA_URL_PREFIX.length)) <= REPORT_LIMITS.signatureMaxBytes,
      REPORT_SIGNATURE_MESSAGES.signatureTooLarge,
    ),
});
export type ReportSignatureRequest = z.input<typeof reportSignatureRequestSchema>;
export type ReportSignatureRequestParsed = z.output<typeof reportSignatureRequestSchema>;

// ---------------------------------------------------------------------------------------------
// The snapshot stored in a report
// ---------------------------------------------------------------------------------------------

/** `holiday`: public holidays in `precise` mode (ArG art. 20a, billed like Sundays). */
export const SURCHARGE_KINDS = ['night', 'saturday', 'sunday', 'holiday'] as const;
export type SurchargeKind = (typeof SURCHARGE_KINDS)[number];

/** One time entry as the report shows it (company time zone). */
export interface ReportTimeEntryDto {
  time_entry_id: string;
  /** yyyy-MM-dd */
  date: string;
  /** HH:mm */
  start: string;
  end: string;
  break_minutes: number;
  /** Worked hours (breaks subtracted), 2 decimals. */
  hours: number;
  /** Applied surcharge percent (0 = none) and its kind. */
  surcharge_percent: number;
  surcharge_kind: SurchargeKind | null;
  /**
   * `precise` mode (issue 24): the minutes of the entry in each ArG window and their percent (the
   * report line says which); absent in `spec` mode and in reports made before.
   */
  surcharge_minutes?: { kind: SurchargeKind; percent: number; minutes: number }[];
  description: string | null;
}

export interface ReportSurchargeDto {
  kind: SurchargeKind;
  percent: number;
  /** Hours worked with this surcharge. */
  hours: number;
  /** `precise` mode: the exact minutes (`hours` is them / 60 to 0.01 h); absent in `spec` mode. */
  minutes?: number;
}

/** One employee's block of the report. */
export interface ReportEmployeeDto {
  employee_id: string;
  employee_name: string;
  /** Hourly rate at generation (billing directory), null when unknown. */
  hourly_rate: number | null;
  hours: number;
  break_minutes: number;
  surcharges: ReportSurchargeDto[];
  entries: ReportTimeEntryDto[];
}

export interface ReportMaterialDto {
  usage_id: string;
  material_id: string;
  name: string;
  unit: string;
  quantity: number;
  unit_price: number;
  total_price: number;
  /** yyyy-MM-dd */
  used_at: string;
  employee_id: string;
  employee_name: string;
}

export interface ReportExpenseDto {
  expense_id: string;
  description: string;
  category: (typeof EXPENSE_CATEGORIES)[number];
  /** As entered (with VAT when vat_included). */
  amount: number;
  /** The amount includes VAT at vat_rate (issue 22); absent in older snapshots = net. */
  vat_included?: boolean;
  vat_rate?: number | null;
  /** yyyy-MM-dd */
  date: string;
  employee_id: string;
  employee_name: string;
}

export interface ReportContentDto {
  employees: ReportEmployeeDto[];
  materials: ReportMaterialDto[];
  expenses: ReportExpenseDto[];
  total_hours: number;
  materials_total: number;
  expenses_total: number;
  /** Nothing in the period: the report says so. */
  is_empty: boolean;
  /** Entries left out because an earlier signed report already holds them. */
  excluded: { time_entries: number; material_usage: number; expenses: number };
}

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export interface ReportDto {
  id: string;
  /** R-<year>-<4 digits>, per company and year. */
  report_number: string;
  title: string;
  project_id: string;
  project_title: string;
  project_number: string;
  customer_id: string;
  customer_name: string;
  customer_email: string | null;
  /** yyyy-MM-dd */
  period_start: string;
  period_end: string;
  status: ReportStatus;
  notes: string | null;
  language: Language;
  total_hours: number;
  image_count: number;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
  signed_at: string | null;
  signer_name: string | null;
  /** SHA-256 (hex) of the sealed PDF, once signed (the download returns exactly these bytes). */
  pdf_sha256: string | null;
  /**
   * SHA-256 (hex) of the sealed content (snapshot + signing record + signature image); its first
   * 16 characters are printed in the PDF footer, so a printed copy can be matched.
   */
  seal_sha256: string | null;
  /** Set once an invoice was made from the report (invoices module). */
  invoice_id: string | null;
}
export type ReportListResponse = ReportDto[];

/** GET /reports/{id}: the report with its snapshot and images. */
export interface ReportDetailDto extends ReportDto {
  content: ReportContentDto;
  images: ReportImageDto[];
  signer_email: string | null;
}
export type ReportResponse = ReportDetailDto;

/** POST /reports/generate answer (201); `id` is the new report's id. */
export interface GenerateReportResponse extends ReportDetailDto {
  message: string;
}

/** Report image: id, url, filename (spec) plus the thumbnail. URLs are /api-relative. */
export interface ReportImageDto {
  id: string;
  url: string;
  thumbnail_url: string;
  filename: string;
  content_type: string;
  size: number;
  /** false when the image could not be decoded for a thumbnail (e.g. some HEIC); a generic one is shown. */
  has_thumbnail: boolean;
  created_at: string;
}

/** GET /reports/{id}/signature-status */
export interface ReportSignatureStatusDto {
  signed: boolean;
  sent: boolean;
  signed_at: string | null;
  sent_at: string | null;
  signer_name: string | null;
}

/** POST /reports/{id}/prepare-signature */
export interface PrepareReportSignatureResponse {
  reportData: {
    reportNumber: string;
    projectTitle: string;
    customerName: string;
    customerEmail: string | null;
    /** yyyy-MM-dd: creation day of the report. */
    reportDate: string;
  };
  /** The link token (the page is /signature/{token}); valid 30 days, single use. */
  signatureToken: string;
  expires_at: string;
}

/** POST /reports/{id}/send-to-customer */
export interface SendReportResponse {
  message: string;
  sent_to: string;
  report: ReportDto;
}

/** POST /signature/{token} and POST /reports/{id}/signature */
export interface ReportSignedResponse {
  message: string;
  report_number: string;
  signed_at: string;
  signer_name: string;
  pdf_sha256: string;
  /** /api-relative URL of the signed PDF (public: with the token; device: the office download). */
  download_url: string;
}

/** GET /signature/{token}: what the public signature page shows. */
export interface PublicReportDto {
  report_number: string;
  title: string;
  status: ReportStatus;
  period_start: string;
  period_end: string;
  project_title: string;
  customer_name: string;
  customer_email: string | null;
  language: Language;
  company: {
    name: string;
    address: string | null;
    email: string | null;
    phone: string | null;
    logo_url: string | null;
  };
  content: ReportContentDto;
  /** URLs reachable with the token (/api/signature/{token}/images/{id}…). */
  images: ReportImageDto[];
  notes: string | null;
  consent_text: string;
  expires_at: string;
}

// ---------------------------------------------------------------------------------------------
// Event billing.report.signed
// ---------------------------------------------------------------------------------------------

const ymd = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * `billing.report.signed`: everything an invoice needs from the signed snapshot, plus the ids of
 * the operations records it holds (operations marks them as reported, so nothing is billed twice).
 */
export const billingReportSignedDataSchema = z.object({
  reportId: z.uuid(),
  reportNumber: z.string(),
  companyId: z.uuid(),
  customerId: z.uuid(),
  projectId: z.uuid(),
  projectName: z.string(),
  projectNumber: z.string(),
  customer: z.object({
    name: z.string(),
    email: z.string().nullable(),
    address: z.string().nullable(),
    zip: z.string().nullable(),
    city: z.string().nullable(),
    language: z.enum(LANGUAGES),
  }),
  language: z.enum(LANGUAGES),
  periodStart: ymd,
  periodEnd: ymd,
  signedAt: z.iso.datetime({ offset: true }),
  signerName: z.string(),
  labour: z.array(
    z.object({
      employeeId: z.uuid(),
      employeeName: z.string(),
      /** Worked hours (breaks subtracted). */
      hours: z.number(),
      breakMinutes: z.number().int(),
      hourlyRate: z.number().nullable(),
      surcharges: z.array(
        z.object({
          kind: z.enum(SURCHARGE_KINDS),
          percent: z.number(),
          hours: z.number(),
          /** `precise` mode (issue 24): the exact minutes behind `hours`. */
          minutes: z.number().int().optional(),
        }),
      ),
    }),
  ),
  materials: z.array(
    z.object({
      materialId: z.uuid(),
      name: z.string(),
      unit: z.string(),
      quantity: z.number(),
      unitPrice: z.number(),
    }),
  ),
  expenses: z.array(
    z.object({
      expenseId: z.uuid(),
      description: z.string(),
      category: z.enum(EXPENSE_CATEGORIES),
      amount: z.number(),
      /** The amount includes VAT at vatRate: the invoice line takes the net amount (issue 22). */
      vatIncluded: z.boolean().optional(),
      vatRate: z.number().nullable().optional(),
      date: ymd,
    }),
  ),
  /** The operations records of the snapshot (to lock them as reported). */
  timeEntryIds: z.array(z.uuid()),
  materialUsageIds: z.array(z.uuid()),
  expenseIds: z.array(z.uuid()),
});
export type BillingReportSignedData = z.infer<typeof billingReportSignedDataSchema>;
