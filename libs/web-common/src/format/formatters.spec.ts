import { describe, expect, it } from '@jest/globals';
import { formatCHF, formatDate, formatDateTime, formatDurationHM, formatHours, formatNumber } from './formatters';

describe('Swiss formatters', () => {
  it('formats CHF with apostrophe thousands separator and two decimals', () => {
    expect(formatCHF(1234.5)).toBe("CHF 1'234.50");
    expect(formatCHF(0)).toBe('CHF 0.00');
    expect(formatCHF(12.5)).toBe('CHF 12.50');
    expect(formatCHF(1234567.891)).toBe("CHF 1'234'567.89");
    expect(formatCHF(-1500)).toBe("CHF -1'500.00");
    expect(formatCHF('150')).toBe('CHF 150.00');
    expect(formatCHF(null)).toBe('–');
    expect(formatCHF('abc')).toBe('–');
  });

  it('formats plain numbers without trailing zeros unless decimals are fixed', () => {
    expect(formatNumber(1234)).toBe("1'234");
    expect(formatNumber(1234.5)).toBe("1'234.5");
    expect(formatNumber(1234.567)).toBe("1'234.57");
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000, 2)).toBe("1'000.00");
    expect(formatNumber(-0.001, 2)).toBe('0.00');
    expect(formatNumber(undefined)).toBe('–');
  });

  it('rounds hours to one decimal', () => {
    expect(formatHours(7.46)).toBe('7.5 h');
    expect(formatHours(7.44)).toBe('7.4 h');
    expect(formatHours(0)).toBe('0.0 h');
    expect(formatHours(1234.25)).toBe("1'234.3 h");
  });

  it('formats dates as dd.MM.yyyy and date-times as dd.MM.yyyy HH:mm in local time', () => {
    const d = new Date(2025, 2, 5, 7, 4); // 5 March 2025 07:04 local
    expect(formatDate(d)).toBe('05.03.2025');
    expect(formatDateTime(d)).toBe('05.03.2025 07:04');
    expect(formatDate('2025-12-31')).toBe('31.12.2025');
    expect(formatDateTime(d.toISOString())).toBe('05.03.2025 07:04');
    expect(formatDate(null)).toBe('–');
    expect(formatDate('not a date')).toBe('–');
  });

  it('formats durations as h:mm', () => {
    expect(formatDurationHM(0)).toBe('0:00');
    expect(formatDurationHM(65)).toBe('1:05');
    expect(formatDurationHM(600)).toBe('10:00');
  });
});
