import type { Canton } from '@zunft/contracts';

/**
 * The public holidays of the 26 cantons, as data.
 *
 * Sources: Bundesamt für Justiz, «Gesetzliche Feiertage und Ruhetage der Kantone» (bj.admin.ch,
 * kant-feiertage.pdf, state of 2025), cross-checked with «Feiertage in der Schweiz»
 * (de.wikipedia.org) and the canton tables of the python `holidays` package (vacanza/holidays,
 * countries/switzerland.py, which cites the same BJ list). Only the days the canton's law makes
 * holidays (ArG art. 20a: equal to Sundays) are listed; days that are customary in part of a
 * canton only (e.g. the Protestant days in Fribourg, Berchtoldstag in Zurich, 24 December
 * afternoon in many firms) are not: a company adds those as its own days (POST /holidays, with
 * `half_day` for an afternoon).
 *
 * Half days: Solothurn's 1 May is a holiday from noon (Gesetz über die öffentlichen Ruhetage SO).
 */

/** How a holiday's date is found in a given year. */
export type HolidayRule =
  | { kind: 'fixed'; month: number; day: number }
  | { kind: 'easter'; offset: number }
  /** The n-th weekday (0 = Sunday) of a month plus `plus` days (Jeûne genevois, Bettagsmontag). */
  | { kind: 'nth-weekday'; month: number; weekday: number; n: number; plus: number }
  /** Näfelser Fahrt: first Thursday of April, a week later when that is Holy Thursday. */
  | { kind: 'naefels' };

export interface HolidayDefinition {
  names: { de: string; fr: string; it: string };
  rule: HolidayRule;
  /** Only when the date falls on one of these weekdays (0 = Sunday); absent = always. */
  onlyOnWeekdays?: readonly number[];
  /** Not when the date falls on one of these weekdays. */
  notOnWeekdays?: readonly number[];
  halfDay?: boolean;
}

const fixed = (month: number, day: number): HolidayRule => ({ kind: 'fixed', month, day });
const easter = (offset: number): HolidayRule => ({ kind: 'easter', offset });

