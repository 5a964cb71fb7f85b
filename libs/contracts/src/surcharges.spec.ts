import { describe, expect, it } from '@jest/globals';
import { DEFAULT_COMPANY_SETTINGS } from './company.js';
import {
  calculateSurcharges,
  localWeekdayAndHour,
  preciseSurchargeMinutes,
  workedMinutes,
  type SurchargeSettings,
} from './surcharges.js';

const settings: SurchargeSettings = {
  auto_calculate_surcharges: true,
  night_surcharge: DEFAULT_COMPANY_SETTINGS.night_surcharge,
  saturday_surcharge: DEFAULT_COMPANY_SETTINGS.saturday_surcharge,
  sunday_surcharge: DEFAULT_COMPANY_SETTINGS.sunday_surcharge,
  timezone: 'Europe/Zurich',
};

// Zurich is UTC+1 in winter (CET) and UTC+2 in summer (CEST).
// 2026-11-18 is a Wednesday, 2026-11-21 a Saturday, 2026-11-22 a Sunday.
const zh = (local: string, offset = '+01:00') => new Date(`${local}${offset}`);

describe('calculateSurcharges', () => {
  it('a weekday daytime entry has no surcharge', () => {
    expect(calculateSurcharges(zh('2026-11-18T08:00:00'), zh('2026-11-18T17:00:00'), settings)).toEqual({
      night: 0,
      saturday: 0,
      sunday: 0,
      total: 0,
    });
  });

  it("the settings' 'Europe/Geneva' (no IANA zone) is read as Swiss time instead of throwing", () => {
    const geneva = { ...settings, timezone: 'Europe/Geneva' };
    expect(calculateSurcharges(zh('2026-11-21T20:00:00'), zh('2026-11-21T23:00:00'), geneva)).toEqual({
      night: 25,
      saturday: 25,
      sunday: 0,
      total: 25,
    });
    expect(localWeekdayAndHour(zh('2026-11-22T00:30:00'), 'Nowhere/Invalid')).toEqual({ weekday: 0, hour: 0 });
  });

  it('Saturday start gives the Saturday surcharge', () => {
    const r = calculateSurcharges(zh('2026-11-21T08:00:00'), zh('2026-11-21T12:00:00'), settings);
    expect(r).toEqual({ night: 0, saturday: 25, sunday: 0, total: 25 });
  });

  it('Sunday start gives the Sunday surcharge', () => {
    const r = calculateSurcharges(zh('2026-11-22T08:00:00'), zh('2026-11-22T12:00:00'), settings);
    expect(r).toEqual({ night: 0, saturday: 0, sunday: 50, total: 50 });
  });

  it('the day is taken from the start: Saturday 23:00 to Sunday 02:00 is Saturday (and night)', () => {
    const r = calculateSurcharges(zh('2026-11-21T23:00:00'), zh('2026-11-22T02:00:00'), settings);
    expect(r).toEqual({ night: 25, saturday: 25, sunday: 0, total: 25 });
  });

  it('Friday 23:00 to Saturday 03:00 gets no Saturday surcharge (start day Friday)', () => {
    const r = calculateSurcharges(zh('2026-11-20T23:00:00'), zh('2026-11-21T03:00:00'), settings);
    expect(r).toEqual({ night: 25, saturday: 0, sunday: 0, total: 25 });
  });

  it('Sunday 22:00 to Monday 01:00 is Sunday: max(50, 25) = 50', () => {
    const r = calculateSurcharges(zh('2026-11-22T22:00:00'), zh('2026-11-23T01:00:00'), settings);
    expect(r).toEqual({ night: 25, saturday: 0, sunday: 50, total: 50 });
  });

  it('Saturday is decided in the company time zone, not UTC (Sat 00:30 Zurich = Fri 23:30 UTC)', () => {
    const r = calculateSurcharges(zh('2026-11-21T00:30:00'), zh('2026-11-21T04:00:00'), settings);
    expect(r.saturday).toBe(25);
    expect(r.night).toBe(25);
  });

  it('start 18:59 and end 18:59+ of the same evening: no night', () => {
    expect(calculateSurcharges(zh('2026-11-18T15:00:00'), zh('2026-11-18T18:59:00'), settings).night).toBe(0);
    expect(calculateSurcharges(zh('2026-11-18T18:59:00'), zh('2026-11-18T18:59:59'), settings).night).toBe(0);
  });

  it('end at 19:00 gives night; start at 19:00 gives night', () => {
    expect(calculateSurcharges(zh('2026-11-18T15:00:00'), zh('2026-11-18T19:00:00'), settings).night).toBe(25);
    expect(calculateSurcharges(zh('2026-11-18T19:00:00'), zh('2026-11-18T20:00:00'), settings).night).toBe(25);
  });

  it('start 04:59 gives night; start 05:00 does not', () => {
    expect(calculateSurcharges(zh('2026-11-18T04:59:00'), zh('2026-11-18T10:00:00'), settings).night).toBe(25);
    expect(calculateSurcharges(zh('2026-11-18T05:00:00'), zh('2026-11-18T10:00:00'), settings).night).toBe(0);
  });

  it('end 04:59 gives night; end 05:00 does not (start in the day before is not night either)', () => {
    expect(calculateSurcharges(zh('2026-11-18T01:00:00'), zh('2026-11-18T04:59:00'), settings).night).toBe(25);
    expect(calculateSurcharges(zh('2026-11-18T18:00:00'), zh('2026-11-19T05:00:00'), settings).night).toBe(0);
  });

  it('across midnight: 22:00 to 02:00 on a weekday is night', () => {
    const r = calculateSurcharges(zh('2026-11-18T22:00:00'), zh('2026-11-19T02:00:00'), settings);
    expect(r).toEqual({ night: 25, saturday: 0, sunday: 0, total: 25 });
  });

  it('total is the maximum, not the sum', () => {
    const custom = { ...settings, night_surcharge: 40, saturday_surcharge: 10, sunday_surcharge: 30 };
    expect(calculateSurcharges(zh('2026-11-21T20:00:00'), zh('2026-11-21T22:00:00'), custom)).toEqual({
      night: 40,
      saturday: 10,
      sunday: 0,
      total: 40,
    });
    expect(calculateSurcharges(zh('2026-11-22T20:00:00'), zh('2026-11-22T22:00:00'), settings).total).toBe(50);
  });

  it('all zero when auto_calculate_surcharges is off', () => {
    const off = { ...settings, auto_calculate_surcharges: false };
    expect(calculateSurcharges(zh('2026-11-22T22:00:00'), zh('2026-11-23T02:00:00'), off)).toEqual({
      night: 0,
      saturday: 0,
      sunday: 0,
      total: 0,
    });
  });

  it('a running entry (no end) uses only the start', () => {
    expect(calculateSurcharges(zh('2026-11-18T20:00:00'), null, settings).night).toBe(25);
    expect(calculateSurcharges(zh('2026-11-18T08:00:00'), null, settings).total).toBe(0);
  });

  it('Europe/Zurich DST start (Sun 2026-03-29): 01:30 CET and 03:30 CEST are Sunday night', () => {
    // 02:00 CET jumps to 03:00 CEST; 01:30 local = 00:30Z, 03:30 local = 01:30Z.
    expect(localWeekdayAndHour(new Date('2026-03-29T00:30:00Z'), 'Europe/Zurich')).toEqual({ weekday: 0, hour: 1 });
    expect(localWeekdayAndHour(new Date('2026-03-29T01:30:00Z'), 'Europe/Zurich')).toEqual({ weekday: 0, hour: 3 });
    const r = calculateSurcharges(new Date('2026-03-29T00:30:00Z'), new Date('2026-03-29T01:30:00Z'), settings);
    expect(r).toEqual({ night: 25, saturday: 0, sunday: 50, total: 50 });
  });

  it('Europe/Zurich DST: 04:30 CEST (02:30Z) is night, 05:00 CEST (03:00Z) is not', () => {
    expect(
      calculateSurcharges(new Date('2026-03-30T02:30:00Z'), new Date('2026-03-30T08:00:00Z'), settings).night,
    ).toBe(25);
    expect(
      calculateSurcharges(new Date('2026-03-30T03:00:00Z'), new Date('2026-03-30T08:00:00Z'), settings).night,
    ).toBe(0);
    // In winter 05:00 local is 04:00Z; 03:00Z is still 04:00 local (night).
    expect(
      calculateSurcharges(new Date('2026-11-18T03:00:00Z'), new Date('2026-11-18T08:00:00Z'), settings).night,
    ).toBe(25);
  });

  it('Europe/Zurich DST end (Sun 2026-10-25): 18:59 CET ends is no night, 19:00 CET is', () => {
    expect(calculateSurcharges(zh('2026-10-26T10:00:00'), zh('2026-10-26T18:59:00'), settings).night).toBe(0);
    expect(calculateSurcharges(zh('2026-10-26T10:00:00'), zh('2026-10-26T19:00:00'), settings).night).toBe(25);
    // 17:30Z on 2026-10-24 (still CEST) is 19:30 Saturday local.
    expect(calculateSurcharges(new Date('2026-10-24T17:30:00Z'), null, settings)).toEqual({
      night: 25,
      saturday: 25,
      sunday: 0,
      total: 25,
    });
  });
});

