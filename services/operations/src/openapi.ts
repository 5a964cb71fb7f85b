// The operations service's OpenAPI registry (issue 27): every route as `METHOD /api/path` → its
// group, one German line and the answer's schema where contracts has one. Request bodies and
// queries come from the routes' zod pipes; roles from `@Roles(...)`. test/openapi.int-spec.ts
// fails when a route has no entry here or an entry no route.
import {
  customerDtoSchema,
  customerStatsResponseSchema,
  hoursPerWeekResponseSchema,
  listOrPageSchema,
  projectStatsResponseSchema,
} from '@zunft/contracts';
import { withGeneratedResponses, type OpenApiRegistry, type OperationDoc } from '@zunft/nest-common';
import { OPERATIONS_RESPONSES } from './openapi.responses.js';

const group =
  (tag: string) =>
  (summary: string, more: Omit<OperationDoc, 'tag' | 'summary'> = {}): OperationDoc => ({ tag, summary, ...more });

const customers = group('Kunden');
const projects = group('Projekte');
const time = group('Zeiterfassung');
const materials = group('Material');
const expenses = group('Spesen');
const dashboard = group('Dashboard');
const schedule = group('Einsatzplanung');
const workingTime = group('Arbeitszeit');

const CUSTOMER_EXAMPLE = {
  id: '1f0c6a2e-8d5b-4c1e-9a7f-2b3c4d5e6f70',
  name: 'Müller Haustechnik AG',
  contact_person: 'Anna Müller',
  customer_number: 'K-0001',
  email: 'anna.mueller@example.ch',
  phone: '+41 44 123 45 67',
  address: 'Bahnhofstrasse 1',
  zip: '8001',
  city: 'Zürich',
  po_box: null,
  country: 'CH',
  language: 'de',
  notes: null,
  projects_count: 2,
  active_projects_count: 1,
  archived_at: null,
  created_at: '2026-11-28T09:30:00.000Z',
  updated_at: '2026-11-28T09:30:00.000Z',
};

