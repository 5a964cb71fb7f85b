import { Injectable } from '@nestjs/common';
import {
  ABSENCE_TYPES,
  timeRecordExportQuerySchema,
  DEFAULT_EMPLOYMENT,
  translateServerMessage,
  type AbsenceType,
  type Language,
  type MonthWarningDto,
  type TimeAccountDto,
  type WeekHoursDto,
} from '@zunft/contracts';
import { CommonErrors, consumeDailyQuota, dailyQuotaLimits, TenantScope } from '@zunft/nest-common';
import { DataSource, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import { isOffice } from '../common/actor.js';
import { OperationsErrors } from '../common/operations.errors.js';
import { DirectoryService, type CompanyWorkingTime } from '../directory/index.js';
import { CompanyNameBackfill } from './company-name.client.js';
import { ABSENCE_COLUMNS, PAYROLL_COLUMNS, PAYROLL_SHEET, RECORD_COLUMNS, csvLine } from './export-columns.js';
import { checkWorkingTime } from './rules/arg-checks.js';
import {
  absenceDays,
  accountOf,
  holidayEntitlement,
  hoursOf,
  overtimeOf,
  type AbsenceDay,
  type EmploymentPeriod,
} from './rules/balance.js';
import type { HolidayCalendar } from './rules/holidays.js';
import { addDays, eachDay, localDate, mondayOf, monthRange } from './rules/local-time.js';
import type { WorkingTimeActor as Actor } from './working-time-actor.js';
import { renderRecordPdf, type RecordDay } from './time-record-pdf.js';
import { WorkingTimeCalendar } from './working-time-calendar.service.js';
import { xlsxWorkbook } from './xlsx.js';
import { WorkingTimeErrors } from './working-time.errors.js';
import { WorkingTimeRepository, type EntryRow, type StaffRow } from './working-time.repository.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A file to download: name, Content-Type and bytes (or text). */
export interface ExportFile {
  filename: string;
  contentType: string;
  body: string | Buffer;
}

const zurichToday = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Zurich' }).format(new Date());
const round2 = (n: number) => Math.round(n * 100) / 100;
const DAY_MS = 86_400_000;

/** Everything one employee's month is computed from. */
interface Basis {
  settings: CompanyWorkingTime;
  periods: EmploymentPeriod[];
  holidays: HolidayCalendar;
  worked: Map<string, number>;
  absences: AbsenceDay[];
}

/**
 * The working-time account (issue 24): per employee and month target, worked, absences, overtime,
 * carried balance, holidays taken and left, the ArG warnings; the month close (the one writer of a
 * carried balance) and the exports for the payroll and the labour inspector.
 */
@Injectable()
export class TimeAccountsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repo: WorkingTimeRepository,
    private readonly calendar: WorkingTimeCalendar,
    private readonly directory: DirectoryService,
    private readonly companyName: CompanyNameBackfill,
  ) {}

  /** The daily quotas' limits (issue 25; QUOTA_* environment, defaults in nest-common). */
  private readonly quotaLimits = dailyQuotaLimits();

  /** Employees get their own account; the office everyone's (or one with `userId`). */
  async month(actor: Actor, month: string, userId: string | null = null): Promise<TimeAccountDto[]> {
    const m = this.dataSource.manager;
    const scope = TenantScope.fromClaims(actor);
    if (!isOffice(actor) && userId && userId !== actor.userId) throw CommonErrors.forbidden();
    const staff = await this.repo.staff(m, scope, isOffice(actor) ? userId : actor.userId);
    if (userId && staff.length === 0) throw OperationsErrors.userNotFound();
    const settings = await this.calendar.settings(m, scope);
    const closes = await this.repo.closesOfMonth(m, scope, month);
    const language = actor.language ?? settings.language;
    const accounts: TimeAccountDto[] = [];
    for (const s of staff) accounts.push(await this.account(m, scope, settings, s, month, language, closes));
    return accounts;
  }

  async close(actor: Actor, userId: string, month: string): Promise<TimeAccountDto> {
    const scope = TenantScope.fromClaims(actor);
    if (`${month}-01` > zurichToday()) throw WorkingTimeErrors.monthInFuture();
    await this.dataSource.transaction(async (m) => {
      const [staff] = await this.repo.staff(m, scope, userId);
      if (!staff) throw OperationsErrors.userNotFound();
      const settings = await this.calendar.settings(m, scope);
      const { balance } = await this.computed(m, scope, settings, staff, month, settings.language, new Map());
      if (!(await this.repo.close(m, scope, userId, month, actor.userId, balance)))
        throw WorkingTimeErrors.monthAlreadyClosed(`${month.slice(5)}.${month.slice(0, 4)}`);
    });
    return (await this.month(actor, month, userId))[0]!;
  }

  /** `reason` is read (and the body validated) once the employee is found: another company's id answers 404 first. */
  async reopen(actor: Actor, userId: string, month: string, body: () => string): Promise<TimeAccountDto> {
    const scope = TenantScope.fromClaims(actor);
    await this.dataSource.transaction(async (m) => {
      if ((await this.repo.staff(m, scope, userId)).length === 0) throw OperationsErrors.userNotFound();
      const reason = body();
      if (!(await this.repo.reopen(m, scope, userId, month, actor.userId, reason)))
        throw WorkingTimeErrors.monthNotClosed(`${month.slice(5)}.${month.slice(0, 4)}`);
    });
    return (await this.month(actor, month, userId))[0]!;
  }

  /**
   * The payroll export: one row per employee, columns in the company's language; as CSV (semicolons,
   * BOM, hours with two decimals) or as an Excel workbook (the same columns, numbers as numbers).
   */
  async exportMonth(actor: Actor, month: string, format: 'csv' | 'xlsx' = 'csv'): Promise<ExportFile> {
    const m = this.dataSource.manager;
    const scope = TenantScope.fromClaims(actor);
    const settings = await this.calendar.settings(m, scope);
    const accounts = await this.month({ ...actor, language: settings.language }, month);
    const range = monthRange(month);
    const expenses = await this.repo.approvedExpenses(m, scope, range.from, range.to);
    const cols = PAYROLL_COLUMNS[settings.language];
    const absenceCols = ABSENCE_COLUMNS[settings.language];
    const header = [
      cols.user_id,
      cols.name,
      cols.month,
      cols.target_hours,
      cols.worked_hours,
      cols.normal_hours,
      cols.overtime_hours,
      cols.balance_hours,
      cols.night_hours,
      cols.sunday_hours,
      cols.holiday_hours,
      ...ABSENCE_TYPES.map((t) => absenceCols[t]),
      cols.expenses,
    ];
    // hours and francs: two decimals in the CSV, numbers in the workbook
    const amount = (n: number) => (format === 'csv' ? n.toFixed(2) : round2(n));
    const rows = accounts.map((a) => {
      const overtime = Math.max(0, a.overtime_hours);
      return [
        a.userId,
        a.user_name,
        month,
        amount(a.target_hours),
        amount(a.worked_hours),
        amount(round2(Math.max(0, a.worked_hours - overtime))),
        amount(a.overtime_hours),
        amount(a.balance_hours),
        amount(a.night_hours),
        amount(a.sunday_hours),
        amount(a.holiday_hours),
        ...ABSENCE_TYPES.map((t) =>
          format === 'csv' ? String(a.absences_by_type[t] ?? 0) : (a.absences_by_type[t] ?? 0),
        ),
        amount(expenses.get(a.userId) ?? 0),
      ];
    });
    if (format === 'xlsx')
      return {
        filename: `arbeitszeit-${month}.xlsx`,
        contentType: XLSX_TYPE,
        body: xlsxWorkbook(`${PAYROLL_SHEET[settings.language]} ${month}`, [header, ...rows]),
      };
    const lines = [header, ...rows].map((r) => csvLine(r));
    return {
      filename: `arbeitszeit-${month}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: `\uFEFF${lines.join('\r\n')}\r\n`,
    };
  }

  /**
   * The record of ArGV 1 art. 73 for one employee and period: per day start, end, breaks (recorded
   * plus gaps), hours, the night/Sunday/holiday hours and absences; as CSV or as PDF (pdfkit).
   */
  async exportRecords(actor: Actor, q: z.output<typeof timeRecordExportQuerySchema>) {
    const m = this.dataSource.manager;
    const scope = TenantScope.fromClaims(actor);
    const userId = q.userId ?? actor.userId;
    if (!isOffice(actor) && userId !== actor.userId) throw CommonErrors.forbidden();
    const [staff] = await this.repo.staff(m, scope, userId);
    if (!staff) throw OperationsErrors.userNotFound();
    const settings = await this.calendar.settings(m, scope);
    const holidays = await this.calendar.calendar(m, scope, settings, q.from, q.to);
    const entries = await this.repo.entries(
      m,
      scope,
      [userId],
      new Date(Date.parse(`${q.from}T00:00:00Z`) - DAY_MS),
      new Date(Date.parse(`${q.to}T00:00:00Z`) + 2 * DAY_MS),
    );
    const approved = await this.repo.listAbsences(m, scope, {
      userIds: [userId],
      from: q.from,
      to: q.to,
      status: 'approved',
    });
    const absenceOn = new Map<string, { type: AbsenceType; fraction: number }>();
    for (const a of approved)
      for (const d of absenceDays(
        { type: a.type, startDate: a.start_date, endDate: a.end_date, halfDay: a.half_day },
        holidays,
      ))
        absenceOn.set(d.date, { type: a.type, fraction: d.fraction });
    const time = new Intl.DateTimeFormat('de-CH', {
      timeZone: settings.timezone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const byDay = new Map<string, EntryRow[]>();
    for (const e of entries) {
      const day = localDate(e.start_time, settings.timezone);
      if (day < q.from || day > q.to) continue;
      byDay.set(day, [...(byDay.get(day) ?? []), e]);
    }
    const days: RecordDay[] = [];
    for (const day of eachDay(q.from, q.to)) {
      const list = byDay.get(day) ?? [];
      const absence = absenceOn.get(day) ?? null;
      if (list.length === 0 && !absence) continue;
      const first = list[0];
      let last: EntryRow | undefined;
      for (const e of list) if (!last || e.end_time > last.end_time) last = e;
      let breaks = 0;
      let previousEnd = 0;
      for (const e of list) {
        const gap = previousEnd ? Math.floor((e.start_time.getTime() - previousEnd) / 60_000) : 0;
        breaks += e.break_minutes + Math.max(0, gap);
        previousEnd = Math.max(previousEnd, e.end_time.getTime());
      }
      const sum = (k: 'total_minutes' | 'night_minutes' | 'sunday_minutes' | 'holiday_minutes') =>
        list.reduce((s, e) => s + Number(e[k]), 0);
      days.push({
        date: day,
        start: first ? time.format(first.start_time) : '',
        end: last ? time.format(last.end_time) : '',
        breakMinutes: list.length ? breaks : null,
        minutes: list.length
          ? {
              total: sum('total_minutes'),
              night: sum('night_minutes'),
              sunday: sum('sunday_minutes'),
              holiday: sum('holiday_minutes'),
            }
          : null,
        absence,
        holidayName: holidays.get(day)?.name ?? '',
      });
    }
    const name = staff.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'mitarbeiter';
    const filename = `arbeitszeit-${name}-${q.from}-${q.to}`;
    if (q.format === 'pdf') {
      // a PDF render (issue 25): counts against the company's renders of the day, German 429 beyond.
      // Operations does not know the subscription, so every company gets the paid limit here (a
      // pdfkit record costs milliseconds; the trial limit applies to the worker's renders in billing).
      await consumeDailyQuota(m, {
        companyId: scope.companyId,
        kind: 'pdf_renders',
        amount: 1,
        limit: this.quotaLimits.paid.pdf_renders,
      });
      const pdf = await renderRecordPdf({
        language: settings.language,
        company: await this.companyName.nameOf(m, scope, settings.company_name),
        employee: staff.name,
        from: q.from,
        to: q.to,
        days,
      });
      return { filename: `${filename}.pdf`, contentType: 'application/pdf', body: pdf };
    }
    const cols = RECORD_COLUMNS[settings.language];
    const hours = (minutes: number) => (minutes / 60).toFixed(2);
    const lines = [
      csvLine([
        cols.date,
        cols.start,
        cols.end,
        cols.breaks,
        cols.hours,
        cols.night,
        cols.sunday,
        cols.holiday,
        cols.absence,
        cols.holiday_name,
      ]),
      ...days.map((d) =>
        csvLine([
          d.date,
          d.start,
          d.end,
          d.breakMinutes ?? '',
          d.minutes ? hours(d.minutes.total) : '',
          d.minutes ? hours(d.minutes.night) : '',
          d.minutes ? hours(d.minutes.sunday) : '',
          d.minutes ? hours(d.minutes.holiday) : '',
          d.absence ? `${d.absence.type}${d.absence.fraction === 0.5 ? ' (0.5)' : ''}` : '',
          d.holidayName,
        ]),
      ),
    ];
    return {
      filename: `${filename}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: `\uFEFF${lines.join('\r\n')}\r\n`,
    };
  }

  private async basis(
    m: EntityManager,
    scope: TenantScope,
    settings: CompanyWorkingTime,
    userId: string,
    from: string,
    to: string,
  ): Promise<Basis> {
    const found = await this.directory.employmentPeriods(m, scope.companyId, [userId]);
    const periods: EmploymentPeriod[] = found.length
      ? found
      : // no contract figures from auth yet: the defaults from the start of the requested year
        [
          {
            from: `${to.slice(0, 4)}-01-01`,
            pensum: DEFAULT_EMPLOYMENT.pensum,
            weeklyHours: DEFAULT_EMPLOYMENT.weekly_hours,
            holidayDaysPerYear: DEFAULT_EMPLOYMENT.holiday_days_per_year,
          },
        ];
    const holidays = await this.calendar.calendar(m, scope, settings, from, to);
    const worked = new Map(
      (await this.repo.workedByDay(m, scope, [userId], from, to, settings.timezone)).map((r) => [r.day, r.minutes]),
    );
    const approved = await this.repo.listAbsences(m, scope, { userIds: [userId], from, to, status: 'approved' });
    const absences = approved
      .flatMap((a) =>
        absenceDays({ type: a.type, startDate: a.start_date, endDate: a.end_date, halfDay: a.half_day }, holidays),
      )
      .filter((d) => d.date >= from && d.date <= to);
    return { settings, periods, holidays, worked, absences };
  }

  private async account(
    m: EntityManager,
    scope: TenantScope,
    settings: CompanyWorkingTime,
    staff: StaffRow,
    month: string,
    language: Language,
    closes: Map<string, { closed_at: string; closed_by: string }>,
  ): Promise<TimeAccountDto> {
    return (await this.computed(m, scope, settings, staff, month, language, closes)).account;
  }

  /** The account and its carried balance exactly (hundredths of a minute: what a close stores). */
  private async computed(
    m: EntityManager,
    scope: TenantScope,
    settings: CompanyWorkingTime,
    staff: StaffRow,
    month: string,
    language: Language,
    closes: Map<string, { closed_at: string; closed_by: string }>,
  ): Promise<{ account: TimeAccountDto; balance: number }> {
    const range = monthRange(month);
    const year = month.slice(0, 4);
    const carried = await this.repo.lastCloseBefore(m, scope, staff.id, month);
    const firstPeriods = await this.directory.employmentPeriods(m, scope.companyId, [staff.id]);
    // without contract figures from auth yet (users from before issue 24) the balance starts with the month
    const employmentStart = firstPeriods[0]?.from ?? range.from;
    const carryFrom = carried ? addDays(monthRange(carried.month).to, 1) : employmentStart;
    const basisFrom = [carryFrom, `${year}-01-01`].sort()[0]!;
    const b = await this.basis(m, scope, settings, staff.id, basisFrom, range.to);
    const monthAccount = accountOf(range.from, range.to, b.periods, b.holidays, b.worked, b.absences);
    const sinceCarry =
      carryFrom <= range.to
        ? overtimeOf(accountOf(carryFrom, range.to, b.periods, b.holidays, b.worked, b.absences))
        : 0;
    const yearAccount = accountOf(`${year}-01-01`, range.to, b.periods, b.holidays, b.worked, b.absences);
    const entitlement = holidayEntitlement(b.periods, Number(year));

    // the checks see a week before and after the month (rest, weeks and days in a row across its edges)
    const entries = await this.repo.entries(
      m,
      scope,
      [staff.id],
      new Date(Date.parse(`${range.from}T00:00:00Z`) - 8 * DAY_MS),
      new Date(Date.parse(`${range.to}T00:00:00Z`) + 8 * DAY_MS),
    );
    const checkHolidays = await this.calendar.calendar(
      m,
      scope,
      settings,
      addDays(range.from, -8),
      addDays(range.to, 8),
    );
    const findings = checkWorkingTime(
      entries.map((e) => ({ start: e.start_time, end: e.end_time, breakMinutes: e.break_minutes })),
      { timezone: settings.timezone, weeklyMaxHours: settings.weekly_max_hours, holidays: checkHolidays },
      range.from,
      range.to,
    );
    const warnings: MonthWarningDto[] = findings.map((f) => ({
      date: f.date,
      rule: f.rule,
      message: translateServerMessage(`warning.${f.rule}`, language, f.params),
    }));
    const inMonth = entries.filter((e) => {
      const d = localDate(e.start_time, settings.timezone);
      return d >= range.from && d <= range.to;
    });
    const minutes = (k: 'night_minutes' | 'sunday_minutes' | 'holiday_minutes') =>
      round2(inMonth.reduce((s, e) => s + Number(e[k]), 0) / 60);
    const weeks: WeekHoursDto[] = [];
    for (let monday = mondayOf(range.from); monday <= range.to; monday = addDays(monday, 7)) {
      let sum = 0;
      for (const d of eachDay(monday, addDays(monday, 6)))
        if (d >= range.from && d <= range.to) sum += b.worked.get(d) ?? 0;
      weeks.push({ week_start: monday, hours: round2(sum / 60) });
    }
    const close = closes.get(staff.id) ?? (await this.repo.closesOfMonth(m, scope, month)).get(staff.id) ?? null;
    const balance = (carried?.balance ?? 0) + sinceCarry;
    const account: TimeAccountDto = {
      userId: staff.id,
      user_name: staff.name,
      month,
      target_hours: hoursOf(monthAccount.target),
      worked_hours: round2(monthAccount.worked / 60),
      absence_hours: hoursOf(monthAccount.absence),
      absences_by_type: monthAccount.absencesByType,
      overtime_hours: hoursOf(overtimeOf(monthAccount)),
      balance_hours: hoursOf(balance),
      holiday_days_taken: yearAccount.holidayDaysTaken,
      holiday_days_left: entitlement - yearAccount.holidayDaysTaken,
      night_hours: minutes('night_minutes'),
      sunday_hours: minutes('sunday_minutes'),
      holiday_hours: minutes('holiday_minutes'),
      weeks,
      warnings,
      closed: close !== null,
      closed_at: close?.closed_at ?? null,
      closed_by: close?.closed_by ?? null,
    };
    return { account, balance };
  }
}