describe('workedMinutes', () => {
  it('subtracts the break and never goes below zero', () => {
    expect(workedMinutes(zh('2026-11-18T08:00:00'), zh('2026-11-18T17:00:00'), 30)).toBe(510);
    expect(workedMinutes(zh('2026-11-18T08:00:00'), zh('2026-11-18T08:10:00'), 30)).toBe(0);
  });
});

describe('preciseSurchargeMinutes (surcharge_mode precise, issue 24)', () => {
  const windows = { timezone: 'Europe/Zurich', night_start: '23:00', night_end: '06:00' };
  const minutes = (night: number, sunday: number, holiday: number) => ({
    night_minutes: night,
    sunday_minutes: sunday,
    holiday_minutes: holiday,
  });

  it('a Tuesday 06:00–19:30 has no night minute (the spec rule billed it all as night)', () => {
    expect(preciseSurchargeMinutes(zh('2026-11-10T06:00:00'), zh('2026-11-10T19:30:00'), 30, windows)).toEqual(
      minutes(0, 0, 0),
    );
  });

  it('across midnight: 22:00–07:00 has 7 night hours (23:00–06:00)', () => {
    expect(preciseSurchargeMinutes(zh('2026-11-10T22:00:00'), zh('2026-11-11T07:00:00'), 0, windows)).toEqual(
      minutes(420, 0, 0),
    );
  });

  it('a window of the company (22:00–05:00) and one within a day (20:00–23:00)', () => {
    const start = zh('2026-11-10T21:00:00');
    const end = zh('2026-11-11T06:00:00');
    expect(preciseSurchargeMinutes(start, end, 0, { ...windows, night_start: '22:00', night_end: '05:00' })).toEqual(
      minutes(420, 0, 0),
    );
    expect(preciseSurchargeMinutes(start, end, 0, { ...windows, night_start: '20:00', night_end: '23:00' })).toEqual(
      minutes(120, 0, 0),
    );
  });

  it('DST in March: Sat 22:00 CET to Sun 07:00 CEST is 8 h worked, 6 h of night, 7 h of Sunday', () => {
    // 2026-03-29 02:00 CET becomes 03:00 CEST; night 23:00 CET (22:00Z) to 06:00 CEST (04:00Z)
    expect(preciseSurchargeMinutes(zh('2026-03-28T22:00:00'), zh('2026-03-29T07:00:00', '+02:00'), 0, windows)).toEqual(
      minutes(360, 420, 0),
    );
  });

  it('DST in October: Sat 22:00 CEST to Sun 07:00 CET is 10 h worked, 8 h of night, 9 h of Sunday', () => {
    // 2026-10-25 03:00 CEST becomes 02:00 CET; night 23:00 CEST (21:00Z) to 06:00 CET (05:00Z)
    expect(preciseSurchargeMinutes(zh('2026-10-24T22:00:00', '+02:00'), zh('2026-10-25T07:00:00'), 0, windows)).toEqual(
      minutes(480, 540, 0),
    );
  });

  it('Sunday is Saturday 23:00 to Sunday 23:00 (ArG art. 18)', () => {
    expect(preciseSurchargeMinutes(zh('2026-11-21T21:00:00'), zh('2026-11-22T01:00:00'), 0, windows)).toEqual(
      minutes(120, 120, 0),
    );
    expect(preciseSurchargeMinutes(zh('2026-11-22T21:00:00'), zh('2026-11-23T01:00:00'), 0, windows)).toEqual(
      minutes(120, 120, 0),
    );
  });

  it('a holiday counts like a Sunday from 23:00 the evening before (ArG art. 20a); a half day from noon', () => {
    const christmas = (d: string) => (d === '2026-12-25' ? ('full' as const) : null);
    // Thursday 24 Dec 20:00 to Friday 25 Dec 02:00: 3 h of night, 3 h of the holiday
    expect(
      preciseSurchargeMinutes(zh('2026-12-24T20:00:00'), zh('2026-12-25T02:00:00'), 0, windows, christmas),
    ).toEqual(minutes(180, 0, 180));
    const halfDay = (d: string) => (d === '2026-12-24' ? ('half' as const) : null);
    expect(preciseSurchargeMinutes(zh('2026-12-24T08:00:00'), zh('2026-12-24T17:00:00'), 60, windows, halfDay)).toEqual(
      minutes(0, 0, 300),
    );
  });

  it('the break comes off outside the windows first: a Sunday 08:00–12:30 with 30 min break is 240 Sunday minutes', () => {
    expect(preciseSurchargeMinutes(zh('2026-11-22T08:00:00'), zh('2026-11-22T12:30:00'), 30, windows)).toEqual(
      minutes(0, 240, 0),
    );
  });
});
