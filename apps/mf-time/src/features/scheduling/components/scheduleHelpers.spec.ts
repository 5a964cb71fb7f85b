import { describe, expect, it } from '@jest/globals';
import type { ScheduleAssignmentDto } from '@zunft/contracts';
import {
  byCell,
  cellKey,
  dayMonth,
  timeWindowText,
  toAssignmentRequest,
  todayIso,
  weekRange,
  weekdayKey,
} from './scheduleHelpers';

describe('scheduling helpers', () => {
  it('week range in Swiss format, across months and years', () => {
    expect(weekRange('2026-11-23')).toBe('23.–29.11.2026');
    expect(weekRange('2026-11-30')).toBe('30.11.–06.12.2026');
    expect(weekRange('2025-12-29')).toBe('29.12.2025–04.01.2026');
  });

  it('day labels and time windows', () => {
    expect(dayMonth('2026-11-24')).toBe('24.11.');
    expect(weekdayKey('2026-11-23')).toBe('mon');
    expect(weekdayKey('2026-11-29')).toBe('sun');
    expect(timeWindowText({ start_time: '07:30', end_time: '12:00' }, 'Ganzer Tag')).toBe('07:30–12:00');
    expect(timeWindowText({ start_time: null, end_time: null }, 'Ganzer Tag')).toBe('Ganzer Tag');
    expect(todayIso(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('groups assignments per employee and day', () => {
    const a = { id: 'a', user_id: 'u1', work_date: '2026-11-24' } as ScheduleAssignmentDto;
    const b = { id: 'b', user_id: 'u1', work_date: '2026-11-24' } as ScheduleAssignmentDto;
    const c = { id: 'c', user_id: 'u2', work_date: '2026-11-24' } as ScheduleAssignmentDto;
    const cells = byCell([a, b, c]);
    expect(cells.get(cellKey('u1', '2026-11-24'))?.map((x) => x.id)).toEqual(['a', 'b']);
    expect(cells.get(cellKey('u2', '2026-11-24'))?.map((x) => x.id)).toEqual(['c']);
    expect(cells.get(cellKey('u2', '2026-11-25'))).toBeUndefined();
  });

  it('form values become the request: empty times and note are null', () => {
    expect(
      toAssignmentRequest({
        userId: 'u',
        projectId: 'p',
        workDate: '2026-11-24',
        startTime: '',
        endTime: undefined,
        note: ' ',
      }),
    ).toEqual({ userId: 'u', projectId: 'p', workDate: '2026-11-24', startTime: null, endTime: null, note: null });
    expect(
      toAssignmentRequest({
        userId: 'u',
        projectId: 'p',
        workDate: '2026-11-24',
        startTime: '08:00',
        endTime: '12:00',
        note: 'Dach',
      }),
    ).toEqual({
      userId: 'u',
      projectId: 'p',
      workDate: '2026-11-24',
      startTime: '08:00',
      endTime: '12:00',
      note: 'Dach',
    });
  });
});
