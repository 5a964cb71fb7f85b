import type { CompanySettingsDto } from './company.js';
import type { SurchargesDto } from './operations.js';
import { ianaTimeZone } from './common.js';

/** The company settings the surcharge rule reads. */
export type SurchargeSettings = Pick<
  CompanySettingsDto,
  'auto_calculate_surcharges' | 'night_surcharge' | 'saturday_surcharge' | 'sunday_surcharge' | 'timezone'
>;

/** Night window of part 1 §9: from 19:00 to 05:00. */
export const NIGHT_START_HOUR = 19;
export const NIGHT_END_HOUR = 5;

export const NO_SURCHARGES: SurchargesDto = Object.freeze({ night: 0, saturday: 0, sunday: 0, total: 0 });

const formatters = new Map<string, Intl.DateTimeFormat>();
/**
 * A formatter for the company's time zone setting. The settings offer 'Europe/Geneva', which is no
 * IANA zone (Intl throws on it): it maps to Europe/Zurich, and anything else unknown falls back to
 * Swiss time instead of breaking the screen that asked.
 */
function formatterFor(setting: string): Intl.DateTimeFormat {
  let f = formatters.get(setting);
  if (!f) {
    const options = { weekday: 'short', hour: '2-digit', hourCycle: 'h23' } as const;
    try {
      f = new Intl.DateTimeFormat('en-US', { ...options, timeZone: ianaTimeZone(setting) });
    } catch {
      f = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'Europe/Zurich' });
    }
    formatters.set(setting, f);
  }
  return f;
}

/** Weekday (0 = Sunday … 6 = Saturday) and hour (0–23) of an instant in a time zone. */
export function localWeekdayAndHour(instant: Date, timeZone: string): { weekday: number; hour: number } {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const weekdayName = parts.find((p) => p.type === 'weekday')?.value ?? '';
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? '0');
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(weekdayName);
  return { weekday, hour: hour === 24 ? 0 : hour };
}

const isNightHour = (hour: number) => hour >= NIGHT_START_HOUR || hour < NIGHT_END_HOUR;

/**
 * The surcharge rule of part 1 §5/§9, shared by the server (authoritative) and the manual-entry
 * preview: Saturday/Sunday by the START day in the company's time zone; night when the start or
 * the end hour is 19 or later, or before 5; the total is the maximum of the three, not their sum;
 * everything zero when `auto_calculate_surcharges` is off. `end` may be null (running timer).
 */
export function calculateSurcharges(start: Date, end: Date | null, settings: SurchargeSettings): SurchargesDto {
  if (!settings.auto_calculate_surcharges) return { ...NO_SURCHARGES };
  const s = localWeekdayAndHour(start, settings.timezone);
  const e = end ? localWeekdayAndHour(end, settings.timezone) : null;
  const saturday = s.weekday === 6 ? settings.saturday_surcharge : 0;
  const sunday = s.weekday === 0 ? settings.sunday_surcharge : 0;
  const night = isNightHour(s.hour) || (e !== null && isNightHour(e.hour)) ? settings.night_surcharge : 0;
  return { night, saturday, sunday, total: Math.max(night, saturday, sunday) };
}

/** Worked minutes: end - start - break, never below zero. */
export function workedMinutes(start: Date, end: Date, breakMinutes: number): number {
  const gross = Math.floor((end.getTime() - start.getTime()) / 60_000);
  return Math.max(0, gross - breakMinutes);
}

// ---------------------------------------------------------------------------------------------
// `precise` surcharge mode (issue 24): minutes inside the ArG windows instead of whole entries
// ---------------------------------------------------------------------------------------------

/** The settings the precise rule reads: time zone and the night window (HH:mm, may cross midnight). */
export interface PreciseWindowSettings {
  timezone: string;
  night_start: string;
  night_end: string;
}

export interface SurchargeMinutes {
  night_minutes: number;
  sunday_minutes: number;
  holiday_minutes: number;
}

