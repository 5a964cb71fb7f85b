import type { Canton, Language } from '@zunft/contracts';
import { HOLIDAYS, cantonDays, type HolidayRule } from './canton-holidays.js';

export interface Holiday {
  /** yyyy-MM-dd */
  date: string;
  name: string;
  halfDay: boolean;
}

/** Easter Sunday of a Gregorian year (anonymous Gregorian computus, Meeus/Jones/Butcher), as UTC midnight. */
export function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

function dateOf(rule: HolidayRule, year: number): Date {
  switch (rule.kind) {
    case 'fixed':
      return new Date(Date.UTC(year, rule.month - 1, rule.day));
    case 'easter':
      return new Date(easterSunday(year).getTime() + rule.offset * DAY_MS);
    case 'nth-weekday': {
      const first = new Date(Date.UTC(year, rule.month - 1, 1));
      const toWeekday = (rule.weekday - first.getUTCDay() + 7) % 7;
      return new Date(first.getTime() + (toWeekday + (rule.n - 1) * 7 + rule.plus) * DAY_MS);
    }
    case 'naefels': {
      const first = new Date(Date.UTC(year, 3, 1));
      const thursday = new Date(first.getTime() + ((4 - first.getUTCDay() + 7) % 7) * DAY_MS);
      const holyThursday = easterSunday(year).getTime() - 3 * DAY_MS;
      return thursday.getTime() === holyThursday ? new Date(thursday.getTime() + 7 * DAY_MS) : thursday;
    }
  }
}

/**
 * The public holidays of a canton in a year, by date (canton null: only 1 August). Names in the
 * given language.
 */
export function cantonHolidays(canton: Canton | null, year: number, language: Language = 'de'): Holiday[] {
  const result: Holiday[] = [];
  for (const day of cantonDays(canton)) {
    const { key, onlyOnWeekdays, notOnWeekdays } = typeof day === 'string' ? { key: day } : day;
    const def = HOLIDAYS[key];
    const date = dateOf(def.rule, year);
    const weekday = date.getUTCDay();
    if (onlyOnWeekdays && !onlyOnWeekdays.includes(weekday)) continue;
    if (notOnWeekdays?.includes(weekday)) continue;
    result.push({ date: isoDay(date), name: def.names[language], halfDay: 'halfDay' in def ? def.halfDay : false });
  }
  return result.sort((x, y) => x.date.localeCompare(y.date));
}

/** A day's holiday weight: 1 = a full holiday, 0.5 = half a day, 0 = a working day (by calendar). */
export type HolidayCalendar = ReadonlyMap<string, { name: string; halfDay: boolean }>;

export function holidayCalendar(days: readonly Holiday[]): HolidayCalendar {
  const map = new Map<string, { name: string; halfDay: boolean }>();
  for (const d of days) {
    const known = map.get(d.date);
    // a full day wins over a half day on the same date
    if (!known || (known.halfDay && !d.halfDay)) map.set(d.date, { name: d.name, halfDay: d.halfDay });
  }
  return map;
}
