/**
 * The one catalogue of the server's messages (issue 15): every error text the services, the shared
 * exception filter, the validation pipe and the gateway send, in German, French and Italian (Swiss
 * usage). The German texts are the spec's words; where a module's constant already holds them
 * (OPERATIONS_MESSAGES, QUOTE_MESSAGES…) the catalogue refers to that constant, so the German stays
 * word for word the same. `{name}` marks a parameter, filled in by `translateServerMessage`.
 *
 * Sections: error codes (key = the code, `code.variant` where one code has several texts), `http.*`
 * (framework answers), `db.*` (PostgreSQL refusals), `validation.*` (zod messages, mostly patterns
 * with the German field label as `{field}`), `gateway.*`, and `term.*`: field labels and status
 * names that appear inside other messages, translated when a parameter holds one of them.
 */
import { ACCOUNT_DEACTIVATED_MESSAGE, NUL_BYTE_MESSAGE, REQUIRES_PAYMENT_MESSAGE } from '../common.js';
import { LOGO_ERRORS } from '../company.js';
import { EXPENSE_MESSAGES } from '../expenses.js';
import { INVOICE_MESSAGES, QR_BILL_SETTING_NAMES } from '../invoices.js';
import { MATERIAL_MESSAGES } from '../materials.js';
import { MEMBERSHIP_MESSAGES } from '../memberships.js';
import { MATERIAL_IMPORT_MESSAGES } from './materials-import.js';
import { DATA_EXPORT_MESSAGES } from './data-export.js';
import { SUCCESS_MESSAGES } from './success-messages.js';
import { CLIENT_RECORD_ID_TAKEN, OPERATIONS_MESSAGES } from '../operations.js';
import { QUOTE_ACCEPTANCE_MESSAGES, QUOTE_MESSAGES } from '../quotes.js';
import { REPORT_MESSAGES, REPORT_SIGNATURE_MESSAGES, REPORT_STATUS_LABELS } from '../reports.js';
import { SCHEDULE_MESSAGES } from '../scheduling.js';
import { SUBSCRIPTION_MESSAGES } from '../subscriptions.js';

export interface ServerMessageTexts {
  readonly de: string;
  readonly fr: string;
  readonly it: string;
}

const PDF_UNAVAILABLE = QUOTE_MESSAGES.pdfUnavailable;

