import { z } from 'zod';
import {
  emptyToNull,
  isRealIsoDate,
  languageSchema,
  listCursorSchema,
  searchTermSchema,
  type Language,
  type Role,
} from './common.js';
import type { TimeEntryWorkingTimeFields } from './working-time.js';

/*
 * Operations domain (part 1 §2–§9): customers, projects, time entries, dashboard.
 * Request payloads use the spec's camelCase names; responses use the spec's snake_case read fields.
 */

const optionalText = (label: string, max: number) =>
  z
    .preprocess(
      emptyToNull,
      z
        .string({ error: `${label} muss ein Text sein` })
        .trim()
        .max(max, `${label} ist zu lang (max. ${max} Zeichen)`)
        .nullable(),
    )
    .optional();

const optionalEmail = z
  .preprocess(
    emptyToNull,
    z
      .string({ error: 'E-Mail muss ein Text sein' })
      .trim()
      .toLowerCase()
      .max(254, 'E-Mail ist zu lang')
      .pipe(z.email({ error: 'Bitte geben Sie eine gültige E-Mail-Adresse ein' }))
      .nullable(),
  )
  .optional();

const idOf = (label: string) => z.uuid({ error: `${label} ist erforderlich` });

// ---------------------------------------------------------------------------------------------
// Pagination
// ---------------------------------------------------------------------------------------------

export const OPERATIONS_LIMITS = {
  defaultPageSize: 50,
  maxPageSize: 200,
  maxBreakMinutes: 24 * 60,
  /** A single entry may span at most this many hours (issue 24: a longer one is a forgotten timer). */
  maxEntryHours: 16,
  quickStartProjects: 5,
} as const;

export interface PaginatedResponse<T> {
  items: T[];
  /** All rows of the list with this filter (may be up to a few seconds old, see ListTotals). */
  total: number;
  page: number;
  pageSize: number;
  /** `?cursor=` for the rows after this page; null on the last page (keyset pagination). */
  nextCursor?: string | null;
}

const pageNumber = z.coerce
  .number({ error: 'Seite muss eine Zahl sein' })
  .int('Seite muss eine ganze Zahl sein')
  .min(1, 'Seite muss mindestens 1 sein')
  .max(100_000, 'Seite ist zu gross');

const pageSizeNumber = z.coerce
  .number({ error: 'Seitengrösse muss eine Zahl sein' })
  .int('Seitengrösse muss eine ganze Zahl sein')
  .min(1, 'Seitengrösse muss mindestens 1 sein')
  .max(OPERATIONS_LIMITS.maxPageSize, `Seitengrösse darf höchstens ${OPERATIONS_LIMITS.maxPageSize} sein`);

/**
 * `page`, `pageSize` and `cursor` of the paginated operations lists. With `cursor` the rows after
 * it are answered (then `page` is only echoed); without, `page` counts from 1.
 */
export const listPageQueryFields = {
  page: pageNumber.optional().default(1),
  pageSize: pageSizeNumber.optional().default(OPERATIONS_LIMITS.defaultPageSize),
  cursor: listCursorSchema,
};

/**
 * The same for lists that answer a plain array when called without them (customers, projects,
 * material usage, expenses: the web apps load those whole). Any of `page`, `pageSize`, `cursor`
 * switches the answer to a `PaginatedResponse` page.
 */
export const optionalListPageQueryFields = {
  page: pageNumber.optional(),
  pageSize: pageSizeNumber.optional(),
  cursor: listCursorSchema,
};

/** Whether a list call asked for a page (else the whole list as an array, as before). */
export const wantsPage = (q: { page?: number | null; pageSize?: number | null; cursor?: string | null }): boolean =>
  q.page != null || q.pageSize != null || (q.cursor != null && q.cursor !== '');

// ---------------------------------------------------------------------------------------------
// Customers
// ---------------------------------------------------------------------------------------------

