export const supportLogFr = {
  title: 'Accès du support',
  intro:
    'Vous voyez ici chaque session pendant laquelle le support Zunft a travaillé avec votre compte administrateur, et chaque modification qu’il a faite.',
  empty: 'Le support n’a encore jamais accédé à votre compte.',
  loadError: 'Le journal n’a pas pu être chargé.',
  more: 'Charger les entrées plus anciennes',
  columns: { when: 'Moment', who: 'Qui', what: 'Quoi', where: 'Domaine' },
  actor: 'Support',
  accountantActor: 'Fiduciaire',
  actions: {
    sessionStarted: 'Session du support ouverte (se termine au plus tard le {{until}})',
    sessionEnded: 'Session du support terminée',
    accountantSignedIn: 'S’est connecté (lecture seule)',
    accountantSwitched: 'Est passé ici depuis une autre entreprise (lecture seule)',
    accountantExported: 'Export téléchargé : {{path}}',
    change: '{{method}} : {{path}}',
  },
  methods: { POST: 'Créé', PUT: 'Modifié', PATCH: 'Modifié', DELETE: 'Supprimé' },
  services: { auth: 'Compte et entreprise', operations: 'Exploitation', billing: 'Facturation' },
} as const;
