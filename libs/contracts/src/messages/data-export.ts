/**
 * Server messages of «Alle Daten exportieren» (issue 26), spread into SERVER_MESSAGES (catalogue.ts).
 */
export const DATA_EXPORT_MESSAGES = {
  data_export_running: {
    de: 'Ein Export läuft bereits. Bitte warten Sie, bis er fertig ist.',
    fr: 'Une exportation est déjà en cours. Veuillez attendre qu’elle soit terminée.',
    it: 'Un’esportazione è già in corso. Attenda che sia terminata.',
  },
  data_export_not_found: {
    de: 'Export nicht gefunden',
    fr: 'Exportation introuvable',
    it: 'Esportazione non trovata',
  },
  data_export_not_ready: {
    de: 'Der Export ist noch nicht fertig oder nicht mehr verfügbar. Bitte starten Sie einen neuen Export.',
    fr: 'L’exportation n’est pas encore prête ou n’est plus disponible. Veuillez lancer une nouvelle exportation.',
    it: 'L’esportazione non è ancora pronta o non è più disponibile. Avvii una nuova esportazione.',
  },
  data_export_bad_reference: {
    de: 'Ungültiger Verweis im Datenexport',
    fr: 'Référence invalide dans l’exportation des données',
    it: 'Riferimento non valido nell’esportazione dei dati',
  },
} as const;
