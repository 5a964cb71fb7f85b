import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateInvoiceRequest, InvoiceDetailDto, InvoiceStagesDto } from '@zunft/contracts';
import { api } from '@zunft/web-common';

/** Whose stages: an accepted quote or a project. */
export type StageTarget = { quoteId: string } | { projectId: string };

const query = (target: StageTarget) =>
  'quoteId' in target
    ? `quoteId=${encodeURIComponent(target.quoteId)}`
    : `projectId=${encodeURIComponent(target.projectId)}`;

/** Billing in stages (issue 22): GET /invoices/stages and POST /invoices with a kind. */
export const stagesApi = {
  summary: (target: StageTarget, signal?: AbortSignal) =>
    api.get<InvoiceStagesDto>(`/invoices/stages?${query(target)}`, { signal }),
  create: (body: CreateInvoiceRequest) => api.post<InvoiceDetailDto>('/invoices', body),
};

export const stagesKeys = {
  summary: (target: StageTarget) => ['billing', 'invoices', 'stages', query(target)] as const,
};

/** What of the quote or project is invoiced and open (reloads with every invoice change). */
export function useInvoiceStagesQuery(target: StageTarget, enabled = true) {
  return useQuery({
    queryKey: stagesKeys.summary(target),
    queryFn: ({ signal }) => stagesApi.summary(target, signal),
    enabled,
    staleTime: 0,
  });
}

/** POST /invoices { kind, quoteId | projectId, … }; the invoices' lists and the summary reload. */
export function useCreateStageInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInvoiceRequest) => stagesApi.create(body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['billing', 'invoices'] }),
  });
}
