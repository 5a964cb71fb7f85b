import { describe, expect, it } from '@jest/globals';
import type { AbsenceDto } from '@zunft/contracts';
import { toAbsenceRequest } from './AbsenceFormModal';
import {
  isoWeek,
  monthLabel,
  monthRange,
  pickAccount,
  shiftMonth,
  signedHours,
  sortAbsences,
} from './workingTimeHelpers';

describe('working-time helpers', () => {
  it('moves months across the year and knows their last day (leap years too)', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-11', 14)).toBe('2028-01');
    expect(monthRange('2026-02')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange('2026-11')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  });

  it('numbers weeks as ISO 8601 (the Thursday decides the year)', () => {
    expect(isoWeek('2026-11-02')).toBe(45);
    expect(isoWeek('2026-11-30')).toBe(49);
    expect(isoWeek('2026-12-28')).toBe(53);
    expect(isoWeek('2027-01-01')).toBe(53);
    expect(isoWeek('2025-12-29')).toBe(1);
  });

  it('names the month in the page language', () => {
    expect(monthLabel('2026-11', 'de')).toBe('November 2026');
    expect(monthLabel('2026-03', 'fr')).toBe('mars 2026');
    expect(monthLabel('2026-03', 'it')).toBe('marzo 2026');
  });

  it('signs balances and picks the chosen, else the own, else the first account', () => {
    const format = (h: number) => `${h.toFixed(1)} h`;
    expect(signedHours(11, format)).toBe('+11.0 h');
    expect(signedHours(-2.26, format)).toBe('-2.3 h');
    expect(signedHours(0.04, format)).toBe('0.0 h');
    const a = { userId: 'a' } as never;
    const b = { userId: 'b' } as never;
    expect(pickAccount([a, b], 'b', 'a')).toBe(b);
    expect(pickAccount([a, b], 'x', 'b')).toBe(b);
    expect(pickAccount([a, b], null, null)).toBe(a);
    expect(pickAccount([], null, 'a')).toBeNull();
  });

  it('lists open requests first, then by first day', () => {
    const absence = (id: string, status: AbsenceDto['status'], start: string) =>
      ({ id, status, start_date: start }) as AbsenceDto;
    const sorted = sortAbsences([
      absence('1', 'approved', '2026-11-02'),
      absence('2', 'requested', '2026-11-20'),
      absence('3', 'rejected', '2026-11-01'),
      absence('4', 'requested', '2026-11-10'),
    ]);
    expect(sorted.map((a) => a.id)).toEqual(['4', '2', '3', '1']);
  });

  it('builds the request from the form with the contract: an employee always asks for holiday', () => {
    const values = {
      userId: 'ignored',
      type: 'sick' as const,
      startDate: '2026-12-21',
      endDate: '2026-12-23',
      halfDay: 'full' as const,
    };
    expect(toAbsenceRequest(values, false)).toEqual({
      body: { type: 'holiday', startDate: '2026-12-21', endDate: '2026-12-23', halfDay: null, note: null },
    });
    const userId = '00000000-0000-4000-8000-000000000002';
    expect(toAbsenceRequest({ ...values, userId, endDate: '2026-12-21', halfDay: 'pm' }, true)).toEqual({
      body: { userId, type: 'sick', startDate: '2026-12-21', endDate: '2026-12-21', halfDay: 'pm', note: null },
    });
  });

  it('answers the contract’s German messages per field', () => {
    const result = toAbsenceRequest(
      { userId: null, type: 'holiday', startDate: '2026-12-23', endDate: '2026-12-21', halfDay: 'full' },
      false,
    );
    expect(result).toEqual({
      errors: [{ name: 'endDate', errors: ['Das Enddatum darf nicht vor dem Startdatum liegen'] }],
    });
  });
});
