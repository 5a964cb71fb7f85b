import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { CreateProjectRequest, ProjectDto, UpdateProjectRequest } from '@zunft/contracts';
import { customersKeys, useDebounced } from '../../customers/api/useCustomers';
import { projectsApi, type ProjectPageFilter } from './projects.api';

export const projectsKeys = {
  all: ['time', 'projects'] as const,
  /** One page per filter (search, status, page, page size). */
  page: (filter: ProjectPageFilter) => [...projectsKeys.all, 'page', filter] as const,
  /** The stat cards (under `all`: project writes refresh them with the list). */
  stats: () => [...projectsKeys.all, 'stats'] as const,
  one: (id: string) => [...projectsKeys.all, 'one', id] as const,
  users: () => ['time', 'users'] as const,
};

/** One page of the projects screen; the previous page stays visible while the next one loads. */
export function useProjectsPageQuery(filter: ProjectPageFilter, enabled = true) {
  return useQuery({
    queryKey: projectsKeys.page(filter),
    queryFn: ({ signal }) => projectsApi.page(filter, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The stat cards' counts by status, counted by the server over all projects the caller may read. */
export function useProjectStats() {
  return useQuery({ queryKey: projectsKeys.stats(), queryFn: ({ signal }) => projectsApi.stats(signal) });
}

/** One project by id (a select's current value that is not among its search matches); null: none. */
export function useProjectQuery(id: string | null, enabled = true) {
  return useQuery({
    queryKey: projectsKeys.one(id ?? ''),
    queryFn: ({ signal }) => projectsApi.get(id ?? '', signal),
    enabled: enabled && !!id,
    staleTime: 60_000,
  });
}

/** How many projects a select offers per search (the server searches, the select shows these). */
export const PROJECT_SELECT_PAGE_SIZE = 20;

/**
 * Projects for a select: the first 20 matches of a debounced server search (title, project number,
 * customer name), as useCustomerSearch does for customers (expense and material usage forms).
 */
export function useProjectSearch(search: string, enabled = true, status: ProjectPageFilter['status'] = null) {
  const debounced = useDebounced(search);
  return useQuery({
    queryKey: projectsKeys.page({ search: debounced, status, page: 1, pageSize: PROJECT_SELECT_PAGE_SIZE }),
    queryFn: ({ signal }) =>
      projectsApi.page({ search: debounced, status, page: 1, pageSize: PROJECT_SELECT_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Newest first, as the server orders every project list (created_at, then id, descending). */
function newestFirst(a: ProjectDto, b: ProjectDto): number {
  return b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);
}

/**
 * Open projects (planned or in progress) for a select: the first 20 matches of both statuses,
 * merged in the server's order (scheduling plans only open projects, quick start offers them first).
 */
export function useOpenProjectSearch(search: string, enabled = true) {
  const planned = useProjectSearch(search, enabled, 'planned');
  const inProgress = useProjectSearch(search, enabled, 'in_progress');
  const items = useMemo(
    () =>
      [...(planned.data?.items ?? []), ...(inProgress.data?.items ?? [])]
        .sort(newestFirst)
        .slice(0, PROJECT_SELECT_PAGE_SIZE),
    [planned.data, inProgress.data],
  );
  return {
    items,
    isPending: planned.isPending || inProgress.isPending,
    isError: planned.isError || inProgress.isError,
    error: planned.error ?? inProgress.error,
    isPlaceholderData: planned.isPlaceholderData || inProgress.isPlaceholderData,
    isPaused: planned.isPaused || inProgress.isPaused,
    isFetching: planned.isFetching || inProgress.isFetching,
  };
}

export function useCompanyUsersQuery(enabled = true) {
  return useQuery({
    queryKey: projectsKeys.users(),
    queryFn: ({ signal }) => projectsApi.users(signal),
    enabled,
    staleTime: 60_000,
  });
}

function useInvalidateProjects() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: projectsKeys.all }),
      // Customer cards show project counts.
      client.invalidateQueries({ queryKey: customersKeys.all }),
    ]);
}

export function useCreateProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({ mutationFn: (body: CreateProjectRequest) => projectsApi.create(body), onSettled: invalidate });
}

export function useUpdateProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateProjectRequest }) => projectsApi.update(id, body),
    onSettled: invalidate,
  });
}

export function useDeleteProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({ mutationFn: (id: string) => projectsApi.remove(id), onSettled: invalidate });
}

export function useAssignment() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: ({ projectId, userId, assign }: { projectId: string; userId: string; assign: boolean }) =>
      assign ? projectsApi.assign(projectId, userId) : projectsApi.unassign(projectId, userId),
    onSettled: invalidate,
  });
}
