import type { AbsenceDto, TimeAccountDto } from '@zunft/contracts';

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM of a local date (default today). */
export function monthOf(date: Date = new Date()): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}`;
}

/** The month `delta` months after `month` (yyyy-MM). */
export function shiftMonth(month: string, delta: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
}

/** First and last day of a month (yyyy-MM-dd). */
export function monthRange(month: string): { from: string; to: string } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${pad(last)}` };
}

const LOCALES: Record<string, string> = { de: 'de-CH', fr: 'fr-CH', it: 'it-CH' };

/** «November 2026» in the page's language. */
export function monthLabel(month: string, language: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(LOCALES[language] ?? 'de-CH', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, m - 1, 1)));
}

/** ISO 8601 week number of a day (yyyy-MM-dd), e.g. the Monday a chart bar starts on. */
export function isoWeek(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  // The Thursday of the same week decides the year the week belongs to.
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  return Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7);
}

/** The account to show: the chosen user's, else the signed-in user's, else the first. */
export function pickAccount(
  accounts: readonly TimeAccountDto[],
  chosen: string | null,
  own: string | null,
): TimeAccountDto | null {
  return accounts.find((a) => a.userId === chosen) ?? accounts.find((a) => a.userId === own) ?? accounts[0] ?? null;
}

/** Requests waiting for the office first, then by start day. */
export function sortAbsences(absences: readonly AbsenceDto[]): AbsenceDto[] {
  const rank = (a: AbsenceDto) => (a.status === 'requested' ? 0 : 1);
  return [...absences].sort((a, b) => rank(a) - rank(b) || a.start_date.localeCompare(b.start_date));
}

/** Hours with a sign for balances: +3.5 h, -2 h, 0 h. */
export function signedHours(hours: number, format: (h: number) => string): string {
  const rounded = Math.round(hours * 10) / 10;
  return rounded > 0 ? `+${format(rounded)}` : format(rounded);
}
