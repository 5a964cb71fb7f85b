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
