import { api } from '@zunft/web-common';
import { listQueryString } from '../../../shared/listQuery';
import { SLOW_CALL } from '../../../shared/slowCall';
import { searchPageQuery } from '../../quotes/api/quotes.api';
import type {
  GenerateReportRequest,
  GenerateReportResponse,
  MessageResponse,
  PaginatedResponse,
  PrepareReportSignatureResponse,
  ProjectDto,
  ProjectListPage,
  ReportDto,
  ReportImageDto,
  ReportResponse,
  ReportSignatureRequest,
  ReportSignatureStatusDto,
  ReportSignedResponse,
  ReportStatus,
  SendReportResponse,
} from '@zunft/contracts';

const path = (id: string) => `/reports/${encodeURIComponent(id)}`;

/** The list call's filters (GET /reports?status&search&page&pageSize). */
export interface ReportListFilter {
  status?: ReportStatus;
  search?: string;
  page: number;
  pageSize: number;
}

/** POST /reports/{id}/create-invoice (answered by the invoices module): part 2 §7. */
export interface CreateInvoiceFromReportResponse {
  invoiceNumber: string;
  totalAmount: number;
}

/**
 * The server's image and download URLs start with /api (`/api/reports/…`); the api client adds
 * that prefix itself, so it is taken off here.
 */
export function apiRelative(url: string): string {
  return url.replace(/^\/api(?=\/)/, '');
}

/** Typed calls of the reports screen (part 2 §7 "Reports"). */
export const reportsApi = {
  /** One page of the filtered list with the total (the server pages by keyset, issue 13). */
  list: (query: ReportListFilter, signal?: AbortSignal) =>
    api.get<PaginatedResponse<ReportDto>>(`/reports${listQueryString(query)}`, { signal }),
  /** How many reports have this status (all without): one row asked for, `total` read. */
  count: async (status: ReportStatus | undefined, signal?: AbortSignal) =>
    (
      await api.get<PaginatedResponse<ReportDto>>(`/reports${listQueryString({ status, page: 1, pageSize: 1 })}`, {
        signal,
      })
    ).total,
  get: (id: string, signal?: AbortSignal) => api.get<ReportResponse>(path(id), { signal }),
  remove: (id: string) => api.delete<MessageResponse>(path(id)),
  generate: (body: GenerateReportRequest) =>
    // Generation asks operations for the period's data and renders nothing yet; give it time.
    api.post<GenerateReportResponse>('/reports/generate', body, { timeoutMs: 30_000 }),
  setStatus: (id: string, status: ReportStatus) => api.put<ReportDto>(`${path(id)}/status`, { status }),
  download: (id: string) => api.blob(`${path(id)}/download`, SLOW_CALL),
  images: (id: string, signal?: AbortSignal) => api.get<ReportImageDto[]>(`${path(id)}/images`, { signal }),
  uploadImage: (id: string, file: File) => {
    const form = new FormData();
    form.append('image', file, file.name);
    return api.upload<ReportImageDto>(`${path(id)}/images`, form);
  },
  deleteImage: (id: string, imageId: string) =>
    api.delete<MessageResponse>(`${path(id)}/images/${encodeURIComponent(imageId)}`),
  /** A thumbnail or original through the authenticated client (an <img> cannot send the token). */
  imageBlob: (url: string, signal?: AbortSignal) => api.blob(apiRelative(url), { signal }),
  signatureStatus: (id: string, signal?: AbortSignal) =>
    api.get<ReportSignatureStatusDto>(`${path(id)}/signature-status`, { signal }),
  prepareSignature: (id: string) => api.post<PrepareReportSignatureResponse>(`${path(id)}/prepare-signature`),
  sendToCustomer: (id: string, email: string | null) =>
    api.post<SendReportResponse>(`${path(id)}/send-to-customer`, email ? { email } : {}, SLOW_CALL),
  /** Signing on the office's device: the same body as the public link. */
  sign: (id: string, body: ReportSignatureRequest) =>
    api.post<ReportSignedResponse>(`${path(id)}/signature`, body, SLOW_CALL),
  createInvoice: (id: string) => api.post<CreateInvoiceFromReportResponse>(`${path(id)}/create-invoice`),
  /** The first 20 projects the server finds for the term (title, number, customer; issue 13). */
  projects: async (search: string, signal?: AbortSignal) =>
    (await api.get<ProjectListPage>(`/projects${searchPageQuery(search)}`, { signal })).items,
  project: (id: string, signal?: AbortSignal) => api.get<ProjectDto>(`/projects/${encodeURIComponent(id)}`, { signal }),
};
