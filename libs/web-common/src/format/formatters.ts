/** Swiss German formats (part 1 §9): CHF with 2 decimals and ' as thousands separator, dd.MM.yyyy. */

function group(integerDigits: string): string {
  return integerDigits.replace(/\B(?=(\d{3})+(?!\d))/g, "'");
}

function toNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * 1234.5 -> "1'234.5". With `decimals` the number is fixed to that many places, otherwise up to
 * `maxDecimals` (default 2) without trailing zeros. Invalid input -> "–".
 */
export function formatNumber(value: number | string | null | undefined, decimals?: number, maxDecimals = 2): string {
  const n = toNumber(value);
  if (n === null) return '–';
  let fixed = n.toFixed(decimals ?? maxDecimals);
  if (decimals === undefined && fixed.includes('.')) fixed = fixed.replace(/\.?0+$/, '');
  const negative = fixed.startsWith('-');
  const [intPart = '0', frac] = (negative ? fixed.slice(1) : fixed).split('.');
  const isZero = /^[0.]+$/.test(fixed.replace('-', ''));
  return `${negative && !isZero ? '-' : ''}${group(intPart)}${frac ? `.${frac}` : ''}`;
}

/** 1234.5 -> "CHF 1'234.50" */
export function formatCHF(value: number | string | null | undefined): string {
  const n = toNumber(value);
  if (n === null) return '–';
  return `CHF ${formatNumber(n, 2)}`;
}

/** Hours rounded to 0.1: 7.46 -> "7.5 h" */
export function formatHours(value: number | string | null | undefined): string {
  const n = toNumber(value);
  if (n === null) return '–';
  return `${formatNumber(Math.round(n * 10) / 10, 1)} h`;
}

const pad = (n: number) => String(n).padStart(2, '0');

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  // A plain date 'yyyy-MM-dd' is a calendar day, not UTC midnight.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    return new Date(y, m - 1, d);
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** -> "dd.MM.yyyy" in local time; invalid/empty -> "–" */
export function formatDate(value: Date | string | number | null | undefined): string {
  const d = toDate(value);
  if (!d) return '–';
  return `${pad(d.getDate())}.${pad(d.getMonth() + 1)}.${d.getFullYear()}`;
}

/** -> "dd.MM.yyyy HH:mm" in local time; invalid/empty -> "–" */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  const d = toDate(value);
  if (!d) return '–';
  return `${formatDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Minutes -> "h:mm" (e.g. the running-timer indicator). */
export function formatDurationHM(totalMinutes: number): string {
  const m = Math.max(0, Math.floor(totalMinutes));
  return `${Math.floor(m / 60)}:${pad(m % 60)}`;
}
