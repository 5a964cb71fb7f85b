import type { Language } from '@zunft/contracts';

/** Texts printed on documents, per customer language. `{x}` are placeholders. */
export interface DocumentTexts {
  quote: string;
  date: string;
  validUntil: string;
  pos: string;
  designation: string;
  quantity: string;
  unit: string;
  price: string;
  total: string;
  subtotal: string;
  discount: string;
  travelAllowance: string;
  net: string;
  vat: string;
  rounding: string;
  grandTotal: string;
  vatNumber: string;
  phone: string;
  notes: string;
  terms: string;
  acceptedBy: string;
  signature: string;
  page: string;
  noItems: string;
  units: Record<string, string>;
}

export const DOCUMENT_TEXTS: Record<Language, DocumentTexts> = {
  de: {
    quote: 'Angebot',
    date: 'Datum',
    validUntil: 'Gültig bis',
    pos: 'Pos.',
    designation: 'Bezeichnung',
    quantity: 'Menge',
    unit: 'Einheit',
    price: 'Preis',
    total: 'Total',
    subtotal: 'Zwischentotal',
    discount: 'Rabatt',
    travelAllowance: 'Reisepauschale',
    net: 'Netto',
    vat: 'MWST',
    rounding: 'Rundung',
    grandTotal: 'Total',
    vatNumber: 'MWST-Nr.',
    phone: 'Tel.',
    notes: 'Bemerkungen',
    terms: 'Bedingungen',
    acceptedBy: 'Angenommen von {name} am {date}',
    signature: 'Unterschrift',
    page: 'Seite {page} von {pages}',
    noItems: 'Keine Positionen',
    units: {},
  },
  fr: {
    quote: 'Offre',
    date: 'Date',
    validUntil: 'Valable jusqu’au',
    pos: 'Pos.',
    designation: 'Désignation',
    quantity: 'Quantité',
    unit: 'Unité',
    price: 'Prix',
    total: 'Total',
    subtotal: 'Sous-total',
    discount: 'Rabais',
    travelAllowance: 'Forfait de déplacement',
    net: 'Net',
    vat: 'TVA',
    rounding: 'Arrondi',
    grandTotal: 'Total',
    vatNumber: 'N° TVA',
    phone: 'Tél.',
    notes: 'Remarques',
    terms: 'Conditions',
    acceptedBy: 'Acceptée par {name} le {date}',
    signature: 'Signature',
    page: 'Page {page} sur {pages}',
    noItems: 'Aucune position',
    units: { Stk: 'pce', Pkg: 'paq.', h: 'h', l: 'l' },
  },
  it: {
    quote: 'Offerta',
    date: 'Data',
    validUntil: 'Valida fino al',
    pos: 'Pos.',
    designation: 'Descrizione',
    quantity: 'Quantità',
    unit: 'Unità',
    price: 'Prezzo',
    total: 'Totale',
    subtotal: 'Subtotale',
    discount: 'Sconto',
    travelAllowance: 'Forfait trasferta',
    net: 'Netto',
    vat: 'IVA',
    rounding: 'Arrotondamento',
    grandTotal: 'Totale',
    vatNumber: 'N. IVA',
    phone: 'Tel.',
    notes: 'Osservazioni',
    terms: 'Condizioni',
    acceptedBy: 'Accettata da {name} il {date}',
    signature: 'Firma',
    page: 'Pagina {page} di {pages}',
    noItems: 'Nessuna posizione',
    units: { Stk: 'pz.', Pkg: 'conf.' },
  },
};

export function documentTexts(language: Language): DocumentTexts {
  return DOCUMENT_TEXTS[language] ?? DOCUMENT_TEXTS.de;
}

/** Replaces `{key}` placeholders with already escaped HTML snippets. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
