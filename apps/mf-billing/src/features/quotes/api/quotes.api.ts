import { api } from '@zunft/web-common';
import { listQueryString } from '../../../shared/listQuery';
import { SLOW_CALL } from '../../../shared/slowCall';
import type {
  CompanySettingsDto,
  CreateProjectFromQuoteResponse,
  CreateQuoteTemplateRequest,
  CustomerDto,
  CustomerListPage,
  MaterialListPage,
  MessageResponse,
  PaginatedResponse,
  QuoteDto,
  QuoteRequest,
  QuoteResponse,
  QuoteStatsDto,
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

/** '?search=…&page=1&pageSize=20' of a select's server search (an empty term: the first 20). */
export function searchPageQuery(search: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  const term = search.trim();
  if (term) params.set('search', term);
  params.set('page', '1');
  params.set('pageSize', String(SEARCH_PAGE_SIZE));
  return `?${params.toString()}`;
}

/** How many matches a select offers. */
export const SEARCH_PAGE_SIZE = 20;

const path = (id: string) => `/quotes/${encodeURIComponent(id)}`;

/** Typed calls of the quotes screen (part 2 §7 "Quotes"). */
export const quotesApi = {
  /** One page of the filtered list with the total (the server pages by keyset, issue 13). */
  list: (query: QuoteListFilter, signal?: AbortSignal) =>
    api.get<PaginatedResponse<QuoteDto>>(`/quotes${listQueryString(query)}`, { signal }),
  /** The screen's four tiles over all quotes, counted by the server (GET /quotes/stats). */
  stats: (signal?: AbortSignal) => api.get<QuoteStatsDto>('/quotes/stats', { signal }),
  get: (id: string, signal?: AbortSignal) => api.get<QuoteResponse>(path(id), { signal }),
  create: (body: QuoteRequest) => api.post<QuoteResponse>('/quotes', body),
  update: (id: string, body: QuoteRequest) => api.put<QuoteResponse>(path(id), body),
  remove: (id: string) => api.delete<MessageResponse>(path(id)),
  send: (id: string) => api.post<SendQuoteResponse>(`${path(id)}/send`, undefined, SLOW_CALL),
  pdf: (id: string) => api.blob(`${path(id)}/pdf`, SLOW_CALL),
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
  /** The first 20 customers the server finds for the term (issue 13: never the whole list). */
  customers: async (search: string, signal?: AbortSignal) =>
    (await api.get<CustomerListPage>(`/customers${searchPageQuery(search)}`, { signal })).items,
  customer: (id: string, signal?: AbortSignal) =>
    api.get<CustomerDto>(`/customers/${encodeURIComponent(id)}`, { signal }),
  /**
   * One page (20) of the active materials the server finds for the term, by name; `cursor` (the
   * previous page's nextCursor) for the page after it. Never the whole catalogue.
   */
  materials: (search: string, cursor: string | null, signal?: AbortSignal) =>
    api.get<MaterialListPage>(`/materials${searchPageQuery(search, cursor ? { cursor } : {})}`, { signal }),
  settings: (signal?: AbortSignal) => api.get<CompanySettingsDto>('/companies/settings', { signal }),
};
