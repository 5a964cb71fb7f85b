import type { AbsenceType, Language } from '@zunft/contracts';

/**
 * Column names of the payroll export (GET /time-accounts/export) and of the ArGV 1 art. 73 record
 * (GET /time-records/export), in the company's language. Documented in services/operations/README.md
 * so a payroll (Abacus, bexio, Swiss21, KLARA) can map them; the keys never change.
 */
/** The name of the payroll workbook's sheet (with the month). */
export const PAYROLL_SHEET = { de: 'Arbeitszeit', fr: 'Temps de travail', it: 'Orario di lavoro' } as const;

export const PAYROLL_COLUMNS = {
  de: {
    user_id: 'Mitarbeiter-ID',
    name: 'Name',
    month: 'Monat',
    target_hours: 'Sollstunden',
    worked_hours: 'Arbeitsstunden',
    normal_hours: 'Normalstunden',
    overtime_hours: 'Überstunden Monat',
    balance_hours: 'Saldo',
    night_hours: 'Nachtstunden',
    sunday_hours: 'Sonntagsstunden',
    holiday_hours: 'Feiertagsstunden',
    expenses: 'Spesen CHF',
  },
  fr: {
    user_id: 'ID collaborateur',
    name: 'Nom',
    month: 'Mois',
    target_hours: 'Heures dues',
    worked_hours: 'Heures travaillées',
    normal_hours: 'Heures normales',
    overtime_hours: 'Heures supplémentaires du mois',
    balance_hours: 'Solde',
    night_hours: 'Heures de nuit',
    sunday_hours: 'Heures du dimanche',
    holiday_hours: 'Heures des jours fériés',
    expenses: 'Frais CHF',
  },
  it: {
    user_id: 'ID collaboratore',
    name: 'Nome',
    month: 'Mese',
    target_hours: 'Ore dovute',
    worked_hours: 'Ore lavorate',
    normal_hours: 'Ore normali',
    overtime_hours: 'Ore straordinarie del mese',
    balance_hours: 'Saldo',
    night_hours: 'Ore notturne',
    sunday_hours: 'Ore domenicali',
    holiday_hours: 'Ore festive',
    expenses: 'Spese CHF',
  },
} as const satisfies Record<Language, Record<string, string>>;

/** Absence days by type: one column each (`Tage <type>`). */
export const ABSENCE_COLUMNS: Record<Language, Record<AbsenceType, string>> = {
  de: {
    holiday: 'Tage Ferien',
    sick: 'Tage Krankheit',
    accident: 'Tage Unfall',
    military: 'Tage Militär/Zivildienst/Zivilschutz',
    training: 'Tage Weiterbildung',
    bad_weather: 'Tage Schlechtwetter',
    unpaid: 'Tage unbezahlt',
    other: 'Tage andere',
  },
  fr: {
    holiday: 'Jours vacances',
    sick: 'Jours maladie',
    accident: 'Jours accident',
    military: 'Jours service militaire/civil/protection civile',
    training: 'Jours formation',
    bad_weather: 'Jours intempéries',
    unpaid: 'Jours non payés',
    other: 'Jours autres',
  },
  it: {
    holiday: 'Giorni vacanze',
    sick: 'Giorni malattia',
    accident: 'Giorni infortunio',
    military: 'Giorni servizio militare/civile/protezione civile',
    training: 'Giorni formazione',
    bad_weather: 'Giorni intemperie',
    unpaid: 'Giorni non pagati',
    other: 'Giorni altri',
  },
};

