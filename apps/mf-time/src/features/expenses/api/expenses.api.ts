import { api } from '@zunft/web-common';
import type {
  ExpenseListPage,
  ExpenseResponse,
  ExpenseStatsResponse,
  ExpenseStatus,
  MessageResponse,
  RejectExpenseRequest,
} from '@zunft/contracts';
import { formDataBytes, uploadTimeoutMs } from './uploadTimeout';

export interface ExpenseFilter {
  status: ExpenseStatus | null;
  /** Admin and backoffice only; the server ignores it for employees. */
  userId: string | null;
  /** The server pages the list (issue 13): page from 1, and how many a page. */
  page: number;
  pageSize: number;
}

const path = (id: string) => `/expenses/${encodeURIComponent(id)}`;

function queryString(params: Record<string, string | number | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Typed calls of the expenses screen (part 2 §7 "Expenses"). Create and update are multipart, with a
 * time limit that grows with the receipt (uploadTimeout.ts).
 */
export const expensesApi = {
  list: (filter: ExpenseFilter, signal?: AbortSignal) =>
    api.get<ExpenseListPage>(
      `/expenses${queryString({ status: filter.status, userId: filter.userId, page: filter.page, pageSize: filter.pageSize })}`,
      { signal },
    ),
  stats: (userId: string | null, signal?: AbortSignal) =>
    api.get<ExpenseStatsResponse>(`/expenses/stats/summary${queryString({ userId })}`, { signal }),
  /** The form may carry `id` (chosen once per dialog): a repeated save then answers the first expense. */
  create: (form: FormData) =>
    api.upload<ExpenseResponse>('/expenses', form, 'POST', { timeoutMs: uploadTimeoutMs(formDataBytes(form)) }),
  update: (id: string, form: FormData) =>
    api.upload<ExpenseResponse>(path(id), form, 'PUT', { timeoutMs: uploadTimeoutMs(formDataBytes(form)) }),
  remove: (id: string) => api.delete<MessageResponse>(path(id)),
  approve: (id: string) => api.post<ExpenseResponse>(`${path(id)}/approve`),
  reject: (id: string, body: RejectExpenseRequest) => api.post<ExpenseResponse>(`${path(id)}/reject`, body),
  receipt: (id: string) => api.blob(`${path(id)}/receipt`),
};
