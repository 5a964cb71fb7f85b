import { z } from 'zod';
import { documentCompanySchema, documentCustomerSchema } from './documents.js';
import { languageSchema } from './common.js';
import { SURCHARGE_KINDS } from './reports.js';

/*
 * The work report (Rapport) PDF document, as the `pdf-render` job carries it (kind 'report'). The
 * billing API builds it complete from the report's snapshot; the worker only lays it out. Photos and
 * the signature are inlined as data: URLs (the renderer fetches nothing).
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const dataUrl = z.string().regex(/^data:image\/[a-z0-9.+-]+;base64,/i);

export const reportDocumentSchema = z.object({
  language: languageSchema,
  // lazy: documents.ts imports this file for the pdf-render job union (import cycle).
  company: z.lazy(() => documentCompanySchema),
  customer: z.lazy(() => documentCustomerSchema),
  report: z.object({
    number: z.string(),
    title: z.string(),
    /** yyyy-MM-dd, creation day. */
    date: isoDate,
    project_title: z.string(),
    project_number: z.string(),
    period_start: isoDate,
    period_end: isoDate,
    notes: z.string().nullable(),
  }),
  employees: z.array(
    z.object({
      name: z.string(),
      hours: z.number(),
      break_minutes: z.number(),
      surcharges: z.array(
        z.object({
          kind: z.enum(SURCHARGE_KINDS),
          percent: z.number(),
          hours: z.number(),
          minutes: z.number().optional(),
        }),
      ),
      entries: z.array(
        z.object({
          date: isoDate,
          start: z.string(),
          end: z.string(),
          break_minutes: z.number(),
          hours: z.number(),
          surcharge_percent: z.number(),
          surcharge_kind: z.enum(SURCHARGE_KINDS).nullable(),
          /** `precise` mode (issue 24): minutes per ArG window. */
          surcharge_minutes: z
            .array(z.object({ kind: z.enum(SURCHARGE_KINDS), percent: z.number(), minutes: z.number() }))
            .optional(),
          description: z.string().nullable(),
        }),
      ),
    }),
  ),
  materials: z.array(
    z.object({ name: z.string(), unit: z.string(), quantity: z.number(), used_at: isoDate, employee_name: z.string() }),
  ),
  expenses: z.array(z.object({ description: z.string(), category: z.string(), amount: z.number(), date: isoDate })),
  total_hours: z.number(),
  is_empty: z.boolean(),
  /** Entries of the period left out because an earlier signed report holds them. */
  excluded_count: z.number().int().nonnegative(),
  /** Two per row in the PDF, each with its file name; `data_url` null when it could not be decoded (e.g. HEIC). */
  images: z.array(z.object({ filename: z.string(), data_url: dataUrl.nullable() })),
  /** The customer's signature and the signing record; null for an unsigned report. */
  signature: z
    .object({
      name: z.string(),
      email: z.string(),
      signed_at: z.iso.datetime({ offset: true }),
      ip: z.string().nullable(),
      user_agent: z.string().nullable(),
      image_data_url: dataUrl,
      /** SHA-256 (hex) of the sealed content (report snapshot + signing record + signature image). */
      seal_sha256: z.string().regex(/^[0-9a-f]{64}$/),
    })
    .nullable(),
});
export type ReportDocument = z.infer<typeof reportDocumentSchema>;
