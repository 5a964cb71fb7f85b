import type { WorkingTimeRule } from '@zunft/contracts';
import type { HolidayCalendar } from './holidays.js';
import { addDays, localDate, mondayOf, weekdayOf } from './local-time.js';

/** One finished time entry as the checks read it. */
export interface WorkInterval {
  start: Date;
  end: Date;
  breakMinutes: number;
}

export interface RuleFinding {
  /** yyyy-MM-dd: the day (weekly maximum: the Sunday ending the week). */
  date: string;
  rule: WorkingTimeRule;
  /** Figures for the message (hours with one decimal, minutes). */
  params: Record<string, string | number>;
}

export interface CheckSettings {
  timezone: string;
  /** ArG art. 9: 45 or 50. */
  weeklyMaxHours: number;
  holidays: HolidayCalendar;
}

/** ArG art. 15: minimum break by worked time (over 5.5 h: 15 min, over 7 h: 30 min, over 9 h: 60 min). */
export function requiredBreakMinutes(workedMinutes: number): number {
  if (workedMinutes > 9 * 60) return 60;
  if (workedMinutes > 7 * 60) return 30;
  if (workedMinutes > 5.5 * 60) return 15;
  return 0;
}

const hours = (minutes: number) => (Math.round((minutes / 60) * 10) / 10).toFixed(1);
const MINUTE = 60_000;

interface Day {
  date: string;
  first: number;
  last: number;
  worked: number;
  /** Recorded breaks plus the gaps between the day's entries (an interruption is a break). */
  breaks: number;
}

/**
 * The labour-law checks of issue 24 over a set of entries (facts are recorded, not refused, so
 * these are warnings): breaks (ArG art. 15), daily rest of 11 h (art. 15a), the day's span of 14 h
 * (art. 10), the weekly maximum of 45/50 h (art. 9), Sunday and holiday work (art. 18/20a) and more
 * than 6 days in a row (ArGV 1 art. 21). An entry belongs to the local day it starts on.
 * `from`/`to` (yyyy-MM-dd) limit the days reported; entries just outside still count for rest and
 * the days in a row.
 */
export function checkWorkingTime(
  entries: readonly WorkInterval[],
  settings: CheckSettings,
  from = '0000-01-01',
  to = '9999-12-31',
): RuleFinding[] {
  const sorted = [...entries].sort((a, b) => a.start.getTime() - b.start.getTime());
  const days = new Map<string, Day>();
  for (const e of sorted) {
    const date = localDate(e.start, settings.timezone);
    const start = e.start.getTime();
    const end = e.end.getTime();
    const worked = Math.max(0, Math.floor((end - start) / MINUTE) - e.breakMinutes);
    const day = days.get(date);
    if (!day) {
      days.set(date, { date, first: start, last: end, worked, breaks: e.breakMinutes });
    } else {
      day.breaks += e.breakMinutes + Math.max(0, Math.floor((start - day.last) / MINUTE));
      day.last = Math.max(day.last, end);
      day.worked += worked;
    }
  }
  const findings: RuleFinding[] = [];
  const inRange = (d: string) => d >= from && d <= to;
  const weeks = new Map<string, number>();
  let streak = 0;
  let previous: Day | null = null;
  for (const day of [...days.values()].sort((a, b) => a.date.localeCompare(b.date))) {
    const required = requiredBreakMinutes(day.worked);
    const report = inRange(day.date);
    if (report && day.breaks < required)
      findings.push({
        date: day.date,
        rule: 'break',
        params: { hours: hours(day.worked), required, taken: day.breaks },
      });
    const span = Math.floor((day.last - day.first) / MINUTE);
    if (report && span > 14 * 60) findings.push({ date: day.date, rule: 'day_span', params: { hours: hours(span) } });
    if (previous && addDays(previous.date, 1) === day.date) {
      const rest = Math.floor((day.first - previous.last) / MINUTE);
      if (report && rest < 11 * 60)
        findings.push({ date: day.date, rule: 'daily_rest', params: { hours: hours(rest) } });
      streak += 1;
    } else {
      streak = 1;
    }
    if (report && streak > 6) findings.push({ date: day.date, rule: 'consecutive_days', params: { days: streak } });
    const holiday = settings.holidays.get(day.date);
    if (report && (weekdayOf(day.date) === 0 || (holiday && !holiday.halfDay)))
      findings.push({
        date: day.date,
        rule: 'sunday_work',
        params: { day: weekdayOf(day.date) === 0 ? 'Sonntag' : holiday!.name },
      });
    const monday = mondayOf(day.date);
    weeks.set(monday, (weeks.get(monday) ?? 0) + day.worked);
    previous = day;
  }
  for (const [monday, worked] of weeks) {
    const sunday = addDays(monday, 6);
    if (worked > settings.weeklyMaxHours * 60 && sunday >= from && monday <= to)
      findings.push({
        date: sunday,
        rule: 'weekly_max',
        params: { hours: hours(worked), max: settings.weeklyMaxHours },
      });
  }
  return findings.sort((a, b) => a.date.localeCompare(b.date) || a.rule.localeCompare(b.rule));
}