export const HOLIDAYS = {
  newYear: { names: { de: 'Neujahr', fr: 'Nouvel An', it: 'Capodanno' }, rule: fixed(1, 1) },
  berchtold: { names: { de: 'Berchtoldstag', fr: 'Saint-Berchtold', it: 'San Bertoldo' }, rule: fixed(1, 2) },
  epiphany: { names: { de: 'Heilige Drei Könige', fr: 'Épiphanie', it: 'Epifania' }, rule: fixed(1, 6) },
  republicNe: {
    names: {
      de: 'Jahrestag der Ausrufung der Republik',
      fr: 'Instauration de la République',
      it: 'Proclamazione della Repubblica',
    },
    rule: fixed(3, 1),
  },
  joseph: { names: { de: 'Josefstag', fr: 'Saint-Joseph', it: 'San Giuseppe' }, rule: fixed(3, 19) },
  naefels: { names: { de: 'Näfelser Fahrt', fr: 'Fête de Näfels', it: 'Festa di Näfels' }, rule: { kind: 'naefels' } },
  goodFriday: { names: { de: 'Karfreitag', fr: 'Vendredi saint', it: 'Venerdì santo' }, rule: easter(-2) },
  easterMonday: { names: { de: 'Ostermontag', fr: 'Lundi de Pâques', it: 'Lunedì di Pasqua' }, rule: easter(1) },
  labourDay: { names: { de: 'Tag der Arbeit', fr: 'Fête du travail', it: 'Festa del lavoro' }, rule: fixed(5, 1) },
  labourDayAfternoon: {
    names: {
      de: 'Tag der Arbeit (Nachmittag)',
      fr: 'Fête du travail (après-midi)',
      it: 'Festa del lavoro (pomeriggio)',
    },
    rule: fixed(5, 1),
    halfDay: true,
  },
  ascension: { names: { de: 'Auffahrt', fr: 'Ascension', it: 'Ascensione' }, rule: easter(39) },
  whitMonday: {
    names: { de: 'Pfingstmontag', fr: 'Lundi de Pentecôte', it: 'Lunedì di Pentecoste' },
    rule: easter(50),
  },
  corpusChristi: { names: { de: 'Fronleichnam', fr: 'Fête-Dieu', it: 'Corpus Domini' }, rule: easter(60) },
  juraIndependence: {
    names: {
      de: 'Fest der Unabhängigkeit',
      fr: 'Commémoration du plébiscite jurassien',
      it: 'Festa dell’indipendenza',
    },
    rule: fixed(6, 23),
  },
  peterPaul: {
    names: { de: 'Peter und Paul', fr: 'Saint-Pierre et Saint-Paul', it: 'Santi Pietro e Paolo' },
    rule: fixed(6, 29),
  },
  nationalDay: { names: { de: 'Bundesfeiertag', fr: 'Fête nationale', it: 'Festa nazionale' }, rule: fixed(8, 1) },
  assumption: { names: { de: 'Mariä Himmelfahrt', fr: 'Assomption', it: 'Assunzione' }, rule: fixed(8, 15) },
  jeuneGenevois: {
    names: { de: 'Genfer Bettag', fr: 'Jeûne genevois', it: 'Digiuno ginevrino' },
    // Thursday after the first Sunday of September
    rule: { kind: 'nth-weekday', month: 9, weekday: 0, n: 1, plus: 4 },
  },
  prayerMonday: {
    names: { de: 'Bettagsmontag', fr: 'Lundi du Jeûne fédéral', it: 'Lunedì del Digiuno federale' },
    // Monday after the third Sunday of September (Eidgenössischer Dank-, Buss- und Bettag)
    rule: { kind: 'nth-weekday', month: 9, weekday: 0, n: 3, plus: 1 },
  },
  brotherKlaus: {
    names: { de: 'Bruder Klaus', fr: 'Saint Nicolas de Flüe', it: 'San Nicolao della Flüe' },
    rule: fixed(9, 25),
  },
  allSaints: { names: { de: 'Allerheiligen', fr: 'Toussaint', it: 'Ognissanti' }, rule: fixed(11, 1) },
  immaculate: { names: { de: 'Mariä Empfängnis', fr: 'Immaculée Conception', it: 'Immacolata' }, rule: fixed(12, 8) },
  christmas: { names: { de: 'Weihnachten', fr: 'Noël', it: 'Natale' }, rule: fixed(12, 25) },
  stephen: { names: { de: 'Stephanstag', fr: 'Saint-Étienne', it: 'Santo Stefano' }, rule: fixed(12, 26) },
  restorationGe: {
    names: {
      de: 'Wiederherstellung der Republik',
      fr: 'Restauration de la République',
      it: 'Restaurazione della Repubblica',
    },
    rule: fixed(12, 31),
  },
} as const satisfies Record<string, HolidayDefinition>;

export type HolidayKey = keyof typeof HOLIDAYS;

/** A canton's day; `only`/`not` narrow it to some weekdays (Neuchâtel: 2 Jan and 26 Dec only on a Monday). */
type CantonDay =
  HolidayKey | { key: HolidayKey; onlyOnWeekdays?: readonly number[]; notOnWeekdays?: readonly number[] };

/** Neujahr, Auffahrt, 1 August and Weihnachten are holidays in every canton. */
const EVERYWHERE: readonly HolidayKey[] = ['newYear', 'ascension', 'nationalDay', 'christmas'];
const MONDAY_ONLY = [1] as const;
/** AI, AR, UR: 26 December is no holiday when it falls on a Tuesday or a Saturday. */
const STEPHEN_NOT_TUE_SAT: CantonDay = { key: 'stephen', notOnWeekdays: [2, 6] };

