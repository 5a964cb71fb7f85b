import { describe, expect, it } from '@jest/globals';
import { CANTONS, type Canton } from '@zunft/contracts';
import { cantonHolidays, easterSunday } from './holidays.js';

const dates = (canton: Canton | null, year: number) => cantonHolidays(canton, year).map((h) => h.date.slice(5));

describe('Easter (Gregorian computus)', () => {
  it.each([
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
    [2285, '2285-03-22'],
  ])('%i: %s', (year, expected) => {
    expect(easterSunday(year).toISOString().slice(0, 10)).toBe(expected);
  });
});

// Checked by hand against the BJ list «Gesetzliche Feiertage und Ruhetage der Kantone»: Easter 2026 is
// 5 April (Good Friday 3 Apr, Ascension 14 May, Whit Monday 25 May, Corpus Christi 4 June), Easter 2027
// is 28 March (26 Mar, 6 May, 17 May, 27 May). 2026: 2 Jan is a Friday, 26 Dec a Saturday; 2027: 2 Jan a
// Saturday, 26 Dec a Sunday.
describe('canton holidays 2026 and 2027', () => {
  it.each<[Canton, number, string[]]>([
    ['ZH', 2026, ['01-01', '04-03', '04-06', '05-01', '05-14', '05-25', '08-01', '12-25', '12-26']],
    ['ZH', 2027, ['01-01', '03-26', '03-29', '05-01', '05-06', '05-17', '08-01', '12-25', '12-26']],
    ['BE', 2026, ['01-01', '01-02', '04-03', '04-06', '05-14', '05-25', '08-01', '12-25', '12-26']],
    ['BE', 2027, ['01-01', '01-02', '03-26', '03-29', '05-06', '05-17', '08-01', '12-25', '12-26']],
    ['GE', 2026, ['01-01', '04-03', '04-06', '05-14', '05-25', '08-01', '09-10', '12-25', '12-31']],
    ['GE', 2027, ['01-01', '03-26', '03-29', '05-06', '05-17', '08-01', '09-09', '12-25', '12-31']],
    ['VD', 2026, ['01-01', '01-02', '04-03', '04-06', '05-14', '05-25', '08-01', '09-21', '12-25']],
    ['VD', 2027, ['01-01', '01-02', '03-26', '03-29', '05-06', '05-17', '08-01', '09-20', '12-25']],
    // Näfelser Fahrt: 2 April 2026 is Holy Thursday, so a week later
    ['GL', 2026, ['01-01', '04-03', '04-06', '04-09', '05-14', '05-25', '08-01', '11-01', '12-25', '12-26']],
    ['GL', 2027, ['01-01', '03-26', '03-29', '04-01', '05-06', '05-17', '08-01', '11-01', '12-25', '12-26']],
    [
      'TI',
      2026,
      [
        '01-01',
        '01-06',
        '03-19',
        '04-06',
        '05-01',
        '05-14',
        '05-25',
        '06-04',
        '06-29',
        '08-01',
        '08-15',
        '11-01',
        '12-08',
        '12-25',
        '12-26',
      ],
    ],
    // Uri: 26 December 2026 is a Saturday, so no holiday; in 2027 a Sunday, so one
    [
      'UR',
      2026,
      [
        '01-01',
        '01-06',
        '03-19',
        '04-03',
        '04-06',
        '05-14',
        '05-25',
        '06-04',
        '08-01',
        '08-15',
        '11-01',
        '12-08',
        '12-25',
      ],
    ],
    [
      'UR',
      2027,
      [
        '01-01',
        '01-06',
        '03-19',
        '03-26',
        '03-29',
        '05-06',
        '05-17',
        '05-27',
        '08-01',
        '08-15',
        '11-01',
        '12-08',
        '12-25',
        '12-26',
      ],
    ],
    // Neuchâtel: 2 Jan and 26 Dec only on a Monday (neither in 2026 nor 2027)
    ['NE', 2026, ['01-01', '03-01', '04-03', '05-01', '05-14', '06-04', '08-01', '12-25']],
    ['NE', 2027, ['01-01', '03-01', '03-26', '05-01', '05-06', '05-27', '08-01', '12-25']],
    ['VS', 2027, ['01-01', '03-19', '05-06', '05-27', '08-01', '08-15', '11-01', '12-08', '12-25']],
    [
      'JU',
      2026,
      [
        '01-01',
        '01-02',
        '04-03',
        '04-06',
        '05-01',
        '05-14',
        '05-25',
        '06-04',
        '06-23',
        '08-01',
        '08-15',
        '11-01',
        '12-25',
      ],
    ],
    ['OW', 2026, ['01-01', '04-03', '05-14', '06-04', '08-01', '08-15', '09-25', '11-01', '12-08', '12-25']],
  ])('%s %i', (canton, year, expected) => {
    expect(dates(canton, year)).toEqual(expected);
  });

  it('Solothurn: 1 May is a half day (from noon)', () => {
    expect(cantonHolidays('SO', 2026)).toEqual([
      { date: '2026-01-01', name: 'Neujahr', halfDay: false },
      { date: '2026-04-03', name: 'Karfreitag', halfDay: false },
      { date: '2026-05-01', name: 'Tag der Arbeit (Nachmittag)', halfDay: true },
      { date: '2026-05-14', name: 'Auffahrt', halfDay: false },
      { date: '2026-08-01', name: 'Bundesfeiertag', halfDay: false },
      { date: '2026-12-25', name: 'Weihnachten', halfDay: false },
    ]);
  });

  it('every canton has 1 January, Ascension, 1 August and Christmas; no canton: only 1 August', () => {
    for (const canton of CANTONS) {
      for (const year of [2026, 2027]) {
        const days = dates(canton, year);
        expect(days).toEqual(expect.arrayContaining(['01-01', '08-01', '12-25']));
        expect(days).toContain(year === 2026 ? '05-14' : '05-06');
        expect(new Set(days).size).toBe(days.length);
      }
    }
    expect(cantonHolidays(null, 2026)).toEqual([{ date: '2026-08-01', name: 'Bundesfeiertag', halfDay: false }]);
  });

  it('names in French and Italian', () => {
    expect(cantonHolidays('GE', 2026, 'fr').map((h) => h.name)).toContain('Jeûne genevois');
    expect(cantonHolidays('TI', 2026, 'it').find((h) => h.date === '2026-08-01')?.name).toBe('Festa nazionale');
  });
});