/** POST /customers and PUT /customers/{id}. Empty optional values may be sent as '' or null. */
export const customerRequestSchema = z.object({
  name: z
    .string({ error: 'Firmenname / Name ist erforderlich' })
    .trim()
    .min(1, 'Firmenname / Name ist erforderlich')
    .max(200, 'Firmenname / Name ist zu lang (max. 200 Zeichen)'),
  contactPerson: optionalText('Kontaktperson', 200),
  customerNumber: optionalText('Kundennummer', 50),
  email: optionalEmail,
  phone: optionalText('Telefon', 50),
  address: optionalText('Adresse', 300),
  zip: optionalText('PLZ', 20),
  city: optionalText('Ort', 100),
  /**
   * «Postfach 123» (issue 23): its own field, the debtor's street field on the QR bill (SIX IG 2.3).
   * Digits only («123») are shown as «Postfach 123». Absent: unchanged on update; '' or null: none.
   */
  poBox: optionalText('Postfach', 70),
  /** ISO 3166 alpha-2; absent or empty: CH on create, unchanged on update (the QR bill's debtor country). */
  country: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() || null : v),
      z
        .string()
        .regex(/^[A-Z]{2}$/, 'Land: zweistelliger ISO-Code (z. B. CH)')
        .nullable(),
    )
    .optional(),
  language: z.preprocess(emptyToNull, languageSchema.nullable()).optional(),
  notes: optionalText('Notizen', 5000),
});
export type CustomerRequest = z.input<typeof customerRequestSchema>;
export type CustomerRequestParsed = z.output<typeof customerRequestSchema>;

/** GET /customers?search= */
export const customerListQuerySchema = z.object({
  search: searchTermSchema,
  /** Archived customers too (issue 26): the customers screen's «Archivierte anzeigen». */
  includeArchived: z
    .enum(['true', 'false'], { error: 'includeArchived muss true oder false sein' })
    .transform((v) => v === 'true')
    .optional(),
  ...optionalListPageQueryFields,
});
export type CustomerListQuery = z.input<typeof customerListQuerySchema>;
export type CustomerListQueryParsed = z.output<typeof customerListQuerySchema>;

export interface CustomerDto {
  id: string;
  name: string;
  contact_person: string | null;
  customer_number: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  zip: string | null;
  city: string | null;
  /** «Postfach 123», or null. */
  po_box: string | null;
  /** ISO 3166 alpha-2, default CH. */
  country: string;
  language: Language;
  notes: string | null;
  projects_count: number;
  /** Projects of this customer with status planned or in_progress. */
  active_projects_count: number;
  /**
   * When the customer was archived (issue 26): hidden from the list and the pickers unless
   * `includeArchived=true`, still in the records. Optional only for older fixtures; the API always sends it.
   */
  archived_at?: string | null;
  created_at: string;
  updated_at: string;
}
export type CustomerListResponse = CustomerDto[];
/** GET /customers with `page`, `pageSize` or `cursor`. */
export type CustomerListPage = PaginatedResponse<CustomerDto>;
export type CustomerResponse = CustomerDto;

/**
 * GET /customers/stats: the four figures of the customers screen over all customers the caller may
 * read (employees: customers of their assigned projects; active projects: only their assigned ones).
 */
export const customerStatsResponseSchema = z.object({
  /** Customers in total. */
  total: z.number().int().nonnegative(),
  /** Projects with status planned or in_progress (the sum of the customers' active_projects_count). */
  active_projects: z.number().int().nonnegative(),
  /** Customers with a non-empty e-mail address. */
  with_email: z.number().int().nonnegative(),
  /** Customers with a non-empty phone number. */
  with_phone: z.number().int().nonnegative(),
});
export type CustomerStatsResponse = z.infer<typeof customerStatsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Projects
// ---------------------------------------------------------------------------------------------

export const PROJECT_STATUSES = ['planned', 'in_progress', 'completed', 'cancelled'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const projectStatusSchema = z.enum(PROJECT_STATUSES, {
  error: 'Ungültiger Status. Erlaubt: planned, in_progress, completed, cancelled',
});
/** German labels (part 1 §4). */
export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  planned: 'Geplant',
  in_progress: 'In Bearbeitung',
  completed: 'Abgeschlossen',
  cancelled: 'Abgebrochen',
};

