import { z } from 'zod';
import { emptyToNull, isRealIsoDate, type Role } from './common.js';

/*
 * Scheduling (Einsatzplanung): the foreman plans employees onto projects day by day, optionally
 * with a time window and a note. Request payloads are camelCase, responses snake_case like the
 * rest of the operations domain. The overlap rule lives here so that server and client flag the
 * same conflicts.
 */

export const SCHEDULE_LIMITS = {
  maxNoteLength: 500,
  daysPerWeek: 7,
} as const;

/** Error texts the UI may match on. */
export const SCHEDULE_MESSAGES = {
  assignmentNotFound: 'Einsatz nicht gefunden',
  weekStartNotMonday: 'Der Wochenbeginn muss ein Montag sein',
  timeWindowIncomplete: 'Bitte Von und Bis angeben oder beide leer lassen',
  endNotAfterStart: 'Bis muss nach Von liegen',
  projectClosed: 'Für abgeschlossene oder abgebrochene Projekte können keine Einsätze geplant werden',
  employeeInactive: 'Dieser Mitarbeiter ist deaktiviert und kann nicht eingeplant werden',
  sameWeek: 'Quell- und Zielwoche dürfen nicht gleich sein',
} as const;

// ---------------------------------------------------------------------------------------------
// Calendar helpers (plain yyyy-MM-dd strings, no time zone involved)
// ---------------------------------------------------------------------------------------------

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

const utcDate = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** True for a real calendar day in the form yyyy-MM-dd (2026-02-30 is not). */
export function isIsoDate(value: string): boolean {
  return isRealIsoDate(value);
}

