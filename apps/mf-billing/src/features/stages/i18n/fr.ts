import type { BillingTranslations } from '../../../i18n/de';

/** French strings of billing in stages. */
export const stagesFr: BillingTranslations['stages'] = {
  title: 'Facturation par étapes',
  basis: 'Montant de la commande',
  invoiced: 'Facturé',
  open: 'Ouvert',
  paid: 'Payé',
  net: 'Net',
  vat: 'TVA',
  total: 'Total',
  none: 'Pas encore de facture d’acompte, partielle ou finale.',
  finalDone: 'La facture finale est établie : tout est facturé.',
  loadError: 'Impossible de charger la facturation',
  kinds: {
    invoice: 'Facture',
    down_payment: 'Facture d’acompte',
    partial: 'Facture partielle',
    final: 'Facture finale',
  },
  actions: {
    down_payment: 'Facture d’acompte',
    partial: 'Facture partielle',
    final: 'Facture finale',
  },
  columns: {
    number: 'Numéro',
    kind: 'Type',
    date: 'Date',
    total: 'Montant',
    status: 'Statut',
  },
  dialog: {
    create: 'Établir',
    down_payment: {
      title: 'Établir une facture d’acompte',
      mode: 'Calcul',
      percent: 'Pourcentage du montant de la commande',
      amount: 'Montant hors TVA',
      percentLabel: 'Pourcentage',
      amountLabel: 'Montant (CHF, hors TVA)',
      openHint: 'Encore ouvert : {{amount}} hors TVA',
      preview: 'Net {{net}} plus TVA',
      required: 'Veuillez indiquer un pourcentage ou un montant.',
    },
    partial: {
      title: 'Établir une facture partielle',
      hint: 'Choisissez les quantités que vous facturez maintenant.',
      position: 'Position',
      openQuantity: 'Ouvert',
      quantity: 'Facturer maintenant',
      nothingChosen: 'Veuillez indiquer au moins une quantité.',
    },
    final: {
      title: 'Établir la facture finale',
      hint: 'La facture finale montre toutes les prestations et déduit chaque facture d’acompte et partielle avec son net et sa TVA.',
      deductions_one: 'Déduction : {{count}} facture de {{amount}}',
      deductions_other: 'Déductions : {{count}} factures de {{amount}}',
      remaining: 'Montant à payer prévu : {{amount}}',
    },
  },
  toast: {
    created: '{{kind}} {{number}} établie',
    error: 'La facture n’a pas pu être établie',
  },
};
