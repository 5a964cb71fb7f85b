import type { TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import type { CustomerInfo, ProjectInfo } from './directory.repository.js';
import type { DirectoryService } from './directory.service.js';

/** The errors of the calling module (quotes and invoices each answer with their own). */
export interface BillingPartyErrors {
  customerNotFound: () => Error;
  /** A customer archived in operations named for a new document (issue 26). */
  customerArchived: () => Error;
  /** Needed by callers that pass a projectId. */
  projectNotFound?: () => Error;
}

export interface BillingParties {
  customer: CustomerInfo;
  project: ProjectInfo | null;
}

/**
 * The customer (and project, when one is given) a quote or an invoice is written for, from
 * billing's copy of the directory (operations is asked for an id the copy does not know yet, see
 * `DirectoryService.findCustomer`), both of the caller's company. An unknown or deleted customer
 * is refused, except the deleted customer the document already names (`keepCustomerId`, so an
 * older quote can still be edited); an unknown project is refused.
 */
export async function billingParties(
  directory: Pick<DirectoryService, 'findCustomer' | 'findProject'>,
  m: EntityManager,
  scope: TenantScope,
  input: { customerId: string | null; projectId?: string | null; keepCustomerId?: string | null },
  errors: BillingPartyErrors,
): Promise<BillingParties> {
  const customer = input.customerId ? await directory.findCustomer(m, scope, input.customerId) : null;
  if (!customer || (customer.deleted && customer.id !== input.keepCustomerId)) throw errors.customerNotFound();
  // Archived (issue 26): hidden from the pickers and refused for a new document; the document that
  // already names it (an older quote being edited) keeps it, like a deleted one.
  if (customer.archived && customer.id !== input.keepCustomerId) throw errors.customerArchived();
  if (!input.projectId) return { customer, project: null };
  const project = await directory.findProject(m, scope, input.projectId);
  if (!project) throw (errors.projectNotFound ?? errors.customerNotFound)();
  return { customer, project };
}
