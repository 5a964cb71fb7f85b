import type { BillingTranslations } from '../../../i18n/de';

/** Italian strings of billing in stages. */
export const stagesIt: BillingTranslations['stages'] = {
  title: 'Fatturazione a tappe',
  basis: 'Importo della commessa',
  invoiced: 'Fatturato',
  open: 'Aperto',
  paid: 'Pagato',
  net: 'Netto',
  vat: 'IVA',
  total: 'Totale',
  none: 'Ancora nessuna fattura d’acconto, parziale o finale.',
  finalDone: 'La fattura finale è stata emessa: tutto è fatturato.',
  loadError: 'Impossibile caricare la fatturazione',
  kinds: {
    invoice: 'Fattura',
    down_payment: 'Fattura d’acconto',
    partial: 'Fattura parziale',
    final: 'Fattura finale',
  },
  actions: {
    down_payment: 'Fattura d’acconto',
    partial: 'Fattura parziale',
    final: 'Fattura finale',
  },
  columns: {
    number: 'Numero',
    kind: 'Tipo',
    date: 'Data',
    total: 'Importo',
    status: 'Stato',
  },
  dialog: {
    create: 'Emetti',
    down_payment: {
      title: 'Emetti fattura d’acconto',
      mode: 'Calcolo',
      percent: 'Percentuale dell’importo della commessa',
      amount: 'Importo IVA esclusa',
      percentLabel: 'Percentuale',
      amountLabel: 'Importo (CHF, IVA esclusa)',
      openHint: 'Ancora aperto: {{amount}} IVA esclusa',
      preview: 'Netto {{net}} più IVA',
      required: 'Indichi una percentuale o un importo.',
    },
    partial: {
      title: 'Emetti fattura parziale',
      hint: 'Scelga le quantità che fattura ora.',
      position: 'Posizione',
      openQuantity: 'Aperto',
      quantity: 'Fatturare ora',
      nothingChosen: 'Indichi almeno una quantità.',
    },
    final: {
      title: 'Emetti fattura finale',
      hint: 'La fattura finale mostra tutte le prestazioni e deduce ogni fattura d’acconto e parziale con il suo netto e la sua IVA.',
      deductions_one: 'Deduzione: {{count}} fattura di {{amount}}',
      deductions_other: 'Deduzioni: {{count}} fatture di {{amount}}',
      remaining: 'Importo da pagare previsto: {{amount}}',
    },
  },
  toast: {
    created: '{{kind}} {{number}} emessa',
    error: 'Impossibile emettere la fattura',
  },
};