export const RECORD_COLUMNS = {
  de: {
    date: 'Datum',
    start: 'Beginn',
    end: 'Ende',
    breaks: 'Pausen (Min.)',
    hours: 'Arbeitszeit (h)',
    night: 'Nacht (h)',
    sunday: 'Sonntag (h)',
    holiday: 'Feiertag (h)',
    absence: 'Abwesenheit',
    holiday_name: 'Feiertag',
  },
  fr: {
    date: 'Date',
    start: 'Début',
    end: 'Fin',
    breaks: 'Pauses (min)',
    hours: 'Temps de travail (h)',
    night: 'Nuit (h)',
    sunday: 'Dimanche (h)',
    holiday: 'Jour férié (h)',
    absence: 'Absence',
    holiday_name: 'Jour férié',
  },
  it: {
    date: 'Data',
    start: 'Inizio',
    end: 'Fine',
    breaks: 'Pause (min)',
    hours: 'Tempo di lavoro (h)',
    night: 'Notte (h)',
    sunday: 'Domenica (h)',
    holiday: 'Festivo (h)',
    absence: 'Assenza',
    holiday_name: 'Giorno festivo',
  },
} as const satisfies Record<Language, Record<string, string>>;

/** One CSV line: `;`-separated (Excel in Switzerland), fields quoted when they need it. */
export function csvLine(values: readonly (string | number)[]): string {
  return values
    .map((v) => {
      const s = String(v);
      // a leading = + - @ would be a formula in a spreadsheet: quote and prefix it
      const safe = /^[=+\-@]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s) ? `'${s}` : s;
      return /[;"\n\r]/.test(safe) || safe !== s ? `"${safe.replace(/"/g, '""')}"` : safe;
    })
    .join(';');
}

/** The texts of the PDF record (GET /time-records/export?format=pdf) beside its column names. */
export const RECORD_PDF_TEXTS = {
  de: {
    title: 'Arbeitszeitnachweis',
    legal_basis: 'Nach Art. 73 der Verordnung 1 zum Arbeitsgesetz (ArGV 1)',
    company: 'Arbeitgeber',
    employee: 'Mitarbeiter/in',
    period: 'Zeitraum',
    total: 'Total',
    absence_days: 'Abwesenheitstage',
    no_days: 'Keine Einträge im Zeitraum.',
    page: (n: number, of: number) => `Seite ${n} von ${of}`,
    absences: {
      holiday: 'Ferien',
      sick: 'Krankheit',
      accident: 'Unfall',
      military: 'Militär/Zivildienst',
      training: 'Weiterbildung',
      bad_weather: 'Schlechtwetter',
      unpaid: 'Unbezahlt',
      other: 'Andere',
    },
  },
  fr: {
    title: 'Relevé du temps de travail',
    legal_basis: "Selon l'art. 73 de l'ordonnance 1 relative à la loi sur le travail (OLT 1)",
    company: 'Employeur',
    employee: 'Collaborateur/trice',
    period: 'Période',
    total: 'Total',
    absence_days: "Jours d'absence",
    no_days: 'Aucune saisie dans la période.',
    page: (n: number, of: number) => `Page ${n} sur ${of}`,
    absences: {
      holiday: 'Vacances',
      sick: 'Maladie',
      accident: 'Accident',
      military: 'Service militaire/civil',
      training: 'Formation',
      bad_weather: 'Intempéries',
      unpaid: 'Non payé',
      other: 'Autre',
    },
  },
  it: {
    title: 'Registro del tempo di lavoro',
    legal_basis: "Secondo l'art. 73 dell'ordinanza 1 concernente la legge sul lavoro (OLL 1)",
    company: 'Datore di lavoro',
    employee: 'Collaboratore/trice',
    period: 'Periodo',
    total: 'Totale',
    absence_days: 'Giorni di assenza',
    no_days: 'Nessuna registrazione nel periodo.',
    page: (n: number, of: number) => `Pagina ${n} di ${of}`,
    absences: {
      holiday: 'Vacanze',
      sick: 'Malattia',
      accident: 'Infortunio',
      military: 'Servizio militare/civile',
      training: 'Formazione',
      bad_weather: 'Intemperie',
      unpaid: 'Non pagato',
      other: 'Altro',
    },
  },
} as const satisfies Record<Language, { absences: Record<AbsenceType, string> } & Record<string, unknown>>;
