import { describe, expect, it } from '@jest/globals';
import type { z } from 'zod';
import { firstIssueMessage } from './common.js';
import {
  SCHEDULE_MESSAGES,
  addDays,
  copyScheduleWeekRequestSchema,
  createScheduleAssignmentRequestSchema,
  findConflicts,
  isMonday,
  isoWeekNumber,
  mondayOf,
  scheduleWeekQuerySchema,
  timeWindowsOverlap,
  updateScheduleAssignmentRequestSchema,
  weekDays,
  type ScheduleSlot,
} from './scheduling.js';

const USER = '6f1c2b8e-0a4d-4c3b-9e2f-1a2b3c4d5e6f';
const OTHER_USER = '7f1c2b8e-0a4d-4c3b-9e2f-1a2b3c4d5e6f';
const PROJECT = '8f1c2b8e-0a4d-4c3b-9e2f-1a2b3c4d5e6f';

function errorOf(schema: z.ZodType, value: unknown): string | null {
  const r = schema.safeParse(value);
  return r.success ? null : firstIssueMessage(r.error);
}

const win = (start_time: string | null, end_time: string | null) => ({ start_time, end_time });

let n = 0;
const slot = (over: Partial<ScheduleSlot> = {}): ScheduleSlot => ({
  id: `s${++n}`,
  user_id: USER,
  work_date: '2026-11-23',
  start_time: null,
  end_time: null,
  ...over,
});

describe('overlap rule', () => {
  it('windows that overlap conflict, windows that only touch do not', () => {
    expect(timeWindowsOverlap(win('08:00', '12:00'), win('11:00', '15:00'))).toBe(true);
    expect(timeWindowsOverlap(win('08:00', '12:00'), win('09:00', '10:00'))).toBe(true);
    expect(timeWindowsOverlap(win('09:00', '10:00'), win('08:00', '12:00'))).toBe(true);
    expect(timeWindowsOverlap(win('08:00', '12:00'), win('08:00', '12:00'))).toBe(true);
    expect(timeWindowsOverlap(win('08:00', '12:00'), win('12:00', '16:00'))).toBe(false);
    expect(timeWindowsOverlap(win('12:00', '16:00'), win('08:00', '12:00'))).toBe(false);
    expect(timeWindowsOverlap(win('07:00', '08:00'), win('13:00', '17:00'))).toBe(false);
  });

  it('a whole-day assignment overlaps everything', () => {
    expect(timeWindowsOverlap(win(null, null), win('06:00', '07:00'))).toBe(true);
    expect(timeWindowsOverlap(win('22:00', '23:00'), win(null, null))).toBe(true);
    expect(timeWindowsOverlap(win(null, null), win(null, null))).toBe(true);
  });

  it('findConflicts pairs only the same employee on the same day', () => {
    const a = slot({ start_time: '08:00', end_time: '12:00' });
    const b = slot({ start_time: '12:00', end_time: '16:00' });
    const c = slot({ start_time: '11:30', end_time: '13:00' });
    const whole = slot({ work_date: '2026-11-24' });
    const sameDayOther = slot({ work_date: '2026-11-24', start_time: '08:00', end_time: '09:00' });
    const otherUser = slot({ user_id: OTHER_USER, start_time: '08:00', end_time: '12:00' });
    const otherDay = slot({ work_date: '2026-11-25', start_time: '08:00', end_time: '12:00' });
    const result = findConflicts([a, b, c, whole, sameDayOther, otherUser, otherDay]);
    expect(result.get(a.id)).toEqual([c.id]);
    expect(result.get(b.id)).toEqual([c.id]);
    expect(result.get(c.id)).toEqual([a.id, b.id]);
    expect(result.get(whole.id)).toEqual([sameDayOther.id]);
    expect(result.get(sameDayOther.id)).toEqual([whole.id]);
    expect(result.get(otherUser.id)).toEqual([]);
    expect(result.get(otherDay.id)).toEqual([]);
  });
});

