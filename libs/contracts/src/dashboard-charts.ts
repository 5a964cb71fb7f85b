import { z } from 'zod';

/**
 * The dashboard's charts (issue 28). Amounts in the company's currency, hours with one decimal.
 * Months and weeks are local days of the company's time zone; series run oldest first.
 */

/** Age of an open receivable: days past its due date. */
export const RECEIVABLE_AGE_BUCKETS = ['not_due', 'days_1_30', 'days_31_60', 'days_61_90', 'days_over_90'] as const;
export type ReceivableAgeBucket = (typeof RECEIVABLE_AGE_BUCKETS)[number];

/** GET /invoices/charts (admin, backoffice): invoiced vs paid per month (12 months), open receivables by age. */
export interface InvoiceChartsResponse {
  /** The last 12 calendar months incl. the current one: `month` = yyyy-MM. */
  months: { month: string; invoiced: number; paid: number }[];
  receivables: { bucket: ReceivableAgeBucket; amount: number; count: number }[];
}

/** GET /dashboard/hours-per-week?weeks=: office: every project's hours; employee: their own. */
export const hoursPerWeekQuerySchema = z.object({
  weeks: z.coerce
    .number({ error: 'Wochen muss eine Zahl sein' })
    .int('Wochen muss eine ganze Zahl sein')
    .min(1, 'Wochen muss zwischen 1 und 26 liegen')
    .max(26, 'Wochen muss zwischen 1 und 26 liegen')
    .optional()
    .default(8),
});

export interface HoursPerWeekResponse {
  /** Mondays (yyyy-MM-dd), oldest first, the current week last. */
  weeks: string[];
  /** One series per project with hours in the period; `hours[i]` belongs to `weeks[i]`. */
  projects: { project_id: string; title: string; hours: number[] }[];
}

/** The answers' schemas (OpenAPI). */
export const invoiceChartsResponseSchema = z.object({
  months: z.array(z.object({ month: z.string(), invoiced: z.number(), paid: z.number() })),
  receivables: z.array(z.object({ bucket: z.enum(RECEIVABLE_AGE_BUCKETS), amount: z.number(), count: z.number() })),
});
export const hoursPerWeekResponseSchema = z.object({
  weeks: z.array(z.string()),
  projects: z.array(z.object({ project_id: z.string(), title: z.string(), hours: z.array(z.number()) })),
});
