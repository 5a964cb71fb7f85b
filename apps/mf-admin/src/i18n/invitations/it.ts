import type { invitationsDe } from './de';

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

export const invitationsIt: Strings<typeof invitationsDe> = {
  invite: 'Invita un fiduciario',
  title: 'Invitare un fiduciario per e-mail',
  intro:
    'Il fiduciario riceve un link (valido 7 giorni). Se ha già un account Zunft, passa poi da un’azienda all’altra nel menu utente. Consulta clienti, fatture, pagamenti e rapporti, senza poter modificare nulla.',
  email: 'Indirizzo e-mail',
  send: 'Invia l’invito',
  sent: 'Invito inviato a {{email}}',
  failed: 'Non è stato possibile inviare l’invito.',
  listTitle: 'Inviti',
  states: { pending: 'Aperto', accepted: 'Accettato', expired: 'Scaduto', revoked: 'Ritirato' },
  validUntil: 'valido fino al {{date}}',
  revoke: 'Ritira',
  revoked: 'Invito ritirato',
  revokeFailed: 'Non è stato possibile ritirare l’invito.',
  linked: 'Accesso dal proprio account',
};
