import { z } from 'zod';
import { emptyToNull, isoDateSchema, textSchema } from './common.js';

/**
 * Working time (issue 24): holidays, absences, the working-time account per month, its close, the
 * company's labour-law settings and the employee's contract figures. Shared by operations (rules and
 * API), auth (settings and user fields) and mf-time (screens).
 */

// ---------------------------------------------------------------------------------------------
// Company settings (PUT /companies/settings) and user fields (PUT /users/{id})
// ---------------------------------------------------------------------------------------------

/** The 26 cantons, ISO 3166-2:CH codes without the `CH-`. */
export const CANTONS = [
  'AG',
  'AI',
  'AR',
  'BE',
  'BL',
  'BS',
  'FR',
  'GE',
  'GL',
  'GR',
  'JU',
  'LU',
  'NE',
  'NW',
  'OW',
  'SG',
  'SH',
  'SO',
  'SZ',
  'TG',
  'TI',
  'UR',
  'VD',
  'VS',
  'ZG',
  'ZH',
] as const;
export type Canton = (typeof CANTONS)[number];

/** `spec`: part 1 §5/§9 (whole entry when start or end lies in 19–05); `precise`: minutes (ArG). */
export const SURCHARGE_MODES = ['spec', 'precise'] as const;
export type SurchargeMode = (typeof SURCHARGE_MODES)[number];

/** ArG art. 9: 45 h (industry, office, technical staff, large retail) or 50 h (all others). */
export const WEEKLY_MAX_HOURS = [45, 50] as const;
export type WeeklyMaxHours = (typeof WEEKLY_MAX_HOURS)[number];

/** The working-time fields of the company settings. */
export interface WorkingTimeSettingsDto {
  /** Canton whose public holidays apply; null = only 1 August and the company's own days. */
  canton: Canton | null;
  surcharge_mode: SurchargeMode;
  /** HH:mm, night window of `precise` mode (ArG art. 10/16: 23:00–06:00). */
  night_start: string;
  night_end: string;
  weekly_max_hours: WeeklyMaxHours;
  /** GPS positions of time entries are deleted after this many days. */
  gps_retention_days: number;
}

export const DEFAULT_WORKING_TIME_SETTINGS: WorkingTimeSettingsDto = {
  canton: null,
  surcharge_mode: 'spec',
  night_start: '23:00',
  night_end: '06:00',
  weekly_max_hours: 45,
  gps_retention_days: 90,
};

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const clockTime = (label: string) =>
  z.string({ error: `${label} muss eine Uhrzeit im Format HH:MM sein` }).regex(HH_MM, {
    message: `${label} muss eine Uhrzeit im Format HH:MM sein`,
  });

/** Spread into `updateCompanySettingsRequestSchema` (every field optional there). */
export const workingTimeSettingsFields = {
  canton: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim().toUpperCase()) : v),
    z.enum(CANTONS, { error: 'Ungültiger Kanton. Erwartet wird ein Kantonskürzel (z. B. ZH, BE, VD)' }).nullable(),
  ),
  surcharge_mode: z.enum(SURCHARGE_MODES, { error: 'Ungültiger Zuschlagsmodus. Erlaubt: spec, precise' }),
  night_start: clockTime('Beginn der Nachtarbeit'),
  night_end: clockTime('Ende der Nachtarbeit'),
  weekly_max_hours: z.coerce
    .number({ error: 'Wöchentliche Höchstarbeitszeit muss 45 oder 50 Stunden sein' })
    .refine((v) => v === 45 || v === 50, 'Wöchentliche Höchstarbeitszeit muss 45 oder 50 Stunden sein')
    .transform((v) => v as WeeklyMaxHours),
  gps_retention_days: z.coerce
    .number({ error: 'Aufbewahrung der Standorte muss eine Zahl sein' })
    .int('Aufbewahrung der Standorte muss eine ganze Zahl (Tage) sein')
    .min(1, 'Aufbewahrung der Standorte muss zwischen 1 und 3650 Tagen liegen')
    .max(3650, 'Aufbewahrung der Standorte muss zwischen 1 und 3650 Tagen liegen'),
};
export const workingTimeSettingsSchema = z.object(workingTimeSettingsFields).partial();
export type UpdateWorkingTimeSettingsRequest = z.input<typeof workingTimeSettingsSchema>;

/** The working-time fields of a user (UserDto and PUT /users/{id}). */
export interface EmploymentDto {
  /** Percent of a full-time position, default 100. */
  pensum: number;
  /** Weekly target hours at 100 %, default 42.5. */
  weekly_hours: number;
  /** Holiday days per year at this pensum, default 20 (OR 329a: 25 under 20 years of age). */
  holiday_days_per_year: number;
  /** yyyy-MM-dd, default the day the user was created. */
  employment_start: string;
}

