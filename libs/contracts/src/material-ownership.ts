import { z } from 'zod';

/*
 * `rpc.operations.materials-owned`: billing asks before it stores quote or template items that name
 * a material (`materialId`): which of these ids are NOT materials of the company. Billing answers
 * 404 then, so one company's data never points at another's.
 */

export const materialsOwnedRequestSchema = z.object({
  companyId: z.uuid({ error: 'Ungültige Firmen-ID' }),
  materialIds: z
    .array(z.uuid({ error: 'Ungültige Material-ID' }))
    .min(1)
    .max(500),
});
export type MaterialsOwnedRequest = z.input<typeof materialsOwnedRequestSchema>;

export const materialsOwnedSchema = z.object({
  /** The requested ids that are no material of the company (empty: all belong to it). */
  unknown: z.array(z.uuid()),
});
export type MaterialsOwned = z.infer<typeof materialsOwnedSchema>;

/** The 404 text when a quote item names a material the company does not have. */
export const MATERIAL_NOT_FOUND_MESSAGE = 'Material nicht gefunden';
