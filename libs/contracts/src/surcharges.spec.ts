import { describe, expect, it } from '@jest/globals';
import { DEFAULT_COMPANY_SETTINGS } from './company.js';
import { calculateSurcharges, localWeekdayAndHour, workedMinutes, type SurchargeSettings } from './surcharges.js';

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