export const DEFAULT_EMPLOYMENT = { pensum: 100, weekly_hours: 42.5, holiday_days_per_year: 20 } as const;

/** Spread into `updateUserRequestSchema` (all optional). */
export const employmentFields = {
  pensum: z.coerce
    .number({ error: 'Pensum muss eine Zahl sein' })
    .min(1, 'Pensum muss zwischen 1 und 100 % liegen')
    .max(100, 'Pensum muss zwischen 1 und 100 % liegen')
    .multipleOf(0.5, 'Pensum: in Schritten von 0.5 %')
    .optional(),
  weekly_hours: z.coerce
    .number({ error: 'Wochenstunden müssen eine Zahl sein' })
    .min(1, 'Wochenstunden müssen zwischen 1 und 50 liegen')
    .max(50, 'Wochenstunden müssen zwischen 1 und 50 liegen')
    .multipleOf(0.25, 'Wochenstunden: in Schritten von 0.25 Stunden')
    .optional(),
  holiday_days_per_year: z.coerce
    .number({ error: 'Ferientage müssen eine Zahl sein' })
    .min(0, 'Ferientage müssen zwischen 0 und 60 liegen')
    .max(60, 'Ferientage müssen zwischen 0 und 60 liegen')
    .multipleOf(0.5, 'Ferientage: in Schritten von halben Tagen')
    .optional(),
  employment_start: isoDateSchema('Eintrittsdatum').optional(),
};
export const employmentSchema = z.object(employmentFields);
export type UpdateEmploymentRequest = z.input<typeof employmentSchema>;

// ---------------------------------------------------------------------------------------------
// Time-entry additions
// ---------------------------------------------------------------------------------------------

/** The labour-law rules a day can break (warnings; the facts are recorded, not refused). */
export const WORKING_TIME_RULES = [
  'break', // ArG art. 15
  'daily_rest', // ArG art. 15a: 11 h
  'day_span', // ArG art. 10: 14 h
  'weekly_max', // ArG art. 9: 45/50 h
  'sunday_work', // ArG art. 18
  'consecutive_days', // ArGV 1 art. 21: more than 6 days in a row
] as const;
export type WorkingTimeRule = (typeof WORKING_TIME_RULES)[number];

export interface WorkingTimeWarningDto {
  rule: WorkingTimeRule;
  /** German by default, in the caller's language. */
  message: string;
}

/** Fields every TimeEntryDto gains (minutes filled in `precise` mode, else 0). */
export interface TimeEntryWorkingTimeFields {
  night_minutes: number;
  sunday_minutes: number;
  holiday_minutes: number;
  warnings: WorkingTimeWarningDto[];
}

// ---------------------------------------------------------------------------------------------
// Holidays
// ---------------------------------------------------------------------------------------------

/** GET /holidays?year=YYYY (year defaults to the current one). */
export const holidayListQuerySchema = z.object({
  year: z.preprocess(
    emptyToNull,
    z.coerce
      .number({ error: 'Jahr muss eine Zahl sein' })
      .int('Jahr muss eine ganze Zahl sein')
      .min(2000, 'Jahr muss zwischen 2000 und 2100 liegen')
      .max(2100, 'Jahr muss zwischen 2000 und 2100 liegen')
      .nullable()
      .optional(),
  ),
});
export type HolidayListQuery = z.input<typeof holidayListQuerySchema>;

export interface HolidayDto {
  /** Null for the canton's days (they come with the product); the id of a company's own day. */
  id: string | null;
  /** yyyy-MM-dd */
  date: string;
  name: string;
  /** Only the afternoon is free (e.g. 24 December in some cantons). */
  half_day: boolean;
  source: 'canton' | 'company';
}
export type HolidayListResponse = HolidayDto[];

/** POST /holidays: a company's own (local) day. */
export const createHolidayRequestSchema = z.object({
  date: isoDateSchema('Datum'),
  name: textSchema('Name ist erforderlich')
    .trim()
    .min(1, 'Name ist erforderlich')
    .max(100, 'Name ist zu lang (max. 100 Zeichen)'),
  half_day: z.boolean({ error: 'Ungültiger Wert für halben Tag' }).optional().default(false),
});
export type CreateHolidayRequest = z.input<typeof createHolidayRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Absences
// ---------------------------------------------------------------------------------------------

export const ABSENCE_TYPES = [
  'holiday',
  'sick',
  'accident',
  'military', // military, civil service, civil protection
  'training',
  'bad_weather',
  'unpaid',
  'other',
] as const;
export type AbsenceType = (typeof ABSENCE_TYPES)[number];

export const ABSENCE_STATUSES = ['requested', 'approved', 'rejected'] as const;
export type AbsenceStatus = (typeof ABSENCE_STATUSES)[number];

