import { describe, expect, it } from '@jest/globals';
import { calculateAdditionalUser, roundTo5Rappen, shiftDay } from './pricing.js';

describe('pro-rata price of an additional employee', () => {
  it('charges the full month at the start of the period', () => {
    expect(calculateAdditionalUser('monthly', '2026-04-01', '2026-03-01')).toEqual({
      description: 'Zusätzlicher Mitarbeiter, anteilig für 31 Tage bis 01.04.2026',
      billing_cycle: 'monthly',
      price_per_user: 12.5,
      days_remaining: 31,
      daily_rate: 0.4032,
      prorata_amount: 12.5,
      next_billing_date: '2026-04-01',
    });
  });

  it('charges the days left in the middle of the month, rounded to 5 Rappen', () => {
    // 12.50 × 16 / 31 = 6.4516…
    const calc = calculateAdditionalUser('monthly', '2026-04-01', '2026-03-16');
    expect([calc.days_remaining, calc.prorata_amount]).toEqual([16, 6.45]);
    // 12.50 × 15 / 30 = 6.25 (a 30-day period)
    expect(calculateAdditionalUser('monthly', '2026-05-10', '2026-04-25').prorata_amount).toBe(6.25);
  });

  it('charges one day on the last day of the period', () => {
    const calc = calculateAdditionalUser('monthly', '2026-04-01', '2026-03-31');
    expect([calc.days_remaining, calc.prorata_amount]).toEqual([1, 0.4]);
    // February: 28 days, 12.50 / 28 = 0.4464 → 0.45
    expect(calculateAdditionalUser('monthly', '2026-03-01', '2026-02-28').prorata_amount).toBe(0.45);
  });

  it('uses the yearly price and the days of the year for a yearly subscription', () => {
    // 120 × 183 / 365 = 60.16… → 60.15
    const calc = calculateAdditionalUser('yearly', '2027-01-01', '2026-07-02');
    expect(calc).toMatchObject({
      billing_cycle: 'yearly',
      price_per_user: 120,
      days_remaining: 183,
      prorata_amount: 60.15,
    });
    expect(calculateAdditionalUser('yearly', '2027-01-01', '2026-01-01').prorata_amount).toBe(120);
    // Leap year: 366 days
    expect(calculateAdditionalUser('yearly', '2028-03-01', '2027-03-01').days_remaining).toBe(366);
  });

  it('rounds to 5 Rappen and shifts month ends', () => {
    expect([roundTo5Rappen(0.024), roundTo5Rappen(0.025), roundTo5Rappen(1.074), roundTo5Rappen(1.075)]).toEqual([
      0, 0.05, 1.05, 1.1,
    ]);
    expect(shiftDay('2026-03-31', 'monthly', -1)).toBe('2026-02-28');
    expect(shiftDay('2026-01-31', 'monthly', 1)).toBe('2026-02-28');
    expect(shiftDay('2028-02-29', 'yearly', 1)).toBe('2029-02-28');
  });
});
