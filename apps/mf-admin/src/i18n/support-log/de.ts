/** The «Support-Zugriffe» tab (issue 25): the audit trail of support sessions. */
export const supportLogDe = {
  title: 'Support-Zugriffe',
  intro:
    'Hier sehen Sie jede Sitzung, in der der Zunft-Support mit Ihrem Administratorkonto gearbeitet hat, und jede Änderung, die er dabei vorgenommen hat.',
  empty: 'Bisher hat der Support nicht auf Ihr Konto zugegriffen.',
  loadError: 'Das Protokoll konnte nicht geladen werden.',
  more: 'Ältere Einträge laden',
  columns: { when: 'Zeitpunkt', who: 'Wer', what: 'Was', where: 'Bereich' },
  actor: 'Support',
  accountantActor: 'Treuhänder',
  actions: {
    sessionStarted: 'Support-Sitzung begonnen (endet spätestens {{until}})',
    sessionEnded: 'Support-Sitzung beendet',
    accountantSignedIn: 'Hat sich angemeldet (nur Lesezugriff)',
    accountantSwitched: 'Hat aus einer anderen Firma hierher gewechselt (nur Lesezugriff)',
    accountantExported: 'Export heruntergeladen: {{path}}',
    change: '{{method}}: {{path}}',
  },
  methods: { POST: 'Erstellt', PUT: 'Geändert', PATCH: 'Geändert', DELETE: 'Gelöscht' },
  services: { auth: 'Konto und Firma', operations: 'Betrieb', billing: 'Rechnungswesen' },
} as const;
