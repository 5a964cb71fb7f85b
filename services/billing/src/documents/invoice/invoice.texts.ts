import type { Language } from '@zunft/contracts';

/** Texts of the invoice and reminder PDFs per customer language. `{x}` are placeholders. */
export interface InvoiceTexts {
  invoice: string;
  /** A never-issued invoice's PDF (rendered live, not archived). */
  draft: string;
  invoiceNumber: string;
  dueDate: string;
  servicePeriod: string;
  project: string;
  pos: string;
  designation: string;
  quantity: string;
  unit: string;
  price: string;
  total: string;
  subtotal: string;
  vat: string;
  /** Shown instead of the VAT line at rate 0 (MWSTG art. 10: not liable to VAT). */
  notVatLiable: string;
  rounding: string;
  grandTotal: string;
  paid: string;
  open: string;
  notes: string;
  paymentTerms: string;
  supplier: string;
  recipient: string;
  reminderTitles: [string, string, string, string];
  /** The title of a stage invoice (issue 22). */
  stageTitles: { down_payment: string; partial: string; final: string };
  reminderIntro: [string, string, string, string];
  reminderPayBy: string;
  openInvoice: string;
  invoiceDate: string;
  originalDue: string;
  invoiceTotal: string;
  alreadyPaid: string;
  openAmount: string;
  reminderFees: string;
  interest: string;
  newTotal: string;
  closing: string;
}

