import { api } from '@zunft/web-common';
import type {
  CreateProjectRequest,
  ProjectListResponse,
  ProjectResponse,
  UpdateProjectRequest,
  UserListResponse,
} from '@zunft/contracts';

const path = (id: string) => `/projects/${encodeURIComponent(id)}`;

/** Typed calls of the projects screen (part 1 §7 "Projects"). */
export const projectsApi = {
  list: (signal?: AbortSignal) => api.get<ProjectListResponse>('/projects', { signal }),
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