export const OPERATIONS_OPENAPI: OpenApiRegistry = {
  'GET /api/customers': customers('Kunden auflisten (ganze Liste, oder eine Seite mit page/pageSize/cursor)', {
    response: listOrPageSchema(customerDtoSchema),
    example: [CUSTOMER_EXAMPLE],
  }),
  'GET /api/customers/stats': customers('Kennzahlen der Kunden', {
    response: customerStatsResponseSchema,
    example: { total: 12, active_projects: 5, with_email: 10, with_phone: 11 },
  }),
  'GET /api/customers/:id': customers('Einen Kunden lesen', { response: customerDtoSchema, example: CUSTOMER_EXAMPLE }),
  'POST /api/customers': customers('Kunden anlegen', {
    response: customerDtoSchema,
    example: CUSTOMER_EXAMPLE,
    requestExample: { name: 'Müller Haustechnik AG', email: 'anna.mueller@example.ch', city: 'Zürich' },
    errors: [409],
  }),
  'PUT /api/customers/:id': customers('Kunden ändern', {
    response: customerDtoSchema,
    example: CUSTOMER_EXAMPLE,
    errors: [409],
  }),
  'DELETE /api/customers/:id': customers(
    'Kunden löschen (nur ohne Projekte und ohne ausgestellte Rechnungen, OR 958f: sonst 409, archivieren)',
    { errors: [409] },
  ),
  'POST /api/customers/:id/archive': customers(
    'Kunden archivieren (in Listen und Auswahlen verborgen, bleibt in den Unterlagen)',
    {
      response: customerDtoSchema,
      example: CUSTOMER_EXAMPLE,
    },
  ),
  'POST /api/customers/:id/unarchive': customers('Archivierten Kunden wiederherstellen', {
    response: customerDtoSchema,
    example: CUSTOMER_EXAMPLE,
  }),

  'GET /api/projects': projects('Projekte auflisten (ganze Liste oder Seite)'),
  'GET /api/projects/stats': projects('Kennzahlen der Projekte', { response: projectStatsResponseSchema }),
  'GET /api/projects/:id': projects('Ein Projekt lesen'),
  'POST /api/projects': projects('Projekt anlegen', { errors: [409] }),
  'PUT /api/projects/:id': projects('Projekt ändern', { errors: [409] }),
  'DELETE /api/projects/:id': projects('Projekt löschen', { errors: [409] }),
  'POST /api/projects/:id/assign': projects('Mitarbeiter dem Projekt zuweisen', { errors: [409] }),
  'DELETE /api/projects/:id/assign/:userId': projects('Zuweisung eines Mitarbeiters aufheben'),

  'GET /api/time-entries': time('Zeiteinträge auflisten (Seite, mit Warnungen zum Arbeitsgesetz)'),
  'GET /api/time-entries/active': time('Laufende Zeitmessung des Benutzers (oder null)'),
  'POST /api/time-entries/start': time('Zeitmessung starten', { errors: [409] }),
  'POST /api/time-entries/stop': time('Laufende Zeitmessung stoppen', { errors: [409] }),
  'POST /api/time-entries': time('Zeiteintrag erfassen', { errors: [409] }),
  'PUT /api/time-entries/:id': time('Zeiteintrag ändern', { errors: [409] }),
  'DELETE /api/time-entries/:id': time('Zeiteintrag löschen', { errors: [409] }),
  'POST /api/time-entries/:id/approve': time('Zeiteintrag genehmigen', { errors: [409] }),

  'GET /api/materials': materials('Materialien auflisten (ganze Liste oder Seite)'),
  'GET /api/materials/stats': materials('Kennzahlen des Materials'),
  'GET /api/materials/product-groups': materials('Warengruppen der Artikel mit Anzahl (für die Zuschläge)'),
  'GET /api/materials/usage/list': materials('Materialverbrauch auflisten'),
  'POST /api/materials/usage': materials('Materialverbrauch erfassen', { errors: [409] }),
  'PUT /api/materials/usage/:id': materials('Materialverbrauch ändern', { errors: [409] }),
  'DELETE /api/materials/usage/:id': materials('Materialverbrauch löschen', { errors: [409] }),
  'POST /api/materials/usage/:id/approve': materials('Materialverbrauch genehmigen', { errors: [409] }),
  'POST /api/materials/usage/:id/reject': materials('Materialverbrauch ablehnen', { errors: [409] }),
  'POST /api/materials/import': materials(
    'Katalog des Grosshändlers importieren (CSV, XLSX, Datanorm 4/5; läuft im Hintergrund)',
    { errors: [409, 413] },
  ),
  'GET /api/materials/import': materials('Die letzten Katalog-Importe'),
  'GET /api/materials/import/:id': materials('Fortschritt eines Katalog-Imports'),
  'GET /api/materials/suppliers': materials('Lieferanten mit gemerkter Spaltenzuordnung'),
  'GET /api/materials/markups': materials('Zuschläge je Warengruppe'),
  'PUT /api/materials/markups': materials('Zuschläge je Warengruppe setzen (Verkaufspreise neu berechnet)'),
  'GET /api/materials/:id/prices': materials('Preisverlauf eines Materials'),
  'GET /api/materials/metal-quotation': materials('Letzte Kupfernotierung (CHF je 100 kg)'),
  'PUT /api/materials/metal-quotation': materials('Kupfernotierung des Tages erfassen (CHF je 100 kg)'),
  'GET /api/materials/:id': materials('Ein Material lesen'),
  'POST /api/materials': materials('Material anlegen', { errors: [409] }),
  'PUT /api/materials/:id': materials('Material ändern', { errors: [409] }),
  'DELETE /api/materials/:id': materials('Material löschen', { errors: [409] }),

  'GET /api/expenses': expenses('Spesen auflisten (ganze Liste oder Seite)'),
  'GET /api/expenses/stats/summary': expenses('Summen der Spesen'),
  'GET /api/expenses/:id': expenses('Eine Spese lesen'),
  'GET /api/expenses/:id/receipt': expenses('Beleg einer Spese herunterladen', {
    produces: 'application/octet-stream',
  }),
  'POST /api/expenses': expenses('Spese mit Beleg erfassen', { consumes: 'multipart/form-data', errors: [413] }),
  'PUT /api/expenses/:id': expenses('Spese ändern', { consumes: 'multipart/form-data', errors: [409, 413] }),
  'DELETE /api/expenses/:id': expenses('Spese löschen', { errors: [409] }),
  'POST /api/expenses/:id/approve': expenses('Spese genehmigen', { errors: [409] }),
  'POST /api/expenses/:id/reject': expenses('Spese ablehnen', { errors: [409] }),

  'GET /api/dashboard/stats': dashboard('Kennzahlen der Firma für das Dashboard'),
  'GET /api/dashboard/user-stats': dashboard('Kennzahlen des angemeldeten Benutzers'),
  'GET /api/dashboard/hours-per-week': dashboard(
    'Stunden pro Woche und Projekt (Büro: alle, Mitarbeitende: die eigenen)',
    {
      response: hoursPerWeekResponseSchema,
    },
  ),

  'GET /api/schedule': schedule('Einsatzplan einer Woche'),
  'POST /api/schedule/assignments': schedule('Einsatz planen', { errors: [409] }),
  'PUT /api/schedule/assignments/:id': schedule('Einsatz ändern', { errors: [409] }),
  'DELETE /api/schedule/assignments/:id': schedule('Einsatz löschen'),
  'POST /api/schedule/copy-week': schedule('Einsätze einer Woche in eine andere kopieren', { errors: [409] }),

  'GET /api/absences': workingTime('Abwesenheiten auflisten'),
  'POST /api/absences': workingTime('Abwesenheit beantragen oder erfassen', { errors: [409] }),
  'PUT /api/absences/:id/approve': workingTime('Abwesenheit genehmigen', { errors: [409] }),
  'PUT /api/absences/:id/reject': workingTime('Abwesenheit ablehnen', { errors: [409] }),
  'DELETE /api/absences/:id': workingTime('Abwesenheit löschen', { errors: [409] }),
  'GET /api/holidays': workingTime('Feiertage eines Jahres (Kanton und eigene)'),
  'POST /api/holidays': workingTime('Eigenen Feiertag hinzufügen', { errors: [409] }),
  'DELETE /api/holidays/:id': workingTime('Eigenen Feiertag löschen'),
  'GET /api/time-accounts': workingTime('Zeitkonten eines Monats (Soll, Ist, Saldo, Ferien)'),
  'GET /api/time-accounts/export': workingTime('Zeitkonten als CSV oder Excel (format=xlsx)', { produces: 'text/csv' }),
  'POST /api/time-accounts/:userId/:month/close': workingTime('Monat eines Mitarbeiters abschliessen', {
    errors: [409],
  }),
  'POST /api/time-accounts/:userId/:month/reopen': workingTime('Abgeschlossenen Monat wieder öffnen', {
    errors: [409],
  }),
  'GET /api/time-records/export': workingTime('Arbeitszeitnachweis als CSV oder PDF', { produces: 'text/csv' }),
  'GET /api/notifications': workingTime(
    'Eigene Benachrichtigungen (Ferienanträge und Entscheide) und Anzahl ungelesene',
  ),
  'PUT /api/notifications/read': workingTime('Alle eigenen Benachrichtigungen als gelesen markieren'),
};

// Every JSON answer without a `response` above gets its handler's generated schema (npm run openapi:responses).
withGeneratedResponses(OPERATIONS_OPENAPI, OPERATIONS_RESPONSES);
