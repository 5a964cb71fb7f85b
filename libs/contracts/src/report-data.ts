import { z } from 'zod';
import { LANGUAGES } from './common.js';
import { EXPENSE_CATEGORIES } from './expenses.js';
import { PROJECT_STATUSES } from './operations.js';

/*
 * Report data (request/reply `rpc.operations.report-data`): everything a work report (Rapport) of
 * one project and period needs, answered by operations, asked by billing when it generates a report.
 */

const isValidDay = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

const day = (label: string) =>
  z
    .string({ error: `${label} ist erforderlich` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} muss ein Datum im Format JJJJ-MM-TT sein`)
    .refine(isValidDay, `${label} ist kein gültiges Datum`);

/** The period is inclusive of both days, in the company's time zone. */
export const reportDataRequestSchema = z
  .object({
    companyId: z.uuid({ error: 'Ungültige Firmen-ID' }),
    projectId: z.uuid({ error: 'Ungültige Projekt-ID' }),
    periodStart: day('Beginn des Zeitraums'),
    periodEnd: day('Ende des Zeitraums'),
  })
  .refine((r) => r.periodEnd >= r.periodStart, {
    message: 'Das Ende des Zeitraums darf nicht vor dessen Beginn liegen',
    path: ['periodEnd'],
  });
export type ReportDataRequest = z.input<typeof reportDataRequestSchema>;

export const reportDataCustomerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  contact_person: z.string().nullable(),
  customer_number: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  language: z.enum(LANGUAGES),
});

export const reportDataProjectSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  project_number: z.string(),
  status: z.enum(PROJECT_STATUSES),
  description: z.string().nullable(),
  /** YYYY-MM-DD */
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
});

/** The ArG windows of the `precise` surcharge mode (issue 24). */
export const PRECISE_SURCHARGE_KINDS = ['night', 'sunday', 'holiday'] as const;
export type PreciseSurchargeKind = (typeof PRECISE_SURCHARGE_KINDS)[number];
export const preciseSurchargeSchema = z.object({
  kind: z.enum(PRECISE_SURCHARGE_KINDS),
  percent: z.number(),
  minutes: z.number().int().positive(),
});
export type PreciseSurcharge = z.infer<typeof preciseSurchargeSchema>;

/**
 * A finished time entry of the period (start time within the period). Running (`active`) entries
 * are left out; completed AND approved ones come with their status, so billing decides whether a
 * report may contain entries the office has not approved yet.
 */
export const reportDataTimeEntrySchema = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  /** Name at the time of the request (anonymised after a permanent deletion). */
  user_name: z.string(),
  start_time: z.iso.datetime({ offset: true }),
  end_time: z.iso.datetime({ offset: true }),
  break_minutes: z.number().int(),
  total_minutes: z.number().int(),
  surcharge_night: z.number(),
  surcharge_saturday: z.number(),
  surcharge_sunday: z.number(),
  /** Percent applied to the entry (the maximum of the three). */
  surcharge_total: z.number(),
  /**
   * `precise` surcharge mode (issue 24): the entry's worked minutes inside each window with the percent
   * billed on them: night (night window, ArG art. 17b), Sunday (Saturday 23:00 to Sunday 23:00,
   * art. 19) and public holiday (like a Sunday, art. 20a); only windows with minutes. Each window is
   * billed on its own minutes. Null or absent in `spec` mode (the whole entry at `surcharge_total`). In `precise`
   * mode `surcharge_night`/`surcharge_sunday` are 0 and `surcharge_total` is the Saturday percent, the
   * company's own rule by start day.
   */
  precise_surcharges: z.array(preciseSurchargeSchema).nullable().optional(),
  description: z.string().nullable(),
  status: z.enum(['completed', 'approved']),
});

/** Approved material usage of the period (`used_at` within the period); pending/rejected are left out. */
export const reportDataMaterialUsageSchema = z.object({
  id: z.uuid(),
  material_id: z.uuid(),
  material_name: z.string(),
  user_id: z.uuid(),
  user_name: z.string(),
  quantity: z.number(),
  unit: z.string(),
  unit_price: z.number(),
  total_price: z.number(),
  /** YYYY-MM-DD */
  used_at: z.string(),
  description: z.string().nullable(),
});

/** Approved expense of the project with `expense_date` within the period. */
export const reportDataExpenseSchema = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  user_name: z.string(),
  category: z.enum(EXPENSE_CATEGORIES),
  description: z.string(),
  amount: z.number(),
  /** The amount includes VAT at vat_rate (issue 22): invoiced at its net amount. Absent = net. */
  vat_included: z.boolean().optional(),
  vat_rate: z.number().nullable().optional(),
  /** YYYY-MM-DD */
  expense_date: z.string(),
});

export const reportDataSchema = z.object({
  /** The requested days and the IANA time zone (the company's) in which they were cut. */
  period: z.object({ start: z.string(), end: z.string(), timezone: z.string() }),
  customer: reportDataCustomerSchema,
  project: reportDataProjectSchema,
  /** Oldest first. */
  time_entries: z.array(reportDataTimeEntrySchema),
  /** Oldest `used_at` first. */
  material_usage: z.array(reportDataMaterialUsageSchema),
  /** Oldest `expense_date` first. */
  expenses: z.array(reportDataExpenseSchema),
  /**
   * Records of the period left out because a signed report already holds them (marked reported
   * by the `billing.report.signed` consumer), so an overlapping report does not bill twice.
   */
  excluded: z.object({
    time_entries: z.number().int().nonnegative(),
    material_usage: z.number().int().nonnegative(),
    expenses: z.number().int().nonnegative(),
  }),
});
export type ReportData = z.infer<typeof reportDataSchema>;
export type ReportDataTimeEntry = z.infer<typeof reportDataTimeEntrySchema>;
export type ReportDataMaterialUsage = z.infer<typeof reportDataMaterialUsageSchema>;
export type ReportDataExpense = z.infer<typeof reportDataExpenseSchema>;
