import { api } from '@zunft/web-common';
import type {
  CompanySettingsDto,
  CreateProjectFromQuoteResponse,
  CreateQuoteTemplateRequest,
  CustomerListResponse,
  MaterialListResponse,
  MessageResponse,
  PaginatedResponse,
  QuoteDto,
  QuoteRequest,
  QuoteResponse,
  QuoteTemplateListResponse,
  QuoteTemplateResponse,
  QuoteStatus,
  SendQuoteResponse,
} from '@zunft/contracts';

/** The list call's filters (GET /quotes?status&search&page&pageSize). */
export interface QuoteListFilter {
  status?: QuoteStatus;
  search?: string;
  page: number;
  pageSize: number;
}

/** '?status=sent&page=2&pageSize=20' of the list call; empty filters are left out. */
export function quoteListQueryString(query: QuoteListFilter): string {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  const search = query.search?.trim();
  if (search) params.set('search', search);
  params.set('page', String(query.page));
  params.set('pageSize', String(query.pageSize));
  return `?${params.toString()}`;
}

const path = (id: string) => `/quotes/${encodeURIComponent(id)}`;

/** Typed calls of the quotes screen (part 2 §7 "Quotes"). */
export const quotesApi = {
  /** One page of the filtered list with the total (the server pages by keyset, issue 13). */
  list: (query: QuoteListFilter, signal?: AbortSignal) =>
    api.get<PaginatedResponse<QuoteDto>>(`/quotes${quoteListQueryString(query)}`, { signal }),
  /** How many quotes have this status (all without): one row asked for, `total` read. */
  count: async (status: QuoteStatus | undefined, signal?: AbortSignal) =>
    (
      await api.get<PaginatedResponse<QuoteDto>>(`/quotes${quoteListQueryString({ status, page: 1, pageSize: 1 })}`, {
        signal,
      })
    ).total,
  get: (id: string, signal?: AbortSignal) => api.get<QuoteResponse>(path(id), { signal }),
  create: (body: QuoteRequest) => api.post<QuoteResponse>('/quotes', body),
  update: (id: string, body: QuoteRequest) => api.put<QuoteResponse>(path(id), body),
  remove: (id: string) => api.delete<MessageResponse>(path(id)),
  send: (id: string) => api.post<SendQuoteResponse>(`${path(id)}/send`),
  pdf: (id: string) => api.blob(`${path(id)}/pdf`),
  signature: (id: string, signal?: AbortSignal) => api.blob(`${path(id)}/signature`, { signal }),
  createProject: (id: string) => api.post<CreateProjectFromQuoteResponse>(`${path(id)}/create-project`),
  templates: (search: string, signal?: AbortSignal) => {
    const q = search.trim();
    return api.get<QuoteTemplateListResponse>(
      q ? `/quotes/templates?search=${encodeURIComponent(q)}` : '/quotes/templates',
      { signal },
    );
  },
  createTemplate: (body: CreateQuoteTemplateRequest) => api.post<QuoteTemplateResponse>('/quotes/templates', body),
  // Supporting lists of the form (part 2 §7 "Also used").
  customers: (signal?: AbortSignal) => api.get<CustomerListResponse>('/customers', { signal }),
  materials: (signal?: AbortSignal) => api.get<MaterialListResponse>('/materials', { signal }),
  settings: (signal?: AbortSignal) => api.get<CompanySettingsDto>('/companies/settings', { signal }),
};
