import { z } from 'zod';

/*
 * Counts for the permanent deletion of a user (DELETE /users/{id} → dependencies_updated): the auth
 * service asks each service that keeps data of the user how many of its records the anonymisation
 * touches (`rpc.operations.user-dependencies`, `rpc.billing.user-dependencies`).
 */

export const userDependenciesRequestSchema = z.object({
  companyId: z.uuid({ error: 'Ungültige Firmen-ID' }),
  userId: z.uuid({ error: 'Ungültige Benutzer-ID' }),
});
export type UserDependenciesRequest = z.input<typeof userDependenciesRequestSchema>;

const count = z.number().int().nonnegative();

/** Operations: the user's time entries, expenses and material usage. */
export const operationsUserDependenciesSchema = z.object({
  time_entries: count,
  expenses: count,
  material_usage: count,
});
export type OperationsUserDependencies = z.infer<typeof operationsUserDependenciesSchema>;

/** Billing: the reports that name the user. */
export const billingUserDependenciesSchema = z.object({ reports: count });
export type BillingUserDependencies = z.infer<typeof billingUserDependenciesSchema>;
