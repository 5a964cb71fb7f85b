import { api } from '@zunft/web-common';
import type {
  CreateMaterialRequest,
  CreateMaterialUsageRequest,
  DeleteMaterialResponse,
  MaterialListPage,
  MaterialResponse,
  MaterialProductGroup,
  MaterialStatsResponse,
  MaterialUsageListPage,
  MaterialUsageResponse,
  MaterialUsageStatus,
  RejectMaterialUsageRequest,
  UpdateMaterialRequest,
  UpdateMaterialUsageRequest,
  MaterialImportDto,
  MaterialSupplierDto,
  MetalQuotationDto,
  MetalQuotationRequest,
  MaterialMarkupDto,
  MaterialMarkupsRequest,
} from '@zunft/contracts';
import { formDataBytes, uploadTimeoutMs } from '../../expenses/api/uploadTimeout';

export interface UsageFilter {
  projectId: string | null;
  status: MaterialUsageStatus | null;
  /** The server pages the list (issue 13): page from 1, and how many a page. */
  page: number;
  pageSize: number;
}

/** One page of the catalogue (issue 29: 100,000 articles are never loaded whole). */
export interface MaterialPageFilter {
  search: string;
  page: number;
  pageSize: number;
}

export function materialQueryString(filter: MaterialPageFilter): string {
  const params = new URLSearchParams();
  if (filter.search) params.set('search', filter.search);
  params.set('page', String(filter.page));
  params.set('pageSize', String(filter.pageSize));
  return `?${params.toString()}`;
}

const path = (id: string) => `/materials/${encodeURIComponent(id)}`;
const usagePath = (id: string) => `/materials/usage/${encodeURIComponent(id)}`;

export function usageQueryString(filter: UsageFilter): string {
  const params = new URLSearchParams();
  if (filter.projectId) params.set('projectId', filter.projectId);
  if (filter.status) params.set('status', filter.status);
  params.set('page', String(filter.page));
  params.set('pageSize', String(filter.pageSize));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Typed calls of the materials screen (part 1 §7 "Materials"). */
export const materialsApi = {
  /** One page by number, searched on the server (name, category, description, article number, EAN). */
  page: (filter: MaterialPageFilter, signal?: AbortSignal) =>
    api.get<MaterialListPage>(`/materials${materialQueryString(filter)}`, { signal }),
  /** The rows after `cursor` (keyset paging): the offline copy of the catalogue walks it. */
  after: (cursor: string | null, pageSize: number, signal?: AbortSignal) =>
    api.get<MaterialListPage>(
      `/materials?pageSize=${pageSize}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { signal },
    ),
  /** Every product group of the catalogue with its article count (the markups dialog, issue 29). */
  productGroups: (signal?: AbortSignal) => api.get<MaterialProductGroup[]>('/materials/product-groups', { signal }),
  /** The stat cards, counted by the server over the whole catalogue. */
  stats: (signal?: AbortSignal) => api.get<MaterialStatsResponse>('/materials/stats', { signal }),
  create: (body: CreateMaterialRequest) => api.post<MaterialResponse>('/materials', body),
  update: (id: string, body: UpdateMaterialRequest) => api.put<MaterialResponse>(path(id), body),
  remove: (id: string) => api.delete<DeleteMaterialResponse>(path(id)),
  usage: (filter: UsageFilter, signal?: AbortSignal) =>
    api.get<MaterialUsageListPage>(`/materials/usage/list${usageQueryString(filter)}`, { signal }),
  createUsage: (body: CreateMaterialUsageRequest) => api.post<MaterialUsageResponse>('/materials/usage', body),
  updateUsage: (id: string, body: UpdateMaterialUsageRequest) => api.put<MaterialUsageResponse>(usagePath(id), body),
  removeUsage: (id: string) => api.delete<unknown>(usagePath(id)),
  approveUsage: (id: string) => api.post<MaterialUsageResponse>(`${usagePath(id)}/approve`),
  rejectUsage: (id: string, body: RejectMaterialUsageRequest) =>
    api.post<MaterialUsageResponse>(`${usagePath(id)}/reject`, body),
  /** Issue 29: a wholesaler's file (multipart `file`, `supplier`, optional `mapping` JSON); 202 + the job. */
  startImport: (form: FormData) =>
    api.upload<MaterialImportDto>('/materials/import', form, 'POST', {
      timeoutMs: uploadTimeoutMs(formDataBytes(form)),
    }),
  importJob: (id: string, signal?: AbortSignal) => api.get<MaterialImportDto>(`/materials/import/${id}`, { signal }),
  suppliers: (signal?: AbortSignal) => api.get<MaterialSupplierDto[]>('/materials/suppliers', { signal }),
  metalQuotation: (signal?: AbortSignal) => api.get<MetalQuotationDto | null>('/materials/metal-quotation', { signal }),
  setMetalQuotation: (body: MetalQuotationRequest) => api.put<MetalQuotationDto>('/materials/metal-quotation', body),
  /** Issue 29: the markup per product group ('*' = the others); saving reprices the catalogue. */
  markups: (signal?: AbortSignal) => api.get<MaterialMarkupDto[]>('/materials/markups', { signal }),
  setMarkups: (body: MaterialMarkupsRequest) => api.put<MaterialMarkupDto[]>('/materials/markups', body),
};
