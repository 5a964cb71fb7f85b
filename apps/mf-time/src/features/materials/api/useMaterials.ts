import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  OPERATIONS_LIMITS,
  type CreateMaterialRequest,
  type CreateMaterialUsageRequest,
  type UpdateMaterialRequest,
  type UpdateMaterialUsageRequest,
} from '@zunft/contracts';
import { useDebounced } from '../../customers/api/useCustomers';
import { materialsApi, type MaterialPageFilter, type UsageFilter } from './materials.api';

/** The usage form's material picker: the first 20 matches of what is typed, searched by the server. */
export const MATERIAL_SELECT_PAGE_SIZE = 20;

export const materialsKeys = {
  all: ['time', 'materials'] as const,
  pageAll: () => [...materialsKeys.all, 'page'] as const,
  /** One entry per search and page of the catalogue. */
  page: (filter: MaterialPageFilter) => [...materialsKeys.pageAll(), filter] as const,
  stats: () => [...materialsKeys.all, 'stats'] as const,
  usageAll: () => [...materialsKeys.all, 'usage'] as const,
  /** One entry per filter and page: a page change caches that page, a write refreshes them all. */
  usage: (filter: UsageFilter) => [...materialsKeys.usageAll(), filter] as const,
};

export const NO_USAGE_FILTER: UsageFilter = {
  projectId: null,
  status: null,
  page: 1,
  pageSize: OPERATIONS_LIMITS.defaultPageSize,
};

/** One page of the catalogue (search and paging on the server). */
export function useMaterialsPageQuery(filter: MaterialPageFilter, enabled = true) {
  return useQuery({
    queryKey: materialsKeys.page(filter),
    queryFn: ({ signal }) => materialsApi.page(filter, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The picker's search: the first 20 matches of the debounced term. */
export function useMaterialSearch(search: string, enabled = true) {
  const debounced = useDebounced(search.trim());
  return useMaterialsPageQuery({ search: debounced, page: 1, pageSize: MATERIAL_SELECT_PAGE_SIZE }, enabled);
}

/** The four stat cards, counted by the server (GET /materials/stats), not from the page shown. */
export function useMaterialStats() {
  return useQuery({ queryKey: materialsKeys.stats(), queryFn: ({ signal }) => materialsApi.stats(signal) });
}

export function useUsageQuery(filter: UsageFilter) {
  return useQuery({
    queryKey: materialsKeys.usage(filter),
    queryFn: ({ signal }) => materialsApi.usage(filter, signal),
    placeholderData: keepPreviousData,
  });
}

// Approving books stock out (deleting an approved entry books it back in), so every change
// refreshes materials and usage together.
export function useInvalidateMaterials() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: materialsKeys.all });
}

export function useSaveMaterial() {
  const invalidate = useInvalidateMaterials();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CreateMaterialRequest | UpdateMaterialRequest }) =>
      id ? materialsApi.update(id, body) : materialsApi.create(body as CreateMaterialRequest),
    onSettled: invalidate,
  });
}

export function useDeleteMaterial() {
  const invalidate = useInvalidateMaterials();
  return useMutation({ mutationFn: (id: string) => materialsApi.remove(id), onSettled: invalidate });
}

export function useSaveUsage() {
  const invalidate = useInvalidateMaterials();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CreateMaterialUsageRequest }) =>
      id ? materialsApi.updateUsage(id, body as UpdateMaterialUsageRequest) : materialsApi.createUsage(body),
    onSettled: invalidate,
  });
}

export function useDeleteUsage() {
  const invalidate = useInvalidateMaterials();
  return useMutation({ mutationFn: (id: string) => materialsApi.removeUsage(id), onSettled: invalidate });
}

export function useApproveUsage() {
  const invalidate = useInvalidateMaterials();
  return useMutation({ mutationFn: (id: string) => materialsApi.approveUsage(id), onSettled: invalidate });
}

export function useRejectUsage() {
  const invalidate = useInvalidateMaterials();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => materialsApi.rejectUsage(id, { reason }),
    onSettled: invalidate,
  });
}
