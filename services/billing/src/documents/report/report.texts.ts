import type { Language, SurchargeKind } from '@zunft/contracts';

/** Texts of the report PDF, per customer language. `{x}` are placeholders. */
export interface ReportTexts {
  report: string;
  project: string;
  period: string;
  customer: string;
  employee: string;
  date: string;
  from: string;
  to: string;
  break: string;
  hours: string;
  surcharge: string;
  description: string;
  totalHours: string;
  totalFor: string;
  materials: string;
  material: string;
  quantity: string;
  unit: string;
  usedBy: string;
  expenses: string;
  category: string;
  amount: string;
  photos: string;
  notes: string;
  empty: string;
  excluded: string;
  noPreview: string;
  signature: string;
  signedBy: string;
  signedAt: string;
  email: string;
  origin: string;
  seal: string;
  notSigned: string;
  surchargeKinds: Record<SurchargeKind, string>;
  minutes: string;
  /** Expense categories (part 2 §3). */
  categories: Record<string, string>;
}

export const REPORT_TEXTS: Record<Language, ReportTexts> = {
  de: {
    report: 'Rapport',
    project: 'Projekt',
    period: 'Zeitraum',
    customer: 'Kunde',
    employee: 'Mitarbeiter',
    date: 'Datum',
    from: 'Von',
    to: 'Bis',
    break: 'Pause',
    hours: 'Stunden',
    surcharge: 'Zuschlag',
    description: 'Beschreibung',
    totalHours: 'Total Stunden',
    totalFor: 'Total {name}',
    materials: 'Material',
    material: 'Material',
    quantity: 'Menge',
    unit: 'Einheit',
    usedBy: 'Erfasst von',
    expenses: 'Spesen',
    category: 'Kategorie',
    amount: 'Betrag',
    photos: 'Fotos',
    notes: 'Bemerkungen',
    empty: 'Im gewählten Zeitraum wurden keine Leistungen erfasst.',
    excluded:
      '{count} Einträge dieses Zeitraums sind bereits in einem unterschriebenen Rapport enthalten und hier nicht aufgeführt.',
    noPreview: 'Keine Vorschau verfügbar',
    signature: 'Unterschrift des Kunden',
    signedBy: 'Unterschrieben von',
    signedAt: 'Zeitpunkt',
    email: 'E-Mail',
    origin: 'Herkunft',
    seal: 'Prüfsumme (SHA-256)',
    notSigned: 'Noch nicht unterschrieben',
    surchargeKinds: { night: 'Nacht', saturday: 'Samstag', sunday: 'Sonntag', holiday: 'Feiertag' },
    minutes: 'Min.',
    categories: {
      transport: 'Transport',
      meals: 'Verpflegung',
      accommodation: 'Unterkunft',
      materials: 'Material',
      office: 'Büro',
      communication: 'Kommunikation',
      other: 'Sonstiges',
    },
  },
  fr: {
    report: 'Rapport',
    project: 'Projet',
    period: 'Période',
    customer: 'Client',
    employee: 'Collaborateur',
    date: 'Date',
    from: 'De',
    to: 'À',
    break: 'Pause',
    hours: 'Heures',
    surcharge: 'Supplément',
    description: 'Description',
    totalHours: 'Total heures',
    totalFor: 'Total {name}',
    materials: 'Matériel',
    material: 'Matériel',
    quantity: 'Quantité',
    unit: 'Unité',
    usedBy: 'Saisi par',
    expenses: 'Frais',
    category: 'Catégorie',
    amount: 'Montant',
    photos: 'Photos',
    notes: 'Remarques',
    empty: 'Aucune prestation n’a été saisie pendant cette période.',
    excluded: '{count} saisies de cette période figurent déjà dans un rapport signé et ne sont pas reprises ici.',
    noPreview: 'Aperçu non disponible',
    signature: 'Signature du client',
    signedBy: 'Signé par',
    signedAt: 'Date et heure',
    email: 'E-mail',
    origin: 'Origine',
    seal: 'Somme de contrôle (SHA-256)',
    notSigned: 'Pas encore signé',
    surchargeKinds: { night: 'Nuit', saturday: 'Samedi', sunday: 'Dimanche', holiday: 'Jour férié' },
    minutes: 'min',
    categories: {
      transport: 'Transport',
      meals: 'Repas',
      accommodation: 'Hébergement',
      materials: 'Matériel',
      office: 'Bureau',
      communication: 'Communication',
      other: 'Autres',
    },
  },
  it: {
    report: 'Rapporto',
    project: 'Progetto',
    period: 'Periodo',
    customer: 'Cliente',
    employee: 'Collaboratore',
    date: 'Data',
    from: 'Da',
    to: 'A',
    break: 'Pausa',
    hours: 'Ore',
    surcharge: 'Supplemento',
    description: 'Descrizione',
    totalHours: 'Totale ore',
    totalFor: 'Totale {name}',
    materials: 'Materiale',
    material: 'Materiale',
    quantity: 'Quantità',
    unit: 'Unità',
    usedBy: 'Registrato da',
    expenses: 'Spese',
    category: 'Categoria',
    amount: 'Importo',
    photos: 'Foto',
    notes: 'Osservazioni',
    empty: 'Nel periodo scelto non sono state registrate prestazioni.',
    excluded: '{count} registrazioni di questo periodo sono già contenute in un rapporto firmato e non figurano qui.',
    noPreview: 'Anteprima non disponibile',
    signature: 'Firma del cliente',
    signedBy: 'Firmato da',
    signedAt: 'Data e ora',
    email: 'E-mail',
    origin: 'Origine',
    seal: 'Checksum (SHA-256)',
    notSigned: 'Non ancora firmato',
    surchargeKinds: { night: 'Notte', saturday: 'Sabato', sunday: 'Domenica', holiday: 'Giorno festivo' },
    minutes: 'min',
    categories: {
      transport: 'Trasporto',
      meals: 'Pasti',
      accommodation: 'Alloggio',
      materials: 'Materiale',
      office: 'Ufficio',
      communication: 'Comunicazione',
      other: 'Altro',
    },
  },
};

export function reportTexts(language: Language): ReportTexts {
  return REPORT_TEXTS[language] ?? REPORT_TEXTS.de;
}
