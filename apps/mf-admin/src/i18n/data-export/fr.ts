import type { dataExportDe } from './de';

type Shape<T> = { readonly [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export const dataExportFr: Shape<typeof dataExportDe> = {
  title: 'Données',
  intro:
    'Téléchargez toutes les données de votre entreprise en ZIP : chaque table en fichier CSV (pour Excel) et tous les documents enregistrés (PDF, photos, justificatifs). Les mots de passe et les clés d’accès n’y figurent pas.',
  start: 'Exporter toutes les données',
  startFailed: 'L’exportation n’a pas pu être lancée.',
  progressLabel: 'Progression de l’exportation',
  phase: {
    queued: 'Préparation de l’exportation …',
    tables: 'Exportation des tables …',
    documents: 'Exportation des documents …',
    finishing: 'Finalisation du ZIP …',
    done: 'Exportation terminée',
    failed: 'Échec de l’exportation',
  },
  failed: 'L’exportation a échoué. Veuillez la relancer.',
  download: 'Télécharger le ZIP ({{size}} Mo)',
  madeAt: 'Créé le {{date}} · {{tables}} tables, {{documents}} documents · disponible jusqu’au {{until}}',
  downloadFailed: 'Le téléchargement a échoué.',
  loadError: 'L’état de l’exportation n’a pas pu être chargé.',
};
