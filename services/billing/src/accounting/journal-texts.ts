import type { Language } from '@zunft/contracts';

/** The booking texts of the journal and the files' titles, in the company's language. */
export const JOURNAL_TEXTS: Record<
  Language,
  {
    invoice: string;
    rounding: string;
    creditNote: string;
    writeOff: string;
    writeOffFees: string;
    payment: string;
    overpayment: string;
    reversal: string;
    refund: string;
    reminderFee: string;
    interest: string;
  }
> = {
  de: {
    invoice: 'Rechnung',
    rounding: 'Rundung',
    creditNote: 'Gutschrift',
    writeOff: 'Debitorenverlust',
    writeOffFees: 'Debitorenverlust Gebühren/Zins',
    payment: 'Zahlung',
    overpayment: 'Überzahlung',
    reversal: 'Storno Zahlung',
    refund: 'Rückzahlung',
    reminderFee: 'Mahngebühr',
    interest: 'Verzugszins',
  },
  fr: {
    invoice: 'Facture',
    rounding: 'Arrondi',
    creditNote: 'Note de crédit',
    writeOff: 'Perte sur débiteurs',
    writeOffFees: 'Perte sur débiteurs frais/intérêts',
    payment: 'Paiement',
    overpayment: 'Paiement excédentaire',
    reversal: 'Annulation paiement',
    refund: 'Remboursement',
    reminderFee: 'Frais de rappel',
    interest: 'Intérêt moratoire',
  },
  it: {
    invoice: 'Fattura',
    rounding: 'Arrotondamento',
    creditNote: 'Nota di credito',
    writeOff: 'Perdita su debitori',
    writeOffFees: 'Perdita su debitori spese/interessi',
    payment: 'Pagamento',
    overpayment: 'Pagamento in eccesso',
    reversal: 'Storno pagamento',
    refund: 'Rimborso',
    reminderFee: 'Spese di sollecito',
    interest: 'Interesse di mora',
  },
};

/** The open-items list's columns (CSV and PDF), in the company's language. */
export const OPEN_ITEMS_TEXTS: Record<
  Language,
  {
    title: string;
    columns: [string, string, string, string, string, string, string, string, string];
    buckets: Record<'not_due' | 'd1_30' | 'd31_60' | 'd61_90' | 'over_90', string>;
    total: string;
    credits: string;
    company: string;
    page: (n: number, of: number) => string;
  }
> = {
  de: {
    title: 'Offene Posten per',
    columns: [
      'Rechnung',
      'Kunde',
      'Rechnungsdatum',
      'Fällig',
      'Tage überfällig',
      'Mahnstufe',
      'Offen',
      'Währung',
      'Fälligkeit',
    ],
    buckets: {
      not_due: 'nicht fällig',
      d1_30: '1–30 Tage',
      d31_60: '31–60 Tage',
      d61_90: '61–90 Tage',
      over_90: 'über 90 Tage',
    },
    total: 'Total',
    credits: 'Guthaben von Kunden',
    company: 'Firma',
    page: (n, of) => `Seite ${n} von ${of}`,
  },
  fr: {
    title: 'Postes ouverts au',
    columns: [
      'Facture',
      'Client',
      'Date de facture',
      'Échéance',
      'Jours de retard',
      'Niveau de rappel',
      'Ouvert',
      'Monnaie',
      'Ancienneté',
    ],
    buckets: {
      not_due: 'non échu',
      d1_30: '1–30 jours',
      d31_60: '31–60 jours',
      d61_90: '61–90 jours',
      over_90: 'plus de 90 jours',
    },
    total: 'Total',
    credits: 'Avoirs de clients',
    company: 'Entreprise',
    page: (n, of) => `Page ${n} sur ${of}`,
  },
  it: {
    title: 'Partite aperte al',
    columns: [
      'Fattura',
      'Cliente',
      'Data fattura',
      'Scadenza',
      'Giorni di ritardo',
      'Livello di sollecito',
      'Aperto',
      'Valuta',
      'Anzianità',
    ],
    buckets: {
      not_due: 'non scaduto',
      d1_30: '1–30 giorni',
      d31_60: '31–60 giorni',
      d61_90: '61–90 giorni',
      over_90: 'oltre 90 giorni',
    },
    total: 'Totale',
    credits: 'Crediti dei clienti',
    company: 'Azienda',
    page: (n, of) => `Pagina ${n} di ${of}`,
  },
};
