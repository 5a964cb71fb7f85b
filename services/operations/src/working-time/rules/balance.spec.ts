import { describe, expect, it } from '@jest/globals';
import { cantonHolidays, holidayCalendar } from './holidays.js';
import {
  absenceDays,
  accountOf,
  dayTarget,
  holidayEntitlement,
  hoursOf,
  overtimeOf,
  type EmploymentPeriod,
} from './balance.js';
import { eachDay } from './local-time.js';

const zh2026 = holidayCalendar(cantonHolidays('ZH', 2026));
const full: EmploymentPeriod = { from: '2020-01-01', pensum: 100, weeklyHours: 42.5, holidayDaysPerYear: 20 };
const eighty: EmploymentPeriod = { from: '2026-07-01', pensum: 80, weeklyHours: 42.5, holidayDaysPerYear: 20 };

describe('day target', () => {
  it('42.5 h at 100 % is 8.5 h (510 min) a weekday; 80 % is 408 min; none on weekends and holidays', () => {
    expect(dayTarget([full], zh2026, '2026-11-10')).toBe(51_000);
    expect(dayTarget([full, eighty], zh2026, '2026-11-10')).toBe(40_800);
    expect(dayTarget([full], zh2026, '2026-11-14')).toBe(0); // Saturday
    expect(dayTarget([full], zh2026, '2026-12-25')).toBe(0); // Christmas
    const half = holidayCalendar([{ date: '2026-12-24', name: 'Heiligabend', halfDay: true }]);
    expect(dayTarget([full], half, '2026-12-24')).toBe(25_500);
    expect(dayTarget([{ ...full, from: '2026-12-01' }], zh2026, '2026-11-10')).toBe(0); // not employed yet
  });
});

describe('a year with a pensum change (ZH 2026)', () => {
  // Hand count: 2026 has 261 weekdays; Jan–Jun 129 of them, 6 ZH holidays on weekdays (1 Jan, 3 and 6 Apr,
  // 1 May, 14 and 25 May) leave 123 days; Jul–Dec 132, Christmas (Fri) leaves 131 (1 Aug and 26 Dec are
  // Saturdays). Target: 123 × 8.5 h + 131 × 6.8 h = 1045.5 h + 890.8 h = 1936.3 h.
  const periods = [full, eighty];
  it('target 1936.3 h; 8.5 h a day until June and 7 h a day after: 26.2 h overtime', () => {
    const worked = new Map<string, number>();
    for (const date of eachDay('2026-01-01', '2026-12-31')) {
      const target = dayTarget(periods, zh2026, date);
      if (target > 0) worked.set(date, date < '2026-07-01' ? 510 : 420);
    }
    const year = accountOf('2026-01-01', '2026-12-31', periods, zh2026, worked, []);
    expect(hoursOf(year.target)).toBe(1936.3);
    expect(year.worked).toBe(123 * 510 + 131 * 420);
    expect(hoursOf(overtimeOf(year))).toBe(26.2); // 131 × 12 min
    const firstHalf = accountOf('2026-01-01', '2026-06-30', periods, zh2026, worked, []);
    expect(hoursOf(overtimeOf(firstHalf))).toBe(0);
    expect(hoursOf(firstHalf.target)).toBe(1045.5);
  });

  it('paid absences are credited at the day’s target; unpaid days come off the target', () => {
    const holiday = absenceDays(
      { type: 'holiday', startDate: '2026-07-13', endDate: '2026-07-19', halfDay: null },
      zh2026,
    );
    expect(holiday).toHaveLength(5); // Mon–Fri, the weekend is no holiday day
    const unpaid = absenceDays(
      { type: 'unpaid', startDate: '2026-07-20', endDate: '2026-07-20', halfDay: null },
      zh2026,
    );
    const july = accountOf('2026-07-01', '2026-07-31', periods, zh2026, new Map(), [...holiday, ...unpaid]);
    // July 2026: 23 weekdays × 6.8 h = 156.4 h, less the unpaid day: 149.6 h; 5 holiday days × 6.8 h = 34 h
    expect(hoursOf(july.target)).toBe(149.6);
    expect(hoursOf(july.absence)).toBe(34);
    expect(july.absencesByType).toEqual({ holiday: 5, unpaid: 1 });
    expect(july.holidayDaysTaken).toBe(5);
    expect(hoursOf(overtimeOf(july))).toBe(-115.6);
  });

  it('an absence over Christmas counts working days only; a half day is 0.5', () => {
    // Thu 24 Dec – Tue 29 Dec 2026: 24, 28, 29 (25 is Christmas, 26/27 the weekend)
    expect(
      absenceDays({ type: 'sick', startDate: '2026-12-24', endDate: '2026-12-29', halfDay: null }, zh2026).map(
        (d) => d.date,
      ),
    ).toEqual(['2026-12-24', '2026-12-28', '2026-12-29']);
    expect(
      absenceDays({ type: 'holiday', startDate: '2026-11-10', endDate: '2026-11-10', halfDay: 'pm' }, zh2026),
    ).toEqual([{ date: '2026-11-10', type: 'holiday', fraction: 0.5 }]);
  });
});

describe('holiday entitlement', () => {
  it('pro rata of the days employed, to half days', () => {
    expect(holidayEntitlement([full], 2026)).toBe(20);
    // from 1 July: 184 of 365 days × 20 = 10.08 → 10
    expect(holidayEntitlement([{ ...full, from: '2026-07-01' }], 2026)).toBe(10);
    // 25 days until June (under 20, OR 329a), 20 from July: (181 × 25 + 184 × 20) / 365 = 22.48 → 22.5
    expect(holidayEntitlement([{ ...full, holidayDaysPerYear: 25 }, eighty], 2026)).toBe(22.5);
  });
});
