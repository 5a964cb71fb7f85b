import type { Language } from '@zunft/contracts';

/** Texts of the credit note PDF per customer language. `{x}` are placeholders. */
export interface CreditNoteTexts {
  creditNote: string;
  creditNoteNumber: string;
  invoiceNumber: string;
  /** The reference to the corrected invoice (MWSTG art. 27 para. 2). */
  reference: string;
  reason: string;
  pos: string;
  designation: string;
  quantity: string;
  price: string;
  vatRate: string;
  total: string;
  net: string;
  vat: string;
  /** Net and VAT of one rate: `{rate}`. */
  netAtRate: string;
  vatAtRate: string;
  grandTotal: string;
  settlement: string;
  supplier: string;
  recipient: string;
  closing: string;
}

export const CREDIT_NOTE_TEXTS: Record<Language, CreditNoteTexts> = {
  de: {
    creditNote: 'Gutschrift',
    creditNoteNumber: 'Gutschriftnummer',
    invoiceNumber: 'Rechnungsnummer',
    reference: 'Diese Gutschrift korrigiert unsere Rechnung {number} vom {date}.',
    reason: 'Grund',
    pos: 'Pos.',
    designation: 'Bezeichnung',
    quantity: 'Menge',
    price: 'Preis',
    vatRate: 'MWST-Satz',
    total: 'Total',
    net: 'Netto',
    vat: 'MWST',
    netAtRate: 'Netto zu {rate}',
    vatAtRate: 'MWST {rate}',
    grandTotal: 'Total Gutschrift',
    settlement:
      'Der Betrag wird mit der offenen Rechnung verrechnet; ist sie bereits bezahlt, erstatten wir ihn zurück. Bitte nicht einzahlen.',
    supplier: 'Leistungserbringer',
    recipient: 'Leistungsempfänger',
    closing: 'Freundliche Grüsse',
  },
  fr: {
    creditNote: 'Note de crédit',
    creditNoteNumber: 'Numéro de la note de crédit',
    invoiceNumber: 'Numéro de facture',
    reference: 'Cette note de crédit corrige notre facture {number} du {date}.',
    reason: 'Motif',
    pos: 'Pos.',
    designation: 'Désignation',
    quantity: 'Quantité',
    price: 'Prix',
    vatRate: 'Taux TVA',
    total: 'Total',
    net: 'Net',
    vat: 'TVA',
    netAtRate: 'Net à {rate}',
    vatAtRate: 'TVA {rate}',
    grandTotal: 'Total de la note de crédit',
    settlement:
      'Le montant est imputé sur la facture ouverte ; si elle est déjà payée, nous vous le remboursons. Merci de ne rien verser.',
    supplier: 'Fournisseur de la prestation',
    recipient: 'Destinataire de la prestation',
    closing: 'Meilleures salutations',
  },
  it: {
    creditNote: 'Nota di credito',
    creditNoteNumber: 'Numero della nota di credito',
    invoiceNumber: 'Numero fattura',
    reference: 'Questa nota di credito corregge la nostra fattura {number} del {date}.',
    reason: 'Motivo',
    pos: 'Pos.',
    designation: 'Descrizione',
    quantity: 'Quantità',
    price: 'Prezzo',
    vatRate: 'Aliquota IVA',
    total: 'Totale',
    net: 'Netto',
    vat: 'IVA',
    netAtRate: 'Netto al {rate}',
    vatAtRate: 'IVA {rate}',
    grandTotal: 'Totale nota di credito',
    settlement:
      'L’importo viene compensato con la fattura aperta; se è già stata pagata, glielo rimborsiamo. Si prega di non versare nulla.',
    supplier: 'Fornitore della prestazione',
    recipient: 'Destinatario della prestazione',
    closing: 'Cordiali saluti',
  },
};

export const creditNoteTexts = (language: Language): CreditNoteTexts => CREDIT_NOTE_TEXTS[language];
