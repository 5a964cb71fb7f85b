import { Injectable } from '@nestjs/common';
import type { AbsenceDto, AbsenceStatus, AbsenceType, HalfDay, HolidayDto } from '@zunft/contracts';
import { affected, iso, one, rows, type TenantScope } from '@zunft/nest-common';
import type { EntityManager } from 'typeorm';

interface AbsenceRow {
  id: string;
  user_id: string;
  first_name: string | null;
  last_name: string | null;
  type: AbsenceType;
  status: AbsenceStatus;
  start_date: string;
  end_date: string;
  half_day: HalfDay | null;
  note: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  reject_reason: string | null;
  created_at: Date;
}

/** An absence as stored; `days` is filled by the service (it needs the holiday calendar). */
export type AbsenceRecord = Omit<AbsenceDto, 'days'>;

const toAbsence = (r: AbsenceRow): AbsenceRecord => ({
  id: r.id,
  user_id: r.user_id,
  user_name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(),
  type: r.type,
  status: r.status,
  start_date: r.start_date,
  end_date: r.end_date,
  half_day: r.half_day,
  note: r.note,
  decided_by: r.decided_by,
  decided_at: iso(r.decided_at),
  reject_reason: r.reject_reason,
  created_at: iso(r.created_at)!,
});

const ABSENCE_SELECT = `SELECT a.id, a.user_id, s.first_name, s.last_name, a.type, a.status,
    to_char(a.start_date, 'YYYY-MM-DD') AS start_date, to_char(a.end_date, 'YYYY-MM-DD') AS end_date, a.half_day,
    a.note, a.decided_by, a.decided_at, a.reject_reason, a.created_at
  FROM absences a LEFT JOIN staff s ON s.id = a.user_id AND s.company_id = a.company_id`;

export interface StaffRow {
  id: string;
  name: string;
  role: string;
}

/** One finished entry as the account and the checks read it. */
export interface EntryRow {
  user_id: string;
  start_time: Date;
  end_time: Date;
  break_minutes: number;
  total_minutes: number;
  night_minutes: number;
  sunday_minutes: number;
  holiday_minutes: number;
}

/**
 * The queries of working time: the company's own holidays, absences, the month close and its log,
 * and the read model of time entries (finished entries of some employees in a period) the account,
 * the checks and the exports are computed from. Every query is scoped by the company id.
 */
@Injectable()
export class WorkingTimeRepository {
  // ------------------------------------------------------------------ holidays
  async ownHolidays(m: EntityManager, scope: TenantScope, from: string, to: string): Promise<HolidayDto[]> {
    const found = await rows<{ id: string; date: string; name: string; half_day: boolean }>(
      m,
      `SELECT id, to_char(date, 'YYYY-MM-DD') AS date, name, half_day FROM company_holidays
       WHERE company_id = $1 AND date BETWEEN $2 AND $3 ORDER BY date`,
      [scope.companyId, from, to],
    );
    return found.map((r) => ({ ...r, source: 'company' as const }));
  }

  /** Null when the company has a day of its own on that date already. */
  async insertHoliday(
    m: EntityManager,
    scope: TenantScope,
    h: { date: string; name: string; half_day: boolean },
  ): Promise<HolidayDto | null> {
    const row = await one<{ id: string; date: string; name: string; half_day: boolean }>(
      m,
      `INSERT INTO company_holidays (company_id, date, name, half_day) VALUES ($1, $2, $3, $4)
       ON CONFLICT (company_id, date) DO NOTHING
       RETURNING id, to_char(date, 'YYYY-MM-DD') AS date, name, half_day`,
      [scope.companyId, h.date, h.name, h.half_day],
    );
    return row ? { ...row, source: 'company' } : null;
  }

  async deleteHoliday(m: EntityManager, scope: TenantScope, id: string): Promise<boolean> {
    return (
      (await affected(m, `DELETE FROM company_holidays WHERE id = $1 AND company_id = $2`, [id, scope.companyId])) > 0
    );
  }

  /**
   * The company's name as auth answered it (`CompanyNameBackfill`), stored only where none is yet:
   * a name from a profile-updated event that arrived meanwhile wins.
   */
  async setMissingCompanyName(m: EntityManager, scope: TenantScope, name: string): Promise<void> {
    await m.query(
      `INSERT INTO company_settings (company_id, company_name) VALUES ($1, $2)
       ON CONFLICT (company_id) DO UPDATE SET company_name = EXCLUDED.company_name
       WHERE company_settings.company_name IS NULL`,
      [scope.companyId, name],
    );
  }

  // ------------------------------------------------------------------ staff
  /** The company's staff (deleted users excluded), by name; `userId` narrows it to one. */
  async staff(m: EntityManager, scope: TenantScope, userId: string | null = null): Promise<StaffRow[]> {
    return rows<StaffRow>(
      m,
      `SELECT id, trim(first_name || ' ' || last_name) AS name, role FROM staff
       WHERE company_id = $1 AND deleted_at IS NULL AND ($2::uuid IS NULL OR id = $2)
       ORDER BY last_name, first_name, id`,
      [scope.companyId, userId],
    );
  }