export const CANTON_HOLIDAYS: Record<Canton, readonly CantonDay[]> = {
  AG: [
    'berchtold',
    'goodFriday',
    'easterMonday',
    'labourDay',
    'whitMonday',
    'corpusChristi',
    'assumption',
    'allSaints',
    'immaculate',
    'stephen',
  ],
  AI: [
    'goodFriday',
    'easterMonday',
    'whitMonday',
    'corpusChristi',
    'assumption',
    'allSaints',
    'immaculate',
    STEPHEN_NOT_TUE_SAT,
  ],
  AR: ['goodFriday', 'easterMonday', 'whitMonday', STEPHEN_NOT_TUE_SAT],
  BE: ['berchtold', 'goodFriday', 'easterMonday', 'whitMonday', 'stephen'],
  BL: ['goodFriday', 'easterMonday', 'labourDay', 'whitMonday', 'stephen'],
  BS: ['goodFriday', 'easterMonday', 'labourDay', 'whitMonday', 'stephen'],
  FR: ['goodFriday', 'corpusChristi', 'assumption', 'allSaints', 'immaculate'],
  GE: ['goodFriday', 'easterMonday', 'whitMonday', 'jeuneGenevois', 'restorationGe'],
  GL: ['naefels', 'goodFriday', 'easterMonday', 'whitMonday', 'allSaints', 'stephen'],
  GR: ['easterMonday', 'whitMonday', 'stephen'],
  JU: [
    'berchtold',
    'goodFriday',
    'easterMonday',
    'labourDay',
    'whitMonday',
    'corpusChristi',
    'juraIndependence',
    'assumption',
    'allSaints',
  ],
  LU: [
    'berchtold',
    'goodFriday',
    'easterMonday',
    'whitMonday',
    'corpusChristi',
    'assumption',
    'allSaints',
    'immaculate',
    'stephen',
  ],
  NE: [
    { key: 'berchtold', onlyOnWeekdays: MONDAY_ONLY },
    'republicNe',
    'goodFriday',
    'labourDay',
    'corpusChristi',
    { key: 'stephen', onlyOnWeekdays: MONDAY_ONLY },
  ],
  NW: ['joseph', 'goodFriday', 'corpusChristi', 'assumption', 'allSaints', 'immaculate'],
  OW: ['goodFriday', 'corpusChristi', 'assumption', 'brotherKlaus', 'allSaints', 'immaculate'],
  SG: ['goodFriday', 'easterMonday', 'whitMonday', 'allSaints', 'stephen'],
  SH: ['goodFriday', 'easterMonday', 'labourDay', 'whitMonday', 'stephen'],
  SO: ['goodFriday', 'labourDayAfternoon'],
  SZ: [
    'epiphany',
    'joseph',
    'goodFriday',
    'easterMonday',
    'whitMonday',
    'corpusChristi',
    'assumption',
    'allSaints',
    'immaculate',
    'stephen',
  ],
  TG: ['berchtold', 'goodFriday', 'easterMonday', 'labourDay', 'whitMonday', 'stephen'],
  TI: [
    'epiphany',
    'joseph',
    'easterMonday',
    'labourDay',
    'whitMonday',
    'corpusChristi',
    'peterPaul',
    'assumption',
    'allSaints',
    'immaculate',
    'stephen',
  ],
  UR: [
    'epiphany',
    'joseph',
    'goodFriday',
    'easterMonday',
    'whitMonday',
    'corpusChristi',
    'assumption',
    'allSaints',
    'immaculate',
    STEPHEN_NOT_TUE_SAT,
  ],
  VD: ['berchtold', 'goodFriday', 'easterMonday', 'whitMonday', 'prayerMonday'],
  VS: ['joseph', 'corpusChristi', 'assumption', 'allSaints', 'immaculate'],
  ZG: ['goodFriday', 'corpusChristi', 'assumption', 'allSaints', 'immaculate'],
  ZH: ['goodFriday', 'easterMonday', 'labourDay', 'whitMonday', 'stephen'],
};

export function cantonDays(canton: Canton | null): readonly CantonDay[] {
  return canton ? [...EVERYWHERE, ...CANTON_HOLIDAYS[canton]] : ['nationalDay'];
}
