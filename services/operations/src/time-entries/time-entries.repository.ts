import { Injectable } from '@nestjs/common';
import type {
  PaginatedResponse,
  SurchargeMinutes,
  SurchargesDto,
  TimeEntryDto,
  TimeEntryStatus,
} from '@zunft/contracts';
import { changed, iso, num, one, pagedList, sqlWhere, type PageQuery, type TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';
import { clientIdHolder, type ClientIdHolder } from '../common/client-id.js';
import { LISTS, listTotals } from '../common/list-totals.js';

interface TimeEntryRow {
  id: string;
  project_id: string;
  project_title: string;
  project_number: string;
  user_id: string;
  user_name: string;
  start_time: Date;
  end_time: Date | null;
  break_minutes: number;
  description: string | null;
  total_minutes: number | null;
  surcharge_night: string;
  surcharge_saturday: string;
  surcharge_sunday: string;
  surcharge_total: string;
  night_minutes: number;
  sunday_minutes: number;
  holiday_minutes: number;
  status: TimeEntryStatus;
  start_latitude: number | null;
  start_longitude: number | null;
  start_accuracy: number | null;
  end_latitude: number | null;
  end_longitude: number | null;
  end_accuracy: number | null;
  approved_at: Date | null;
  approved_by: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface Gps {
  latitude: number | null;
  longitude: number | null;
  accuracy: number | null;
}

/** The computed, stored state of an entry (the service computes it with the shared rule). */
export interface TimeEntryWrite {
  projectId: string;
  startTime: Date;
  endTime: Date | null;
  breakMinutes: number;
  description: string | null;
  totalMinutes: number | null;
  surcharges: SurchargesDto;
  status: TimeEntryStatus;
  /** `precise` surcharge mode (issue 24): worked minutes in the night, Sunday and holiday windows. */
  minutes?: SurchargeMinutes;
}

/** How an entry was made (column `origin`): by the timer (start/stop) or as a manual entry. */
export type TimeEntryOrigin = 'timer' | 'manual';

/**
 * Who holds a client-chosen id: nobody yet, the caller (a manual entry of theirs in their company),
 * or someone else / something else (another user's or company's entry, or a timer entry).
 */
export interface TimeEntryFilter {
  projectId?: string | null;
  userId?: string | null;
}

const toDto = (r: TimeEntryRow): TimeEntryDto => {
  const surcharges = {
    night: Number(r.surcharge_night),
    saturday: Number(r.surcharge_saturday),
    sunday: Number(r.surcharge_sunday),
    total: Number(r.surcharge_total),
  };
  return {
    id: r.id,
    project_id: r.project_id,
    project_title: r.project_title,
    project_number: r.project_number,
    user_id: r.user_id,
    user_name: r.user_name,
    start_time: iso(r.start_time)!,
    end_time: iso(r.end_time),
    break_minutes: r.break_minutes,
    description: r.description,
    total_minutes: r.total_minutes,
    surcharge_total: surcharges.total,
    surcharges,
    night_minutes: r.night_minutes,
    sunday_minutes: r.sunday_minutes,
    holiday_minutes: r.holiday_minutes,
    warnings: [],
    status: r.status,
    start_latitude: num(r.start_latitude),
    start_longitude: num(r.start_longitude),
    start_accuracy: num(r.start_accuracy),
    end_latitude: num(r.end_latitude),
    end_longitude: num(r.end_longitude),
    end_accuracy: num(r.end_accuracy),
    approved_at: iso(r.approved_at),
    approved_by: r.approved_by,
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
  };
};

const COLUMNS = `te.id, te.project_id, p.title AS project_title, p.project_number, te.user_id, te.user_name, te.start_time,
    te.end_time, te.break_minutes, te.description, te.total_minutes, te.surcharge_night, te.surcharge_saturday,
    te.surcharge_sunday, te.surcharge_total, te.night_minutes, te.sunday_minutes, te.holiday_minutes, te.status, te.start_latitude, te.start_longitude, te.start_accuracy,
    te.end_latitude, te.end_longitude, te.end_accuracy, te.approved_at, te.approved_by, te.created_at, te.updated_at`;
const SELECT = `SELECT ${COLUMNS} FROM time_entries te JOIN projects p ON p.id = te.project_id`;

/** Newest first, on the indexes (company_id | user_id | project_id, start_time DESC, id DESC). */
const TIME_ENTRY_LIST = pagedList(
  LISTS.timeEntries,
  'desc',
  [
    { sql: 'te.start_time', type: 'timestamptz' },
    { sql: 'te.id', type: 'uuid' },
  ],
  { columns: COLUMNS, from: 'time_entries te JOIN projects p ON p.id = te.project_id', table: 'time_entries te' },
);

@Injectable()
export class TimeEntriesRepository {
  /** One entry of the company; `ownerId` restricts it to that user's entries (employees). */
  async find(
    manager: EntityManager,
    scope: TenantScope,
    id: string,
    ownerId: string | null,
    lock = false,
  ): Promise<TimeEntryDto | null> {
    const row = await one<TimeEntryRow>(
      manager,
      `${SELECT} WHERE te.id = $1 AND te.company_id = $2 AND ($3::uuid IS NULL OR te.user_id = $3)${lock ? ' FOR UPDATE OF te' : ''}`,
      [id, scope.companyId, ownerId],
    );
    return row ? toDto(row) : null;
  }

  /**
   * Serialises the writes of one employee's entries (overlap check, then write) for the rest of the
   * transaction: two parallel saves of overlapping entries cannot both pass the check.
   */
  async lockUser(manager: EntityManager, scope: TenantScope, userId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`time_entries:${scope.companyId}:${userId}`]);
  }

  /**
   * The first other entry of the user that overlaps [start, end) (a running one counts up to now;
   * touching ends do not overlap). `end` null: the entries that contain `start` (a timer start;
   * the running one is left to the unique index).
   */
  async overlapping(
    manager: EntityManager,
    scope: TenantScope,
    userId: string,
    range: { start: Date; end: Date | null; excludeId: string | null },
  ): Promise<TimeEntryDto | null> {
    const row = await one<TimeEntryRow>(
      manager,
      `${SELECT} WHERE te.company_id = $1 AND te.user_id = $2 AND ($3::uuid IS NULL OR te.id <> $3)
         AND te.start_time < coalesce($5::timestamptz, $4::timestamptz + interval '1 millisecond')
         AND coalesce(te.end_time, CASE WHEN $5::timestamptz IS NULL THEN NULL ELSE greatest(now(), te.start_time) END) > $4
       ORDER BY te.start_time LIMIT 1`,
      [scope.companyId, userId, range.excludeId, range.start, range.end],
    );
    return row ? toDto(row) : null;
  }

  async active(manager: EntityManager, scope: TenantScope, userId: string): Promise<TimeEntryDto | null> {
    const row = await one<TimeEntryRow>(
      manager,
      `${SELECT} WHERE te.company_id = $1 AND te.user_id = $2 AND te.end_time IS NULL`,
      [scope.companyId, userId],
    );
    return row ? toDto(row) : null;
  }

  /**
   * One page, newest first: after `cursor` (keyset), else by page number (an OFFSET then skips
   * index entries, not joined rows; see Keyset.fetch). The total comes from the page itself or the
   * short-lived ListTotals cache, not from a count per call.
   */
  list(
    manager: EntityManager,
    scope: TenantScope,
    filter: TimeEntryFilter,
    query: PageQuery,
  ): Promise<PaginatedResponse<TimeEntryDto>> {
    const where = sqlWhere('te.company_id = $1', [scope.companyId])
      .eq('te.user_id', filter.userId)
      .eq('te.project_id', filter.projectId);
    return TIME_ENTRY_LIST.paged(manager, scope, where, query, (found: TimeEntryRow[]) => found.map(toDto));
  }

  /** Who holds a client-chosen `id` (see ClientIdHolder in common/client-id). */
  clientIdHolder(manager: EntityManager, scope: TenantScope, id: string, userId: string): Promise<ClientIdHolder> {
    return clientIdHolder(manager, 'time_entries', { id, companyId: scope.companyId, userId }, "origin = 'manual'");
  }

  /**
   * Inserts an entry, with the client-chosen `id` when given. Returns it (INSERT … RETURNING), or null when a row
   * with that id exists already (ON CONFLICT: a parallel request with the same id waits for the
   * first one's commit and then inserts nothing).
   */
  async insert(
    manager: EntityManager,
    scope: TenantScope,
    user: { id: string; name: string },
    e: TimeEntryWrite,
    gps: { start?: Gps; end?: Gps },
    origin: TimeEntryOrigin,
    id: string | null = null,
  ): Promise<TimeEntryDto | null> {
    const entry = await this.written(
      manager,
      `INSERT INTO time_entries (id, company_id, project_id, user_id, user_name, start_time, end_time, break_minutes,
         description, total_minutes, surcharge_night, surcharge_saturday, surcharge_sunday, surcharge_total, status,
         start_latitude, start_longitude, start_accuracy, end_latitude, end_longitude, end_accuracy,
         approved_at, origin, night_minutes, sunday_minutes, holiday_minutes)
       VALUES (coalesce($21::uuid, gen_random_uuid()), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
         $14::varchar, $15, $16, $17, $18, $19, $20, CASE WHEN $14::varchar = 'approved' THEN now() END, $22,
         $23, $24, $25)
       ON CONFLICT (id) DO NOTHING`,
      [
        scope.companyId,
        e.projectId,
        user.id,
        user.name,
        e.startTime,
        e.endTime,
        e.breakMinutes,
        e.description,
        e.totalMinutes,
        e.surcharges.night,
        e.surcharges.saturday,
        e.surcharges.sunday,
        e.surcharges.total,
        e.status,
        gps.start?.latitude ?? null,
        gps.start?.longitude ?? null,
        gps.start?.accuracy ?? null,
        gps.end?.latitude ?? null,
        gps.end?.longitude ?? null,
        gps.end?.accuracy ?? null,
        id,
        origin,
        e.minutes?.night_minutes ?? 0,
        e.minutes?.sunday_minutes ?? 0,
        e.minutes?.holiday_minutes ?? 0,
      ],
    );
    if (entry) listTotals.invalidate(manager, scope.companyId, LISTS.timeEntries);
    return entry;
  }

  /** Writes the computed state and returns the entry (UPDATE … RETURNING); `endGps` is set only by stop. */
  async update(
    manager: EntityManager,
    scope: TenantScope,
    id: string,
    e: TimeEntryWrite,
    endGps?: Gps,
  ): Promise<TimeEntryDto> {
    listTotals.invalidate(manager, scope.companyId, LISTS.timeEntries); // project may change (filter)
    const entry = await this.written(
      manager,
      `UPDATE time_entries SET project_id = $3, start_time = $4, end_time = $5, break_minutes = $6, description = $7,
         total_minutes = $8, surcharge_night = $9, surcharge_saturday = $10, surcharge_sunday = $11, surcharge_total = $12,
         status = $13::varchar, approved_at = CASE WHEN $13::varchar = 'approved' THEN now() END,
         end_latitude = CASE WHEN $14::boolean THEN $15 ELSE end_latitude END,
         end_longitude = CASE WHEN $14::boolean THEN $16 ELSE end_longitude END,
         end_accuracy = CASE WHEN $14::boolean THEN $17 ELSE end_accuracy END,
         night_minutes = $18, sunday_minutes = $19, holiday_minutes = $20,
         updated_at = now()
       WHERE id = $1 AND company_id = $2`,
      [
        id,
        scope.companyId,
        e.projectId,
        e.startTime,
        e.endTime,
        e.breakMinutes,
        e.description,
        e.totalMinutes,
        e.surcharges.night,
        e.surcharges.saturday,
        e.surcharges.sunday,
        e.surcharges.total,
        e.status,
        endGps !== undefined,
        endGps?.latitude ?? null,
        endGps?.longitude ?? null,
        endGps?.accuracy ?? null,
        e.minutes?.night_minutes ?? 0,
        e.minutes?.sunday_minutes ?? 0,
        e.minutes?.holiday_minutes ?? 0,
      ],
    );
    return entry!;
  }

  async approve(manager: EntityManager, scope: TenantScope, id: string, approvedBy: string): Promise<TimeEntryDto> {
    const entry = await this.written(
      manager,
      `UPDATE time_entries SET status = 'approved', approved_at = now(), approved_by = $3, updated_at = now()
       WHERE id = $1 AND company_id = $2`,
      [id, scope.companyId, approvedBy],
    );
    return entry!;
  }

  /** INSERT/UPDATE … RETURNING with the project's title and number: the written entry without a second read. */
  private async written(manager: EntityManager, write: string, params: unknown[]): Promise<TimeEntryDto | null> {
    const row = await one<TimeEntryRow>(
      manager,
      `WITH te AS (${write} RETURNING *) SELECT ${COLUMNS} FROM te JOIN projects p ON p.id = te.project_id`,
      params,
    );
    return row ? toDto(row) : null;
  }

  async delete(manager: EntityManager, scope: TenantScope, id: string): Promise<boolean> {
    listTotals.invalidate(manager, scope.companyId, LISTS.timeEntries);
    return (
      (
        await changed(manager, `DELETE FROM time_entries WHERE id = $1 AND company_id = $2 RETURNING id`, [
          id,
          scope.companyId,
        ])
      ).length > 0
    );
  }
}
