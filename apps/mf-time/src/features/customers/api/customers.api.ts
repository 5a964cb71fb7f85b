import { api } from '@zunft/web-common';
import type { CustomerListPage, CustomerRequest, CustomerResponse, CustomerStatsResponse } from '@zunft/contracts';

const path = (id: string) => `/customers/${encodeURIComponent(id)}`;

/**
 * One page of the customers list: the server searches (name, e-mail, phone also without spaces, city,
 * customer number, contact person) and pages.
 */
export interface CustomerPageFilter {
  search: string;
  page: number;
  pageSize: number;
  /** Archived customers too (issue 26); hidden by default, as in every picker. */
  includeArchived?: boolean;
}

export function customersQueryString(filter: CustomerPageFilter): string {
  const params = new URLSearchParams();
  const search = filter.search.trim();
  if (search) params.set('search', search);
  if (filter.includeArchived) params.set('includeArchived', 'true');
  params.set('page', String(filter.page));
  params.set('pageSize', String(filter.pageSize));
  return params.toString();
}

/** Typed calls of the customers screen (part 1 §7 "Customers"). */
export const customersApi = {
  page: (filter: CustomerPageFilter, signal?: AbortSignal) =>
    api.get<CustomerListPage>(`/customers?${customersQueryString(filter)}`, { signal }),
  /** The stat cards' figures over all customers (GET /customers/stats), not one page. */
  stats: (signal?: AbortSignal) => api.get<CustomerStatsResponse>('/customers/stats', { signal }),
  one: (id: string, signal?: AbortSignal) => api.get<CustomerResponse>(path(id), { signal }),
  create: (body: CustomerRequest) => api.post<CustomerResponse>('/customers', body),
  update: (id: string, body: CustomerRequest) => api.put<CustomerResponse>(path(id), body),
  remove: (id: string) => api.delete<unknown>(path(id)),
  /** Hidden from lists and pickers, kept in the records (a customer with issued invoices is not deleted). */
  setArchived: (id: string, archived: boolean) =>
    api.post<CustomerResponse>(`${path(id)}/${archived ? 'archive' : 'unarchive'}`),
};
