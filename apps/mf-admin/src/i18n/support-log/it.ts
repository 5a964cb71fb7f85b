export const supportLogIt = {
  title: 'Accessi del supporto',
  intro:
    'Qui vede ogni sessione in cui il supporto Zunft ha lavorato con il suo account di amministratore e ogni modifica che ha effettuato.',
  empty: 'Finora il supporto non ha mai avuto accesso al suo account.',
  loadError: 'Non è stato possibile caricare il registro.',
  more: 'Carica voci precedenti',
  columns: { when: 'Momento', who: 'Chi', what: 'Cosa', where: 'Ambito' },
  actor: 'Supporto',
  accountantActor: 'Fiduciario',
  actions: {
    sessionStarted: 'Sessione del supporto iniziata (termina al più tardi il {{until}})',
    sessionEnded: 'Sessione del supporto terminata',
    accountantSignedIn: 'Ha effettuato l’accesso (solo lettura)',
    accountantSwitched: 'È passato qui da un’altra azienda (solo lettura)',
    accountantExported: 'Esportazione scaricata: {{path}}',
    change: '{{method}}: {{path}}',
  },
  methods: { POST: 'Creato', PUT: 'Modificato', PATCH: 'Modificato', DELETE: 'Eliminato' },
  services: { auth: 'Account e azienda', operations: 'Gestione', billing: 'Fatturazione' },
} as const;
