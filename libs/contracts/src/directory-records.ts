import { z } from 'zod';
import { eventDataSchemas } from './events.js';

/*
 * `rpc.operations.customer` and `rpc.operations.project`: billing keeps copies of operations'
 * customers and projects, filled by their events a few milliseconds after the write. When it is
 * given an id its copy does not know (yet), it asks the owner before answering 404 and stores the
 * answer, so a customer created a moment ago can be invoiced at once ("read your own writes").
 * The reply is the data of the `created` event, so the copy is written by the same code.
 * Another company's id, or none at all, answers `not_found`.
 */

export const directoryRecordRequestSchema = z.object({
  companyId: z.uuid({ error: 'Ungültige Firmen-ID' }),
  id: z.uuid({ error: 'Ungültige ID' }),
});
export type DirectoryRecordRequest = z.input<typeof directoryRecordRequestSchema>;

export const directoryCustomerSchema = eventDataSchemas['operations.customer.created'];
export type DirectoryCustomer = z.infer<typeof directoryCustomerSchema>;

export const directoryProjectSchema = eventDataSchemas['operations.project.created'];
export type DirectoryProject = z.infer<typeof directoryProjectSchema>;
