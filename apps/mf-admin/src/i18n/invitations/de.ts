/** «Treuhänder einladen» on the users screen (issue 26): invitations of fiduciaries by e-mail. */
export const invitationsDe = {
  invite: 'Treuhänder einladen',
  title: 'Treuhänder per E-Mail einladen',
  intro:
    'Der Treuhänder erhält einen Link (7 Tage gültig). Hat er schon ein Zunft-Konto, wechselt er danach im Benutzermenü zwischen seinen Firmen. Er liest Kunden, Rechnungen, Zahlungen und Berichte, ändern kann er nichts.',
  email: 'E-Mail-Adresse',
  send: 'Einladung senden',
  sent: 'Einladung an {{email}} gesendet',
  failed: 'Die Einladung konnte nicht gesendet werden.',
  listTitle: 'Einladungen',
  states: { pending: 'Offen', accepted: 'Angenommen', expired: 'Abgelaufen', revoked: 'Zurückgezogen' },
  validUntil: 'gültig bis {{date}}',
  revoke: 'Zurückziehen',
  revoked: 'Einladung zurückgezogen',
  revokeFailed: 'Die Einladung konnte nicht zurückgezogen werden.',
  linked: 'Zugang aus eigenem Konto',
} as const;
