import { api } from '@zunft/web-common';
import type { CustomerListResponse, CustomerRequest, CustomerResponse } from '@zunft/contracts';

const path = (id: string) => `/customers/${encodeURIComponent(id)}`;

/** Typed calls of the customers screen (part 1 §7 "Customers"). */
export const customersApi = {
  list: (signal?: AbortSignal) => api.get<CustomerListResponse>('/customers', { signal }),
  create: (body: CustomerRequest) => api.post<CustomerResponse>('/customers', body),
  update: (id: string, body: CustomerRequest) => api.put<CustomerResponse>(path(id), body),
  remove: (id: string) => api.delete<unknown>(path(id)),
};
