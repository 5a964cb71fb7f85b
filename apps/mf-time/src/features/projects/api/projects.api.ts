import { api } from '@zunft/web-common';
import type {
  CreateProjectRequest,
  ProjectListPage,
  ProjectResponse,
  ProjectStatsResponse,
  ProjectStatus,
  UpdateProjectRequest,
  UserListResponse,
} from '@zunft/contracts';

const path = (id: string) => `/projects/${encodeURIComponent(id)}`;

/** One page of projects: the server searches title, project number and customer name. */
export interface ProjectPageFilter {
  search: string;
  status?: ProjectStatus | null;
  page: number;
  pageSize: number;
}

export function projectsQueryString(filter: ProjectPageFilter): string {
  const params = new URLSearchParams();
  const search = filter.search.trim();
  if (search) params.set('search', search);
  if (filter.status) params.set('status', filter.status);
  params.set('page', String(filter.page));
  params.set('pageSize', String(filter.pageSize));
  return params.toString();
}

/** Typed calls of the projects screen (part 1 §7 "Projects"). */
export const projectsApi = {
  page: (filter: ProjectPageFilter, signal?: AbortSignal) =>
    api.get<ProjectListPage>(`/projects?${projectsQueryString(filter)}`, { signal }),
  /** The stat cards' counts by status over all projects (GET /projects/stats), not one page. */
  stats: (signal?: AbortSignal) => api.get<ProjectStatsResponse>('/projects/stats', { signal }),
  get: (id: string, signal?: AbortSignal) => api.get<ProjectResponse>(path(id), { signal }),
  create: (body: CreateProjectRequest) => api.post<ProjectResponse>('/projects', body),
  update: (id: string, body: UpdateProjectRequest) => api.put<ProjectResponse>(path(id), body),
  remove: (id: string) => api.delete<unknown>(path(id)),
  assign: (id: string, userId: string) => api.post<ProjectResponse>(`${path(id)}/assign`, { userId }),
  unassign: (id: string, userId: string) =>
    api.delete<ProjectResponse>(`${path(id)}/assign/${encodeURIComponent(userId)}`),
  /** The company's users (assignment, employee filter); admin and backoffice only. */
  users: (signal?: AbortSignal) => api.get<UserListResponse>('/users', { signal }),
};