describe('calendar helpers', () => {
  it('Monday, week days, KW', () => {
    expect(isMonday('2026-11-23')).toBe(true);
    expect(isMonday('2026-11-24')).toBe(false);
    expect(isMonday('2026-02-30')).toBe(false);
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
    expect(weekDays('2026-11-23')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(isoWeekNumber('2026-11-23')).toBe(48);
    expect(isoWeekNumber('2026-01-01')).toBe(1);
    expect(isoWeekNumber('2027-01-01')).toBe(53);
    expect(isoWeekNumber('2025-12-29')).toBe(1);
  });
});

describe('request schemas (German messages)', () => {
  const base = { userId: USER, projectId: PROJECT, workDate: '2026-11-24' };

  it('whole day without times; empty strings mean no time and no note', () => {
    expect(createScheduleAssignmentRequestSchema.parse({ ...base, startTime: '', endTime: '', note: ' ' })).toEqual({
      ...base,
      startTime: null,
      endTime: null,
      note: null,
    });
    expect(
      createScheduleAssignmentRequestSchema.parse({ ...base, startTime: '07:30', endTime: '12:00', note: ' Dach ' }),
    ).toEqual({ ...base, startTime: '07:30', endTime: '12:00', note: 'Dach' });
  });

  it('rejects bad input with the message the form shows', () => {
    const s = createScheduleAssignmentRequestSchema;
    expect(errorOf(s, { ...base, userId: undefined })).toBe('Mitarbeiter ist erforderlich');
    expect(errorOf(s, { ...base, projectId: 'x' })).toBe('Projekt ist erforderlich');
    expect(errorOf(s, { ...base, workDate: '' })).toBe('Datum ist erforderlich');
    expect(errorOf(s, { ...base, workDate: '24.11.2026' })).toBe('Datum muss im Format JJJJ-MM-TT sein');
    expect(errorOf(s, { ...base, workDate: '2026-02-30' })).toBe('Datum ist kein gültiges Datum');
    expect(errorOf(s, { ...base, startTime: '7:30', endTime: '12:00' })).toBe(
      'Von muss eine Uhrzeit im Format HH:mm sein',
    );
    expect(errorOf(s, { ...base, startTime: '07:30', endTime: '24:00' })).toBe(
      'Bis muss eine Uhrzeit im Format HH:mm sein',
    );
    expect(errorOf(s, { ...base, startTime: '07:30' })).toBe(SCHEDULE_MESSAGES.timeWindowIncomplete);
    expect(errorOf(s, { ...base, endTime: '07:30' })).toBe(SCHEDULE_MESSAGES.timeWindowIncomplete);
    expect(errorOf(s, { ...base, startTime: '12:00', endTime: '08:00' })).toBe('Bis muss nach Von liegen');
    expect(errorOf(s, { ...base, startTime: '12:00', endTime: '12:00' })).toBe('Bis muss nach Von liegen');
    expect(errorOf(s, { ...base, note: 'x'.repeat(501) })).toBe('Notiz ist zu lang (max. 500 Zeichen)');
  });

  it('update: untouched window stays; a half window is refused', () => {
    expect(updateScheduleAssignmentRequestSchema.parse({ note: 'neu' })).toEqual({ note: 'neu' });
    expect(errorOf(updateScheduleAssignmentRequestSchema, { startTime: '08:00' })).toBe(
      SCHEDULE_MESSAGES.timeWindowIncomplete,
    );
    expect(updateScheduleAssignmentRequestSchema.parse({ startTime: null, endTime: null })).toEqual({
      startTime: null,
      endTime: null,
    });
  });

  it('week query and copy-week need Mondays', () => {
    expect(scheduleWeekQuerySchema.parse({})).toEqual({});
    expect(scheduleWeekQuerySchema.parse({ weekStart: '2026-11-23' })).toEqual({ weekStart: '2026-11-23' });
    expect(errorOf(scheduleWeekQuerySchema, { weekStart: '2026-11-24' })).toBe('Der Wochenbeginn muss ein Montag sein');
    expect(errorOf(scheduleWeekQuerySchema, { weekStart: 'morgen' })).toBe(
      'Wochenbeginn muss im Format JJJJ-MM-TT sein',
    );
    expect(errorOf(copyScheduleWeekRequestSchema, { fromWeekStart: '2026-11-23', toWeekStart: '2026-11-23' })).toBe(
      SCHEDULE_MESSAGES.sameWeek,
    );
    expect(errorOf(copyScheduleWeekRequestSchema, { fromWeekStart: '2026-11-23', toWeekStart: '2026-12-01' })).toBe(
      SCHEDULE_MESSAGES.weekStartNotMonday,
    );
  });
});
