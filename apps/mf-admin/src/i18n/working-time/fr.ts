import type { AdminTranslations } from '../de';

export const settingsWorkingTimeFr: AdminTranslations['settings']['workingTime'] = {
  title: 'Temps de travail et loi sur le travail',
  canton: 'Canton',
  cantonHint:
    'Ses jours fériés comptent pour les heures dues, les absences et les majorations. Le 1er août vaut partout.',
  noCanton: 'Aucun canton (seulement le 1er août)',
  weeklyMax: 'Durée maximale de la semaine de travail (LTr art. 9)',
  weeklyMaxOptions: {
    45: '45 heures (industrie, bureau, personnel technique, grands magasins)',
    50: '50 heures (tous les autres travailleurs)',
  },
  surchargeMode: 'Majorations de nuit, du dimanche et des jours fériés',
  modeSpec: 'Toute la saisie, si le début ou la fin se situe entre 19:00 et 05:00 (règle actuelle)',
  modePrecise:
    'Seulement les minutes dans la plage de nuit, le dimanche (samedi 23:00 à dimanche 23:00) et les jours fériés (LTr)',
  nightStart: 'Travail de nuit dès',
  nightEnd: 'Travail de nuit jusqu’à',
  gpsRetention: 'Conserver les positions',
  gpsRetentionHint:
    'Ensuite, les positions des saisies de temps sont effacées ; les saisies elles-mêmes sont conservées 5 ans.',
  days: 'jours',
  recordsHint:
    'Les registres du temps de travail sont conservés 5 ans (OLT 1 art. 73), même si un collaborateur est supprimé.',
  save: 'Enregistrer les paramètres du temps de travail',
  cantons: {
    AG: 'Argovie',
    AI: 'Appenzell Rhodes-Intérieures',
    AR: 'Appenzell Rhodes-Extérieures',
    BE: 'Berne',
    BL: 'Bâle-Campagne',
    BS: 'Bâle-Ville',
    FR: 'Fribourg',
    GE: 'Genève',
    GL: 'Glaris',
    GR: 'Grisons',
    JU: 'Jura',
    LU: 'Lucerne',
    NE: 'Neuchâtel',
    NW: 'Nidwald',
    OW: 'Obwald',
    SG: 'Saint-Gall',
    SH: 'Schaffhouse',
    SO: 'Soleure',
    SZ: 'Schwytz',
    TG: 'Thurgovie',
    TI: 'Tessin',
    UR: 'Uri',
    VD: 'Vaud',
    VS: 'Valais',
    ZG: 'Zoug',
    ZH: 'Zurich',
  },
};

export const employmentFr: AdminTranslations['users']['employment'] = {
  title: 'Engagement et temps de travail',
  pensum: 'Taux d’occupation',
  weeklyHours: 'Heures par semaine à 100 %',
  holidayDays: 'Jours de vacances par an',
  holidayHint: 'Au moins 20 jours, 25 jours avant 20 ans (CO art. 329a).',
  employmentStart: 'Date d’entrée',
  hoursUnit: 'h',
  percentUnit: '%',
};