/** A public holiday on a local day (yyyy-MM-dd): `full`, `half` (afternoon) or null. */
export type HolidayLookup = (localDate: string) => 'full' | 'half' | null;

const NO_HOLIDAYS: HolidayLookup = () => null;
/** ArG art. 18: Sunday runs from Saturday 23:00 to Sunday 23:00; art. 20a treats holidays alike. */
const SUNDAY_SHIFT_MINUTES = 23 * 60;
const HALF_DAY_FROM = 12 * 60;

const clockMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
/** Offset of local time from UTC at an instant, in ms (Europe/Zurich: +1 h winter, +2 h summer). */
function utcOffset(instant: number, timeZone: string): number {
  const zone = ianaTimeZone(timeZone);
  let f = offsetFormatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    offsetFormatters.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
  const local = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour) % 24, Number(p.minute));
  return local - Math.floor(instant / 60_000) * 60_000;
}

/**
 * The `precise` rule: the worked minutes of an entry inside the night window (setting, default
 * 23:00–06:00, ArG art. 10/16), inside Sunday (Saturday 23:00 to Sunday 23:00, ArG art. 18) and inside
 * a public holiday that is not a Sunday (the same window around the holiday, ArG art. 20a; a half
 * day from 12:00). Counted on the local wall clock of the company's time zone, minute by minute, so
 * a night across the DST change counts the hours really worked (one less in March, one more in
 * October). The break's position is not recorded: it is taken from outside the windows first, so
 * each count is at most the worked minutes.
 */
export function preciseSurchargeMinutes(
  start: Date,
  end: Date,
  breakMinutes: number,
  settings: PreciseWindowSettings,
  holidayOf: HolidayLookup = NO_HOLIDAYS,
): SurchargeMinutes {
  const from = Math.floor(start.getTime() / 60_000) * 60_000;
  const to = Math.floor(end.getTime() / 60_000) * 60_000;
  if (to <= from) return { night_minutes: 0, sunday_minutes: 0, holiday_minutes: 0 };
  const nightStart = clockMinutes(settings.night_start);
  const nightEnd = clockMinutes(settings.night_end);
  const isNight = (m: number) =>
    nightStart > nightEnd ? m >= nightStart || m < nightEnd : m >= nightStart && m < nightEnd;
  // entries are at most 16 h: the offset is the same at both ends unless a DST change lies between
  const startOffset = utcOffset(from, settings.timezone);
  const sameOffset = startOffset === utcOffset(to - 60_000, settings.timezone);
  let night = 0;
  let sunday = 0;
  let holiday = 0;
  const holidayCache = new Map<string, 'full' | 'half' | null>();
  const holidayOn = (date: string) => {
    if (!holidayCache.has(date)) holidayCache.set(date, holidayOf(date));
    return holidayCache.get(date)!;
  };
  for (let t = from; t < to; t += 60_000) {
    const local = new Date(t + (sameOffset ? startOffset : utcOffset(t, settings.timezone)));
    const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
    const weekday = local.getUTCDay();
    const date = local.toISOString().slice(0, 10);
    if (isNight(minute)) night++;
    const late = minute >= SUNDAY_SHIFT_MINUTES;
    if ((weekday === 0 && !late) || (weekday === 6 && late)) {
      sunday++;
      continue;
    }
    // the holiday whose window this minute lies in: today's until 23:00, tomorrow's from 23:00
    const day = late ? new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10) : date;
    const kind = holidayOn(day);
    if (kind === 'full' || (kind === 'half' && !late && minute >= HALF_DAY_FROM)) holiday++;
  }
  const worked = Math.max(0, (to - from) / 60_000 - breakMinutes);
  return {
    night_minutes: Math.min(night, worked),
    sunday_minutes: Math.min(sunday, worked),
    holiday_minutes: Math.min(holiday, worked),
  };
}
