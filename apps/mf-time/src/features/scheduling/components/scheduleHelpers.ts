import {
  addDays,
  isoWeekday,
  type CreateScheduleAssignmentRequest,
  type ScheduleAssignmentDto,
  type ScheduleEmployeeDto,
} from '@zunft/contracts';
import { formatDate } from '@zunft/web-common';

export const WEEKDAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type WeekdayKey = (typeof WEEKDAY_KEYS)[number];

export const weekdayKey = (isoDate: string): WeekdayKey => WEEKDAY_KEYS[isoWeekday(isoDate) - 1]!;

/** '23.–29.11.2026', '30.11.–06.12.2026', '29.12.2025–04.01.2026' */
export function weekRange(weekStart: string): string {
  const weekEnd = addDays(weekStart, 6);
  const end = formatDate(weekEnd);
  const start = formatDate(weekStart);
  if (weekStart.slice(0, 4) !== weekEnd.slice(0, 4)) return `${start}–${end}`;
  if (weekStart.slice(0, 7) !== weekEnd.slice(0, 7)) return `${start.slice(0, 6)}–${end}`;
  return `${start.slice(0, 3)}–${end}`;
}

/** '24.11.' */
export const dayMonth = (isoDate: string) => formatDate(isoDate).slice(0, 6);

/** '07:30–12:00', or the whole-day label without times. */
export function timeWindowText(a: Pick<ScheduleAssignmentDto, 'start_time' | 'end_time'>, wholeDay: string): string {
  return a.start_time && a.end_time ? `${a.start_time}–${a.end_time}` : wholeDay;
}

export const employeeName = (e: Pick<ScheduleEmployeeDto, 'first_name' | 'last_name'>) =>
  `${e.first_name} ${e.last_name}`.trim();

export const projectLabel = (a: Pick<ScheduleAssignmentDto, 'project_number' | 'project_title'>) =>
  `${a.project_number} · ${a.project_title}`;

/** Assignments per `userId|date` cell, in the server's order (whole day first, then by time). */
export function byCell(assignments: readonly ScheduleAssignmentDto[]): Map<string, ScheduleAssignmentDto[]> {
  const cells = new Map<string, ScheduleAssignmentDto[]>();
  for (const a of assignments) {
    const key = cellKey(a.user_id, a.work_date);
    cells.set(key, [...(cells.get(key) ?? []), a]);
  }
  return cells;
}

export const cellKey = (userId: string, isoDate: string) => `${userId}|${isoDate}`;

/** Today as yyyy-MM-dd in the browser's time zone. */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export interface AssignmentFormValues {
  userId?: string;
  projectId?: string;
  workDate?: string | null;
  startTime?: string | null;
  endTime?: string | null;
  note?: string | null;
}

export function toAssignmentFormValues(a: ScheduleAssignmentDto): AssignmentFormValues {
  return {
    userId: a.user_id,
    projectId: a.project_id,
    workDate: a.work_date,
    startTime: a.start_time,
    endTime: a.end_time,
    note: a.note,
  };
}

/** The request the server expects; empty times and note are sent as null (= whole day, no note). */
export function toAssignmentRequest(v: AssignmentFormValues): CreateScheduleAssignmentRequest {
  const orNull = (s: string | null | undefined) => (s && s.trim() !== '' ? s.trim() : null);
  return {
    userId: v.userId ?? '',
    projectId: v.projectId ?? '',
    workDate: v.workDate ?? '',
    startTime: orNull(v.startTime),
    endTime: orNull(v.endTime),
    note: orNull(v.note),
  };
}
