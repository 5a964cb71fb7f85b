import { ianaTimeZone } from '@zunft/contracts';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The local calendar day (yyyy-MM-dd) of an instant in a time zone setting. */
export function localDate(instant: Date, timeZone: string): string {
  const zone = ianaTimeZone(timeZone);
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('sv-SE', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(zone, f);
  }
  return f.format(instant);
}

const DAY_MS = 86_400_000;

/** yyyy-MM-dd plus n days. */
export function addDays(isoDate: string, n: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday of a calendar day. */
export function weekdayOf(isoDate: string): number {
  return new Date(`${isoDate}T00:00:00Z`).getUTCDay();
}

/** The Monday of the ISO week of a day. */
export function mondayOf(isoDate: string): string {
  return addDays(isoDate, -((weekdayOf(isoDate) + 6) % 7));
}

/** Every day from `from` to `to`, both inclusive. */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}

/** First and last day of a month `YYYY-MM`. */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}
