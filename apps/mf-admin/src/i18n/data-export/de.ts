/** «Daten» card of the settings' «Konto» tab (issue 26): the export of all the company's data. */
export const dataExportDe = {
  title: 'Daten',
  intro:
    'Laden Sie alle Daten Ihrer Firma als ZIP herunter: jede Tabelle als CSV-Datei (für Excel) und alle gespeicherten Dokumente (PDFs, Fotos, Belege). Passwörter und Zugangsschlüssel sind nicht enthalten.',
  start: 'Alle Daten exportieren',
  startFailed: 'Der Export konnte nicht gestartet werden.',
  progressLabel: 'Fortschritt des Exports',
  phase: {
    queued: 'Export wird vorbereitet …',
    tables: 'Tabellen werden exportiert …',
    documents: 'Dokumente werden exportiert …',
    finishing: 'ZIP wird abgeschlossen …',
    done: 'Export fertig',
    failed: 'Export fehlgeschlagen',
  },
  failed: 'Der Export ist fehlgeschlagen. Bitte starten Sie ihn erneut.',
  download: 'ZIP herunterladen ({{size}} MB)',
  madeAt: 'Erstellt am {{date}} · {{tables}} Tabellen, {{documents}} Dokumente · verfügbar bis {{until}}',
  downloadFailed: 'Der Download ist fehlgeschlagen.',
  loadError: 'Der Stand des Exports konnte nicht geladen werden.',
} as const;
