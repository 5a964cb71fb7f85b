/**
 * Swiss formats of the spec (part 2 §9): amounts with 2 decimals and ' as thousands separator
 * (CHF 1'234.50), dates dd.MM.yyyy. The same in all three languages, as in the UI.
 */

function group(integerDigits: string): string {
  return integerDigits.replace(/\B(?=(\d{3})+(?!\d))/g, "'");
}

/**
 * 1234.5 -> "1'234.5". With `decimals` the number is fixed to that many places, otherwise up to
 * `maxDecimals` without trailing zeros. Negative zero prints as "0".
 */
export function formatNumber(value: number, decimals?: number, maxDecimals = 2): string {
  if (!Number.isFinite(value)) return '–';
  let fixed = value.toFixed(decimals ?? maxDecimals);
  if (decimals === undefined && fixed.includes('.')) fixed = fixed.replace(/\.?0+$/, '');
  const negative = fixed.startsWith('-');
  const [intPart = '0', frac] = (negative ? fixed.slice(1) : fixed).split('.');
  const isZero = /^[0.]+$/.test(fixed.replace('-', ''));
  return `${negative && !isZero ? '-' : ''}${group(intPart)}${frac ? `.${frac}` : ''}`;
}

/** 1234.5 -> "1'234.50" */
export function formatAmount(value: number): string {
  return formatNumber(value, 2);
}

/** 1234.5 -> "CHF 1'234.50" */
export function formatChf(value: number): string {
  return `CHF ${formatAmount(value)}`;
}

/** 8.1 -> "8.1 %" */
export function formatPercent(value: number): string {
  return `${formatNumber(value, undefined, 2)} %`;
}

const zurichDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Zurich',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const zurichTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Zurich',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * "2025-03-07" -> "07.03.2025". A plain date is a calendar day; a timestamp is shown as the day
 * in Europe/Zurich. Empty/invalid -> "–".
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'string') {
    const plain = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (plain) return `${plain[3]}.${plain[2]}.${plain[1]}`;
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '–';
  const [y, m, d] = zurichDate.format(date).split('-');
  return `${d}.${m}.${y}`;
}

/** Timestamp -> "dd.MM.yyyy HH:mm" in Europe/Zurich. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '–';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '–';
  return `${formatDate(date)} ${zurichTime.format(date)}`;
}

/** Today's calendar day in Europe/Zurich as YYYY-MM-DD. */
export function zurichToday(now: Date = new Date()): string {
  return zurichDate.format(now);
}
