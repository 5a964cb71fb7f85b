import type { dataExportDe } from './de';

type Shape<T> = { readonly [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export const dataExportIt: Shape<typeof dataExportDe> = {
  title: 'Dati',
  intro:
    'Scarichi tutti i dati della sua azienda in un file ZIP: ogni tabella come file CSV (per Excel) e tutti i documenti salvati (PDF, foto, giustificativi). Password e chiavi d’accesso non sono incluse.',
  start: 'Esporta tutti i dati',
  startFailed: 'Non è stato possibile avviare l’esportazione.',
  progressLabel: 'Avanzamento dell’esportazione',
  phase: {
    queued: 'Preparazione dell’esportazione …',
    tables: 'Esportazione delle tabelle …',
    documents: 'Esportazione dei documenti …',
    finishing: 'Completamento dello ZIP …',
    done: 'Esportazione completata',
    failed: 'Esportazione non riuscita',
  },
  failed: 'L’esportazione non è riuscita. La riavvii.',
  download: 'Scarica lo ZIP ({{size}} MB)',
  madeAt: 'Creato il {{date}} · {{tables}} tabelle, {{documents}} documenti · disponibile fino al {{until}}',
  downloadFailed: 'Il download non è riuscito.',
  loadError: 'Non è stato possibile caricare lo stato dell’esportazione.',
};
