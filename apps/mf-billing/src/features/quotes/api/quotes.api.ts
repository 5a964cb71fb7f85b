import { api } from '@zunft/web-common';
import type {
  CompanySettingsDto,
  CreateProjectFromQuoteResponse,
  CreateQuoteTemplateRequest,
  CustomerListResponse,
  MaterialListResponse,
  MessageResponse,
  QuoteListResponse,
  QuoteRequest,
  QuoteResponse,
  QuoteTemplateListResponse,
  QuoteTemplateResponse,
  SendQuoteResponse,
} from '@zunft/contracts';

const path = (id: string) => `/quotes/${encodeURIComponent(id)}`;

/** Typed calls of the quotes screen (part 2 §7 "Quotes"). */
export const quotesApi = {
  list: (signal?: AbortSignal) => api.get<QuoteListResponse>('/quotes', { signal }),
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