  // ------------------------------------------------------------------ absences
  async listAbsences(
    m: EntityManager,
    scope: TenantScope,
    f: { userIds: string[] | null; from: string | null; to: string | null; status: AbsenceStatus | null },
  ): Promise<AbsenceRecord[]> {
    const found = await rows<AbsenceRow>(
      m,
      `${ABSENCE_SELECT} WHERE a.company_id = $1 AND ($2::uuid[] IS NULL OR a.user_id = ANY($2::uuid[]))
         AND ($3::date IS NULL OR a.end_date >= $3) AND ($4::date IS NULL OR a.start_date <= $4)
         AND ($5::varchar IS NULL OR a.status = $5)
       ORDER BY a.start_date, a.created_at`,
      [scope.companyId, f.userIds, f.from, f.to, f.status],
    );
    return found.map(toAbsence);
  }

  async findAbsence(
    m: EntityManager,
    scope: TenantScope,
    id: string,
    ownerId: string | null,
    lock = false,
  ): Promise<AbsenceRecord | null> {
    const row = await one<AbsenceRow>(
      m,
      `${ABSENCE_SELECT} WHERE a.id = $1 AND a.company_id = $2 AND ($3::uuid IS NULL OR a.user_id = $3)
       ${lock ? 'FOR UPDATE OF a' : ''}`,
      [id, scope.companyId, ownerId],
    );
    return row ? toAbsence(row) : null;
  }

  /** A non-rejected absence of the user that shares a day with start…end. */
  async overlappingAbsence(
    m: EntityManager,
    scope: TenantScope,
    userId: string,
    start: string,
    end: string,
  ): Promise<AbsenceRecord | null> {
    const row = await one<AbsenceRow>(
      m,
      `${ABSENCE_SELECT} WHERE a.company_id = $1 AND a.user_id = $2 AND a.status <> 'rejected'
         AND a.start_date <= $4 AND a.end_date >= $3 ORDER BY a.start_date LIMIT 1`,
      [scope.companyId, userId, start, end],
    );
    return row ? toAbsence(row) : null;
  }

  async insertAbsence(
    m: EntityManager,
    scope: TenantScope,
    a: {
      userId: string;
      type: AbsenceType;
      status: AbsenceStatus;
      startDate: string;
      endDate: string;
      halfDay: HalfDay | null;
      note: string | null;
      createdBy: string;
    },
  ): Promise<string> {
    const row = await one<{ id: string }>(
      m,
      `INSERT INTO absences (company_id, user_id, type, status, start_date, end_date, half_day, note, created_by,
         decided_by, decided_at)
       VALUES ($1, $2, $3, $4::varchar, $5, $6, $7, $8, $9::uuid, CASE WHEN $4::varchar = 'approved' THEN $9::uuid END,
         CASE WHEN $4::varchar = 'approved' THEN now() END)
       RETURNING id`,
      [scope.companyId, a.userId, a.type, a.status, a.startDate, a.endDate, a.halfDay, a.note, a.createdBy],
    );
    return row!.id;
  }

  async decideAbsence(
    m: EntityManager,
    scope: TenantScope,
    id: string,
    status: 'approved' | 'rejected',
    by: string,
    reason: string | null,
  ): Promise<void> {
    await m.query(
      `UPDATE absences SET status = $3, decided_by = $4, decided_at = now(), reject_reason = $5, updated_at = now()
       WHERE id = $1 AND company_id = $2`,
      [id, scope.companyId, status, by, reason],
    );
  }

  async deleteAbsence(m: EntityManager, scope: TenantScope, id: string): Promise<void> {
    await m.query(`DELETE FROM absences WHERE id = $1 AND company_id = $2`, [id, scope.companyId]);
  }

  // ------------------------------------------------------------------ month close
  /** The months (YYYY-MM) among `months` that are closed for the user. */
  async closedMonths(m: EntityManager, scope: TenantScope, userId: string, months: string[]): Promise<string[]> {
    const found = await rows<{ month: string }>(
      m,
      `SELECT month FROM month_closes WHERE company_id = $1 AND user_id = $2 AND month = ANY($3::text[]) ORDER BY month`,
      [scope.companyId, userId, months],
    );
    return found.map((r) => r.month);
  }

  async closesOfMonth(
    m: EntityManager,
    scope: TenantScope,
    month: string,
  ): Promise<Map<string, { closed_at: string; closed_by: string }>> {
    const found = await rows<{ user_id: string; closed_at: Date; closed_by: string }>(
      m,
      `SELECT user_id, closed_at, closed_by FROM month_closes WHERE company_id = $1 AND month = $2`,
      [scope.companyId, month],
    );
    return new Map(found.map((r) => [r.user_id, { closed_at: iso(r.closed_at)!, closed_by: r.closed_by }]));
  }

