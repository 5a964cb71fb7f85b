import { describe, expect, it } from '@jest/globals';
import {
  formatAmount,
  formatChf,
  formatDate,
  formatDateTime,
  formatNumber,
  formatPercent,
  zurichToday,
} from './swiss-format.js';

describe('Swiss formats', () => {
  it('formats CHF with apostrophe thousands separators and 2 decimals', () => {
    expect(formatChf(1234.5)).toBe("CHF 1'234.50");
    expect(formatChf(0)).toBe('CHF 0.00');
    expect(formatChf(1234567.891)).toBe("CHF 1'234'567.89");
    expect(formatChf(-1500)).toBe("CHF -1'500.00");
    expect(formatAmount(-0.001)).toBe('0.00');
  });

  it('formats quantities and percentages without trailing zeros', () => {
    expect(formatNumber(24.5)).toBe('24.5');
    expect(formatNumber(16)).toBe('16');
    expect(formatNumber(1250.125)).toBe("1'250.13");
    expect(formatPercent(8.1)).toBe('8.1 %');
    expect(formatPercent(10)).toBe('10 %');
  });

  it('formats dates dd.MM.yyyy; timestamps as the day in Zurich', () => {
    expect(formatDate('2025-03-07')).toBe('07.03.2025');
    expect(formatDate('2025-03-10T23:30:00Z')).toBe('11.03.2025');
    expect(formatDate('2025-07-10T21:59:00Z')).toBe('10.07.2025');
    expect(formatDate(null)).toBe('–');
    expect(formatDate('not a date')).toBe('–');
    expect(formatDateTime('2025-01-15T08:05:00Z')).toBe('15.01.2025 09:05');
  });

  it('knows the calendar day in Zurich', () => {
    expect(zurichToday(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
    expect(zurichToday(new Date('2025-06-15T12:00:00Z'))).toBe('2025-06-15');
  });
});
