import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateProjectRequest, UpdateProjectRequest } from '@zunft/contracts';
import { customersKeys, useDebounced } from '../../customers/api/useCustomers';
import { projectsApi, type ProjectPageFilter } from './projects.api';

export const projectsKeys = {
  all: ['time', 'projects'] as const,
  list: () => [...projectsKeys.all, 'list'] as const,
  /** One page per filter (search, status, page, page size). */
  page: (filter: ProjectPageFilter) => [...projectsKeys.all, 'page', filter] as const,
  users: () => ['time', 'users'] as const,
};

/** Projects the caller may see (employees: only their assigned ones, enforced by the server). */
export function useProjectsQuery(enabled = true) {
  return useQuery({ queryKey: projectsKeys.list(), queryFn: ({ signal }) => projectsApi.list(signal), enabled });
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