export const INVOICE_TEXTS: Record<Language, InvoiceTexts> = {
  de: {
    invoice: 'Rechnung',
    draft: 'Entwurf',
    invoiceNumber: 'Rechnungsnummer',
    dueDate: 'Zahlbar bis',
    servicePeriod: 'Leistungszeitraum',
    project: 'Projekt',
    pos: 'Pos.',
    designation: 'Bezeichnung',
    quantity: 'Menge',
    unit: 'Einheit',
    price: 'Preis',
    total: 'Total',
    subtotal: 'Zwischensumme',
    vat: 'MWST',
    notVatLiable: 'Nicht MWST-pflichtig',
    rounding: 'Rundung',
    grandTotal: 'Rechnungsbetrag',
    paid: 'Bereits bezahlt',
    open: 'Offener Betrag',
    notes: 'Bemerkungen',
    paymentTerms: 'Zahlbar innert {days} Tagen bis {date} mit dem beiliegenden QR-Einzahlungsschein.',
    supplier: 'Leistungserbringer',
    recipient: 'Leistungsempfänger',
    reminderTitles: ['Zahlungserinnerung', '1. Mahnung', '2. Mahnung', 'Letzte Mahnung'],
    stageTitles: { down_payment: 'Akontorechnung', partial: 'Teilrechnung', final: 'Schlussrechnung' },
    reminderIntro: [
      'Sicher ist es Ihrer Aufmerksamkeit entgangen: Die folgende Rechnung ist noch offen. Wir bitten Sie, den Betrag zu begleichen.',
      'Trotz unserer Erinnerung ist die folgende Rechnung noch nicht bezahlt. Wir bitten Sie, den offenen Betrag umgehend zu überweisen.',
      'Die folgende Rechnung ist trotz Mahnung weiterhin offen. Wir ersuchen Sie dringend, den Betrag fristgerecht zu bezahlen.',
      'Dies ist unsere letzte Mahnung. Bezahlen Sie den Betrag nicht fristgerecht, leiten wir ohne weitere Ankündigung rechtliche Schritte ein.',
    ],
    reminderPayBy: 'Bitte bezahlen Sie den Gesamtbetrag bis {date} mit dem beiliegenden QR-Einzahlungsschein.',
    openInvoice: 'Offene Rechnung',
    invoiceDate: 'Rechnungsdatum',
    originalDue: 'Fällig seit',
    invoiceTotal: 'Rechnungsbetrag',
    alreadyPaid: 'Bereits bezahlt',
    openAmount: 'Offener Betrag',
    reminderFees: 'Mahngebühren',
    interest: 'Verzugszins {rate} für {days} Tage',
    newTotal: 'Neuer Gesamtbetrag',
    closing: 'Freundliche Grüsse',
  },
  fr: {
    invoice: 'Facture',
    draft: 'Brouillon',
    invoiceNumber: 'Numéro de facture',
    dueDate: 'Payable jusqu’au',
    servicePeriod: 'Période de prestation',
    project: 'Projet',
    pos: 'Pos.',
    designation: 'Désignation',
    quantity: 'Quantité',
    unit: 'Unité',
    price: 'Prix',
    total: 'Total',
    subtotal: 'Sous-total',
    vat: 'TVA',
    notVatLiable: 'Non assujetti à la TVA',
    rounding: 'Arrondi',
    grandTotal: 'Montant de la facture',
    paid: 'Déjà payé',
    open: 'Montant ouvert',
    notes: 'Remarques',
    paymentTerms: 'Payable dans les {days} jours, d’ici au {date}, avec le bulletin de versement QR ci-joint.',
    supplier: 'Prestataire',
    recipient: 'Destinataire de la prestation',
    reminderTitles: ['Rappel de paiement', '1er rappel', '2e rappel', 'Dernier rappel'],
    stageTitles: { down_payment: 'Facture d’acompte', partial: 'Facture partielle', final: 'Facture finale' },
    reminderIntro: [
      'Cela vous a sans doute échappé : la facture suivante est encore ouverte. Nous vous prions de régler le montant.',
      'Malgré notre rappel, la facture suivante n’est pas encore payée. Nous vous prions de virer le montant ouvert sans délai.',
      'La facture suivante reste impayée malgré notre rappel. Nous vous prions instamment de la régler dans le délai.',
      'Ceci est notre dernier rappel. Sans paiement dans le délai, nous engagerons des poursuites sans autre avis.',
    ],
    reminderPayBy: 'Veuillez payer le montant total d’ici au {date} avec le bulletin de versement QR ci-joint.',
    openInvoice: 'Facture ouverte',
    invoiceDate: 'Date de facture',
    originalDue: 'Échue depuis',
    invoiceTotal: 'Montant de la facture',
    alreadyPaid: 'Déjà payé',
    openAmount: 'Montant ouvert',
    reminderFees: 'Frais de rappel',
    interest: 'Intérêts moratoires {rate} pour {days} jours',
    newTotal: 'Nouveau montant total',
    closing: 'Meilleures salutations',
  },
  it: {
    invoice: 'Fattura',
    draft: 'Bozza',
    invoiceNumber: 'Numero di fattura',
    dueDate: 'Pagabile entro il',
    servicePeriod: 'Periodo della prestazione',
    project: 'Progetto',
    pos: 'Pos.',
    designation: 'Descrizione',
    quantity: 'Quantità',
    unit: 'Unità',
    price: 'Prezzo',
    total: 'Totale',
    subtotal: 'Subtotale',
    vat: 'IVA',
    notVatLiable: 'Non assoggettato all’IVA',
    rounding: 'Arrotondamento',
    grandTotal: 'Importo della fattura',
    paid: 'Già pagato',
    open: 'Importo aperto',
    notes: 'Osservazioni',
    paymentTerms: 'Pagabile entro {days} giorni, entro il {date}, con la polizza di versamento QR allegata.',
    supplier: 'Fornitore della prestazione',
    recipient: 'Destinatario della prestazione',
    reminderTitles: ['Promemoria di pagamento', '1° sollecito', '2° sollecito', 'Ultimo sollecito'],
    stageTitles: { down_payment: 'Fattura d’acconto', partial: 'Fattura parziale', final: 'Fattura finale' },
    reminderIntro: [
      'Le sarà sicuramente sfuggito: la seguente fattura è ancora aperta. La preghiamo di saldare l’importo.',
      'Nonostante il nostro promemoria, la seguente fattura non è ancora pagata. La preghiamo di versare subito l’importo aperto.',
      'La seguente fattura è ancora aperta nonostante il sollecito. La invitiamo con urgenza a pagarla entro il termine.',
      'Questo è il nostro ultimo sollecito. In mancanza di pagamento entro il termine, avvieremo le vie legali senza ulteriore preavviso.',
    ],
    reminderPayBy: 'La preghiamo di pagare l’importo totale entro il {date} con la polizza di versamento QR allegata.',
    openInvoice: 'Fattura aperta',
    invoiceDate: 'Data della fattura',
    originalDue: 'Scaduta dal',
    invoiceTotal: 'Importo della fattura',
    alreadyPaid: 'Già pagato',
    openAmount: 'Importo aperto',
    reminderFees: 'Spese di sollecito',
    interest: 'Interessi di mora {rate} per {days} giorni',
    newTotal: 'Nuovo importo totale',
    closing: 'Cordiali saluti',
  },
};

export const invoiceTexts = (language: Language): InvoiceTexts => INVOICE_TEXTS[language] ?? INVOICE_TEXTS.de;