export const SERVER_MESSAGES = {
  // ---------------------------------------------------------------- shared (nest-common)
  unauthenticated: {
    de: 'Bitte melden Sie sich an',
    fr: 'Veuillez vous connecter',
    it: 'Effettui l’accesso',
  },
  token_expired: {
    de: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
    fr: 'Votre session a expiré. Veuillez vous reconnecter.',
    it: 'La sessione è scaduta. Effettui nuovamente l’accesso.',
  },
  account_deactivated: {
    de: ACCOUNT_DEACTIVATED_MESSAGE,
    fr: 'Votre compte a été désactivé. Veuillez vous adresser à votre administrateur.',
    it: 'Il suo account è stato disattivato. Si rivolga al suo amministratore.',
  },
  'account_deactivated.login': {
    de: 'Ihr Konto ist deaktiviert. Bitte wenden Sie sich an Ihren Administrator.',
    fr: 'Votre compte est désactivé. Veuillez vous adresser à votre administrateur.',
    it: 'Il suo account è disattivato. Si rivolga al suo amministratore.',
  },
  token_outdated: {
    de: 'Ihre Berechtigungen wurden geändert. Bitte laden Sie die Seite neu.',
    fr: 'Vos autorisations ont été modifiées. Veuillez recharger la page.',
    it: 'Le sue autorizzazioni sono state modificate. Ricarichi la pagina.',
  },
  forbidden: {
    de: 'Keine Berechtigung für diese Aktion',
    fr: 'Vous n’avez pas l’autorisation d’effectuer cette action',
    it: 'Non ha l’autorizzazione per questa azione',
  },
  accountant_read_only: {
    de: 'Treuhänder haben nur Lesezugriff: Sie können hier nichts ändern',
    fr: 'Les fiduciaires ont un accès en lecture seule : vous ne pouvez rien modifier ici',
    it: 'I fiduciari hanno solo accesso in lettura: qui non può modificare nulla',
  },
  not_found: {
    de: 'Nicht gefunden',
    fr: 'Introuvable',
    it: 'Non trovato',
  },
  requires_payment: {
    de: REQUIRES_PAYMENT_MESSAGE,
    fr: 'Votre période d’essai est terminée. Veuillez choisir un abonnement.',
    it: 'Il periodo di prova è scaduto. Scelga un abbonamento.',
  },
  not_ready: {
    de: 'Dienst ist nicht bereit',
    fr: 'Le service n’est pas prêt',
    it: 'Il servizio non è pronto',
  },
  internal: {
    de: 'Interner Serverfehler',
    fr: 'Erreur interne du serveur',
    it: 'Errore interno del server',
  },

  // ---------------------------------------------------------------- framework answers
  'http.invalid_json': {
    de: 'Ungültiges JSON',
    fr: 'JSON non valable',
    it: 'JSON non valido',
  },
  'http.bad_request': {
    de: 'Ungültige Anfrage',
    fr: 'Requête non valable',
    it: 'Richiesta non valida',
  },
  'http.not_found': {
    de: 'Die angeforderte Ressource wurde nicht gefunden',
    fr: 'La ressource demandée est introuvable',
    it: 'La risorsa richiesta non è stata trovata',
  },
  'http.method_not_allowed': {
    de: 'Diese Methode ist nicht erlaubt',
    fr: 'Cette méthode n’est pas autorisée',
    it: 'Questo metodo non è consentito',
  },
  'http.payload_too_large': {
    de: 'Die Anfrage ist zu gross',
    fr: 'La requête est trop volumineuse',
    it: 'La richiesta è troppo grande',
  },
  'http.unsupported_media_type': {
    de: 'Nicht unterstützter Inhaltstyp',
    fr: 'Type de contenu non pris en charge',
    it: 'Tipo di contenuto non supportato',
  },
  'http.too_many_requests': {
    de: 'Zu viele Anfragen. Bitte versuchen Sie es später erneut.',
    fr: 'Trop de requêtes. Veuillez réessayer plus tard.',
    it: 'Troppe richieste. Riprovi più tardi.',
  },

  // ---------------------------------------------------------------- database refusals
  'db.invalid_format': {
    de: 'Ungültige Eingabe: ein Wert hat das falsche Format',
    fr: 'Saisie non valable : une valeur n’a pas le bon format',
    it: 'Immissione non valida: un valore ha un formato errato',
  },
  'db.value_out_of_range': {
    de: 'Ein Wert liegt ausserhalb des erlaubten Bereichs',
    fr: 'Une valeur se situe en dehors de la plage autorisée',
    it: 'Un valore è al di fuori dell’intervallo consentito',
  },
  'db.date_out_of_range': {
    de: 'Ein Datum liegt ausserhalb des erlaubten Bereichs',
    fr: 'Une date se situe en dehors de la plage autorisée',
    it: 'Una data è al di fuori dell’intervallo consentito',
  },
  'db.invalid_datetime': {
    de: 'Ungültiges Datum oder ungültige Uhrzeit',
    fr: 'Date ou heure non valable',
    it: 'Data o ora non valida',
  },
  'db.value_too_long': {
    de: 'Ein Text ist zu lang',
    fr: 'Un texte est trop long',
    it: 'Un testo è troppo lungo',
  },
  'db.reference_gone': {
    de: 'Ein verknüpfter Datensatz wurde inzwischen gelöscht. Bitte laden Sie die Seite neu.',
    fr: 'Un enregistrement lié a été supprimé entre-temps. Veuillez recharger la page.',
    it: 'Nel frattempo un record collegato è stato eliminato. Ricarichi la pagina.',
  },
  'db.duplicate': {
    de: 'Dieser Eintrag existiert bereits. Bitte laden Sie die Seite neu.',
    fr: 'Cette entrée existe déjà. Veuillez recharger la page.',
    it: 'Questa voce esiste già. Ricarichi la pagina.',
  },

  // ---------------------------------------------------------------- auth service
  email_taken: {
    de: 'Diese E-Mail-Adresse ist bereits registriert',
    fr: 'Cette adresse e-mail est déjà enregistrée',
    it: 'Questo indirizzo e-mail è già registrato',
  },
  invalid_credentials: {
    de: 'E-Mail oder Passwort ist falsch',
    fr: 'E-mail ou mot de passe incorrect',
    it: 'E-mail o password errata',
  },
  wrong_current_password: {
    de: 'Das aktuelle Passwort ist falsch',
    fr: 'Le mot de passe actuel est incorrect',
    it: 'La password attuale è errata',
  },
  login_throttled: {
    de: 'Zu viele fehlgeschlagene Anmeldeversuche für dieses Konto. Bitte warten Sie {seconds} Sekunden und versuchen Sie es dann erneut.',
    fr: 'Trop de tentatives de connexion échouées pour ce compte. Veuillez patienter {seconds} secondes, puis réessayer.',
    it: 'Troppi tentativi di accesso non riusciti per questo account. Attenda {seconds} secondi e riprovi.',
  },
  password_too_common: {
    de: 'Dieses Passwort gehört zu den häufigsten und ist leicht zu erraten. Bitte wählen Sie ein anderes.',
    fr: 'Ce mot de passe fait partie des plus courants et se devine facilement. Veuillez en choisir un autre.',
    it: 'Questa password è tra le più comuni ed è facile da indovinare. Ne scelga un’altra.',
  },
  email_verification_invalid: {
    de: 'Der Bestätigungslink ist ungültig oder abgelaufen. Fordern Sie im Profil einen neuen an.',
    fr: 'Le lien de confirmation n’est pas valable ou a expiré. Demandez-en un nouveau dans le profil.',
    it: 'Il link di conferma non è valido o è scaduto. Ne richieda uno nuovo nel profilo.',
  },
  email_already_verified: {
    de: 'Die E-Mail-Adresse ist bereits bestätigt',
    fr: 'L’adresse e-mail est déjà confirmée',
    it: 'L’indirizzo e-mail è già confermato',
  },
  'email_verified.message': {
    de: 'E-Mail-Adresse bestätigt',
    fr: 'Adresse e-mail confirmée',
    it: 'Indirizzo e-mail confermato',
  },
  email_verification_resend_wait: {
    de: 'Ein Bestätigungslink wurde eben erst gesendet. Bitte warten Sie {seconds} Sekunden, bevor Sie einen neuen anfordern.',
    fr: 'Un lien de confirmation vient d’être envoyé. Veuillez patienter {seconds} secondes avant d’en demander un nouveau.',
    it: 'Un link di conferma è appena stato inviato. Attenda {seconds} secondi prima di richiederne uno nuovo.',
  },
  'email_verification_sent.message': {
    de: 'Bestätigungslink an {email} gesendet',
    fr: 'Lien de confirmation envoyé à {email}',
    it: 'Link di conferma inviato a {email}',
  },
  superadmin_token_invalid: {
    de: 'Ungültiger oder abgelaufener SuperAdmin-Token',
    fr: 'Jeton SuperAdmin non valable ou expiré',
    it: 'Token SuperAdmin non valido o scaduto',
  },
  invitation_invalid: {
    de: MEMBERSHIP_MESSAGES.invitationInvalid,
    fr: 'Le lien d’invitation n’est pas valable. Veuillez demander une nouvelle invitation à l’entreprise.',
    it: 'Il link d’invito non è valido. Chieda all’azienda un nuovo invito.',
  },
  invitation_company_invalid: {
    de: MEMBERSHIP_MESSAGES.companyChoiceInvalid,
    fr: 'Entreprise non valable',
    it: 'Azienda non valida',
  },
  invitation_role_invalid: {
    de: MEMBERSHIP_MESSAGES.onlyAccountants,
    fr: 'Seuls les fiduciaires peuvent être invités',
    it: 'Possono essere invitati solo i fiduciari',
  },
  invitation_gone: {
    de: 'Diese Einladung ist abgelaufen oder wurde bereits verwendet. Bitte bitten Sie die Firma um eine neue Einladung.',
    fr: 'Cette invitation a expiré ou a déjà été utilisée. Veuillez demander une nouvelle invitation à l’entreprise.',
    it: 'Questo invito è scaduto o è già stato usato. Chieda all’azienda un nuovo invito.',
  },
  invitation_name_required: {
    de: 'Für ein neues Konto sind Vorname und Nachname erforderlich',
    fr: 'Le prénom et le nom sont requis pour un nouveau compte',
    it: 'Per un nuovo account sono richiesti nome e cognome',
  },
  invitation_already_member: {
    de: 'Diese Person hat bereits Zugriff auf Ihre Firma',
    fr: 'Cette personne a déjà accès à votre entreprise',
    it: 'Questa persona ha già accesso alla sua azienda',
  },
  company_access_denied: {
    de: 'Sie haben keinen Zugriff (mehr) auf diese Firma',
    fr: 'Vous n’avez pas (ou plus) accès à cette entreprise',
    it: 'Non ha (più) accesso a questa azienda',
  },
  membership_email_fixed: {
    de: 'Die E-Mail-Adresse eines Treuhänder-Zugangs ändern Sie im Profil Ihrer eigenen Firma',
    fr: 'Vous modifiez l’adresse e-mail d’un accès fiduciaire dans le profil de votre propre entreprise',
    it: 'L’indirizzo e-mail di un accesso fiduciario si modifica nel profilo della propria azienda',
  },
  'invitation_sent.message': {
    de: 'Einladung an {email} gesendet',
    fr: 'Invitation envoyée à {email}',
    it: 'Invito inviato a {email}',
  },
  company_not_found: {
    de: 'Firma nicht gefunden',
    fr: 'Entreprise introuvable',
    it: 'Azienda non trovata',
  },
  logo_missing: {
    de: LOGO_ERRORS.missing,
    fr: 'Veuillez sélectionner un fichier',
    it: 'Selezioni un file',
  },
  logo_too_large: {
    de: LOGO_ERRORS.tooLarge,
    fr: 'Le fichier est trop volumineux. Taille maximale : 5MB',
    it: 'Il file è troppo grande. Dimensione massima: 5MB',
  },
  logo_bad_type: {
    de: LOGO_ERRORS.badType,
    fr: 'Type de fichier non valable. Autorisés : JPG, PNG, GIF, WebP',
    it: 'Tipo di file non valido. Consentiti: JPG, PNG, GIF, WebP',
  },
  logo_not_found: {
    de: 'Logo nicht gefunden',
    fr: 'Logo introuvable',
    it: 'Logo non trovato',
  },
  user_not_found: {
    de: OPERATIONS_MESSAGES.userNotFound,
    fr: 'Utilisateur introuvable',
    it: 'Utente non trovato',
  },
  cannot_deactivate_self: {
    de: 'Sie können Ihr eigenes Konto nicht deaktivieren',
    fr: 'Vous ne pouvez pas désactiver votre propre compte',
    it: 'Non può disattivare il suo account',
  },
  cannot_delete_self: {
    de: 'Sie können Ihr eigenes Konto nicht löschen',
    fr: 'Vous ne pouvez pas supprimer votre propre compte',
    it: 'Non può eliminare il suo account',
  },
  cannot_change_own_role: {
    de: 'Sie können Ihre eigene Rolle nicht ändern',
    fr: 'Vous ne pouvez pas modifier votre propre rôle',
    it: 'Non può modificare il suo ruolo',
  },
  category_exists: {
    de: 'Dieser Handwerksbereich existiert bereits',
    fr: 'Ce corps de métier existe déjà',
    it: 'Questo settore artigianale esiste già',
  },
  twint_unavailable: {
    de: SUBSCRIPTION_MESSAGES.twintUnavailable,
    fr: 'TWINT n’est pas disponible actuellement. Veuillez choisir le paiement par carte.',
    it: 'TWINT non è attualmente disponibile. Scelga il pagamento con carta.',
  },
  plan_mismatch: {
    de: SUBSCRIPTION_MESSAGES.planMismatch,
    fr: 'Le plan et la périodicité de facturation ne correspondent pas',
    it: 'Il piano e la periodicità di fatturazione non corrispondono',
  },
  subscription_active: {
    de: SUBSCRIPTION_MESSAGES.alreadyActive,
    fr: 'Votre abonnement est déjà actif',
    it: 'Il suo abbonamento è già attivo',
  },
  no_subscription: {
    de: SUBSCRIPTION_MESSAGES.noSubscription,
    fr: 'Aucun abonnement actif',
    it: 'Nessun abbonamento attivo',
  },
  payment_provider_error: {
    de: SUBSCRIPTION_MESSAGES.providerError,
    fr: 'Le prestataire de paiement est injoignable. Veuillez réessayer plus tard.',
    it: 'Il fornitore di pagamento non è raggiungibile. Riprovi più tardi.',
  },
  invalid_signature: {
    de: SUBSCRIPTION_MESSAGES.badSignature,
    fr: 'Signature Stripe non valable',
    it: 'Firma Stripe non valida',
  },
  no_pending_payment: {
    de: SUBSCRIPTION_MESSAGES.noPendingPayment,
    fr: 'Erreur : aucun paiement en attente trouvé',
    it: 'Errore: nessun pagamento in sospeso trovato',
  },
  no_pending_user: {
    de: 'Kein Mitarbeiter wartet auf eine Zahlung',
    fr: 'Aucun collaborateur n’attend de paiement',
    it: 'Nessun collaboratore è in attesa di un pagamento',
  },
  seat_available: {
    de: 'Es ist noch ein bezahlter Platz frei: Der Mitarbeiter kann direkt aktiviert werden',
    fr: 'Une place payée est encore libre : le collaborateur peut être activé directement',
    it: 'C’è ancora un posto pagato libero: il collaboratore può essere attivato direttamente',
  },
  'requires_payment.not_completed': {
    de: SUBSCRIPTION_MESSAGES.paymentNotCompleted,
    fr: 'Le paiement pour ce collaborateur n’est pas encore terminé',
    it: 'Il pagamento per questo collaboratore non è ancora concluso',
  },
  'requires_payment.activation': {
    de: SUBSCRIPTION_MESSAGES.activationRequiresPayment,
    fr: 'Un paiement est nécessaire pour activer ce collaborateur.',
    it: 'Per attivare questo collaboratore è necessario un pagamento.',
  },

  // ---------------------------------------------------------------- operations service
  client_id_taken: {
    de: CLIENT_RECORD_ID_TAKEN,
    fr: 'Cet identifiant est déjà attribué.',
    it: 'Questo identificativo è già assegnato.',
  },
  customer_not_found: {
    de: OPERATIONS_MESSAGES.customerNotFound,
    fr: 'Client introuvable',
    it: 'Cliente non trovato',
  },
  customer_number_taken: {
    de: 'Diese Kundennummer ist bereits vergeben',
    fr: 'Ce numéro de client est déjà attribué',
    it: 'Questo numero cliente è già assegnato',
  },
  customer_has_projects: {
    de: 'Der Kunde hat noch Projekte und kann nicht gelöscht werden. Löschen Sie zuerst seine Projekte.',
    fr: 'Le client a encore des projets et ne peut pas être supprimé. Supprimez d’abord ses projets.',
    it: 'Il cliente ha ancora dei progetti e non può essere eliminato. Elimini prima i suoi progetti.',
  },
  customer_has_records: {
    de: 'Der Kunde hat ausgestellte Rechnungen, die 10 Jahre aufbewahrt werden müssen (OR 958f), und kann nicht gelöscht werden. Archivieren Sie ihn stattdessen.',
    fr: 'Le client a des factures émises qui doivent être conservées 10 ans (CO 958f) et ne peut pas être supprimé. Archivez-le plutôt.',
    it: 'Il cliente ha fatture emesse che devono essere conservate 10 anni (CO 958f) e non può essere eliminato. Lo archivi invece.',
  },
  customer_archived: {
    de: 'Der Kunde ist archiviert. Stellen Sie ihn unter Kunden wieder her, um ein neues Dokument für ihn zu erstellen.',
    fr: 'Le client est archivé. Restaurez-le sous Clients pour créer un nouveau document pour lui.',
    it: 'Il cliente è archiviato. Lo ripristini sotto Clienti per creare un nuovo documento per lui.',
  },
  company_closed: {
    de: 'Dieses Firmenkonto wurde geschlossen. Eine Anmeldung ist nicht mehr möglich.',
    fr: 'Ce compte d’entreprise a été fermé. Il n’est plus possible de se connecter.',
    it: 'Questo account aziendale è stato chiuso. Non è più possibile accedere.',
  },
  company_close_name_mismatch: {
    de: 'Der eingegebene Name stimmt nicht mit dem Firmennamen überein. Geben Sie «{name}» genau so ein, um das Konto zu schliessen.',
    fr: 'Le nom saisi ne correspond pas au nom de l’entreprise. Saisissez «{name}» exactement pour fermer le compte.',
    it: 'Il nome inserito non corrisponde al nome dell’azienda. Inserisca «{name}» esattamente per chiudere l’account.',
  },
  company_close_subscription_active: {
    de: 'Das Abonnement läuft noch. Kündigen Sie es zuerst unter Einstellungen › Zahlungen, dann können Sie das Konto schliessen.',
    fr: 'L’abonnement est encore actif. Résiliez-le d’abord sous Paramètres › Paiements, puis vous pourrez fermer le compte.',
    it: 'L’abbonamento è ancora attivo. Lo disdica prima sotto Impostazioni › Pagamenti, poi potrà chiudere l’account.',
  },
  company_already_closed: {
    de: 'Das Firmenkonto ist bereits geschlossen.',
    fr: 'Le compte d’entreprise est déjà fermé.',
    it: 'L’account aziendale è già chiuso.',
  },
  project_not_found: {
    de: OPERATIONS_MESSAGES.projectNotFound,
    fr: 'Projet introuvable',
    it: 'Progetto non trovato',
  },
  project_number_taken: {
    de: 'Diese Projektnummer ist bereits vergeben',
    fr: 'Ce numéro de projet est déjà attribué',
    it: 'Questo numero di progetto è già assegnato',
  },
  project_has_time_entries: {
    de: 'Das Projekt hat Zeiteinträge und kann nicht gelöscht werden. Setzen Sie es stattdessen auf «Abgebrochen».',
    fr: 'Le projet contient des saisies de temps et ne peut pas être supprimé. Passez-le plutôt à «Annulé».',
    it: 'Il progetto contiene registrazioni del tempo e non può essere eliminato. Lo imposti invece su «Annullato».',
  },
  project_has_material_usage: {
    de: 'Das Projekt hat Materialverbrauch und kann nicht gelöscht werden. Setzen Sie es stattdessen auf «Abgebrochen».',
    fr: 'Le projet contient une consommation de matériel et ne peut pas être supprimé. Passez-le plutôt à «Annulé».',
    it: 'Il progetto contiene consumo di materiale e non può essere eliminato. Lo imposti invece su «Annullato».',
  },
  project_dates_invalid: {
    de: 'Das Enddatum darf nicht vor dem Startdatum liegen',
    fr: 'La date de fin ne peut pas précéder la date de début',
    it: 'La data di fine non può precedere la data di inizio',
  },
  time_entry_not_found: {
    de: OPERATIONS_MESSAGES.timeEntryNotFound,
    fr: 'Saisie de temps introuvable',
    it: 'Registrazione del tempo non trovata',
  },
  timer_already_running: {
    de: OPERATIONS_MESSAGES.timerAlreadyRunning,
    fr: 'Un chronomètre est déjà en cours',
    it: 'Un cronometro è già in corso',
  },
  timer_not_running: {
    de: OPERATIONS_MESSAGES.timerNotRunning,
    fr: 'Ce chronomètre n’est plus en cours',
    it: 'Questo cronometro non è più in corso',
  },
  time_entry_approved: {
    de: OPERATIONS_MESSAGES.approvedImmutable,
    fr: 'Les saisies approuvées ne peuvent plus être modifiées',
    it: 'Le registrazioni approvate non possono più essere modificate',
  },
  time_entry_running: {
    de: 'Laufende Einträge können nicht genehmigt werden',
    fr: 'Les saisies en cours ne peuvent pas être approuvées',
    it: 'Le registrazioni in corso non possono essere approvate',
  },
  end_before_start: {
    de: OPERATIONS_MESSAGES.endBeforeStart,
    fr: 'L’heure de fin doit être postérieure à l’heure de début',
    it: 'L’ora di fine deve essere successiva all’ora di inizio',
  },
  time_entry_too_long: {
    de: 'Ein Zeiteintrag darf höchstens {hours} Stunden dauern',
    fr: 'Une saisie de temps ne peut pas dépasser {hours} heures',
    it: 'Una registrazione del tempo può durare al massimo {hours} ore',
  },
  time_entry_overlap: {
    de: 'Der Eintrag überschneidet sich mit einem anderen Eintrag: {other}',
    fr: 'La saisie chevauche une autre saisie : {other}',
    it: 'La registrazione si sovrappone a un’altra registrazione: {other}',
  },
  time_entry_in_future: {
    de: 'Ein Zeiteintrag darf höchstens einen Tag in der Zukunft beginnen',
    fr: 'Une saisie de temps peut commencer au plus un jour dans le futur',
    it: 'Una registrazione del tempo può iniziare al massimo un giorno nel futuro',
  },
  month_closed: {
    de: 'Der Monat {month} ist für diesen Mitarbeitenden abgeschlossen. Änderungen sind erst nach dem Wiedereröffnen möglich.',
    fr: 'Le mois {month} est clôturé pour cette personne. Les modifications ne sont possibles qu’après sa réouverture.',
    it: 'Il mese {month} è chiuso per questa persona. Le modifiche sono possibili solo dopo la riapertura.',
  },
  month_not_closed: {
    de: 'Der Monat {month} ist nicht abgeschlossen',
    fr: 'Le mois {month} n’est pas clôturé',
    it: 'Il mese {month} non è chiuso',
  },
  month_already_closed: {
    de: 'Der Monat {month} ist bereits abgeschlossen',
    fr: 'Le mois {month} est déjà clôturé',
    it: 'Il mese {month} è già chiuso',
  },
  month_in_future: {
    de: 'Ein Monat kann erst abgeschlossen werden, wenn er begonnen hat',
    fr: 'Un mois ne peut être clôturé qu’une fois commencé',
    it: 'Un mese può essere chiuso solo dopo il suo inizio',
  },
  absence_not_found: {
    de: 'Abwesenheit nicht gefunden',
    fr: 'Absence introuvable',
    it: 'Assenza non trovata',
  },
  absence_overlap: {
    de: 'Für diese Tage ist bereits eine Abwesenheit erfasst ({start} – {end})',
    fr: 'Une absence est déjà saisie pour ces jours ({start} – {end})',
    it: 'Per questi giorni è già registrata un’assenza ({start} – {end})',
  },
  absence_already_decided: {
    de: 'Über diesen Antrag wurde bereits entschieden',
    fr: 'Cette demande a déjà été traitée',
    it: 'Questa richiesta è già stata trattata',
  },
  absence_type_office_only: {
    de: 'Diese Abwesenheit erfasst das Büro. Bitte melden Sie sich dort.',
    fr: 'Cette absence est saisie par le bureau. Veuillez vous adresser à lui.',
    it: 'Questa assenza viene registrata dall’ufficio. Si rivolga all’ufficio.',
  },
  absence_decided_immutable: {
    de: 'Eine genehmigte oder abgelehnte Abwesenheit kann nur das Büro löschen',
    fr: 'Seul le bureau peut supprimer une absence approuvée ou refusée',
    it: 'Solo l’ufficio può eliminare un’assenza approvata o respinta',
  },
  holiday_not_found: {
    de: 'Feiertag nicht gefunden',
    fr: 'Jour férié introuvable',
    it: 'Giorno festivo non trovato',
  },
  holiday_exists: {
    de: 'An diesem Datum ist bereits ein eigener Feiertag erfasst',
    fr: 'Un jour férié propre est déjà saisi à cette date',
    it: 'In questa data è già registrato un giorno festivo proprio',
  },
  'warning.break': {
    de: 'Pause zu kurz: {hours} h gearbeitet, {taken} Min. Pause, vorgeschrieben sind {required} Min. (ArG Art. 15)',
    fr: 'Pause trop courte : {hours} h de travail, {taken} min de pause, {required} min requises (LTr art. 15)',
    it: 'Pausa troppo breve: {hours} h di lavoro, {taken} min di pausa, {required} min richiesti (LL art. 15)',
  },
  'warning.daily_rest': {
    de: 'Ruhezeit zu kurz: {hours} h seit dem Vortag, vorgeschrieben sind 11 h (ArG Art. 15a)',
    fr: 'Repos trop court : {hours} h depuis la veille, 11 h requises (LTr art. 15a)',
    it: 'Riposo troppo breve: {hours} h dal giorno precedente, 11 h richieste (LL art. 15a)',
  },
  'warning.day_span': {
    de: 'Arbeitstag über {hours} h: mehr als 14 h inklusive Pausen (ArG Art. 10)',
    fr: 'Journée de {hours} h : plus de 14 h pauses comprises (LTr art. 10)',
    it: 'Giornata di {hours} h: più di 14 h pause comprese (LL art. 10)',
  },
  'warning.weekly_max': {
    de: 'Wöchentliche Höchstarbeitszeit überschritten: {hours} h, erlaubt sind {max} h (ArG Art. 9)',
    fr: 'Durée maximale hebdomadaire dépassée : {hours} h, {max} h autorisées (LTr art. 9)',
    it: 'Durata massima settimanale superata: {hours} h, {max} h consentite (LL art. 9)',
  },
  'warning.sunday_work': {
    de: 'Arbeit am {day}: nur mit Bewilligung erlaubt (ArG Art. 18–20a)',
    fr: 'Travail le {day} : autorisé seulement avec permis (LTr art. 18–20a)',
    it: 'Lavoro il {day}: consentito solo con permesso (LL art. 18–20a)',
  },
  'warning.consecutive_days': {
    de: '{days} Arbeitstage in Folge: höchstens 6 sind erlaubt (ArGV 1 Art. 21)',
    fr: '{days} jours de travail consécutifs : 6 au plus sont autorisés (OLT 1 art. 21)',
    it: '{days} giorni di lavoro consecutivi: al massimo 6 sono consentiti (OLL 1 art. 21)',
  },
  'term.Sonntag': { de: 'Sonntag', fr: 'dimanche', it: 'domenica' },
  break_too_long: {
    de: 'Die Pause darf nicht länger als die erfasste Zeit sein',
    fr: 'La pause ne peut pas être plus longue que le temps saisi',
    it: 'La pausa non può essere più lunga del tempo registrato',
  },
  material_not_found: {
    de: MATERIAL_MESSAGES.materialNotFound,
    fr: 'Matériel introuvable',
    it: 'Materiale non trovato',
  },
  selected_material_not_found: {
    de: MATERIAL_MESSAGES.selectedMaterialNotFound,
    fr: 'Le matériel sélectionné est introuvable',
    it: 'Il materiale selezionato non è stato trovato',
  },
  material_inactive: {
    de: MATERIAL_MESSAGES.materialInactive,
    fr: 'Ce matériel est désactivé',
    it: 'Questo materiale è disattivato',
  },
  material_usage_not_found: {
    de: MATERIAL_MESSAGES.usageNotFound,
    fr: 'Consommation de matériel introuvable',
    it: 'Consumo di materiale non trovato',
  },
  material_usage_not_pending: {
    de: MATERIAL_MESSAGES.usageNotPending,
    fr: 'Seules les saisies en attente peuvent être modifiées',
    it: 'Solo le registrazioni in sospeso possono essere modificate',
  },
  material_usage_processed: {
    de: MATERIAL_MESSAGES.usageAlreadyProcessed,
    fr: 'Cette consommation de matériel a déjà été traitée',
    it: 'Questo consumo di materiale è già stato elaborato',
  },
  insufficient_stock: {
    de: MATERIAL_MESSAGES.insufficientStock,
    fr: 'Stock insuffisant',
    it: 'Scorte insufficienti',
  },
  'record_reported.time_entry': {
    de: 'Dieser Zeiteintrag ist im unterschriebenen Rapport {number} enthalten und kann nicht mehr geändert oder gelöscht werden.',
    fr: 'Cette saisie de temps figure dans le rapport signé {number} et ne peut plus être modifiée ni supprimée.',
    it: 'Questa registrazione del tempo è contenuta nel rapporto firmato {number} e non può più essere modificata né eliminata.',
  },
  'record_reported.material_usage': {
    de: 'Dieser Materialverbrauch ist im unterschriebenen Rapport {number} enthalten und kann nicht mehr geändert oder gelöscht werden.',
    fr: 'Cette consommation de matériel figure dans le rapport signé {number} et ne peut plus être modifiée ni supprimée.',
    it: 'Questo consumo di materiale è contenuto nel rapporto firmato {number} e non può più essere modificato né eliminato.',
  },
  expense_not_found: {
    de: EXPENSE_MESSAGES.notFound,
    fr: 'Frais introuvables',
    it: 'Spesa non trovata',
  },
  expense_not_own: {
    de: EXPENSE_MESSAGES.notOwn,
    fr: 'Vous ne pouvez modifier ou supprimer que vos propres frais',
    it: 'Può modificare o eliminare solo le sue spese',
  },
  expense_office_no_change: {
    de: EXPENSE_MESSAGES.officeNoChange,
    fr: 'L’administration et le back-office peuvent seulement approuver ou refuser des frais, pas les modifier ni les supprimer',
    it: 'Amministrazione e back office possono solo approvare o respingere le spese, non modificarle né eliminarle',
  },
  expense_not_pending: {
    de: EXPENSE_MESSAGES.notPending,
    fr: 'Seuls les frais en attente peuvent être modifiés ou supprimés',
    it: 'Solo le spese in sospeso possono essere modificate o eliminate',
  },
  expense_processed: {
    de: EXPENSE_MESSAGES.alreadyProcessed,
    fr: 'Ces frais ont déjà été approuvés ou refusés',
    it: 'Questa spesa è già stata approvata o respinta',
  },
  expense_receipt_missing: {
    de: EXPENSE_MESSAGES.receiptMissing,
    fr: 'Aucun justificatif disponible',
    it: 'Nessun giustificativo disponibile',
  },
  expense_receipt_too_large: {
    de: EXPENSE_MESSAGES.receiptTooLarge,
    fr: 'Le justificatif est trop volumineux. Taille maximale : 10 MB',
    it: 'Il giustificativo è troppo grande. Dimensione massima: 10 MB',
  },
  expense_receipt_bad_type: {
    de: EXPENSE_MESSAGES.receiptBadType,
    fr: 'Type de fichier non valable. Autorisés : JPG, PNG ou PDF',
    it: 'Tipo di file non valido. Consentiti: JPG, PNG o PDF',
  },
  expense_receipt_empty: {
    de: EXPENSE_MESSAGES.receiptEmpty,
    fr: 'Le justificatif est vide',
    it: 'Il giustificativo è vuoto',
  },
  expense_receipt_invalid_upload: {
    de: EXPENSE_MESSAGES.receiptInvalidUpload,
    fr: 'Téléversement non valable. Un fichier est attendu dans le champ «receipt».',
    it: 'Caricamento non valido. È ammesso un file nel campo «receipt».',
  },
  schedule_assignment_not_found: {
    de: SCHEDULE_MESSAGES.assignmentNotFound,
    fr: 'Intervention introuvable',
    it: 'Intervento non trovato',
  },
  schedule_project_closed: {
    de: SCHEDULE_MESSAGES.projectClosed,
    fr: 'Aucune intervention ne peut être planifiée pour des projets terminés ou annulés',
    it: 'Non è possibile pianificare interventi per progetti conclusi o annullati',
  },
  schedule_employee_inactive: {
    de: SCHEDULE_MESSAGES.employeeInactive,
    fr: 'Ce collaborateur est désactivé et ne peut pas être planifié',
    it: 'Questo collaboratore è disattivato e non può essere pianificato',
  },
  'schedule_time_window_invalid.incomplete': {
    de: SCHEDULE_MESSAGES.timeWindowIncomplete,
    fr: 'Veuillez indiquer De et À ou laisser les deux vides',
    it: 'Indichi Da e A oppure lasci entrambi vuoti',
  },
  'schedule_time_window_invalid.end_not_after_start': {
    de: SCHEDULE_MESSAGES.endNotAfterStart,
    fr: 'À doit être postérieur à De',
    it: 'A deve essere successivo a Da',
  },
  'validation.week_start_not_monday': {
    de: SCHEDULE_MESSAGES.weekStartNotMonday,
    fr: 'Le début de la semaine doit être un lundi',
    it: 'L’inizio della settimana deve essere un lunedì',
  },
  'validation.same_week': {
    de: SCHEDULE_MESSAGES.sameWeek,
    fr: 'La semaine source et la semaine cible ne peuvent pas être identiques',
    it: 'La settimana di origine e quella di destinazione non possono essere uguali',
  },

  // ---------------------------------------------------------------- billing service
  quote_not_found: {
    de: QUOTE_MESSAGES.notFound,
    fr: 'Offre introuvable',
    it: 'Offerta non trovata',
  },
  quote_template_not_found: {
    de: QUOTE_MESSAGES.templateNotFound,
    fr: 'Modèle introuvable',
    it: 'Modello non trovato',
  },
  'quote_accepted.not_deletable': {
    de: QUOTE_MESSAGES.acceptedNotDeletable,
    fr: 'Les offres acceptées ne peuvent pas être supprimées',
    it: 'Le offerte accettate non possono essere eliminate',
  },
  'quote_accepted.not_editable': {
    de: QUOTE_MESSAGES.acceptedNotEditable,
    fr: 'Les offres acceptées ne peuvent pas être modifiées',
    it: 'Le offerte accettate non possono essere modificate',
  },
  quote_not_draft: {
    de: QUOTE_MESSAGES.onlyDraftsSendable,
    fr: 'Seules les offres à l’état de brouillon peuvent être envoyées',
    it: 'Solo le offerte in stato di bozza possono essere inviate',
  },
  quote_changed_while_sending: {
    de: QUOTE_MESSAGES.changedWhileSending,
    fr: 'L’offre a été modifiée pendant l’envoi et n’a pas été envoyée. Veuillez la vérifier et l’envoyer à nouveau.',
    it: 'L’offerta è stata modificata durante l’invio e non è stata inviata. La verifichi e la invii di nuovo.',
  },
  'customer_without_email.quote': {
    de: QUOTE_MESSAGES.customerWithoutEmail,
    fr: 'Le client n’a pas d’adresse e-mail. Veuillez la compléter dans la fiche du client.',
    it: 'Il cliente non ha un indirizzo e-mail. Lo completi nella scheda del cliente.',
  },
  'customer_without_email.report': {
    de: REPORT_MESSAGES.customerWithoutEmail,
    fr: 'Le client n’a pas d’adresse e-mail. Veuillez la compléter dans la fiche du client ou indiquer une adresse.',
    it: 'Il cliente non ha un indirizzo e-mail. Lo completi nella scheda del cliente o indichi un indirizzo.',
  },
  quote_valid_until_passed: {
    de: QUOTE_MESSAGES.validUntilPassed,
    fr: 'La date de validité est dans le passé. Veuillez l’adapter.',
    it: 'La data di validità è nel passato. La adegui.',
  },
  quote_number_conflict: {
    de: 'Die Angebotsnummer wurde gleichzeitig vergeben. Bitte erneut speichern.',
    fr: 'Le numéro d’offre a été attribué simultanément. Veuillez enregistrer à nouveau.',
    it: 'Il numero dell’offerta è stato assegnato contemporaneamente. Salvi di nuovo.',
  },
  signature_not_found: {
    de: QUOTE_MESSAGES.signatureNotFound,
    fr: 'Aucune signature disponible',
    it: 'Nessuna firma disponibile',
  },
  'quote_not_accepted.project': {
    de: QUOTE_MESSAGES.onlyAcceptedToProject,
    fr: 'Un projet ne peut être créé qu’à partir d’une offre acceptée',
    it: 'Un progetto può essere creato solo da un’offerta accettata',
  },
  'quote_not_accepted.invoice': {
    de: INVOICE_MESSAGES.quoteNotAccepted,
    fr: 'Une facture ne peut être créée qu’à partir d’une offre acceptée',
    it: 'Una fattura può essere creata solo da un’offerta accettata',
  },
  project_already_requested: {
    de: QUOTE_MESSAGES.projectAlreadyRequested,
    fr: 'Un projet a déjà été créé pour cette offre',
    it: 'Per questa offerta è già stato creato un progetto',
  },
  materials_unavailable: {
    de: 'Die Materialien können gerade nicht geprüft werden. Bitte versuchen Sie es später erneut.',
    fr: 'Le matériel ne peut pas être vérifié pour le moment. Veuillez réessayer plus tard.',
    it: 'Al momento non è possibile verificare i materiali. Riprovi più tardi.',
  },
  acceptance_link_not_found: {
    de: QUOTE_ACCEPTANCE_MESSAGES.notFound,
    fr: 'Offre introuvable ou lien expiré.',
    it: 'Offerta non trovata o link scaduto.',
  },
  link_expired: {
    de: QUOTE_ACCEPTANCE_MESSAGES.expired,
    fr: 'Ce lien a expiré.',
    it: 'Questo link è scaduto.',
  },
  quote_already_answered: {
    de: QUOTE_ACCEPTANCE_MESSAGES.alreadyAnswered,
    fr: 'Il a déjà été répondu à cette offre.',
    it: 'A questa offerta è già stata data una risposta.',
  },
  signature_invalid: {
    de: QUOTE_ACCEPTANCE_MESSAGES.signatureInvalid,
    fr: 'La signature doit être une image PNG.',
    it: 'La firma deve essere un’immagine PNG.',
  },
  signature_empty: {
    de: REPORT_SIGNATURE_MESSAGES.signatureEmpty,
    fr: 'La signature est vide. Veuillez signer dans le champ ci-dessus.',
    it: 'La firma è vuota. Firmi nel campo qui sopra.',
  },
  signature_link_not_found: {
    de: REPORT_SIGNATURE_MESSAGES.notFound,
    fr: 'Rapport introuvable ou lien expiré.',
    it: 'Rapporto non trovato o link scaduto.',
  },
  pdf_unavailable: {
    de: PDF_UNAVAILABLE,
    fr: 'Le PDF ne peut pas être créé pour le moment. Veuillez réessayer dans une minute.',
    it: 'Al momento non è possibile creare il PDF. Riprovi tra un minuto.',
  },
  worker_unavailable: {
    de: 'Der PDF-Dienst antwortet nicht. Bitte später erneut versuchen.',
    fr: 'Le service PDF ne répond pas. Veuillez réessayer plus tard.',
    it: 'Il servizio PDF non risponde. Riprovi più tardi.',
  },
  pdf_render_failed: {
    de: 'Das PDF konnte nicht erstellt werden. Bitte später erneut versuchen.',
    fr: 'Le PDF n’a pas pu être créé. Veuillez réessayer plus tard.',
    it: 'Non è stato possibile creare il PDF. Riprovi più tardi.',
  },
  mail_queue_unavailable: {
    de: 'Der E-Mail-Versand ist zurzeit nicht verfügbar. Bitte später erneut versuchen.',
    fr: 'L’envoi d’e-mails n’est pas disponible actuellement. Veuillez réessayer plus tard.',
    it: 'L’invio di e-mail non è attualmente disponibile. Riprovi più tardi.',
  },
  mail_daily_limit_unverified: {
    de: 'Tageslimit erreicht: Solange die E-Mail-Adresse des Inhabers nicht bestätigt ist, sendet ein Testkonto höchstens {limit} E-Mails pro Tag an Kunden. Bestätigen Sie die Adresse mit dem Link aus der Registrierungs-E-Mail (neuer Link im Profil), dann entfällt das Limit.',
    fr: 'Limite journalière atteinte : tant que l’adresse e-mail du propriétaire n’est pas confirmée, un compte d’essai envoie au plus {limit} e-mails par jour aux clients. Confirmez l’adresse avec le lien de l’e-mail d’inscription (nouveau lien dans le profil) et la limite sera levée.',
    it: 'Limite giornaliero raggiunto: finché l’indirizzo e-mail del titolare non è confermato, un account di prova invia al massimo {limit} e-mail al giorno ai clienti. Confermi l’indirizzo con il link dell’e-mail di registrazione (nuovo link nel profilo) e il limite verrà tolto.',
  },
  pdf_render_quota_exceeded: {
    de: 'Tageslimit erreicht: Ihr Konto kann heute höchstens {limit} PDF-Dokumente erstellen. Ab Mitternacht ist es wieder möglich.',
    fr: 'Limite journalière atteinte : votre compte peut créer au plus {limit} documents PDF aujourd’hui. Ce sera de nouveau possible dès minuit.',
    it: 'Limite giornaliero raggiunto: il suo account può creare al massimo {limit} documenti PDF oggi. Sarà di nuovo possibile da mezzanotte.',
  },
  storage_quota_exceeded: {
    de: 'Tageslimit für Uploads erreicht: Ihr Konto kann pro Tag höchstens {limit} MB an Dateien hochladen. Ab Mitternacht ist es wieder möglich.',
    fr: 'Limite journalière de téléversement atteinte : votre compte peut téléverser au plus {limit} Mo de fichiers par jour. Ce sera de nouveau possible dès minuit.',
    it: 'Limite giornaliero di caricamento raggiunto: il suo account può caricare al massimo {limit} MB di file al giorno. Sarà di nuovo possibile da mezzanotte.',
  },
  report_not_found: {
    de: REPORT_MESSAGES.notFound,
    fr: 'Rapport introuvable',
    it: 'Rapporto non trovato',
  },
  report_image_not_found: {
    de: REPORT_MESSAGES.imageNotFound,
    fr: 'Image introuvable',
    it: 'Immagine non trovata',
  },
  operations_unavailable: {
    de: REPORT_MESSAGES.operationsUnavailable,
    fr: 'Les données du projet ne peuvent pas être chargées pour le moment. Veuillez réessayer dans une minute.',
    it: 'Al momento non è possibile caricare i dati del progetto. Riprovi tra un minuto.',
  },
  report_signed: {
    de: REPORT_MESSAGES.signedReadOnly,
    fr: 'Le rapport est signé et ne peut plus être modifié.',
    it: 'Il rapporto è firmato e non può più essere modificato.',
  },
  report_approved: {
    de: REPORT_MESSAGES.approvedReadOnly,
    fr: 'Le rapport est approuvé et ne peut plus être modifié.',
    it: 'Il rapporto è approvato e non può più essere modificato.',
  },
  report_already_signed: {
    de: REPORT_MESSAGES.alreadySigned,
    fr: 'Le rapport a déjà été signé.',
    it: 'Il rapporto è già stato firmato.',
  },
  report_not_signable: {
    de: REPORT_MESSAGES.notSignable,
    fr: 'Ce rapport ne peut pas être signé.',
    it: 'Questo rapporto non può essere firmato.',
  },
  report_status_transition: {
    de: 'Statuswechsel von «{from}» zu «{to}» ist nicht erlaubt.',
    fr: 'Le passage du statut «{from}» à «{to}» n’est pas autorisé.',
    it: 'Il passaggio dallo stato «{from}» a «{to}» non è consentito.',
  },
  image_required: {
    de: REPORT_MESSAGES.imageRequired,
    fr: 'Veuillez sélectionner une image (champ «image»).',
    it: 'Selezioni un’immagine (campo «image»).',
  },
  not_an_image: {
    de: REPORT_MESSAGES.notAnImage,
    fr: 'Le fichier n’est pas une image. Les images JPG, PNG, WebP ou HEIC sont autorisées.',
    it: 'Il file non è un’immagine. Sono ammesse immagini JPG, PNG, WebP o HEIC.',
  },
  image_too_large: {
    de: REPORT_MESSAGES.imageTooLarge,
    fr: 'L’image est trop volumineuse (max. 15 MB).',
    it: 'L’immagine è troppo grande (max. 15 MB).',
  },
  image_too_many_pixels: {
    de: 'Das Bild hat zu viele Pixel (höchstens {max} Megapixel).',
    fr: 'L’image a trop de pixels (max. {max} mégapixels).',
    it: 'L’immagine ha troppi pixel (max. {max} megapixel).',
  },
  too_many_images: {
    de: 'Ein Rapport kann höchstens {max} Bilder haben.',
    fr: 'Un rapport peut contenir au maximum {max} images.',
    it: 'Un rapporto può contenere al massimo {max} immagini.',
  },
  report_empty_period: {
    de: REPORT_MESSAGES.emptyPeriod,
    fr: 'Aucune prestation n’a été saisie pendant la période choisie.',
    it: 'Nel periodo scelto non è stata registrata alcuna prestazione.',
  },
  report_number_conflict: {
    de: 'Die Rapportnummer wurde gleichzeitig vergeben. Bitte erneut generieren.',
    fr: 'Le numéro de rapport a été attribué simultanément. Veuillez le générer à nouveau.',
    it: 'Il numero del rapporto è stato assegnato contemporaneamente. Lo generi di nuovo.',
  },
  report_changed_while_signing: {
    de: 'Der Rapport wurde während der Unterschrift geändert. Bitte laden Sie die Seite neu und unterschreiben Sie erneut.',
    fr: 'Le rapport a été modifié pendant la signature. Veuillez recharger la page et signer à nouveau.',
    it: 'Il rapporto è stato modificato durante la firma. Ricarichi la pagina e firmi di nuovo.',
  },
  invoice_not_found: {
    de: INVOICE_MESSAGES.notFound,
    fr: 'Facture introuvable',
    it: 'Fattura non trovata',
  },
  'invoice_paid.not_deletable': {
    de: INVOICE_MESSAGES.paidNotDeletable,
    fr: 'Les factures payées ne peuvent pas être supprimées',
    it: 'Le fatture pagate non possono essere eliminate',
  },
  invoice_paid: {
    de: INVOICE_MESSAGES.alreadyPaid,
    fr: 'La facture est déjà payée',
    it: 'La fattura è già pagata',
  },
  payment_too_high: {
    de: INVOICE_MESSAGES.paymentTooHigh,
    fr: 'Le montant dépasse le solde ouvert de la facture',
    it: 'L’importo supera il saldo aperto della fattura',
  },
  invoice_issued: {
    de: 'Eine versendete Rechnung kann nicht gelöscht werden. Erstellen Sie eine Gutschrift.',
    fr: 'Une facture envoyée ne peut pas être supprimée. Établissez une note de crédit.',
    it: 'Una fattura inviata non può essere eliminata. Emetta una nota di credito.',
  },
  invoice_status_transition: {
    de: 'Der Status «{from}» kann nicht in «{to}» geändert werden.',
    fr: 'Le statut «{from}» ne peut pas être changé en «{to}».',
    it: 'Lo stato «{from}» non può essere cambiato in «{to}».',
  },
  'invoice_paid.has_payments': {
    de: 'Die Rechnung ist bezahlt. Stornieren Sie zuerst die Zahlung, um sie wieder zu öffnen.',
    fr: 'La facture est payée. Annulez d’abord le paiement pour la rouvrir.',
    it: 'La fattura è pagata. Annulli prima il pagamento per riaprirla.',
  },
  credit_note_too_high: {
    de: 'Die Gutschrift ist höher als der noch nicht gutgeschriebene Rechnungsbetrag',
    fr: 'La note de crédit dépasse le montant de la facture pas encore crédité',
    it: 'La nota di credito supera l’importo della fattura non ancora accreditato',
  },
  credit_apply_other_customer: {
    de: 'Ein Guthaben kann nur auf eine andere offene Rechnung desselben Kunden in derselben Währung übertragen werden',
    fr: 'Un avoir ne peut être reporté que sur une autre facture ouverte du même client dans la même devise',
    it: 'Un credito può essere trasferito solo su un’altra fattura aperta dello stesso cliente nella stessa valuta',
  },
  credit_note_not_found: {
    de: 'Gutschrift nicht gefunden',
    fr: 'Note de crédit introuvable',
    it: 'Nota di credito non trovata',
  },
  invoice_cancel_draft: {
    de: 'Ein Entwurf wurde nie versendet und kann nicht storniert werden. Löschen Sie ihn stattdessen.',
    fr: 'Un brouillon n’a jamais été envoyé et ne peut pas être annulé. Supprimez-le plutôt.',
    it: 'Una bozza non è mai stata inviata e non può essere stornata. La elimini invece.',
  },
  invoice_write_off_draft: {
    de: 'Ein Entwurf wurde nie versendet und kann nicht abgeschrieben werden. Löschen Sie ihn stattdessen.',
    fr: 'Un brouillon n’a jamais été envoyé et ne peut pas être amorti. Supprimez-le plutôt.',
    it: 'Una bozza non è mai stata inviata e non può essere ammortizzata. La elimini invece.',
  },
  invoice_nothing_open: {
    de: 'Auf dieser Rechnung ist nichts mehr offen.',
    fr: 'Il ne reste rien à payer sur cette facture.',
    it: 'Su questa fattura non c’è più nulla di aperto.',
  },
  stage_final_exists: {
    de: 'Für dieses Angebot bzw. Projekt gibt es bereits die Schlussrechnung {number}.',
    fr: 'La facture finale {number} existe déjà pour cette offre ou ce projet.',
    it: 'Per questa offerta o questo progetto esiste già la fattura finale {number}.',
  },
  stage_exceeds_quote: {
    de: 'Der Betrag übersteigt, was vom Angebot noch offen ist (offen: {open} exkl. MWST).',
    fr: 'Le montant dépasse ce qui reste ouvert sur l’offre (ouvert : {open} hors TVA).',
    it: 'L’importo supera quanto resta aperto dell’offerta (aperto: {open} IVA esclusa).',
  },
  stage_percent_needs_quote: {
    de: 'Ein Prozentsatz ist nur bei einem Angebot möglich. Bitte geben Sie einen Betrag an.',
    fr: 'Un pourcentage n’est possible qu’avec une offre. Veuillez indiquer un montant.',
    it: 'Una percentuale è possibile solo con un’offerta. Indichi un importo.',
  },
  stage_quote_item_unknown: {
    de: 'Die gewählte Position gehört nicht zu diesem Angebot.',
    fr: 'La position choisie n’appartient pas à cette offre.',
    it: 'La posizione scelta non appartiene a questa offerta.',
  },
  stage_quantity_too_high: {
    de: 'Die Menge für «{title}» ist zu hoch: offen sind noch {open}.',
    fr: 'La quantité pour «{title}» est trop élevée : il reste {open}.',
    it: 'La quantità per «{title}» è troppo alta: restano {open}.',
  },
  stage_draft_pending: {
    de: 'Die Rechnung {number} ist noch ein Entwurf. Bitte versenden oder löschen Sie sie vor der Schlussrechnung.',
    fr: 'La facture {number} est encore un brouillon. Veuillez l’envoyer ou la supprimer avant la facture finale.',
    it: 'La fattura {number} è ancora una bozza. La invii o la elimini prima della fattura finale.',
  },
  stage_final_negative: {
    de: 'Die Abzüge übersteigen die Leistungen. Bitte erstellen Sie stattdessen eine Gutschrift.',
    fr: 'Les déductions dépassent les prestations. Veuillez plutôt établir une note de crédit.',
    it: 'Le deduzioni superano le prestazioni. Emetta invece una nota di credito.',
  },
  stage_deducted: {
    de: 'Diese Rechnung ist in der Schlussrechnung {number} abgezogen. Stornieren Sie zuerst die Schlussrechnung.',
    fr: 'Cette facture est déduite dans la facture finale {number}. Veuillez d’abord annuler la facture finale.',
    it: 'Questa fattura è dedotta nella fattura finale {number}. Annulli prima la fattura finale.',
  },
  stage_quote_invoiced: {
    de: 'Das Angebot ist mit der Rechnung {number} bereits verrechnet.',
    fr: 'L’offre est déjà facturée avec la facture {number}.',
    it: 'L’offerta è già fatturata con la fattura {number}.',
  },
  stage_use_final: {
    de: 'Für dieses Angebot gibt es Akonto- oder Teilrechnungen. Bitte rechnen Sie es mit der Schlussrechnung ab.',
    fr: 'Cette offre a des factures d’acompte ou partielles. Veuillez la solder avec la facture finale.',
    it: 'Questa offerta ha fatture d’acconto o parziali. La chiuda con la fattura finale.',
  },
  stage_nothing_to_invoice: {
    de: 'Es gibt nichts abzurechnen: keine Leistungen und keine Positionen.',
    fr: 'Il n’y a rien à facturer : ni prestations ni positions.',
    it: 'Non c’è nulla da fatturare: né prestazioni né posizioni.',
  },
  invoice_closed: {
    de: 'Die Rechnung ist storniert oder abgeschrieben; es kann nichts mehr darauf gebucht werden.',
    fr: 'La facture est annulée ou amortie ; plus rien ne peut y être comptabilisé.',
    it: 'La fattura è stornata o ammortizzata; non vi si può più registrare nulla.',
  },
  credit_note_draft: {
    de: 'Ein Entwurf wurde nie versendet und braucht keine Gutschrift. Löschen Sie ihn stattdessen.',
    fr: 'Un brouillon n’a jamais été envoyé et ne nécessite pas de note de crédit. Supprimez-le plutôt.',
    it: 'Una bozza non è mai stata inviata e non richiede una nota di credito. La elimini invece.',
  },
  payment_not_found: {
    de: 'Zahlung nicht gefunden',
    fr: 'Paiement introuvable',
    it: 'Pagamento non trovato',
  },
  payment_reversed: {
    de: 'Diese Zahlung wurde bereits storniert',
    fr: 'Ce paiement a déjà été annulé',
    it: 'Questo pagamento è già stato annullato',
  },
  refund_too_high: {
    de: 'Der Betrag ist höher als das Guthaben der Rechnung',
    fr: 'Le montant dépasse l’avoir de la facture',
    it: 'L’importo supera il credito della fattura',
  },
  invoice_draft: {
    de: INVOICE_MESSAGES.draftNoPayment,
    fr: 'Aucun paiement ne peut être saisi pour un brouillon. Veuillez d’abord envoyer la facture.',
    it: 'Per una bozza non è possibile registrare pagamenti. Invii prima la fattura.',
  },
  reminder_not_allowed: {
    de: INVOICE_MESSAGES.reminderNotAllowed,
    fr: 'Un rappel n’est possible que pour des factures envoyées ou échues',
    it: 'Un sollecito è possibile solo per fatture inviate o scadute',
  },
  reminder_max_level: {
    de: INVOICE_MESSAGES.reminderMaxLevel,
    fr: 'Le dernier niveau de rappel a déjà été atteint',
    it: 'L’ultimo livello di sollecito è già stato raggiunto',
  },
  reminder_level_sent: {
    de: INVOICE_MESSAGES.reminderLevelSent,
    fr: 'Ce niveau de rappel a déjà été envoyé. Veuillez choisir un niveau supérieur.',
    it: 'Questo livello di sollecito è già stato inviato. Scelga un livello superiore.',
  },
  invoice_not_draft: {
    de: INVOICE_MESSAGES.onlyDraftsSendable,
    fr: 'Seules les factures à l’état de brouillon peuvent être envoyées',
    it: 'Solo le fatture in stato di bozza possono essere inviate',
  },
  qr_bill_settings_missing: {
    de: 'Für den QR-Einzahlungsschein fehlt: {names}. Bitte ergänzen Sie die Angaben in den Einstellungen.',
    fr: 'Il manque pour le bulletin de versement QR : {names}. Veuillez compléter les indications dans les paramètres.',
    it: 'Per la polizza di versamento QR manca: {names}. Completi i dati nelle impostazioni.',
  },
  qr_bill_postcode_missing: {
    de: 'Für den QR-Einzahlungsschein braucht die Adresse des Kunden im Ausland ({country}) eine Postleitzahl. Bitte ergänzen Sie sie beim Kunden.',
    fr: 'Pour le bulletin de versement QR, l’adresse du client à l’étranger ({country}) doit avoir un code postal. Veuillez le compléter dans la fiche client.',
    it: 'Per la polizza di versamento QR l’indirizzo del cliente all’estero ({country}) deve avere un numero postale. Lo completi nella scheda del cliente.',
  },
  qr_bill_amount_too_high: {
    de: 'Der Betrag {amount} ist höher als der Höchstbetrag eines QR-Einzahlungsscheins (999 999 999.99).',
    fr: 'Le montant {amount} dépasse le montant maximal d’un bulletin de versement QR (999 999 999.99).',
    it: 'L’importo {amount} supera l’importo massimo di una polizza di versamento QR (999 999 999.99).',
  },
  vat_number_missing: {
    de: 'MWST {rate} % ist nur mit MWST-Nummer möglich (MWSTG Art. 27 Abs. 2): Bitte tragen Sie die MWST-Nummer unter Einstellungen › Rechnung ein oder setzen Sie den MWST-Satz auf 0 %.',
    fr: 'La TVA de {rate} % n’est possible qu’avec un numéro TVA (art. 27 al. 2 LTVA) : veuillez saisir le numéro TVA sous Paramètres › Facture ou mettre le taux de TVA à 0 %.',
    it: 'L’IVA del {rate} % è possibile solo con un numero IVA (art. 27 cpv. 2 LIVA): inserisca il numero IVA in Impostazioni › Fattura o imposti l’aliquota IVA allo 0 %.',
  },
  report_not_signed: {
    de: INVOICE_MESSAGES.reportNotSigned,
    fr: 'Le rapport n’est pas encore signé. Une facture ne peut être créée qu’après la signature.',
    it: 'Il rapporto non è ancora firmato. Una fattura può essere creata solo dopo la firma.',
  },
  invoice_date_in_future: {
    de: 'Das Rechnungsdatum darf nicht in der Zukunft liegen',
    fr: 'La date de facture ne peut pas être dans le futur',
    it: 'La data della fattura non può essere nel futuro',
  },
  report_invoice_other_date: {
    de: 'Die Rechnung {number} dieses Rapports besteht schon (Rechnungsdatum {date}) und wird nicht neu datiert. Einen Entwurf können Sie löschen und neu erstellen.',
    fr: 'La facture {number} de ce rapport existe déjà (date de facture {date}) et n’est pas redatée. Vous pouvez supprimer un brouillon et le recréer.',
    it: 'La fattura {number} di questo rapporto esiste già (data della fattura {date}) e non viene ridatata. Può eliminare una bozza e ricrearla.',
  },
  report_no_lines: {
    de: INVOICE_MESSAGES.reportNoLines,
    fr: 'Le rapport ne contient aucune position facturable.',
    it: 'Il rapporto non contiene posizioni fatturabili.',
  },
  invoice_number_conflict: {
    de: INVOICE_MESSAGES.numberConflict,
    fr: 'Le numéro de facture a été attribué simultanément. Veuillez réessayer.',
    it: 'Il numero della fattura è stato assegnato contemporaneamente. Riprovi.',
  },
  import_file_missing: {
    de: INVOICE_MESSAGES.importNoFile,
    fr: 'Veuillez sélectionner un fichier camt.054',
    it: 'Selezioni un file camt.054',
  },
  import_file_too_large: {
    de: INVOICE_MESSAGES.importTooLarge,
    fr: 'Le fichier est trop volumineux (max. 10 MB)',
    it: 'Il file è troppo grande (max. 10 MB)',
  },
  unmatched_credit_not_found: {
    de: 'Gutschrift nicht gefunden',
    fr: 'Crédit introuvable',
    it: 'Accredito non trovato',
  },
  unmatched_credit_assigned: {
    de: 'Diese Gutschrift wurde bereits einer Rechnung zugeordnet',
    fr: 'Ce crédit a déjà été attribué à une facture',
    it: 'Questo accredito è già stato assegnato a una fattura',
  },
  unmatched_credit_currency: {
    de: 'Die Gutschrift lautet auf eine andere Währung als die Rechnung und kann ihr nicht zugeordnet werden',
    fr: 'Le crédit est libellé dans une autre monnaie que la facture et ne peut pas lui être attribué',
    it: 'L’accredito è in una valuta diversa da quella della fattura e non può esserle assegnato',
  },
  camt_wrong_account: {
    de: 'Die Bankdatei gehört zum Konto {file}, nicht zum Konto der Firma ({company}). Es wurde nichts verbucht.',
    fr: 'Le fichier bancaire concerne le compte {file}, pas le compte de l’entreprise ({company}). Rien n’a été comptabilisé.',
    it: 'Il file bancario riguarda il conto {file}, non il conto dell’azienda ({company}). Non è stato registrato nulla.',
  },
  camt_company_iban_missing: {
    de: 'Für den Import der Bankdatei fehlt die IBAN der Firma (Einstellungen › Rechnung). Es wurde nichts verbucht.',
    fr: 'Pour importer le fichier bancaire, il manque l’IBAN de l’entreprise (Paramètres › Facture). Rien n’a été comptabilisé.',
    it: 'Per importare il file bancario manca l’IBAN dell’azienda (Impostazioni › Fattura). Non è stato registrato nulla.',
  },
  camt_zip_invalid: {
    de: 'Das ZIP-Archiv kann nicht gelesen werden oder enthält keine camt-Datei. Es wurde nichts verbucht.',
    fr: 'L’archive ZIP est illisible ou ne contient aucun fichier camt. Rien n’a été comptabilisé.',
    it: 'L’archivio ZIP non è leggibile o non contiene alcun file camt. Non è stato registrato nulla.',
  },
  camt_malformed: {
    de: 'Die Datei ist kein gültiges XML und wurde nicht eingelesen.',
    fr: 'Le fichier n’est pas un XML valable et n’a pas été importé.',
    it: 'Il file non è un XML valido e non è stato importato.',
  },
  camt_wrong_type: {
    de: 'Die Datei ist keine camt.054-Gutschriftsanzeige oder camt.053-Kontoauszug (erwartet: Version .001.04 oder .001.08) und wurde nicht eingelesen.',
    fr: 'Le fichier n’est ni un avis de crédit camt.054 ni un relevé camt.053 (attendu : version .001.04 ou .001.08) et n’a pas été importé.',
    it: 'Il file non è né un avviso di accredito camt.054 né un estratto conto camt.053 (atteso: versione .001.04 o .001.08) e non è stato importato.',
  },
  camt_incomplete: {
    de: 'Die Bankdatei ist unvollständig (Buchung ohne gültigen Betrag) und wurde nicht eingelesen.',
    fr: 'Le fichier bancaire est incomplet (écriture sans montant valable) et n’a pas été importé.',
    it: 'Il file bancario è incompleto (registrazione senza importo valido) e non è stato importato.',
  },

  // ---------------------------------------------------------------- validation (zod)
  'validation.invalid_input': {
    de: 'Ungültige Eingabe',
    fr: 'Saisie non valable',
    it: 'Immissione non valida',
  },
  'validation.nul_byte': {
    de: NUL_BYTE_MESSAGE,
    fr: 'La saisie contient un caractère non valable (octet nul)',
    it: 'L’immissione contiene un carattere non valido (byte nullo)',
  },
  'validation.invalid_id': {
    de: 'Ungültige ID',
    fr: 'ID non valable',
    it: 'ID non valido',
  },
  'validation.invalid_typed_id': {
    de: 'Ungültige {field}-ID',
    fr: 'ID non valable ({field})',
    it: 'ID non valido ({field})',
  },
  'validation.invalid_cursor': {
    de: 'Ungültiger Cursor. Bitte laden Sie die Liste neu.',
    fr: 'Curseur non valable. Veuillez recharger la liste.',
    it: 'Cursore non valido. Ricarichi l’elenco.',
  },
  'validation.email_invalid': {
    de: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
    fr: 'Veuillez saisir une adresse e-mail valable',
    it: 'Inserisca un indirizzo e-mail valido',
  },
  'validation.email_invalid_sentence': {
    de: QUOTE_ACCEPTANCE_MESSAGES.emailInvalid,
    fr: 'Veuillez saisir une adresse e-mail valable.',
    it: 'Inserisca un indirizzo e-mail valido.',
  },
  'validation.email_required_sentence': {
    de: QUOTE_ACCEPTANCE_MESSAGES.emailRequired,
    fr: 'Veuillez saisir votre adresse e-mail.',
    it: 'Inserisca il suo indirizzo e-mail.',
  },
  'validation.name_required_sentence': {
    de: QUOTE_ACCEPTANCE_MESSAGES.nameRequired,
    fr: 'Veuillez saisir votre nom.',
    it: 'Inserisca il suo nome.',
  },
  'validation.signature_required': {
    de: QUOTE_ACCEPTANCE_MESSAGES.signatureRequired,
    fr: 'Veuillez signer dans le champ ci-dessus.',
    it: 'Firmi nel campo qui sopra.',
  },
  'validation.signature_too_large': {
    de: 'Die Unterschrift ist zu gross (max. {max}).',
    fr: 'La signature est trop volumineuse (max. {max}).',
    it: 'La firma è troppo grande (max. {max}).',
  },
  'validation.consent_required': {
    de: QUOTE_ACCEPTANCE_MESSAGES.consentRequired,
    fr: 'Veuillez confirmer votre accord.',
    it: 'Confermi il suo consenso.',
  },
  'validation.url_invalid': {
    de: 'Bitte geben Sie eine gültige Webadresse ein (z. B. https://beispiel.ch)',
    fr: 'Veuillez saisir une adresse web valable (p. ex. https://exemple.ch)',
    it: 'Inserisca un indirizzo web valido (p. es. https://esempio.ch)',
  },
  'validation.password_min': {
    de: 'Das Passwort muss mindestens {min} Zeichen lang sein',
    fr: 'Le mot de passe doit comporter au moins {min} caractères',
    it: 'La password deve contenere almeno {min} caratteri',
  },
  'validation.new_password_min': {
    de: 'Das neue Passwort muss mindestens {min} Zeichen lang sein',
    fr: 'Le nouveau mot de passe doit comporter au moins {min} caractères',
    it: 'La nuova password deve contenere almeno {min} caratteri',
  },
  'validation.password_too_long': {
    de: 'Das Passwort ist zu lang',
    fr: 'Le mot de passe est trop long',
    it: 'La password è troppo lunga',
  },
  'validation.name_too_long_sentence': {
    de: 'Der Name ist zu lang (max. {max} Zeichen).',
    fr: 'Le nom est trop long (max. {max} caractères).',
    it: 'Il nome è troppo lungo (max. {max} caratteri).',
  },
  'validation.invalid_token': {
    de: 'Ungültiger Token',
    fr: 'Jeton non valable',
    it: 'Token non valido',
  },
  'validation.iban_invalid': {
    de: 'Ungültige IBAN. Erwartet wird eine Schweizer oder Liechtensteiner IBAN bzw. QR-IBAN (z. B. CH93 0076 2011 6238 5295 7)',
    fr: 'IBAN non valable. Un IBAN ou QR-IBAN suisse ou liechtensteinois est attendu (p. ex. CH93 0076 2011 6238 5295 7)',
    it: 'IBAN non valido. È atteso un IBAN o QR-IBAN svizzero o del Liechtenstein (p. es. CH93 0076 2011 6238 5295 7)',
  },
  'validation.vat_invalid': {
    de: 'Ungültige MWST-Nummer. Format: CHE-123.456.789 MWST (oder TVA / IVA)',
    fr: 'Numéro TVA non valable. Format : CHE-123.456.789 TVA (ou MWST / IVA)',
    it: 'Numero IVA non valido. Formato: CHE-123.456.789 IVA (o MWST / TVA)',
  },
  'validation.country_code': {
    de: 'Land: zweistelliger ISO-Code (z. B. CH)',
    fr: 'Pays : code ISO à deux lettres (p. ex. CH)',
    it: 'Paese: codice ISO a due lettere (p. es. CH)',
  },
  'validation.choose_customer_or_quote': {
    de: 'Bitte wählen Sie einen Kunden oder ein Angebot',
    fr: 'Veuillez choisir un client ou une offre',
    it: 'Scelga un cliente o un’offerta',
  },
  'validation.quote_or_payload': {
    de: 'Bitte entweder ein Angebot (fromQuoteId) oder den Inhalt (payload) angeben',
    fr: 'Veuillez indiquer soit une offre (fromQuoteId), soit le contenu (payload)',
    it: 'Indichi un’offerta (fromQuoteId) oppure il contenuto (payload)',
  },
  'validation.item_title_required': {
    de: 'Jede Position braucht einen Titel',
    fr: 'Chaque position doit avoir un titre',
    it: 'Ogni posizione deve avere un titolo',
  },
  'validation.invoice_required': {
    de: 'Bitte geben Sie die Rechnung an',
    fr: 'Veuillez indiquer la facture',
    it: 'Indichi la fattura',
  },
  'validation.items_required': {
    de: 'Mindestens eine Position ist erforderlich',
    fr: 'Au moins une position est requise',
    it: 'È richiesta almeno una posizione',
  },
  'validation.items_list': {
    de: 'Positionen müssen eine Liste sein',
    fr: 'Les positions doivent être une liste',
    it: 'Le posizioni devono essere un elenco',
  },
  'validation.items_max': {
    de: 'Höchstens {max} Positionen',
    fr: 'Au maximum {max} positions',
    it: 'Al massimo {max} posizioni',
  },
  'validation.one_employee_at_once': {
    de: 'Es kann nur ein Mitarbeiter auf einmal hinzugefügt werden',
    fr: 'Un seul collaborateur peut être ajouté à la fois',
    it: 'È possibile aggiungere un solo collaboratore alla volta',
  },
  'validation.coordinates_together': {
    de: 'Breiten- und Längengrad müssen zusammen angegeben werden',
    fr: 'La latitude et la longitude doivent être indiquées ensemble',
    it: 'Latitudine e longitudine devono essere indicate insieme',
  },
  'validation.period_end_before_start': {
    de: 'Das Ende des Zeitraums darf nicht vor dessen Beginn liegen',
    fr: 'La fin de la période ne peut pas précéder son début',
    it: 'La fine del periodo non può precedere il suo inizio',
  },
  'validation.service_period_end_before_start': {
    de: 'Der Leistungszeitraum endet vor seinem Beginn',
    fr: 'La période de prestation se termine avant son début',
    it: 'Il periodo di prestazione termina prima del suo inizio',
  },
  'validation.period_max_days': {
    de: 'Der Zeitraum darf höchstens {max} Tage umfassen',
    fr: 'La période peut couvrir au maximum {max} jours',
    it: 'Il periodo può comprendere al massimo {max} giorni',
  },
  'validation.amount_min': {
    de: 'Der Betrag muss mindestens CHF 0.01 sein',
    fr: 'Le montant doit être d’au moins CHF 0.01',
    it: 'L’importo deve essere di almeno CHF 0.01',
  },
  'validation.total_too_high': {
    de: 'Gesamtbetrag ist zu hoch (max. CHF {max})',
    fr: 'Le montant total est trop élevé (max. CHF {max})',
    it: 'L’importo totale è troppo alto (max. CHF {max})',
  },
  'validation.allowed_values': {
    de: 'Ungültige {field}. Erlaubt: {values}',
    fr: '{field} non valable. Valeurs autorisées : {values}',
    it: '{field}: valore non valido. Valori consentiti: {values}',
  },
  'validation.allowed_values_m': {
    de: 'Ungültiger {field}. Erlaubt: {values}',
    fr: '{field} non valable. Valeurs autorisées : {values}',
    it: '{field}: valore non valido. Valori consentiti: {values}',
  },
  'validation.invalid_value_for': {
    de: 'Ungültiger Wert für {field}',
    fr: 'Valeur non valable pour {field}',
    it: 'Valore non valido per {field}',
  },
  'validation.invalid_named': {
    de: 'Ungültige {field}',
    fr: '{field} non valable',
    it: '{field}: valore non valido',
  },
  'validation.invalid_named_m': {
    de: 'Ungültiger {field}',
    fr: '{field} non valable',
    it: '{field}: valore non valido',
  },
  'validation.invalid_named_n': {
    de: 'Ungültiges {field}',
    fr: '{field} non valable',
    it: '{field}: valore non valido',
  },
  'validation.required': {
    de: '{field} ist erforderlich',
    fr: '{field} : saisie obligatoire',
    it: '{field}: campo obbligatorio',
  },
  'validation.too_long': {
    de: '{field} ist zu lang',
    fr: '{field} : texte trop long',
    it: '{field}: testo troppo lungo',
  },
  'validation.too_long_max': {
    de: '{field} ist zu lang (max. {max} Zeichen)',
    fr: '{field} : texte trop long (max. {max} caractères)',
    it: '{field}: testo troppo lungo (max. {max} caratteri)',
  },
  'validation.too_high': {
    de: '{field} ist zu hoch',
    fr: '{field} : valeur trop élevée',
    it: '{field}: valore troppo alto',
  },
  'validation.too_high_max': {
    de: '{field} ist zu hoch (max. {max})',
    fr: '{field} : valeur trop élevée (max. {max})',
    it: '{field}: valore troppo alto (max. {max})',
  },
  'validation.too_large': {
    de: '{field} ist zu gross',
    fr: '{field} : valeur trop grande',
    it: '{field}: valore troppo grande',
  },
  'validation.number': {
    de: '{field} muss eine Zahl sein',
    fr: '{field} : un nombre est attendu',
    it: '{field}: è atteso un numero',
  },
  'validation.integer': {
    de: '{field} muss eine ganze Zahl sein',
    fr: '{field} : un nombre entier est attendu',
    it: '{field}: è atteso un numero intero',
  },
  'validation.integer_minutes': {
    de: '{field} muss eine ganze Zahl (Minuten) sein',
    fr: '{field} : un nombre entier (minutes) est attendu',
    it: '{field}: è atteso un numero intero (minuti)',
  },
  'validation.text': {
    de: '{field} muss ein Text sein',
    fr: '{field} : un texte est attendu',
    it: '{field}: è atteso un testo',
  },
  'validation.boolean': {
    de: '{field} muss true oder false sein',
    fr: '{field} : true ou false est attendu',
    it: '{field}: è atteso true o false',
  },
  'validation.boolean_value': {
    de: '{field} muss ein Wahrheitswert sein',
    fr: '{field} : une valeur booléenne (true ou false) est attendue',
    it: '{field}: è atteso un valore booleano (true o false)',
  },
  'validation.not_negative': {
    de: '{field} darf nicht negativ sein',
    fr: '{field} : la valeur ne peut pas être négative',
    it: '{field}: il valore non può essere negativo',
  },
  'validation.two_decimals': {
    de: '{field}: höchstens zwei Nachkommastellen',
    fr: '{field} : au maximum deux décimales',
    it: '{field}: al massimo due decimali',
  },
  'validation.min': {
    de: '{field} muss mindestens {min} sein',
    fr: '{field} : au moins {min}',
    it: '{field}: almeno {min}',
  },
  'validation.min_day': {
    de: '{field} muss mindestens {min} Tag sein',
    fr: '{field} : au moins {min} jour',
    it: '{field}: almeno {min} giorno',
  },
  'validation.max': {
    de: '{field} darf höchstens {max} sein',
    fr: '{field} : au maximum {max}',
    it: '{field}: al massimo {max}',
  },
  'validation.max_days': {
    de: '{field} darf höchstens {max} Tage sein',
    fr: '{field} : au maximum {max} jours',
    it: '{field}: al massimo {max} giorni',
  },
  'validation.greater_than_zero': {
    de: '{field} muss grösser als 0 sein',
    fr: '{field} : la valeur doit être supérieure à 0',
    it: '{field}: il valore deve essere maggiore di 0',
  },
  'validation.between': {
    de: '{field} muss zwischen {min} und {max} liegen',
    fr: '{field} : la valeur doit être comprise entre {min} et {max}',
    it: '{field}: il valore deve essere compreso tra {min} e {max}',
  },
  'validation.between_days': {
    de: '{field} muss zwischen {min} und {max} Tagen liegen',
    fr: '{field} : la valeur doit être comprise entre {min} et {max} jours',
    it: '{field}: il valore deve essere compreso tra {min} e {max} giorni',
  },
  'validation.date_format': {
    de: '{field} muss im Format JJJJ-MM-TT sein',
    fr: '{field} : le format attendu est AAAA-MM-JJ',
    it: '{field}: il formato atteso è AAAA-MM-GG',
  },
  'validation.date_format_named': {
    de: '{field} muss ein Datum im Format JJJJ-MM-TT sein',
    fr: '{field} : une date au format AAAA-MM-JJ est attendue',
    it: '{field}: è attesa una data nel formato AAAA-MM-GG',
  },
  'validation.date_expected': {
    de: '{field} muss ein Datum sein',
    fr: '{field} : une date est attendue',
    it: '{field}: è attesa una data',
  },
  'validation.time_expected': {
    de: '{field} muss eine Uhrzeit sein',
    fr: '{field} : une heure est attendue',
    it: '{field}: è attesa un’ora',
  },
  'validation.time_format': {
    de: '{field} muss eine Uhrzeit im Format HH:mm sein',
    fr: '{field} : une heure au format HH:mm est attendue',
    it: '{field}: è attesa un’ora nel formato HH:mm',
  },
  'validation.datetime_invalid': {
    de: '{field} ist kein gültiger Zeitpunkt',
    fr: '{field} : date et heure non valables',
    it: '{field}: data e ora non valide',
  },
  'validation.one_decimal': {
    de: '{field}: höchstens eine Nachkommastelle',
    fr: '{field} : au maximum une décimale',
    it: '{field}: al massimo un decimale',
  },
  'validation.zod_invalid_type': {
    de: 'Ungültige Eingabe: erwartet {expected}, erhalten {received}',
    fr: 'Saisie non valable : {expected} attendu, {received} reçu',
    it: 'Immissione non valida: atteso {expected}, ricevuto {received}',
  },
  'validation.zod_invalid_option': {
    de: 'Ungültige Option: erwartet eine von {values}',
    fr: 'Option non valable : une valeur parmi {values} est attendue',
    it: 'Opzione non valida: è atteso uno tra {values}',
  },
  'validation.date_invalid': {
    de: '{field} ist kein gültiges Datum',
    fr: '{field} : date non valable',
    it: '{field}: data non valida',
  },

  // ---------------------------------------------------------------- gateway
  'gateway.unknown_api_path': {
    de: 'Unbekannter API-Pfad',
    fr: 'Chemin d’API inconnu',
    it: 'Percorso API sconosciuto',
  },
  'gateway.file_not_found': {
    de: 'Datei nicht gefunden',
    fr: 'Fichier introuvable',
    it: 'File non trovato',
  },
  'gateway.too_many_requests': {
    de: 'Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
    fr: 'Trop de requêtes. Veuillez patienter un instant et réessayer.',
    it: 'Troppe richieste. Attenda un momento e riprovi.',
  },
  'gateway.upstream_unavailable': {
    de: 'Dienst vorübergehend nicht erreichbar. Bitte versuchen Sie es später erneut.',
    fr: 'Service temporairement injoignable. Veuillez réessayer plus tard.',
    it: 'Servizio temporaneamente non raggiungibile. Riprovi più tardi.',
  },
  'gateway.upstream_timeout': {
    de: 'Der Dienst hat nicht rechtzeitig geantwortet. Bitte versuchen Sie es erneut.',
    fr: 'Le service n’a pas répondu à temps. Veuillez réessayer.',
    it: 'Il servizio non ha risposto in tempo. Riprovi.',
  },
  'gateway.shell_missing': {
    de: 'Die Anwendung ist zurzeit nicht verfügbar. Bitte versuchen Sie es später erneut.',
    fr: 'L’application n’est pas disponible actuellement. Veuillez réessayer plus tard.',
    it: 'L’applicazione non è attualmente disponibile. Riprovi più tardi.',
  },
  'gateway.internal': {
    de: 'Interner Fehler. Bitte versuchen Sie es später erneut.',
    fr: 'Erreur interne. Veuillez réessayer plus tard.',
    it: 'Errore interno. Riprovi più tardi.',
  },
  'gateway.headers_too_large': {
    de: 'Die Anfrage-Header sind zu gross',
    fr: 'Les en-têtes de la requête sont trop volumineux',
    it: 'Le intestazioni della richiesta sono troppo grandi',
  },
  'gateway.timeout': {
    de: 'Zeitüberschreitung: Die Anfrage kam nicht rechtzeitig an',
    fr: 'Délai dépassé : la requête n’est pas arrivée à temps',
    it: 'Tempo scaduto: la richiesta non è arrivata in tempo',
  },
  // The /api/docs page of the gateway (issue 27).
  'gateway.docs.loading': {
    de: 'Die Beschreibung wird geladen …',
    fr: 'Chargement de la description …',
    it: 'Caricamento della descrizione …',
  },
  'gateway.docs.sections': {
    de: 'Bereiche',
    fr: 'Domaines',
    it: 'Ambiti',
  },
  'gateway.docs.service': {
    de: 'Dienst',
    fr: 'Service',
    it: 'Servizio',
  },
  'gateway.docs.public': {
    de: 'öffentlich, ohne Anmeldung',
    fr: 'public, sans connexion',
    it: 'pubblico, senza accesso',
  },
  'gateway.docs.parameters': {
    de: 'Parameter',
    fr: 'Paramètres',
    it: 'Parametri',
  },
  'gateway.docs.name': {
    de: 'Name',
    fr: 'Nom',
    it: 'Nome',
  },
  'gateway.docs.location': {
    de: 'Ort',
    fr: 'Emplacement',
    it: 'Posizione',
  },
  'gateway.docs.path': {
    de: 'Pfad',
    fr: 'Chemin',
    it: 'Percorso',
  },
  'gateway.docs.query': {
    de: 'Abfrage',
    fr: 'Chaîne de requête',
    it: 'Stringa di query',
  },
  'gateway.docs.required': {
    de: 'erforderlich',
    fr: 'obligatoire',
    it: 'obbligatorio',
  },
  'gateway.docs.optional': {
    de: 'optional',
    fr: 'facultatif',
    it: 'facoltativo',
  },
  'gateway.docs.type': {
    de: 'Typ',
    fr: 'Type',
    it: 'Tipo',
  },
  'gateway.docs.request': {
    de: 'Anfrage',
    fr: 'Requête',
    it: 'Richiesta',
  },
  'gateway.docs.example': {
    de: 'Beispiel',
    fr: 'Exemple',
    it: 'Esempio',
  },
  'gateway.docs.responses': {
    de: 'Antworten',
    fr: 'Réponses',
    it: 'Risposte',
  },
  'gateway.docs.load_failed': {
    de: 'Die API-Beschreibung konnte nicht geladen werden',
    fr: 'La description de l’API n’a pas pu être chargée',
    it: 'Non è stato possibile caricare la descrizione dell’API',
  },

  // ---------------------------------------------------------------- terms inside messages
  // Field labels (the `{field}` of validation patterns) and status names (report status changes).
  'term.Name': { de: 'Name', fr: 'Nom', it: 'Nome' },
  'term.E-Mail': { de: 'E-Mail', fr: 'E-mail', it: 'E-mail' },
  'term.Passwort': { de: 'Passwort', fr: 'Mot de passe', it: 'Password' },
  'term.Aktuelles Passwort': { de: 'Aktuelles Passwort', fr: 'Mot de passe actuel', it: 'Password attuale' },
  'term.Neues Passwort': { de: 'Neues Passwort', fr: 'Nouveau mot de passe', it: 'Nuova password' },
  'term.Firmenname': { de: 'Firmenname', fr: 'Nom de l’entreprise', it: 'Nome dell’azienda' },
  'term.Firmenname / Name': {
    de: 'Firmenname / Name',
    fr: 'Nom de l’entreprise / nom',
    it: 'Nome dell’azienda / nome',
  },
  'term.Titel': { de: 'Titel', fr: 'Titre', it: 'Titolo' },
  'term.Positionstitel': { de: 'Positionstitel', fr: 'Titre de la position', it: 'Titolo della posizione' },
  'term.Beschreibung': { de: 'Beschreibung', fr: 'Description', it: 'Descrizione' },
  'term.Bezeichnung': { de: 'Bezeichnung', fr: 'Désignation', it: 'Designazione' },
  'term.Begründung': { de: 'Begründung', fr: 'Justification', it: 'Motivazione' },
  'term.Notiz': { de: 'Notiz', fr: 'Note', it: 'Nota' },
  'term.Name der Vorlage': { de: 'Name der Vorlage', fr: 'Nom du modèle', it: 'Nome del modello' },
  'term.Handwerksbereich': { de: 'Handwerksbereich', fr: 'Corps de métier', it: 'Settore artigianale' },
  'term.Suchbegriff': { de: 'Suchbegriff', fr: 'Terme de recherche', it: 'Termine di ricerca' },
  'term.Token': { de: 'Token', fr: 'Jeton', it: 'Token' },
  'term.Kunde': { de: 'Kunde', fr: 'Client', it: 'Cliente' },
  'term.Projekt': { de: 'Projekt', fr: 'Projet', it: 'Progetto' },
  'term.Material': { de: 'Material', fr: 'Matériel', it: 'Materiale' },
  'term.Mitarbeiter': { de: 'Mitarbeiter', fr: 'Collaborateur', it: 'Collaboratore' },
  'term.Betrag': { de: 'Betrag', fr: 'Montant', it: 'Importo' },
  'term.Budget': { de: 'Budget', fr: 'Budget', it: 'Budget' },
  'term.Menge': { de: 'Menge', fr: 'Quantité', it: 'Quantità' },
  'term.Einzelpreis': { de: 'Einzelpreis', fr: 'Prix unitaire', it: 'Prezzo unitario' },
  'term.Stundensatz': { de: 'Stundensatz', fr: 'Taux horaire', it: 'Tariffa oraria' },
  'term.Pause': { de: 'Pause', fr: 'Pause', it: 'Pausa' },
  'term.Seite': { de: 'Seite', fr: 'Page', it: 'Pagina' },
  'term.Seitengrösse': { de: 'Seitengrösse', fr: 'Taille de page', it: 'Dimensione della pagina' },
  'term.Datum': { de: 'Datum', fr: 'Date', it: 'Data' },
  'term.Startdatum': { de: 'Startdatum', fr: 'Date de début', it: 'Data di inizio' },
  'term.Enddatum': { de: 'Enddatum', fr: 'Date de fin', it: 'Data di fine' },
  'term.Rechnungsdatum': { de: 'Rechnungsdatum', fr: 'Date de facture', it: 'Data della fattura' },
  'term.Zahlungsdatum': { de: 'Zahlungsdatum', fr: 'Date de paiement', it: 'Data di pagamento' },
  'term.Gültig bis': { de: 'Gültig bis', fr: 'Valable jusqu’au', it: 'Valido fino al' },
  'term.Wochenbeginn': { de: 'Wochenbeginn', fr: 'Début de la semaine', it: 'Inizio della settimana' },
  'term.Quellwoche': { de: 'Quellwoche', fr: 'Semaine source', it: 'Settimana di origine' },
  'term.Zielwoche': { de: 'Zielwoche', fr: 'Semaine cible', it: 'Settimana di destinazione' },
  'term.Beginn des Zeitraums': { de: 'Beginn des Zeitraums', fr: 'Début de la période', it: 'Inizio del periodo' },
  'term.Ende des Zeitraums': { de: 'Ende des Zeitraums', fr: 'Fin de la période', it: 'Fine del periodo' },
  'term.Leistungszeitraum von': {
    de: 'Leistungszeitraum von',
    fr: 'Début de la période de prestation',
    it: 'Inizio del periodo di prestazione',
  },
  'term.Leistungszeitraum bis': {
    de: 'Leistungszeitraum bis',
    fr: 'Fin de la période de prestation',
    it: 'Fine del periodo di prestazione',
  },
  'term.Breitengrad': { de: 'Breitengrad', fr: 'Latitude', it: 'Latitudine' },
  'term.Längengrad': { de: 'Längengrad', fr: 'Longitude', it: 'Longitudine' },
  'term.Genauigkeit': { de: 'Genauigkeit', fr: 'Précision', it: 'Precisione' },
  'term.Zahlungsfrist': { de: 'Zahlungsfrist', fr: 'Délai de paiement', it: 'Termine di pagamento' },
  'term.Mahnintervall': { de: 'Mahnintervall', fr: 'Intervalle de rappel', it: 'Intervallo di sollecito' },
  'term.Verzugszins': { de: 'Verzugszins', fr: 'Intérêt moratoire', it: 'Interesse di mora' },
  'term.Gesamtbetrag': { de: 'Gesamtbetrag', fr: 'Montant total', it: 'Importo totale' },
  'term.Aktiv': { de: 'Aktiv', fr: 'Actif', it: 'Attivo' },
  'term.Rolle': { de: 'Rolle', fr: 'Rôle', it: 'Ruolo' },
  'term.Sprache': { de: 'Sprache', fr: 'Langue', it: 'Lingua' },
  'term.Währung': { de: 'Währung', fr: 'Monnaie', it: 'Valuta' },
  'term.Zeitzone': { de: 'Zeitzone', fr: 'Fuseau horaire', it: 'Fuso orario' },
  'term.Einheit': { de: 'Einheit', fr: 'Unité', it: 'Unità' },
  'term.Kategorie': { de: 'Kategorie', fr: 'Catégorie', it: 'Categoria' },
  'term.Status': { de: 'Status', fr: 'Statut', it: 'Stato' },
  'term.Positionstyp': { de: 'Positionstyp', fr: 'Type de position', it: 'Tipo di posizione' },
  'term.Mahnart': { de: 'Mahnart', fr: 'Type de rappel', it: 'Tipo di sollecito' },
  'term.Zahlungsart': { de: 'Zahlungsart', fr: 'Mode de paiement', it: 'Modalità di pagamento' },
  'term.Plan': { de: 'Plan', fr: 'Plan', it: 'Piano' },
  'term.Abrechnungsintervall': {
    de: 'Abrechnungsintervall',
    fr: 'Périodicité de facturation',
    it: 'Periodicità di fatturazione',
  },
  'term.Kunden': { de: 'Kunden', fr: 'Client', it: 'Cliente' },
  'term.Benutzer': { de: 'Benutzer', fr: 'Utilisateur', it: 'Utente' },
  'term.Angebots': { de: 'Angebots', fr: 'Offre', it: 'Offerta' },
  'term.Transaktions': { de: 'Transaktions', fr: 'Transaction', it: 'Transazione' },
  'term.Firmen': { de: 'Firmen', fr: 'Entreprise', it: 'Azienda' },
  'term.Rechnung': { de: 'Rechnung', fr: 'Facture', it: 'Fattura' },
  'term.Zeiteintrag': { de: 'Zeiteintrag', fr: 'Saisie de temps', it: 'Registrazione del tempo' },
  'term.Startzeit': { de: 'Startzeit', fr: 'Heure de début', it: 'Ora di inizio' },
  'term.Endzeit': { de: 'Endzeit', fr: 'Heure de fin', it: 'Ora di fine' },
  'term.Vorname': { de: 'Vorname', fr: 'Prénom', it: 'Nome' },
  'term.Nachname': { de: 'Nachname', fr: 'Nom de famille', it: 'Cognome' },
  'term.Preis pro Einheit': { de: 'Preis pro Einheit', fr: 'Prix par unité', it: 'Prezzo per unità' },
  'term.Positionsbeschreibung': {
    de: 'Positionsbeschreibung',
    fr: 'Description de la position',
    it: 'Descrizione della posizione',
  },
  'term.Name des Handwerksbereichs': {
    de: 'Name des Handwerksbereichs',
    fr: 'Nom du corps de métier',
    it: 'Nome del settore artigianale',
  },
  'term.IBAN (Einstellungen › Rechnung)': {
    de: QR_BILL_SETTING_NAMES.iban,
    fr: 'IBAN (Paramètres › Facture)',
    it: 'IBAN (Impostazioni › Fattura)',
  },
  'term.Firmenadresse mit Strasse, Hausnummer, PLZ und Ort (Einstellungen › Allgemein)': {
    de: QR_BILL_SETTING_NAMES.companyAddress,
    fr: 'Adresse de l’entreprise avec rue, numéro, NPA et localité (Paramètres › Général)',
    it: 'Indirizzo dell’azienda con via, numero civico, NPA e località (Impostazioni › Generale)',
  },
  'term.Adresse des Kunden mit Strasse, PLZ und Ort': {
    de: QR_BILL_SETTING_NAMES.customerAddress,
    fr: 'Adresse du client avec rue, NPA et localité',
    it: 'Indirizzo del cliente con via, NPA e località',
  },
  'term.Von': { de: 'Von', fr: 'De', it: 'Da' },
  'term.Bis': { de: 'Bis', fr: 'À', it: 'A' },
  'term.Zahl': { de: 'Zahl', fr: 'nombre', it: 'numero' },
  'term.Array': { de: 'Array', fr: 'liste', it: 'elenco' },
  'term.Reisepauschale': { de: 'Reisepauschale', fr: 'Forfait de déplacement', it: 'Forfait di trasferta' },
  'term.Bedingungen': { de: 'Bedingungen', fr: 'Conditions', it: 'Condizioni' },
  'term.Hausnummer': { de: 'Hausnummer', fr: 'Numéro', it: 'Numero civico' },
  'term.Kundennummer': { de: 'Kundennummer', fr: 'Numéro de client', it: 'Numero cliente' },
  'term.Materialname': { de: 'Materialname', fr: 'Nom du matériel', it: 'Nome del materiale' },
  'term.Notizen': { de: 'Notizen', fr: 'Notes', it: 'Note' },
  'term.Ort': { de: 'Ort', fr: 'Localité', it: 'Località' },
  'term.PLZ': { de: 'PLZ', fr: 'NPA', it: 'NPA' },
  'term.Projektnummer': { de: 'Projektnummer', fr: 'Numéro de projet', it: 'Numero di progetto' },
  'term.Strasse': { de: 'Strasse', fr: 'Rue', it: 'Via' },
  'term.Nachtzuschlag': { de: 'Nachtzuschlag', fr: 'Supplément de nuit', it: 'Supplemento notturno' },
  'term.Samstagszuschlag': { de: 'Samstagszuschlag', fr: 'Supplément du samedi', it: 'Supplemento del sabato' },
  'term.Sonntagszuschlag': { de: 'Sonntagszuschlag', fr: 'Supplément du dimanche', it: 'Supplemento della domenica' },
  'term.Gebühr Erinnerung': { de: 'Gebühr Erinnerung', fr: 'Frais de rappel', it: 'Spese di promemoria' },
  'term.Gebühr 1. Mahnung': { de: 'Gebühr 1. Mahnung', fr: 'Frais du 1er rappel', it: 'Spese del 1° sollecito' },
  'term.Gebühr 2. Mahnung': { de: 'Gebühr 2. Mahnung', fr: 'Frais du 2e rappel', it: 'Spese del 2° sollecito' },
  'term.Gebühr letzte Mahnung': {
    de: 'Gebühr letzte Mahnung',
    fr: 'Frais du dernier rappel',
    it: 'Spese dell’ultimo sollecito',
  },
  'term.Cursor': { de: 'Cursor', fr: 'Curseur', it: 'Cursore' },
  'term.Telefon': { de: 'Telefon', fr: 'Téléphone', it: 'Telefono' },
  'term.Adresse': { de: 'Adresse', fr: 'Adresse', it: 'Indirizzo' },
  'term.Kontaktperson': { de: 'Kontaktperson', fr: 'Personne de contact', it: 'Persona di contatto' },
  'term.Lagerbestand': { de: 'Lagerbestand', fr: 'Stock', it: 'Scorte' },
  'term.Mindestbestand': { de: 'Mindestbestand', fr: 'Stock minimal', it: 'Scorta minima' },
  'term.Rabatt': { de: 'Rabatt', fr: 'Rabais', it: 'Sconto' },
  'term.MWST-Satz': { de: 'MWST-Satz', fr: 'Taux de TVA', it: 'Aliquota IVA' },
  'term.Projektnotizen': { de: 'Projektnotizen', fr: 'les notes de projet', it: 'le note di progetto' },
  'term.Zuschlagsberechnung': {
    de: 'Zuschlagsberechnung',
    fr: 'le calcul des suppléments',
    it: 'il calcolo dei supplementi',
  },
  'term.automatische Genehmigung': {
    de: 'automatische Genehmigung',
    fr: 'l’approbation automatique',
    it: 'l’approvazione automatica',
  },
  'term.automatische Mahnungen': {
    de: 'automatische Mahnungen',
    fr: 'les rappels automatiques',
    it: 'i solleciti automatici',
  },
  'term.Standorterfassung': {
    de: 'Standorterfassung',
    fr: 'la localisation',
    it: 'la localizzazione',
  },
  ...MATERIAL_IMPORT_MESSAGES,
  ...DATA_EXPORT_MESSAGES,
  ...SUCCESS_MESSAGES,
  'term.Entwurf': { de: REPORT_STATUS_LABELS.draft, fr: 'Brouillon', it: 'Bozza' },
  'term.Versendet': { de: REPORT_STATUS_LABELS.sent, fr: 'Envoyé', it: 'Inviato' },
  'term.Bezahlt': { de: 'Bezahlt', fr: 'Payée', it: 'Pagata' },
  'term.Überfällig': { de: 'Überfällig', fr: 'Échue', it: 'Scaduta' },
  'term.Unterschrieben': { de: REPORT_STATUS_LABELS.signed, fr: 'Signé', it: 'Firmato' },
  'term.Genehmigt': { de: REPORT_STATUS_LABELS.approved, fr: 'Approuvé', it: 'Approvato' },
  'term.Abgelehnt': { de: REPORT_STATUS_LABELS.rejected, fr: 'Refusé', it: 'Respinto' },
} as const satisfies Record<string, ServerMessageTexts>;

export type ServerMessageKey = keyof typeof SERVER_MESSAGES;
