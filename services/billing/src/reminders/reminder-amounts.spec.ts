import { describe, expect, it } from '@jest/globals';
import { computeInvoiceTotals, roundToFiveRappen } from '@zunft/contracts';
import { defaultInterest, interestDays, interestStart, reminderAmounts } from './reminder-amounts.js';

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
      // one rate: the breakdown is the whole invoice
      vat_breakdown: [{ rate: 8.1, net: 739.2, vat: 59.88 }],
    });
  });
});

describe('default interest (OR 102, OR 104; actual/365, 0.05 CHF)', () => {
  it('counts calendar days after the start', () => {
    expect(interestDays('2026-03-31', '2026-03-31')).toBe(0);
    expect(interestDays('2026-03-31', '2026-04-01')).toBe(1);
    expect(interestDays('2026-01-31', '2026-03-02')).toBe(30);
    // across a leap day and a year end
    expect(interestDays('2028-02-28', '2028-03-01')).toBe(2);
    expect(interestDays('2026-12-31', '2027-01-14')).toBe(14);
    expect(interestDays('2026-05-10', '2026-05-01')).toBe(0);
  });

  it('is principal × rate × days / 365, rounded to 0.05 CHF (0.01 EUR)', () => {
    // 1000 × 5 % × 30 / 365 = 4.1095… → 4.10
    expect(defaultInterest(1000, 5, '2026-01-31', '2026-03-02')).toBe(4.1);
    expect(defaultInterest(1000, 5, '2026-01-31', '2026-03-02', 'EUR')).toBe(4.11);
    expect(defaultInterest(1000, 5, '2026-01-31', '2026-01-31')).toBe(0);
    // 2499.95 × 5 % × 365 / 365 = 124.9975 → 125.00
    expect(defaultInterest(2499.95, 5, '2026-01-01', '2027-01-01')).toBe(125);
  });

  const invoice = (over: Partial<Record<string, string>> = {}) => ({
    currency: 'CHF' as const,
    total_amount: '1000.00',
    open_amount: '1000.00',
    paid_amount: '0',
    credited_amount: '0',
    written_off_amount: '0',
    reminder_fees: '0',
    interest_amount: '0',
    ...over,
  });

  it('reminder amounts: this level fee, interest on the principal, total = what stays open', () => {
    const a = reminderAmounts({
      invoice: invoice({ open_amount: '1010.00', reminder_fees: '10.00', total_amount: '1000.00' }),
      levelFee: 20,
      interestEnabled: true,
      interestRate: 5,
      interestFrom: '2026-01-31',
      reminderDate: '2026-03-02',
    });
    // principal 1000 × 5 % × 30 / 365 = 4.1095 → 4.10; 1010 + 20 + 4.10
    expect(a).toEqual({
      open_amount: 1010,
      fee: 20,
      fees_total: 30,
      interest: 4.1,
      interest_days: 30,
      total_amount: 1034.1,
    });
    const off = reminderAmounts({
      invoice: invoice(),
      levelFee: 0,
      interestEnabled: false,
      interestRate: 5,
      interestFrom: '2026-01-31',
      reminderDate: '2026-03-02',
    });
    expect(off).toMatchObject({ interest: 0, interest_days: 0, total_amount: 1000 });
  });

  it('OR 85 para. 1: a part payment settles fees and interest first, so the principal bearing interest is the rest', () => {
    // total 1000, fees 20, interest 5 booked; paid 125: 25 to fees and interest, 100 to the principal → 900
    const a = reminderAmounts({
      invoice: invoice({
        open_amount: '900.00',
        paid_amount: '125.00',
        reminder_fees: '20.00',
        interest_amount: '5.00',
      }),
      levelFee: 0,
      interestEnabled: true,
      interestRate: 5,
      interestFrom: '2026-01-01',
      reminderDate: '2027-01-01',
    });
    // 900 × 5 % × 365 / 365 = 45.00
    expect(a.interest).toBe(45);
    expect(a.total_amount).toBe(945);
  });
});

describe('interest start (OR 102): first reminder, or the day after an agreed due date', () => {
  const base = { dueDate: '2026-03-01', reminderDate: '2026-04-10' };
  it('without the setting the first reminder starts it: no interest on it', () => {
    const from = interestStart({ ...base, previousReminderDate: null, fromDueDate: false });
    expect(from).toBe('2026-04-10');
    expect(defaultInterest(799.1, 5, from, base.reminderDate)).toBe(0);
  });
  it('with interest_from_due_date: from the day after the due date, Actual/365, to 0.05', () => {
    const from = interestStart({ ...base, previousReminderDate: null, fromDueDate: true });
    expect(from).toBe('2026-03-01');
    // 2 March … 10 April: 30 + 10 = 40 days; 799.10 × 5 % × 40 / 365 = 4.3786 → 4.40
    expect(interestDays(from, base.reminderDate)).toBe(40);
    expect(defaultInterest(799.1, 5, from, base.reminderDate)).toBe(4.4);
    // EUR to the cent: 4.38
    expect(defaultInterest(799.1, 5, from, base.reminderDate, 'EUR')).toBe(4.38);
  });
  it('a later reminder counts from the one before, whatever the setting', () => {
    for (const fromDueDate of [true, false]) {
      expect(interestStart({ ...base, previousReminderDate: '2026-03-20', fromDueDate })).toBe('2026-03-20');
    }
  });
  it('a reminder before the due date has passed counts no interest', () => {
    const from = interestStart({
      dueDate: '2026-04-20',
      reminderDate: '2026-04-10',
      previousReminderDate: null,
      fromDueDate: true,
    });
    expect(defaultInterest(799.1, 5, from, '2026-04-10')).toBe(0);
  });
});
