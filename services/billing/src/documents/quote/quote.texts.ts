import type { Language } from '@zunft/contracts';

/** Texts of the quote document (Angebot / Offre / Offerta), per customer language. `{x}` are placeholders. */
export interface QuoteTexts {
  quote: string;
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
  notes: string;
  terms: string;
  acceptedBy: string;
  signature: string;
  noItems: string;
  units: Record<string, string>;
}

export const QUOTE_TEXTS: Record<Language, QuoteTexts> = {
  de: {
    quote: 'Angebot',
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
    notes: 'Bemerkungen',
    terms: 'Bedingungen',
    acceptedBy: 'Angenommen von {name} am {date}',
    signature: 'Unterschrift',
    noItems: 'Keine Positionen',
    units: {},
  },
  fr: {
    quote: 'Offre',
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
    notes: 'Remarques',
    terms: 'Conditions',
    acceptedBy: 'Acceptée par {name} le {date}',
    signature: 'Signature',
    noItems: 'Aucune position',
    units: { Stk: 'pce', Pkg: 'paq.', h: 'h', l: 'l' },
  },
  it: {
    quote: 'Offerta',
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
    notes: 'Osservazioni',
    terms: 'Condizioni',
    acceptedBy: 'Accettata da {name} il {date}',
    signature: 'Firma',
    noItems: 'Nessuna posizione',
    units: { Stk: 'pz.', Pkg: 'conf.', h: 'h', l: 'l' },
  },
};

export function quoteTexts(language: Language): QuoteTexts {
  return QUOTE_TEXTS[language] ?? QUOTE_TEXTS.de;
}
