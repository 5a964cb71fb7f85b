// Response schemas for the OpenAPI documents (issue 27): zod twins of the response interfaces that
// are only TypeScript types elsewhere in contracts. A compile-time check keeps each twin equal to
// its interface, so the document cannot drift from what the services answer.
import { z } from 'zod';
import { languageSchema } from '../common.js';
import type { InvoiceStatsDto } from '../invoices.js';
import type { CustomerDto, PaginatedResponse } from '../operations.js';
import type { QuoteStatsDto } from '../quotes.js';
import type { CraftsmanCategoryDto } from '../users.js';

/** true only when A and B are the same type (both directions assignable). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** A page of a list (`page`, `pageSize` or `cursor` given): `PaginatedResponse<T>`. */
export const paginatedResponseSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    pageSize: z.number().int().positive(),
    nextCursor: z.string().nullable().optional(),
  });

/** A list route: the whole list as an array, or a page when the query asks for one. */
export const listOrPageSchema = <T extends z.ZodType>(item: T) =>
  z.union([z.array(item), paginatedResponseSchema(item)]);

const timestamp = z.string().meta({ format: 'date-time', example: '2026-11-28T09:30:00.000Z' });
const uuid = z.string().meta({ format: 'uuid', example: '1f0c6a2e-8d5b-4c1e-9a7f-2b3c4d5e6f70' });

export const customerDtoSchema = z.object({
  id: uuid,
  name: z.string(),
  contact_person: z.string().nullable(),
  customer_number: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  po_box: z.string().nullable().meta({ description: '«Postfach 123» (QR-Rechnung: Strasse oder Postfach)' }),
  country: z.string().meta({ description: 'ISO 3166 alpha-2, Standard CH' }),
  language: languageSchema,
  notes: z.string().nullable(),
  projects_count: z.number().int().nonnegative(),
  active_projects_count: z.number().int().nonnegative(),
  archived_at: timestamp
    .nullable()
    .optional()
    .meta({ description: 'Archiviert am (in Listen und Auswahlen verborgen, bleibt in den Unterlagen), sonst null' }),
  created_at: timestamp,
  updated_at: timestamp,
});

export const craftsmanCategoryDtoSchema = z.object({ id: uuid, name: z.string() });

export const quoteStatsDtoSchema = z.object({
  total: z.number().int().nonnegative(),
  accepted: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  totalValue: z.number().meta({ description: 'Summe aller Angebote in CHF' }),
});

export const invoiceStatsDtoSchema = z.object({
  total: z.number().int().nonnegative(),
  paid: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  totalAmount: z.number().meta({ description: 'Summe aller Rechnungen in CHF' }),
});

/** A `{ message }` answer (e.g. after a delete). */
export const messageResponseSchema = z.object({ message: z.string() });

const checks: [
  Same<z.infer<typeof customerDtoSchema>, CustomerDto>,
  Same<z.infer<ReturnType<typeof paginatedResponseSchema<typeof customerDtoSchema>>>, PaginatedResponse<CustomerDto>>,
  Same<z.infer<typeof craftsmanCategoryDtoSchema>, CraftsmanCategoryDto>,
  Same<z.infer<typeof quoteStatsDtoSchema>, QuoteStatsDto>,
  Same<z.infer<typeof invoiceStatsDtoSchema>, InvoiceStatsDto>,
] = [true, true, true, true, true];
void checks;
