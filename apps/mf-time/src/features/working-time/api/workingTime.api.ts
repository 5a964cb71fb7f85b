import { api } from '@zunft/web-common';
import type {
  AbsenceDto,
  AbsenceListResponse,
  AbsenceStatus,
  CreateAbsenceRequest,
  RejectAbsenceRequest,
  ReopenMonthRequest,
  TimeAccountListResponse,
} from '@zunft/contracts';

export interface AbsenceFilter {
  userId?: string | null;
  from?: string | null;
  to?: string | null;
  status?: AbsenceStatus | null;
}

function query(values: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  return params.toString();
}

const absencePath = (id: string) => `/absences/${encodeURIComponent(id)}`;
const monthPath = (userId: string, month: string) =>
  `/time-accounts/${encodeURIComponent(userId)}/${encodeURIComponent(month)}`;

/** Typed calls of the «Arbeitszeit» screen (issue 24). */
export const workingTimeApi = {
  /** Every employee's account of the month (an employee gets only their own). */
  accounts: (month: string, signal?: AbortSignal) =>
    api.get<TimeAccountListResponse>(`/time-accounts?${query({ month })}`, { signal }),
  absences: (filter: AbsenceFilter, signal?: AbortSignal) =>
    api.get<AbsenceListResponse>(
      `/absences?${query({ userId: filter.userId, from: filter.from, to: filter.to, status: filter.status })}`,
      { signal },
    ),
  createAbsence: (body: CreateAbsenceRequest) => api.post<AbsenceDto>('/absences', body),
  approve: (id: string) => api.put<AbsenceDto>(`${absencePath(id)}/approve`),
  reject: (id: string, body: RejectAbsenceRequest) => api.put<AbsenceDto>(`${absencePath(id)}/reject`, body),
  removeAbsence: (id: string) => api.delete<unknown>(absencePath(id)),
  close: (userId: string, month: string) => api.post<unknown>(`${monthPath(userId, month)}/close`),
  reopen: (userId: string, month: string, body: ReopenMonthRequest) =>
    api.post<unknown>(`${monthPath(userId, month)}/reopen`, body),
  /**
   * The record of ArGV 1 art. 73 for one employee and period (per day start, end, breaks, hours,
   * supplements, absences), as CSV or as the PDF the server renders.
   */
  timeRecords: (userId: string, from: string, to: string, format: 'csv' | 'pdf') =>
    api.blob(`/time-records/export?${query({ userId, from, to, format })}`),
  /** The payroll's CSV of the month: one row per employee. */
  exportPayroll: (month: string, format: 'csv' | 'xlsx') =>
    api.blob(`/time-accounts/export?${query({ month, format })}`),
};
