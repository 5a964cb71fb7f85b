import type { AbsenceType, HalfDay } from '@zunft/contracts';
import type { HolidayCalendar } from './holidays.js';
import { addDays, eachDay, weekdayOf } from './local-time.js';

/**
 * The working-time account's arithmetic (issue 24), pure: targets from the employment periods and
 * the holiday calendar, absences credited at the day's target, the balance carried month to month.
 * Everything is counted in minutes (hundredths of a minute where a pensum makes a day's target
 * fractional) and turned into hours with two decimals only at the end.
 */

/** The contract from `from` (yyyy-MM-dd) on, until the next period starts. */
export interface EmploymentPeriod {
  from: string;
  pensum: number;
  weeklyHours: number;
  holidayDaysPerYear: number;
}

export interface AbsenceDay {
  date: string;
  type: AbsenceType;
  /** 1 or 0.5 */
  fraction: number;
}

export interface AbsenceSpan {
  type: AbsenceType;
  startDate: string;
  endDate: string;
  halfDay: HalfDay | null;
}

/** The period in force on a day, or null before the first one (not employed yet). */
export function periodOn(periods: readonly EmploymentPeriod[], date: string): EmploymentPeriod | null {
  let found: EmploymentPeriod | null = null;
  for (const p of periods) if (p.from <= date && (!found || p.from >= found.from)) found = p;
  return found;
}

/**
 * A day's target in hundredths of a minute: Monday to Friday weekly hours × pensum / 5, nothing on
 * weekends, nothing on a full holiday and half on a half holiday.
 */
export function dayTarget(periods: readonly EmploymentPeriod[], holidays: HolidayCalendar, date: string): number {
  const weekday = weekdayOf(date);
  if (weekday === 0 || weekday === 6) return 0;
  const period = periodOn(periods, date);
  if (!period) return 0;
  const full = Math.round((period.weeklyHours * 60 * period.pensum) / 5); // (h × 60 × pensum% / 100 / 5) × 100
  const holiday = holidays.get(date);
  if (!holiday) return full;
  return holiday.halfDay ? Math.round(full / 2) : 0;
}

/** The working days an absence covers (weekends and full holidays left out; a half day is 0.5). */
export function absenceDays(span: AbsenceSpan, holidays: HolidayCalendar): AbsenceDay[] {
  const days: AbsenceDay[] = [];
  for (const date of eachDay(span.startDate, span.endDate)) {
    const weekday = weekdayOf(date);
    if (weekday === 0 || weekday === 6) continue;
    const holiday = holidays.get(date);
    if (holiday && !holiday.halfDay) continue;
    const fraction = span.halfDay || holiday?.halfDay ? 0.5 : 1;
    days.push({ date, type: span.type, fraction });
  }
  return days;
}

export interface PeriodAccount {
  /** Hundredths of a minute. */
  target: number;
  /** Minutes worked (entries' net minutes). */
  worked: number;
  /** Hundredths of a minute credited for paid absences. */
  absence: number;
  absencesByType: Partial<Record<AbsenceType, number>>;
  holidayDaysTaken: number;
}

/**
 * The account of the days `from`…`to`: target (unpaid absence days are taken off it instead of being
 * credited), worked minutes per day as given, paid absences credited at the day's target.
 */
export function accountOf(
  from: string,
  to: string,
  periods: readonly EmploymentPeriod[],
  holidays: HolidayCalendar,
  workedByDay: ReadonlyMap<string, number>,
  absences: readonly AbsenceDay[],
): PeriodAccount {
  let target = 0;
  let worked = 0;
  for (const date of eachDay(from, to)) {
    target += dayTarget(periods, holidays, date);
    worked += workedByDay.get(date) ?? 0;
  }
  let absence = 0;
  let holidayDaysTaken = 0;
  const absencesByType: Partial<Record<AbsenceType, number>> = {};
  for (const a of absences) {
    if (a.date < from || a.date > to) continue;
    const full = dayTarget(periods, new Map(), a.date);
    const credit = Math.round(full * a.fraction);
    if (a.type === 'unpaid') target -= credit;
    else absence += credit;
    absencesByType[a.type] = (absencesByType[a.type] ?? 0) + a.fraction;
    if (a.type === 'holiday') holidayDaysTaken += a.fraction;
  }
  return { target, worked, absence, absencesByType, holidayDaysTaken };
}

/** Overtime of an account in hundredths of a minute: worked + absences - target. */
export const overtimeOf = (a: PeriodAccount) => a.worked * 100 + a.absence - a.target;

/** Hundredths of a minute as hours with two decimals. */
export const hoursOf = (centiMinutes: number) => Math.round(centiMinutes / 60) / 100;

/**
 * Holiday entitlement of a year in days (to half days): the days per year of each period, pro rata
 * of the calendar days it covers in the year (a start in July gets half).
 */
export function holidayEntitlement(periods: readonly EmploymentPeriod[], year: number): number {
  const first = `${year}-01-01`;
  const last = `${year}-12-31`;
  const daysInYear = eachDay(first, last).length;
  let sum = 0;
  for (const date of eachDay(first, last)) {
    const p = periodOn(periods, date);
    if (p) sum += p.holidayDaysPerYear;
  }
  return Math.round((sum / daysInYear) * 2) / 2;
}

/** The day before, for callers that carry a balance up to the end of the previous month. */
export const dayBefore = (date: string) => addDays(date, -1);