/** Half of a day: `am` = morning, `pm` = afternoon; absent = full days. */
export const HALF_DAYS = ['am', 'pm'] as const;
export type HalfDay = (typeof HALF_DAYS)[number];

const uuidOrNull = (message: string) => z.preprocess(emptyToNull, z.uuid({ error: message }).nullable()).optional();

/**
 * POST /absences. `userId` absent = the caller. An employee's own `holiday` is `requested`; what the
 * office records is `approved`. `halfDay` only for a single day (startDate = endDate).
 */
export const createAbsenceRequestSchema = z
  .object({
    userId: uuidOrNull('Ungültige Benutzer-ID'),
    type: z.enum(ABSENCE_TYPES, {
      error:
        'Ungültige Abwesenheitsart. Erlaubt: holiday, sick, accident, military, training, bad_weather, unpaid, other',
    }),
    startDate: isoDateSchema('Startdatum'),
    endDate: isoDateSchema('Enddatum'),
    halfDay: z.preprocess(
      emptyToNull,
      z.enum(HALF_DAYS, { error: 'Ungültiger halber Tag. Erlaubt: am, pm' }).nullable().optional(),
    ),
    note: z
      .preprocess(emptyToNull, textSchema().trim().max(500, 'Bemerkung ist zu lang (max. 500 Zeichen)').nullable())
      .optional(),
  })
  .refine((v) => v.endDate >= v.startDate, {
    message: 'Das Enddatum darf nicht vor dem Startdatum liegen',
    path: ['endDate'],
  })
  .refine((v) => !v.halfDay || v.startDate === v.endDate, {
    message: 'Ein halber Tag ist nur für einen einzelnen Tag möglich',
    path: ['halfDay'],
  })
  .refine((v) => daysBetween(v.startDate, v.endDate) <= 366, {
    message: 'Eine Abwesenheit darf höchstens ein Jahr dauern',
    path: ['endDate'],
  });
export type CreateAbsenceRequest = z.input<typeof createAbsenceRequestSchema>;
export type CreateAbsenceRequestParsed = z.output<typeof createAbsenceRequestSchema>;

/** GET /absences?userId&from&to&status (employees: only their own). */
export const absenceListQuerySchema = z
  .object({
    userId: uuidOrNull('Ungültige Benutzer-ID'),
    from: z.preprocess(emptyToNull, isoDateSchema('Von').nullable()).optional(),
    to: z.preprocess(emptyToNull, isoDateSchema('Bis').nullable()).optional(),
    status: z
      .preprocess(
        emptyToNull,
        z.enum(ABSENCE_STATUSES, { error: 'Ungültiger Status. Erlaubt: requested, approved, rejected' }).nullable(),
      )
      .optional(),
  })
  .refine((v) => !v.from || !v.to || v.to >= v.from, { message: '«Bis» darf nicht vor «Von» liegen', path: ['to'] });
export type AbsenceListQuery = z.input<typeof absenceListQuerySchema>;

/** PUT /absences/{id}/reject */
export const rejectAbsenceRequestSchema = z.object({
  reason: textSchema('Begründung ist erforderlich')
    .trim()
    .min(1, 'Begründung ist erforderlich')
    .max(500, 'Begründung ist zu lang (max. 500 Zeichen)'),
});
export type RejectAbsenceRequest = z.input<typeof rejectAbsenceRequestSchema>;

export interface AbsenceDto {
  id: string;
  user_id: string;
  user_name: string;
  type: AbsenceType;
  status: AbsenceStatus;
  /** yyyy-MM-dd, both inclusive. */
  start_date: string;
  end_date: string;
  half_day: HalfDay | null;
  note: string | null;
  /** Working days it covers (weekends and public holidays excluded; a half day is 0.5). */
  days: number;
  decided_by: string | null;
  decided_at: string | null;
  reject_reason: string | null;
  created_at: string;
}
export type AbsenceListResponse = AbsenceDto[];
export type AbsenceResponse = AbsenceDto;

// ---------------------------------------------------------------------------------------------
// Time accounts (per employee and month) and the month close
// ---------------------------------------------------------------------------------------------

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const monthSchema = z
  .string({ error: 'Monat muss im Format JJJJ-MM sein' })
  .regex(MONTH, 'Monat muss im Format JJJJ-MM sein')
  .refine(
    (m) => Number(m.slice(0, 4)) >= 2000 && Number(m.slice(0, 4)) <= 2100,
    'Monat muss zwischen 2000 und 2100 liegen',
  );

/** GET /time-accounts?month=YYYY-MM[&userId] */
export const timeAccountQuerySchema = z.object({
  month: monthSchema,
  userId: uuidOrNull('Ungültige Benutzer-ID'),
});
export type TimeAccountQuery = z.input<typeof timeAccountQuerySchema>;

