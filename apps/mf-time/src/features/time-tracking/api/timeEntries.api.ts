import { api } from '@zunft/web-common';
import type {
  ActiveTimeEntryResponse,
  CompanySettingsDto,
  CreateTimeEntryRequest,
  StartTimeEntryRequest,
  StopTimeEntryRequest,
  TimeEntryListResponse,
  TimeEntryResponse,
  UpdateTimeEntryRequest,
} from '@zunft/contracts';

export interface TimeEntryFilter {
  projectId: string | null;
  userId: string | null;
  page: number;
  pageSize: number;
}

const path = (id: string) => `/time-entries/${encodeURIComponent(id)}`;

export function timeEntriesQueryString(filter: TimeEntryFilter): string {
  const params = new URLSearchParams();
  if (filter.projectId) params.set('projectId', filter.projectId);
  if (filter.userId) params.set('userId', filter.userId);
  params.set('page', String(filter.page));
  params.set('pageSize', String(filter.pageSize));
  return params.toString();
}

/** Typed calls of the time-tracking screen (part 1 §7 "Time entries"). */
export const timeEntriesApi = {
  list: (filter: TimeEntryFilter, signal?: AbortSignal) =>
    api.get<TimeEntryListResponse>(`/time-entries?${timeEntriesQueryString(filter)}`, { signal }),
  active: (signal?: AbortSignal) => api.get<ActiveTimeEntryResponse>('/time-entries/active', { signal }),
  start: (body: StartTimeEntryRequest) => api.post<TimeEntryResponse>('/time-entries/start', body),
  stop: (body: StopTimeEntryRequest) => api.post<TimeEntryResponse>('/time-entries/stop', body),
  create: (body: CreateTimeEntryRequest) => api.post<TimeEntryResponse>('/time-entries', body),
  update: (id: string, body: UpdateTimeEntryRequest) => api.put<TimeEntryResponse>(path(id), body),
  remove: (id: string) => api.delete<unknown>(path(id)),
  approve: (id: string) => api.post<TimeEntryResponse>(`${path(id)}/approve`),
  /** Surcharge settings for the manual-entry preview (readable by every role). */
  settings: (signal?: AbortSignal) => api.get<CompanySettingsDto>('/companies/settings', { signal }),
};
