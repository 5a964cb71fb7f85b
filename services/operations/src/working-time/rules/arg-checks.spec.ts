import { describe, expect, it } from '@jest/globals';
import { checkWorkingTime, requiredBreakMinutes, type WorkInterval } from './arg-checks.js';
import { cantonHolidays, holidayCalendar } from './holidays.js';

// Zurich winter time (UTC+1). 2026-11-09 is a Monday, 2026-11-15 a Sunday.
const zh = (local: string) => new Date(`${local}+01:00`);
const e = (day: string, from: string, to: string, breakMinutes = 0, toDay = day): WorkInterval => ({
  start: zh(`${day}T${from}:00`),
  end: zh(`${toDay}T${to}:00`),
  breakMinutes,
});
const settings = {
  timezone: 'Europe/Zurich',
  weeklyMaxHours: 45,
  holidays: holidayCalendar(cantonHolidays('ZH', 2026)),
};
const rules = (entries: WorkInterval[], s = settings) => checkWorkingTime(entries, s).map((f) => `${f.date} ${f.rule}`);

describe('ArG art. 15: breaks', () => {
  it('the minimum by worked time', () => {
    expect([330, 331, 420, 421, 540, 541].map(requiredBreakMinutes)).toEqual([0, 15, 15, 30, 30, 60]);
  });

  it('13.5 h without a break (the issue’s case) and 9.5 h with only 30 minutes are warned', () => {
    expect(checkWorkingTime([e('2026-11-10', '06:00', '19:30')], settings)).toEqual([
      { date: '2026-11-10', rule: 'break', params: { hours: '13.5', required: 60, taken: 0 } },
    ]);
    expect(checkWorkingTime([e('2026-11-11', '07:00', '17:00', 30)], settings)[0]?.params).toEqual({
      hours: '9.5',
      required: 60,
      taken: 30,
    });
    expect(rules([e('2026-11-11', '07:00', '17:00', 60)])).toEqual([]);
  });

  it('the gap between two entries of a day is a break', () => {
    // 07:00–12:00 and 12:45–17:00: 9.25 h worked, 45 min taken, 60 required
    expect(checkWorkingTime([e('2026-11-10', '07:00', '12:00'), e('2026-11-10', '12:45', '17:00')], settings)).toEqual([
      { date: '2026-11-10', rule: 'break', params: { hours: '9.3', required: 60, taken: 45 } },
    ]);
    expect(rules([e('2026-11-10', '07:00', '12:00'), e('2026-11-10', '13:00', '17:00')])).toEqual([]);
  });
});

describe('ArG art. 15a and 10: daily rest and span', () => {
  it('8 h between the end of one day and the start of the next is less than 11 h', () => {
    expect(
      checkWorkingTime([e('2026-11-10', '15:00', '23:00', 30), e('2026-11-11', '07:00', '12:00')], settings),
    ).toEqual([{ date: '2026-11-11', rule: 'daily_rest', params: { hours: '8.0' } }]);
    expect(rules([e('2026-11-10', '12:00', '20:00', 30), e('2026-11-11', '07:00', '12:00')])).toEqual([]);
  });

  it('a day from 06:00 to 21:00 spans 15 h, more than 14 h', () => {
    expect(checkWorkingTime([e('2026-11-10', '06:00', '12:00'), e('2026-11-10', '17:00', '21:00')], settings)).toEqual([
      { date: '2026-11-10', rule: 'day_span', params: { hours: '15.0' } },
    ]);
  });
});

describe('ArG art. 9: weekly maximum', () => {
  const week = ['09', '10', '11', '12', '13'].map((d) => e(`2026-11-${d}`, '07:00', '18:00', 60)); // 5 × 10 h
  it('50 h in a week is over 45 h (warned on its Sunday) but within 50 h', () => {
    expect(checkWorkingTime(week, settings)).toEqual([
      { date: '2026-11-15', rule: 'weekly_max', params: { hours: '50.0', max: 45 } },
    ]);
    expect(rules(week, { ...settings, weeklyMaxHours: 50 })).toEqual([]);
  });
});

describe('Sunday, holidays and days in a row', () => {
  it('work on a Sunday or a public holiday is warned', () => {
    expect(checkWorkingTime([e('2026-11-15', '08:00', '12:00')], settings)).toEqual([
      { date: '2026-11-15', rule: 'sunday_work', params: { day: 'Sonntag' } },
    ]);
    expect(checkWorkingTime([e('2026-12-25', '08:00', '12:00')], settings)).toEqual([
      { date: '2026-12-25', rule: 'sunday_work', params: { day: 'Weihnachten' } },
    ]);
  });

  it('the 7th day in a row is warned (Monday to Sunday)', () => {
    const days = ['09', '10', '11', '12', '13', '14', '15'].map((d) => e(`2026-11-${d}`, '08:00', '12:00'));
    expect(rules(days)).toEqual(['2026-11-15 consecutive_days', '2026-11-15 sunday_work']);
    expect(rules(days.slice(0, 6))).toEqual([]);
  });
});
