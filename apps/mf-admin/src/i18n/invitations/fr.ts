import type { invitationsDe } from './de';

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

export const invitationsFr: Strings<typeof invitationsDe> = {
  invite: 'Inviter une fiduciaire',
  title: 'Inviter une fiduciaire par e-mail',
  intro:
    'La fiduciaire reçoit un lien (valable 7 jours). Si elle a déjà un compte Zunft, elle passe ensuite d’une entreprise à l’autre dans le menu utilisateur. Elle consulte clients, factures, paiements et rapports, sans rien pouvoir modifier.',
  email: 'Adresse e-mail',
  send: 'Envoyer l’invitation',
  sent: 'Invitation envoyée à {{email}}',
  failed: 'L’invitation n’a pas pu être envoyée.',
  listTitle: 'Invitations',
  states: { pending: 'Ouverte', accepted: 'Acceptée', expired: 'Expirée', revoked: 'Retirée' },
  validUntil: 'valable jusqu’au {{date}}',
  revoke: 'Retirer',
  revoked: 'Invitation retirée',
  revokeFailed: 'L’invitation n’a pas pu être retirée.',
  linked: 'Accès depuis son propre compte',
};