  /** The user's latest closed month before `month` and the balance carried at its end. */
  async lastCloseBefore(
    m: EntityManager,
    scope: TenantScope,
    userId: string,
    month: string,
  ): Promise<{ month: string; balance: number } | null> {
    const row = await one<{ month: string; balance_centiminutes: string }>(
      m,
      `SELECT month, balance_centiminutes FROM month_closes WHERE company_id = $1 AND user_id = $2 AND month < $3
       ORDER BY month DESC LIMIT 1`,
      [scope.companyId, userId, month],
    );
    return row ? { month: row.month, balance: Number(row.balance_centiminutes) } : null;
  }

  /** False when the month was closed already (a parallel close). */
  async close(m: EntityManager, scope: TenantScope, userId: string, month: string, by: string, balance: number) {
    const inserted = await rows<{ month: string }>(
      m,
      `INSERT INTO month_closes (company_id, user_id, month, closed_by, balance_centiminutes)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (user_id, month) DO NOTHING RETURNING month`,
      [scope.companyId, userId, month, by, Math.round(balance)],
    );
    if (inserted.length > 0) await this.log(m, scope, userId, month, 'close', by, null);
    return inserted.length > 0;
  }

  /** False when the month was not closed. */
  async reopen(m: EntityManager, scope: TenantScope, userId: string, month: string, by: string, reason: string) {
    const removed = await affected(
      m,
      `DELETE FROM month_closes WHERE company_id = $1 AND user_id = $2 AND month = $3`,
      [scope.companyId, userId, month],
    );
    if (removed > 0) await this.log(m, scope, userId, month, 'reopen', by, reason);
    return removed > 0;
  }

  private async log(
    m: EntityManager,
    scope: TenantScope,
    userId: string,
    month: string,
    action: 'close' | 'reopen',
    by: string,
    reason: string | null,
  ) {
    await m.query(
      `INSERT INTO month_close_log (company_id, user_id, month, action, actor_id, reason) VALUES ($1, $2, $3, $4, $5, $6)`,
      [scope.companyId, userId, month, action, by, reason],
    );
  }

  // ------------------------------------------------------------------ read model of time entries
  /** Finished entries of the users starting in [from, to) (instants). */
  async entries(m: EntityManager, scope: TenantScope, userIds: string[], from: Date, to: Date): Promise<EntryRow[]> {
    return rows<EntryRow>(
      m,
      `SELECT user_id, start_time, end_time, break_minutes, total_minutes, night_minutes, sunday_minutes, holiday_minutes
       FROM time_entries
       WHERE company_id = $1 AND user_id = ANY($2::uuid[]) AND end_time IS NOT NULL
         AND start_time >= $3 AND start_time < $4
       ORDER BY user_id, start_time`,
      [scope.companyId, userIds, from, to],
    );
  }

  /** Worked minutes per user and local day (the day an entry starts) in [from, to] (yyyy-MM-dd). */
  async workedByDay(
    m: EntityManager,
    scope: TenantScope,
    userIds: string[],
    from: string,
    to: string,
    timeZone: string,
  ): Promise<{ user_id: string; day: string; minutes: number }[]> {
    const found = await rows<{ user_id: string; day: string; minutes: string }>(
      m,
      `SELECT user_id, to_char((start_time AT TIME ZONE $5)::date, 'YYYY-MM-DD') AS day, sum(total_minutes) AS minutes
       FROM time_entries
       WHERE company_id = $1 AND user_id = ANY($2::uuid[]) AND end_time IS NOT NULL
         AND start_time >= ($3::date - 1)::timestamp AT TIME ZONE $5 AND start_time < ($4::date + 1)::timestamp AT TIME ZONE $5
       GROUP BY 1, 2`,
      [scope.companyId, userIds, from, to, timeZone],
    );
    return found
      .filter((r) => r.day >= from && r.day <= to)
      .map((r) => ({ user_id: r.user_id, day: r.day, minutes: Number(r.minutes) }));
  }

  /** Approved expenses per user with an expense date in [from, to] (CHF). */
  async approvedExpenses(m: EntityManager, scope: TenantScope, from: string, to: string): Promise<Map<string, number>> {
    const found = await rows<{ user_id: string; amount: string }>(
      m,
      `SELECT user_id, sum(amount) AS amount FROM expenses
       WHERE company_id = $1 AND status = 'approved' AND expense_date BETWEEN $2 AND $3 GROUP BY user_id`,
      [scope.companyId, from, to],
    );
    return new Map(found.map((r) => [r.user_id, Number(r.amount)]));
  }

  /** Positions older than the company's retention are removed (issue 24; entries themselves stay 5 years). */
  async deleteExpiredPositions(m: EntityManager): Promise<number> {
    return affected(
      m,
      `UPDATE time_entries te SET start_latitude = NULL, start_longitude = NULL, start_accuracy = NULL,
         end_latitude = NULL, end_longitude = NULL, end_accuracy = NULL
       FROM company_settings cs
       WHERE cs.company_id = te.company_id
         AND te.start_time < now() - make_interval(days => cs.gps_retention_days)
         AND (te.start_latitude IS NOT NULL OR te.end_latitude IS NOT NULL)`,
    );
  }
}
