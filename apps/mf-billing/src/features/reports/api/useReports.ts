import { useEffect, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  GenerateReportRequest,
  PaginatedResponse,
  ReportDto,
  ReportSignatureRequest,
  ReportStatus,
} from '@zunft/contracts';
import { reportsApi, type ReportListFilter } from './reports.api';

export const reportsKeys = {
  all: ['billing', 'reports'] as const,
  /** Every page of every filter (the prefix that reloads them all). */
  lists: () => [...reportsKeys.all, 'list'] as const,
  list: (query: ReportListFilter) => [...reportsKeys.lists(), query] as const,
  counts: () => [...reportsKeys.all, 'counts'] as const,
  detail: (id: string) => [...reportsKeys.all, 'detail', id] as const,
  signature: (id: string) => [...reportsKeys.all, 'signature-status', id] as const,
  /** The generate dialog's project searches (SearchSelect adds the term). */
  projects: () => ['billing', 'projects', 'select'] as const,
};

/** One page of the filtered list; the previous page stays visible while the next one loads. */
export function useReportsQuery(query: ReportListFilter) {
  return useQuery({
    queryKey: reportsKeys.list(query),
    queryFn: ({ signal }) => reportsApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * The counts of the stat cards over all reports, not one page: the server's `total` of a one-row
 * page per status (all, approved, draft + sent as pending, signed).
 */
export function useReportCountsQuery() {
  return useQuery({
    queryKey: reportsKeys.counts(),
    queryFn: async ({ signal }) => {
      const [total, approved, draft, sent, signed] = await Promise.all(
        ([undefined, 'approved', 'draft', 'sent', 'signed'] as const).map((s) => reportsApi.count(s, signal)),
      );
      return { total, approved, pending: draft + sent, signed };
    },
  });
}

/** One report with its snapshot and images, fresh from the server. */
export function useReportQuery(id: string | null) {
  return useQuery({
    queryKey: reportsKeys.detail(id ?? ''),
    queryFn: ({ signal }) => reportsApi.get(id!, signal),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

/** Reloads the list, the report and its signature status (after a signature, an upload, …). */
export function useRefreshReports() {
  const client = useQueryClient();
  return async (id?: string) => {
    await Promise.all([
      client.invalidateQueries({ queryKey: reportsKeys.lists() }),
      client.invalidateQueries({ queryKey: reportsKeys.counts() }),
      id ? client.invalidateQueries({ queryKey: reportsKeys.detail(id) }) : null,
      id ? client.invalidateQueries({ queryKey: reportsKeys.signature(id) }) : null,
    ]);
  };
}

export function useGenerateReport() {
  const refresh = useRefreshReports();
  return useMutation({
    mutationFn: (body: GenerateReportRequest) => reportsApi.generate(body),
    onSuccess: () => refresh(),
  });
}

export function useDeleteReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => reportsApi.remove(id),
    onSuccess: (_data, id) => {
      client.setQueriesData<PaginatedResponse<ReportDto>>({ queryKey: reportsKeys.lists() }, (page) =>
        page ? { ...page, items: page.items.filter((r) => r.id !== id) } : page,
      );
      void client.invalidateQueries({ queryKey: reportsKeys.lists() });
      void client.invalidateQueries({ queryKey: reportsKeys.counts() });
      client.removeQueries({ queryKey: reportsKeys.detail(id) });
    },
  });
}

export function useSetReportStatus() {
  const refresh = useRefreshReports();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ReportStatus }) => reportsApi.setStatus(id, status),
    onSuccess: (_data, { id }) => refresh(id),
  });
}

export function useDeleteImage() {
  const refresh = useRefreshReports();
  return useMutation({
    mutationFn: ({ id, imageId }: { id: string; imageId: string }) => reportsApi.deleteImage(id, imageId),
    onSuccess: (_data, { id }) => refresh(id),
  });
}

export function useSendReport() {
  const refresh = useRefreshReports();
  return useMutation({
    mutationFn: ({ id, email }: { id: string; email: string | null }) => reportsApi.sendToCustomer(id, email),
    onSuccess: (_data, { id }) => refresh(id),
  });
}

/** Part 2 §4: after a signature the report list and the signature status reload. */
export function useSignReport() {
  const refresh = useRefreshReports();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ReportSignatureRequest }) => reportsApi.sign(id, body),
    onSuccess: (_data, { id }) => refresh(id),
  });
}

export function useCreateInvoice() {
  const refresh = useRefreshReports();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => reportsApi.createInvoice(id),
    onSuccess: (_data, id) => {
      void client.invalidateQueries({ queryKey: ['billing', 'invoices'] });
      return refresh(id);
    },
  });
}

/**
 * An image of the office API as an object URL (an <img> cannot send the bearer token). The URL
 * is revoked when the image changes or the component goes away.
 */
export function useImageUrl(url: string | null): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({ src: null, failed: false });
  useEffect(() => {
    if (!url) return undefined;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setState({ src: null, failed: false });
    reportsApi.imageBlob(url, controller.signal).then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob);
        setState({ src: objectUrl, failed: false });
      },
      () => {
        if (!controller.signal.aborted) setState({ src: null, failed: true });
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return state;
}
