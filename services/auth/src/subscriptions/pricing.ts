import { LIMITS, type BillingCycle, type PaymentCalculation } from '@zunft/contracts';

const DAY_MS = 86_400_000;

/** Price per employee and billing period (part 2 §9). */
export function pricePerUser(cycle: BillingCycle): number {
  return cycle === 'yearly' ? LIMITS.pricing.yearlyPerEmployee : LIMITS.pricing.monthlyPerEmployee;
}

/** Stripe wants the smallest currency unit (Rappen). */
export const toRappen = (chf: number) => Math.round(chf * 100);

/** Rounded to 5 Rappen, as Swiss amounts are paid. */
export function roundTo5Rappen(chf: number): number {
  return (Math.round(Math.round(chf * 100 * 1e6) / 1e6 / 5) * 5) / 100;
}

/** yyyy-MM-dd of a date in Zurich (the day a Swiss customer sees). */
export function zurichDay(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(date);
}

const dayNumber = (isoDay: string) => Math.round(Date.parse(`${isoDay}T00:00:00Z`) / DAY_MS);

/** The same day one month (year) earlier or later, clamped to the month's last day. */
export function shiftDay(isoDay: string, cycle: BillingCycle, direction: 1 | -1): string {
  const [y, m, d] = isoDay.split('-').map(Number) as [number, number, number];
  const year = cycle === 'yearly' ? y + direction : y;
  const monthIndex = cycle === 'yearly' ? m - 1 : m - 1 + direction;
  const first = new Date(Date.UTC(year, monthIndex, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

function formatSwissDay(isoDay: string): string {
  const [y, m, d] = isoDay.split('-');
  return `${d}.${m}.${y}`;
}

/**
 * What one more employee costs from today to the next billing date: the period's price per day
 * times the days left (today included), rounded to 5 Rappen. The period is the billing cycle that
 * ends on `nextBillingDate`.
 */
export function calculateAdditionalUser(
  cycle: BillingCycle,
  nextBillingDate: string,
  today: string,
): PaymentCalculation {
  const price = pricePerUser(cycle);
  const periodStart = shiftDay(nextBillingDate, cycle, -1);
  const periodDays = dayNumber(nextBillingDate) - dayNumber(periodStart);
  const daysRemaining = Math.min(periodDays, Math.max(1, dayNumber(nextBillingDate) - dayNumber(today)));
  const prorata = roundTo5Rappen((price * daysRemaining) / periodDays);
  return {
    description: `Zusätzlicher Mitarbeiter, anteilig für ${daysRemaining} ${daysRemaining === 1 ? 'Tag' : 'Tage'} bis ${formatSwissDay(nextBillingDate)}`,
    billing_cycle: cycle,
    price_per_user: price,
    days_remaining: daysRemaining,
    daily_rate: Math.round((price / periodDays) * 10_000) / 10_000,
    prorata_amount: prorata,
    next_billing_date: nextBillingDate,
  };
}