/** yyyy-MM-dd plus `days` (may be negative). */
export function addDays(isoDate: string, days: number): string {
  const d = utcDate(isoDate);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 1 = Monday … 7 = Sunday (ISO 8601). */
export function isoWeekday(isoDate: string): number {
  return ((utcDate(isoDate).getUTCDay() + 6) % 7) + 1;
}

export const isMonday = (isoDate: string): boolean => isIsoDate(isoDate) && isoWeekday(isoDate) === 1;

/** The Monday of the week `isoDate` lies in. */
export function mondayOf(isoDate: string): string {
  return addDays(isoDate, 1 - isoWeekday(isoDate));
}

/** The seven days Monday … Sunday of the week starting at `weekStart`. */
export function weekDays(weekStart: string): string[] {
  return Array.from({ length: SCHEDULE_LIMITS.daysPerWeek }, (_, i) => addDays(weekStart, i));
}

/** ISO 8601 calendar week (KW) of a day: the week with the year's first Thursday is week 1. */
export function isoWeekNumber(isoDate: string): number {
  const thursday = utcDate(addDays(isoDate, 4 - isoWeekday(isoDate)));
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  return Math.floor((thursday.getTime() - yearStart) / 86_400_000 / 7) + 1;
}

// ---------------------------------------------------------------------------------------------
// Overlap rule
// ---------------------------------------------------------------------------------------------

/** A planned slot: both times null = the whole day; times are HH:mm. */
export interface ScheduleSlot {
  id: string;
  user_id: string;
  work_date: string;
  start_time: string | null;
  end_time: string | null;
}

/**
 * Whether two time windows of the same day overlap. A whole-day slot (no times) overlaps every
 * other slot of that day; windows that only touch (08:00–12:00 and 12:00–16:00) do not overlap.
 */
export function timeWindowsOverlap(
  a: Pick<ScheduleSlot, 'start_time' | 'end_time'>,
  b: Pick<ScheduleSlot, 'start_time' | 'end_time'>,
): boolean {
  if (!a.start_time || !a.end_time || !b.start_time || !b.end_time) return true;
  // HH:mm strings compare correctly as text.
  return a.start_time < b.end_time && b.start_time < a.end_time;
}

/** Two slots conflict when they plan the same employee on the same day with overlapping windows. */
export function slotsConflict(a: ScheduleSlot, b: ScheduleSlot): boolean {
  return a.id !== b.id && a.user_id === b.user_id && a.work_date === b.work_date && timeWindowsOverlap(a, b);
}

/** For every slot the ids of the slots it conflicts with (empty array = no conflict). */
export function findConflicts(slots: readonly ScheduleSlot[]): Map<string, string[]> {
  const result = new Map<string, string[]>(slots.map((s) => [s.id, []]));
  const byDay = new Map<string, ScheduleSlot[]>();
  for (const slot of slots) {
    const key = `${slot.user_id}|${slot.work_date}`;
    const list = byDay.get(key) ?? [];
    list.push(slot);
    byDay.set(key, list);
  }
  for (const list of byDay.values()) {
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const a = list[i]!;
        const b = list[j]!;
        if (slotsConflict(a, b)) {
          result.get(a.id)!.push(b.id);
          result.get(b.id)!.push(a.id);
        }
      }
    }
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Field schemas
// ---------------------------------------------------------------------------------------------

const dateField = (label: string) =>
  z
    .string({ error: `${label} ist erforderlich` })
    .trim()
    .min(1, `${label} ist erforderlich`)
    .regex(ISO_DATE, `${label} muss im Format JJJJ-MM-TT sein`)
    .refine(isIsoDate, `${label} ist kein gültiges Datum`);

const mondayField = (label: string) => dateField(label).refine(isMonday, SCHEDULE_MESSAGES.weekStartNotMonday);

const timeField = (label: string) =>
  z
    .preprocess(
      emptyToNull,
      z
        .string({ error: `${label} muss eine Uhrzeit sein` })
        .trim()
        .regex(TIME_OF_DAY, `${label} muss eine Uhrzeit im Format HH:mm sein`)
        .nullable(),
    )
    .optional();

const noteField = z
  .preprocess(
    emptyToNull,
    z
      .string({ error: 'Notiz muss ein Text sein' })
      .trim()
      .max(SCHEDULE_LIMITS.maxNoteLength, `Notiz ist zu lang (max. ${SCHEDULE_LIMITS.maxNoteLength} Zeichen)`)
      .nullable(),
  )
  .optional();

/** The time-window rule as one check: both or neither, and Bis after Von. Null = fine. */
export function timeWindowError(startTime: string | null, endTime: string | null): string | null {
  if ((startTime === null) !== (endTime === null)) return SCHEDULE_MESSAGES.timeWindowIncomplete;
  if (startTime !== null && endTime !== null && endTime <= startTime) return SCHEDULE_MESSAGES.endNotAfterStart;
  return null;
}

const assignmentFields = {
  userId: z.uuid({ error: 'Mitarbeiter ist erforderlich' }),
  projectId: z.uuid({ error: 'Projekt ist erforderlich' }),
  workDate: dateField('Datum'),
  startTime: timeField('Von'),
  endTime: timeField('Bis'),
  note: noteField,
};

/** The request fields one by one (forms validate each field with the server's message). */
export const scheduleAssignmentFieldSchemas = assignmentFields;

/** POST /schedule/assignments. Without Von/Bis the employee is planned for the whole day. */
export const createScheduleAssignmentRequestSchema = z
  .object(assignmentFields)
  .superRefine((v, ctx) => {
    const error = timeWindowError(v.startTime ?? null, v.endTime ?? null);
    if (error) ctx.addIssue({ code: 'custom', message: error, path: [v.startTime ? 'endTime' : 'startTime'] });
  })
  .transform((v) => ({ ...v, startTime: v.startTime ?? null, endTime: v.endTime ?? null, note: v.note ?? null }));
export type CreateScheduleAssignmentRequest = z.input<typeof createScheduleAssignmentRequestSchema>;
export type CreateScheduleAssignmentRequestParsed = z.output<typeof createScheduleAssignmentRequestSchema>;

/**
 * PUT /schedule/assignments/{id}: only given fields change. Von and Bis form one time window: when
 * either is sent, both are replaced (a missing one counts as empty), so `{startTime: null,
 * endTime: null}` makes the assignment a whole day again.
 */
export const updateScheduleAssignmentRequestSchema = z
  .object({
    userId: assignmentFields.userId.optional(),
    projectId: assignmentFields.projectId.optional(),
    workDate: assignmentFields.workDate.optional(),
    startTime: assignmentFields.startTime,
    endTime: assignmentFields.endTime,
    note: assignmentFields.note,
  })
  .superRefine((v, ctx) => {
    if (v.startTime === undefined && v.endTime === undefined) return;
    const error = timeWindowError(v.startTime ?? null, v.endTime ?? null);
    if (error) ctx.addIssue({ code: 'custom', message: error, path: [v.startTime ? 'endTime' : 'startTime'] });
  });
export type UpdateScheduleAssignmentRequest = z.input<typeof updateScheduleAssignmentRequestSchema>;
export type UpdateScheduleAssignmentRequestParsed = z.output<typeof updateScheduleAssignmentRequestSchema>;

/** GET /schedule?weekStart=yyyy-MM-dd (a Monday; default: the current week in the company's time zone). */
export const scheduleWeekQuerySchema = z.object({
  weekStart: z.preprocess(emptyToNull, mondayField('Wochenbeginn').nullable()).optional(),
});
export type ScheduleWeekQuery = z.input<typeof scheduleWeekQuerySchema>;
export type ScheduleWeekQueryParsed = z.output<typeof scheduleWeekQuerySchema>;

/** POST /schedule/copy-week: copies every assignment of one week to the same weekdays of another. */
export const copyScheduleWeekRequestSchema = z
  .object({
    fromWeekStart: mondayField('Quellwoche'),
    toWeekStart: mondayField('Zielwoche'),
  })
  .refine((v) => v.fromWeekStart !== v.toWeekStart, { message: SCHEDULE_MESSAGES.sameWeek, path: ['toWeekStart'] });
export type CopyScheduleWeekRequest = z.input<typeof copyScheduleWeekRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export interface ScheduleEmployeeDto {
  id: string;
  first_name: string;
  last_name: string;
  role: Role;
  /** false for a staff member who was deactivated (or deleted) but still has assignments in the week. */
  is_active: boolean;
}

export interface ScheduleAssignmentDto extends ScheduleSlot {
  project_id: string;
  project_title: string;
  project_number: string;
  project_status: 'planned' | 'in_progress' | 'completed' | 'cancelled';
  customer_name: string;
  note: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  /** Another assignment of the same employee overlaps this one on the same day. */
  conflict: boolean;
  conflict_with: string[];
}

/** GET /schedule */
export interface ScheduleWeekResponse {
  /** Monday, yyyy-MM-dd */
  weekStart: string;
  /** ISO 8601 calendar week (KW) */
  isoWeek: number;
  /** Monday … Sunday, yyyy-MM-dd */
  days: string[];
  /** Office: active staff (plus anyone with assignments in the week); employees: themselves. */
  employees: ScheduleEmployeeDto[];
  /** Sorted by day, then whole-day first, then start time. */
  assignments: ScheduleAssignmentDto[];
}

/** POST/PUT /schedule/assignments: the saved assignment and the assignments it now overlaps. */
export interface ScheduleAssignmentSaveResponse extends ScheduleAssignmentDto {
  conflicts: ScheduleAssignmentDto[];
}

/** POST /schedule/copy-week */
export interface CopyScheduleWeekResponse {
  created: number;
  /** Not copied: employee no longer active, project completed/cancelled, or the same slot exists. */
  skipped: number;
  /** Created assignments that overlap another one in the target week. */
  conflicts: number;
}
