/**
 * What the services answer when something worked (issue 28): the `message` of a success answer and
 * the lines of the dashboard's activity feed, in German, French and Italian. Spread into
 * SERVER_MESSAGES (catalogue.ts); a service writes `successMessage('success.customer_deleted')`
 * (nest-common), the activity feed stores the key and its parameters and answers `description` in
 * the reader's language. The German texts are the ones the services answered before, word for word.
 */
export const SUCCESS_MESSAGES = {
  // ---------------------------------------------------------------- success answers
  'success.logged_out': {
    de: 'Erfolgreich abgemeldet',
    fr: 'Déconnexion réussie',
    it: 'Disconnessione riuscita',
  },
  'success.password_changed': {
    de: 'Passwort erfolgreich geändert',
    fr: 'Mot de passe modifié',
    it: 'Password modificata',
  },
  'success.logo_removed': {
    de: 'Logo wurde entfernt',
    fr: 'Le logo a été supprimé',
    it: 'Il logo è stato rimosso',
  },
  'success.user_deleted': {
    de: 'Benutzer wurde endgültig gelöscht',
    fr: 'L’utilisateur a été supprimé définitivement',
    it: 'L’utente è stato eliminato definitivamente',
  },
  'success.invoice_sent': {
    de: 'Rechnung wurde an {customer} gesendet',
    fr: 'La facture a été envoyée à {customer}',
    it: 'La fattura è stata inviata a {customer}',
  },
  'success.invoice_deleted': {
    de: 'Rechnung erfolgreich gelöscht',
    fr: 'Facture supprimée',
    it: 'Fattura eliminata',
  },
  'success.quote_deleted': {
    de: 'Angebot erfolgreich gelöscht',
    fr: 'Offre supprimée',
    it: 'Offerta eliminata',
  },
  'success.quote_sent': {
    de: 'Angebot wurde an {customer} gesendet',
    fr: 'L’offre a été envoyée à {customer}',
    it: 'L’offerta è stata inviata a {customer}',
  },
  'success.quote_project_pending': {
    de: 'Das Projekt wird erstellt und erscheint in Kürze in der Projektliste.',
    fr: 'Le projet est en cours de création et apparaîtra sous peu dans la liste des projets.',
    it: 'Il progetto è in fase di creazione e apparirà a breve nell’elenco dei progetti.',
  },
  'success.quote_template_deleted': {
    de: 'Vorlage gelöscht',
    fr: 'Modèle supprimé',
    it: 'Modello eliminato',
  },
  'success.credit_assigned': {
    de: 'Gutschrift wurde der Rechnung {invoiceNumber} zugeordnet',
    fr: 'Le crédit a été attribué à la facture {invoiceNumber}',
    it: 'L’accredito è stato attribuito alla fattura {invoiceNumber}',
  },
  'success.camt_imported': {
    de: '{matched} Zahlung(en) verbucht, {unmatched} nicht zugeordnet, {duplicates} bereits importiert',
    fr: '{matched} paiement(s) comptabilisé(s), {unmatched} non attribué(s), {duplicates} déjà importé(s)',
    it: '{matched} pagamento/i registrato/i, {unmatched} non attribuito/i, {duplicates} già importato/i',
  },
  'success.report_sent': {
    de: 'Rapport wurde an {to} gesendet',
    fr: 'Le rapport a été envoyé à {to}',
    it: 'Il rapporto è stato inviato a {to}',
  },
  'success.assignment_deleted': {
    de: 'Einsatz gelöscht',
    fr: 'Intervention supprimée',
    it: 'Intervento eliminato',
  },
  'success.material_usage_deleted': {
    de: 'Materialverbrauch erfolgreich gelöscht!',
    fr: 'Consommation de matériel supprimée !',
    it: 'Consumo di materiale eliminato!',
  },
  'success.project_deleted': {
    de: 'Projekt erfolgreich gelöscht',
    fr: 'Projet supprimé',
    it: 'Progetto eliminato',
  },
  'success.holiday_deleted': {
    de: 'Feiertag gelöscht',
    fr: 'Jour férié supprimé',
    it: 'Giorno festivo eliminato',
  },
  'success.absence_deleted': {
    de: 'Abwesenheit gelöscht',
    fr: 'Absence supprimée',
    it: 'Assenza eliminata',
  },
  'success.company_closed': {
    de: 'Das Firmenkonto wurde geschlossen. Die Daten werden nach Ablauf der gesetzlichen Aufbewahrungsfristen gelöscht.',
    fr: 'Le compte d’entreprise a été fermé. Les données seront supprimées à l’échéance des délais légaux de conservation.',
    it: 'L’account aziendale è stato chiuso. I dati saranno eliminati alla scadenza dei termini legali di conservazione.',
  },
  'success.customer_deleted': {
    de: 'Kunde erfolgreich gelöscht',
    fr: 'Client supprimé',
    it: 'Cliente eliminato',
  },
  'success.time_entry_deleted': {
    de: 'Zeiteintrag gelöscht',
    fr: 'Saisie de temps supprimée',
    it: 'Registrazione del tempo eliminata',
  },

  // ---------------------------------------------------------------- the dashboard's activity feed
  'activity.customer_added': {
    de: 'Kunde «{name}» hinzugefügt',
    fr: 'Client «{name}» ajouté',
    it: 'Cliente «{name}» aggiunto',
  },
  'activity.project_created': {
    de: 'Projekt «{title}» ({number}) erstellt',
    fr: 'Projet «{title}» ({number}) créé',
    it: 'Progetto «{title}» ({number}) creato',
  },
  'activity.project_from_quote': {
    de: 'Projekt «{title}» ({number}) aus Angebot {quoteNumber} erstellt',
    fr: 'Projet «{title}» ({number}) créé à partir de l’offre {quoteNumber}',
    it: 'Progetto «{title}» ({number}) creato dall’offerta {quoteNumber}',
  },
  'activity.time_logged': {
    de: '{hours} h auf «{project}» erfasst',
    fr: '{hours} h saisies sur «{project}»',
    it: '{hours} h registrate su «{project}»',
  },
  'activity.assignment_planned': {
    de: 'Einsatz geplant: {employee} auf «{project}» ({number}) am {date}',
    fr: 'Intervention planifiée : {employee} sur «{project}» ({number}) le {date}',
    it: 'Intervento pianificato: {employee} su «{project}» ({number}) il {date}',
  },
  'activity.week_copied': {
    de: 'Wochenplan übernommen: {count} Einsätze der Woche ab {from} in die Woche ab {to}',
    fr: 'Planning repris : {count} interventions de la semaine du {from} dans la semaine du {to}',
    it: 'Piano settimanale ripreso: {count} interventi della settimana dal {from} nella settimana dal {to}',
  },
  'activity.week_copied_one': {
    de: 'Wochenplan übernommen: 1 Einsatz der Woche ab {from} in die Woche ab {to}',
    fr: 'Planning repris : 1 intervention de la semaine du {from} dans la semaine du {to}',
    it: 'Piano settimanale ripreso: 1 intervento della settimana dal {from} nella settimana dal {to}',
  },
  'activity.material_logged': {
    de: '{quantity} {unit} «{material}» auf «{project}» erfasst',
    fr: '{quantity} {unit} «{material}» saisi(s) sur «{project}»',
    it: '{quantity} {unit} «{material}» registrato/i su «{project}»',
  },
  'activity.material_approved': {
    de: 'Materialverbrauch genehmigt: {quantity} {unit} «{material}» auf «{project}»',
    fr: 'Consommation de matériel approuvée : {quantity} {unit} «{material}» sur «{project}»',
    it: 'Consumo di materiale approvato: {quantity} {unit} «{material}» su «{project}»',
  },
  'activity.material_rejected': {
    de: 'Materialverbrauch abgelehnt: «{material}» auf «{project}»',
    fr: 'Consommation de matériel refusée : «{material}» sur «{project}»',
    it: 'Consumo di materiale respinto: «{material}» su «{project}»',
  },
  'activity.expense_logged': {
    de: 'Spese erfasst: {amount} «{description}» ({category})',
    fr: 'Frais saisis : {amount} «{description}» ({category})',
    it: 'Spesa registrata: {amount} «{description}» ({category})',
  },
  'activity.expense_approved': {
    de: 'Spese genehmigt: {amount} «{description}» von {employee}',
    fr: 'Frais approuvés : {amount} «{description}» de {employee}',
    it: 'Spesa approvata: {amount} «{description}» di {employee}',
  },
  'activity.expense_rejected': {
    de: 'Spese abgelehnt: {amount} «{description}» von {employee}',
    fr: 'Frais refusés : {amount} «{description}» de {employee}',
    it: 'Spesa respinta: {amount} «{description}» di {employee}',
  },
  'activity.invoice_created': {
    de: 'Rechnung {invoiceNumber} erstellt ({customer}, {amount})',
    fr: 'Facture {invoiceNumber} créée ({customer}, {amount})',
    it: 'Fattura {invoiceNumber} creata ({customer}, {amount})',
  },
  'activity.invoice_sent': {
    de: 'Rechnung {invoiceNumber} an {customer} versendet',
    fr: 'Facture {invoiceNumber} envoyée à {customer}',
    it: 'Fattura {invoiceNumber} inviata a {customer}',
  },
  'activity.invoice_paid': {
    de: 'Rechnung {invoiceNumber} bezahlt ({amount})',
    fr: 'Facture {invoiceNumber} payée ({amount})',
    it: 'Fattura {invoiceNumber} pagata ({amount})',
  },
  'activity.invoice_overdue': {
    de: 'Rechnung {invoiceNumber} ist überfällig',
    fr: 'La facture {invoiceNumber} est échue',
    it: 'La fattura {invoiceNumber} è scaduta',
  },
  'activity.reminder_sent': {
    de: '{reminder} zu Rechnung {invoiceNumber} versendet ({amount})',
    fr: '{reminder} pour la facture {invoiceNumber} envoyé ({amount})',
    it: '{reminder} per la fattura {invoiceNumber} inviato ({amount})',
  },
  // Terms inside the feed's parameters (translated by translateServerMessage).
  'term.System': { de: 'System', fr: 'Système', it: 'Sistema' },
  'term.Transport': { de: 'Transport', fr: 'Transport', it: 'Trasporto' },
  'term.Verpflegung': { de: 'Verpflegung', fr: 'Repas', it: 'Vitto' },
  'term.Unterkunft': { de: 'Unterkunft', fr: 'Hébergement', it: 'Alloggio' },
  'term.Büro': { de: 'Büro', fr: 'Bureau', it: 'Ufficio' },
  'term.Kommunikation': { de: 'Kommunikation', fr: 'Communication', it: 'Comunicazione' },
  'term.Erinnerung': { de: 'Erinnerung', fr: 'Rappel', it: 'Promemoria' },
  'term.1. Mahnung': { de: '1. Mahnung', fr: '1er rappel', it: '1° sollecito' },
  'term.2. Mahnung': { de: '2. Mahnung', fr: '2e rappel', it: '2° sollecito' },
  'term.Letzte Mahnung': { de: 'Letzte Mahnung', fr: 'Dernier rappel', it: 'Ultimo sollecito' },
  'term.Sonstiges': { de: 'Sonstiges', fr: 'Divers', it: 'Altro' },
} as const;

/** A key of a success answer (`success.*`) or an activity line (`activity.*`). */
export type SuccessMessageKey = keyof typeof SUCCESS_MESSAGES;
