import { api } from '@zunft/web-common';
import type {
  CopyScheduleWeekRequest,
  CopyScheduleWeekResponse,
  CreateScheduleAssignmentRequest,
  MessageResponse,
  ScheduleAssignmentSaveResponse,
  ScheduleWeekResponse,
  UpdateScheduleAssignmentRequest,
} from '@zunft/contracts';

const path = (id: string) => `/schedule/assignments/${encodeURIComponent(id)}`;

/** Typed calls of the scheduling screen (Einsatzplanung). */
export const schedulingApi = {
  /** `weekStart` null: the server picks the current week in the company's time zone. */
  week: (weekStart: string | null, signal?: AbortSignal) =>
    api.get<ScheduleWeekResponse>(weekStart ? `/schedule?weekStart=${encodeURIComponent(weekStart)}` : '/schedule', {
      signal,
    }),
  create: (body: CreateScheduleAssignmentRequest) =>
    api.post<ScheduleAssignmentSaveResponse>('/schedule/assignments', body),
  update: (id: string, body: UpdateScheduleAssignmentRequest) =>
    api.put<ScheduleAssignmentSaveResponse>(path(id), body),
  remove: (id: string) => api.delete<MessageResponse>(path(id)),
  copyWeek: (body: CopyScheduleWeekRequest) => api.post<CopyScheduleWeekResponse>('/schedule/copy-week', body),
};