const isoDate = (label: string) =>
  z
    .preprocess(
      emptyToNull,
      z
        .string({ error: `${label} muss ein Datum sein` })
        .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} muss ein Datum im Format JJJJ-MM-TT sein`)
        .refine(isRealIsoDate, `${label} ist kein gültiges Datum`)
        .nullable(),
    )
    .optional();

const projectFields = {
  customerId: idOf('Kunde'),
  title: z
    .string({ error: 'Titel ist erforderlich' })
    .trim()
    .min(1, 'Titel ist erforderlich')
    .max(200, 'Titel ist zu lang (max. 200 Zeichen)'),
  projectNumber: optionalText('Projektnummer', 50),
  description: optionalText('Beschreibung', 5000),
  startDate: isoDate('Startdatum'),
  endDate: isoDate('Enddatum'),
  budget: z
    .preprocess(
      emptyToNull,
      z.coerce
        .number({ error: 'Budget muss eine Zahl sein' })
        .min(0, 'Budget darf nicht negativ sein')
        .max(9_999_999_999, 'Budget ist zu hoch')
        .multipleOf(0.01, 'Budget: höchstens zwei Nachkommastellen')
        .nullable(),
    )
    .optional(),
  status: projectStatusSchema.optional(),
};

const endNotBeforeStart = (v: { startDate?: string | null; endDate?: string | null }) =>
  !v.startDate || !v.endDate || v.endDate >= v.startDate;
const endDateMessage = { message: 'Das Enddatum darf nicht vor dem Startdatum liegen', path: ['endDate'] };

/** POST /projects */
export const createProjectRequestSchema = z.object(projectFields).refine(endNotBeforeStart, endDateMessage);
export type CreateProjectRequest = z.input<typeof createProjectRequestSchema>;
export type CreateProjectRequestParsed = z.output<typeof createProjectRequestSchema>;

/** PUT /projects/{id}: only given fields change. */
export const updateProjectRequestSchema = z
  .object({
    customerId: projectFields.customerId.optional(),
    title: projectFields.title.optional(),
    projectNumber: projectFields.projectNumber,
    description: projectFields.description,
    startDate: projectFields.startDate,
    endDate: projectFields.endDate,
    budget: projectFields.budget,
    status: projectFields.status,
  })
  .refine(endNotBeforeStart, endDateMessage);
export type UpdateProjectRequest = z.input<typeof updateProjectRequestSchema>;
export type UpdateProjectRequestParsed = z.output<typeof updateProjectRequestSchema>;

/** POST /projects/{id}/assign */
export const assignProjectUserRequestSchema = z.object({ userId: idOf('Benutzer') });
export type AssignProjectUserRequest = z.input<typeof assignProjectUserRequestSchema>;

export interface ProjectAssignedUserDto {
  id: string;
  first_name: string;
  last_name: string;
  role: Role;
}

export interface ProjectDto {
  id: string;
  customer_id: string;
  customer_name: string;
  customer_city: string | null;
  title: string;
  project_number: string;
  description: string | null;
  /** yyyy-MM-dd */
  start_date: string | null;
  end_date: string | null;
  budget: number | null;
  status: ProjectStatus;
  assigned_users: ProjectAssignedUserDto[];
  created_at: string;
  updated_at: string;
}
export type ProjectListResponse = ProjectDto[];
/**
 * GET /projects?search&status&page&pageSize&cursor (without the page fields: the whole list as
 * ProjectListResponse). `search` finds title, project number and customer name; `status` one status.
 */
export const projectListQuerySchema = z.object({
  search: searchTermSchema,
  status: z.preprocess(emptyToNull, projectStatusSchema.nullable()).optional(),
  ...optionalListPageQueryFields,
});
export type ProjectListQueryParsed = z.output<typeof projectListQuerySchema>;
/** GET /projects with `page`, `pageSize` or `cursor`. */
export type ProjectListPage = PaginatedResponse<ProjectDto>;
export type ProjectResponse = ProjectDto;

/**
 * GET /projects/stats: the stat cards of the projects screen over all projects the caller may read
 * (employees: the projects assigned to them), not over one page.
 */
export const projectStatsResponseSchema = z.object({
  /** Projects in total (every status). */
  total: z.number().int().nonnegative(),
  planned: z.number().int().nonnegative(),
  in_progress: z.number().int().nonnegative(),
  completed: z.number().int().nonnegative(),
  cancelled: z.number().int().nonnegative(),
});
export type ProjectStatsResponse = z.infer<typeof projectStatsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Time entries
// ---------------------------------------------------------------------------------------------

export const TIME_ENTRY_STATUSES = ['active', 'completed', 'approved'] as const;
export type TimeEntryStatus = (typeof TIME_ENTRY_STATUSES)[number];

const gpsFields = {
  latitude: z
    .number({ error: 'Breitengrad muss eine Zahl sein' })
    .min(-90, 'Breitengrad muss zwischen -90 und 90 liegen')
    .max(90, 'Breitengrad muss zwischen -90 und 90 liegen')
    .nullable()
    .optional(),
  longitude: z
    .number({ error: 'Längengrad muss eine Zahl sein' })
    .min(-180, 'Längengrad muss zwischen -180 und 180 liegen')
    .max(180, 'Längengrad muss zwischen -180 und 180 liegen')
    .nullable()
    .optional(),
  accuracy: z
    .number({ error: 'Genauigkeit muss eine Zahl sein' })
    .min(0, 'Genauigkeit darf nicht negativ sein')
    .max(100_000, 'Genauigkeit ist zu gross')
    .nullable()
    .optional(),
};
const gpsPair = (v: { latitude?: number | null; longitude?: number | null }) =>
  (v.latitude == null) === (v.longitude == null);
const gpsPairMessage = { message: 'Breiten- und Längengrad müssen zusammen angegeben werden', path: ['latitude'] };

/**
 * A position taken once at a timer's start or stop (never in between): latitude and longitude as a
 * pair, accuracy in metres. A timer run offline keeps its positions in the queued manual entry.
 */
export const timeEntryPositionSchema = z.object(gpsFields).refine(gpsPair, gpsPairMessage);
export type TimeEntryPosition = z.input<typeof timeEntryPositionSchema>;

const breakMinutes = z.coerce
  .number({ error: 'Pause muss eine Zahl sein' })
  .int('Pause muss eine ganze Zahl (Minuten) sein')
  .min(0, 'Pause darf nicht negativ sein')
  .max(OPERATIONS_LIMITS.maxBreakMinutes, 'Pause ist zu lang');

const description = optionalText('Beschreibung', 2000);

const dateTime = (label: string) =>
  z
    .string({ error: `${label} ist erforderlich` })
    .min(1, `${label} ist erforderlich`)
    .refine((s) => !Number.isNaN(new Date(s).getTime()), `${label} ist kein gültiger Zeitpunkt`)
    .transform((s) => new Date(s).toISOString());

/** POST /time-entries/start */
export const startTimeEntryRequestSchema = z
  .object({ projectId: idOf('Projekt'), description, ...gpsFields })
  .refine(gpsPair, gpsPairMessage);
export type StartTimeEntryRequest = z.input<typeof startTimeEntryRequestSchema>;
export type StartTimeEntryRequestParsed = z.output<typeof startTimeEntryRequestSchema>;

/** POST /time-entries/stop */
export const stopTimeEntryRequestSchema = z
  .object({ timeEntryId: idOf('Zeiteintrag'), breakMinutes: breakMinutes.optional().default(0), ...gpsFields })
  .refine(gpsPair, gpsPairMessage);
export type StopTimeEntryRequest = z.input<typeof stopTimeEntryRequestSchema>;
export type StopTimeEntryRequestParsed = z.output<typeof stopTimeEntryRequestSchema>;

const endAfterStart = (v: { startTime?: string; endTime?: string }) =>
  !v.startTime || !v.endTime || new Date(v.endTime).getTime() > new Date(v.startTime).getTime();
const endAfterStartMessage = { message: 'Die Endzeit muss nach der Startzeit liegen', path: ['endTime'] };

/**
 * The optional `id` of a create request (manual time entry, material usage, expense): chosen by the
 * client once per form (crypto.randomUUID()) and sent with every save attempt of that form. A save
 * repeated after a lost answer then gets the record the first attempt created (201, same body)
 * instead of a second one; an id already used by another user or company is refused with 409
 * {@link CLIENT_RECORD_ID_TAKEN}. Empty or absent: the server picks the id (as before).
 */
export const clientRecordIdSchema = z.preprocess(emptyToNull, z.uuid({ error: 'Ungültige ID' }).nullable()).optional();
export const CLIENT_RECORD_ID_TAKEN = 'Diese Kennung ist bereits vergeben.';

/**
 * POST /time-entries (manual entry). The client may send its surcharge preview
 * (`surcharges`); the server ignores it and computes surcharges itself. `id`: see
 * {@link clientRecordIdSchema}. `startPosition`/`endPosition`: optional, see
 * {@link timeEntryPositionSchema}.
 */
export const createTimeEntryRequestSchema = z
  .object({
    id: clientRecordIdSchema,
    projectId: idOf('Projekt'),
    startTime: dateTime('Startzeit'),
    endTime: dateTime('Endzeit'),
    breakMinutes: breakMinutes.optional().default(0),
    description,
    surcharges: z.unknown().optional(),
    /** Where a timer run offline was started and stopped (the queue replays it as a manual entry). */
    startPosition: timeEntryPositionSchema.nullable().optional(),
    endPosition: timeEntryPositionSchema.nullable().optional(),
  })
  .refine(endAfterStart, endAfterStartMessage);
export type CreateTimeEntryRequest = z.input<typeof createTimeEntryRequestSchema>;
export type CreateTimeEntryRequestParsed = z.output<typeof createTimeEntryRequestSchema>;

/** PUT /time-entries/{id}: only given fields change (not allowed once approved). */
export const updateTimeEntryRequestSchema = z
  .object({
    projectId: idOf('Projekt').optional(),
    startTime: dateTime('Startzeit').optional(),
    endTime: dateTime('Endzeit').optional(),
    breakMinutes: breakMinutes.optional(),
    description,
  })
  .refine(endAfterStart, endAfterStartMessage);
export type UpdateTimeEntryRequest = z.input<typeof updateTimeEntryRequestSchema>;
export type UpdateTimeEntryRequestParsed = z.output<typeof updateTimeEntryRequestSchema>;

/** GET /time-entries?projectId&userId&page&pageSize */
export const timeEntryListQuerySchema = z.object({
  projectId: z.preprocess(emptyToNull, z.uuid({ error: 'Ungültige Projekt-ID' }).nullable()).optional(),
  userId: z.preprocess(emptyToNull, z.uuid({ error: 'Ungültige Benutzer-ID' }).nullable()).optional(),
  ...listPageQueryFields,
});
export type TimeEntryListQuery = z.input<typeof timeEntryListQuerySchema>;
export type TimeEntryListQueryParsed = z.output<typeof timeEntryListQuerySchema>;

/** Surcharges in percent; `total` is the maximum of the three, not their sum. */
export interface SurchargesDto {
  night: number;
  saturday: number;
  sunday: number;
  total: number;
}

/**
 * A time entry. The working-time fields (issue 24: `night_minutes`, `sunday_minutes`,
 * `holiday_minutes` filled in `precise` surcharge mode, `warnings` of the ArG checks for the entry's
 * day) are always sent by operations; optional in the type for older fixtures.
 */
export interface TimeEntryDto extends Partial<TimeEntryWorkingTimeFields> {
  id: string;
  project_id: string;
  project_title: string;
  project_number: string;
  user_id: string;
  user_name: string;
  start_time: string;
  end_time: string | null;
  break_minutes: number;
  description: string | null;
  /** Worked minutes (end - start - break); null while running. */
  total_minutes: number | null;
  /** Percent, equals surcharges.total. */
  surcharge_total: number;
  surcharges: SurchargesDto;
  status: TimeEntryStatus;
  start_latitude: number | null;
  start_longitude: number | null;
  start_accuracy: number | null;
  end_latitude: number | null;
  end_longitude: number | null;
  end_accuracy: number | null;
  approved_at: string | null;
  approved_by: string | null;
  created_at: string;
  updated_at: string;
}
export type TimeEntryResponse = TimeEntryDto;
/** GET /time-entries/active: null when no timer runs. */
export type ActiveTimeEntryResponse = TimeEntryDto | null;
export type TimeEntryListResponse = PaginatedResponse<TimeEntryDto>;

/** Error texts the UI may match on. */
export const OPERATIONS_MESSAGES = {
  timerAlreadyRunning: 'Es läuft bereits ein Timer',
  approvedImmutable: 'Genehmigte Einträge können nicht mehr geändert werden',
  endBeforeStart: 'Die Endzeit muss nach der Startzeit liegen',
  timerNotRunning: 'Dieser Timer läuft nicht mehr',
  customerNotFound: 'Kunde nicht gefunden',
  projectNotFound: 'Projekt nicht gefunden',
  timeEntryNotFound: 'Zeiteintrag nicht gefunden',
  userNotFound: 'Benutzer nicht gefunden',
  deletedUserName: 'Gelöschter Benutzer',
} as const;

// ---------------------------------------------------------------------------------------------
// Dashboard
// ---------------------------------------------------------------------------------------------

export const ACTIVITY_TYPES = ['project_created', 'time_logged', 'customer_added', 'other'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export interface ActivityDto {
  id: string;
  type: ActivityType;
  description: string;
  user_name: string;
  created_at: string;
}

/** GET /dashboard/stats */
export interface DashboardStatsResponse {
  projects: { total_projects: number; active_projects: number; assigned_projects: number };
  /** Hours are for the current month (company timezone), rounded to 0.1. */
  timeTracking: { total_hours: number; total_entries: number };
  customers: { total_customers: number; new_this_month: number };
  recentActivity: ActivityDto[];
}

/** GET /dashboard/user-stats (the caller's own numbers; hours and entries of the current month). */
export interface UserStatsResponse {
  totalHours: number;
  projectsCount: number;
  reportsCount: number;
  timeEntriesCount: number;
  recentActivity: ActivityDto[];
}