export interface MonthWarningDto extends WorkingTimeWarningDto {
  /** yyyy-MM-dd of the day (for the weekly maximum: the Sunday ending the week). */
  date: string;
}

/** Hours worked per ISO week of the month (the bar chart). */
export interface WeekHoursDto {
  /** yyyy-MM-dd of the Monday. */
  week_start: string;
  hours: number;
}

export interface TimeAccountDto {
  userId: string;
  user_name: string;
  /** yyyy-MM */
  month: string;
  /** Hours, two decimals at most. */
  target_hours: number;
  worked_hours: number;
  /** Hours credited for paid absences (holiday, sick, …; not `unpaid`). */
  absence_hours: number;
  /** Days per absence type in this month. */
  absences_by_type: Partial<Record<AbsenceType, number>>;
  /** worked + absence - target of this month. */
  overtime_hours: number;
  /** Carried balance at the end of this month (previous balance + overtime). */
  balance_hours: number;
  holiday_days_taken: number;
  holiday_days_left: number;
  night_hours: number;
  sunday_hours: number;
  holiday_hours: number;
  weeks: WeekHoursDto[];
  warnings: MonthWarningDto[];
  closed: boolean;
  closed_at: string | null;
  closed_by: string | null;
}
export type TimeAccountListResponse = TimeAccountDto[];

/** POST /time-accounts/{userId}/{YYYY-MM}/close: no body. POST …/reopen: */
export const reopenMonthRequestSchema = z.object({
  reason: textSchema('Begründung ist erforderlich')
    .trim()
    .min(1, 'Begründung ist erforderlich')
    .max(500, 'Begründung ist zu lang (max. 500 Zeichen)'),
});
export type ReopenMonthRequest = z.input<typeof reopenMonthRequestSchema>;

/** GET /time-accounts/export?month=YYYY-MM&format=csv|xlsx (the payroll export, issue 24) */
export const timeAccountExportQuerySchema = z.object({
  month: monthSchema,
  format: z.preprocess(
    (v) => (v === undefined || v === '' ? 'csv' : v),
    z.enum(['csv', 'xlsx'], { error: 'Ungültiges Format. Erlaubt: csv, xlsx' }),
  ),
});
export type TimeAccountExportQuery = z.input<typeof timeAccountExportQuerySchema>;

/** GET /time-records/export?userId&from&to&format=csv|pdf (ArGV 1 art. 73). */
export const timeRecordExportQuerySchema = z
  .object({
    userId: uuidOrNull('Ungültige Benutzer-ID'),
    from: isoDateSchema('Von'),
    to: isoDateSchema('Bis'),
    format: z.preprocess(
      (v) => (v === undefined || v === '' ? 'csv' : v),
      z.enum(['csv', 'pdf'], { error: 'Ungültiges Format. Erlaubt: csv, pdf' }),
    ),
  })
  .refine((v) => v.to >= v.from, { message: '«Bis» darf nicht vor «Von» liegen', path: ['to'] })
  .refine((v) => daysBetween(v.from, v.to) <= 366, {
    message: 'Der Zeitraum darf höchstens ein Jahr umfassen',
    path: ['to'],
  });
export type TimeRecordExportQuery = z.input<typeof timeRecordExportQuerySchema>;

/** Whole days from `a` to `b` (yyyy-MM-dd), negative when b is before a. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** Error codes of the working-time API (the UI decides by these, never by the text). */
export const WORKING_TIME_ERROR_CODES = {
  overlap: 'time_entry_overlap',
  tooLong: 'time_entry_too_long',
  inFuture: 'time_entry_in_future',
  monthClosed: 'month_closed',
  monthNotClosed: 'month_not_closed',
  absenceOverlap: 'absence_overlap',
  absenceDecided: 'absence_already_decided',
} as const;

// ---------------------------------------------------------------------------------------------
// Notifications of holiday requests (issue 24): the top bar's bell
// ---------------------------------------------------------------------------------------------

/**
 * `absence_requested`: to the office (admins and backoffice) when an employee requests holiday;
 * `absence_approved` / `absence_rejected`: to the employee when the office decided.
 */
export const NOTIFICATION_KINDS = ['absence_requested', 'absence_approved', 'absence_rejected'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** One notification; the client words it from `kind` and `absence` in the user's language. */
export interface NotificationDto {
  id: string;
  kind: NotificationKind;
  absence: {
    id: string;
    /** The employee whose absence it is. */
    user_name: string;
    type: AbsenceType;
    /** yyyy-MM-dd, both inclusive. */
    start_date: string;
    end_date: string;
    half_day: HalfDay | null;
    /** The office's reason of a rejection. */
    reject_reason: string | null;
  };
  created_at: string;
  read_at: string | null;
}

/** GET /notifications: the caller's newest 20 and how many of all are unread. */
export interface NotificationListResponse {
  items: NotificationDto[];
  unread: number;
}
