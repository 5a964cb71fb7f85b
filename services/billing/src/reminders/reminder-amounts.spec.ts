import { describe, expect, it } from '@jest/globals';
import { computeInvoiceTotals, roundToFiveRappen } from '@zunft/contracts';
import { defaultInterest, interestDays, reminderAmounts } from './reminder-amounts.js';

describe('5-Rappen rounding (the quote rule, reused for invoices and reminders)', () => {
  it.each([
    [10.01, 10.0],
    [10.02, 10.0],
    [10.03, 10.05],
    [10.04, 10.05],
    [10.05, 10.05],
    [10.06, 10.05],
    [10.07, 10.05],
    [10.08, 10.1],
    [10.09, 10.1],
    [0.025, 0.05],
    [1234567.97, 1234567.95],
  ])('%p → %p', (amount, rounded) => expect(roundToFiveRappen(amount)).toBe(rounded));

  it('invoice totals: VAT at the rate, rounding as its own line', () => {
    const t = computeInvoiceTotals(
      [
        { quantity: 7.5, unitPrice: 95 },
        { quantity: 3, unitPrice: 8.9 },
      ],
      8.1,
    );
    // 712.50 + 26.70 = 739.20; VAT 59.8752 → 59.88; 799.08 → 799.10
    expect(t).toEqual({
      item_totals: [712.5, 26.7],
      subtotal: 739.2,
      vat_amount: 59.88,
      total_before_rounding: 799.08,
      rounding: 0.02,
      total: 799.1,
    });
  });
});

describe('default interest (OR 104, from the day after the due date)', () => {
  it('counts calendar days after the due date', () => {
    expect(interestDays('2026-03-31', '2026-03-31')).toBe(0);
    expect(interestDays('2026-03-31', '2026-04-01')).toBe(1);
    expect(interestDays('2026-01-31', '2026-03-02')).toBe(30);
    // across a leap day and a year end
    expect(interestDays('2028-02-28', '2028-03-01')).toBe(2);
    expect(interestDays('2026-12-31', '2027-01-14')).toBe(14);
    // not yet due: no days
    expect(interestDays('2026-05-10', '2026-05-01')).toBe(0);
  });

  it('is open amount × rate × days / 365, rounded to the Rappen', () => {
    // 1000 × 5 % × 30 / 365 = 4.1095…
    expect(defaultInterest(1000, 5, '2026-01-31', '2026-03-02')).toBe(4.11);
    expect(defaultInterest(1000, 5, '2026-01-31', '2026-01-31')).toBe(0);
    expect(defaultInterest(2499.95, 5, '2026-01-01', '2027-01-01')).toBe(125);
  });

  it('reminder amounts: fees so far + this level, interest, new total to 5 Rappen', () => {
    const a = reminderAmounts({
      openAmount: 1000,
      earlierFees: 10,
      levelFee: 20,
      interestEnabled: true,
      interestRate: 5,
      dueDate: '2026-01-31',
      reminderDate: '2026-03-02',
    });
    expect(a).toEqual({
      open_amount: 1000,
      fee: 20,
      fees_total: 30,
      interest: 4.11,
      interest_days: 30,
      total_amount: 1034.1,
    });
    const off = reminderAmounts({
      ...{ openAmount: 1000, earlierFees: 0, levelFee: 0 },
      interestEnabled: false,
      interestRate: 5,
      dueDate: '2026-01-31',
      reminderDate: '2026-03-02',
    });
    expect(off.interest).toBe(0);
    expect(off.interest_days).toBe(0);
    expect(off.total_amount).toBe(1000);
  });
});
