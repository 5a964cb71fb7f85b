// The auth service's OpenAPI registry (issue 27): every route as `METHOD /api/path` → its group,
// one German line and the answer's schema where contracts has one. Request bodies and queries come
// from the routes' zod pipes; roles from `@Roles(...)`, public routes from `@Public()`.
// test/openapi.int-spec.ts fails when a route has no entry here or an entry no route.
import { auditLogResponseSchema, closeCompanyResponseSchema, craftsmanCategoryDtoSchema } from '@zunft/contracts';
import {
  authResponseSchema,
  companiesResponseSchema,
  invitationDtoSchema,
  invitationInfoSchema,
  invitationListSchema,
} from '@zunft/contracts';
import { withGeneratedResponses, type OpenApiRegistry, type OperationDoc } from '@zunft/nest-common';
import { z } from 'zod';
import { AUTH_RESPONSES } from './openapi.responses.js';

const group =
  (tag: string) =>
  (summary: string, more: Omit<OperationDoc, 'tag' | 'summary'> = {}): OperationDoc => ({ tag, summary, ...more });

const auth = group('Anmeldung');
const company = group('Firma');
const users = group('Benutzer');
const subscription = group('Abonnement');

const CATEGORY_EXAMPLE = { id: '1f0c6a2e-8d5b-4c1e-9a7f-2b3c4d5e6f70', name: 'Elektriker' };

export const AUTH_OPENAPI: OpenApiRegistry = {
  'GET /api/auth/demo': auth('Als Demo-Firma anmelden (nur wenn DEMO_LOGIN_ENABLED)', { errors: [404, 429] }),
  'POST /api/auth/register': auth('Firma mit Inhaber registrieren (Testphase beginnt)', { errors: [409, 429] }),
  'POST /api/auth/login': auth('Anmelden: Zugriffstoken und Refresh-Cookie', {
    errors: [403, 429],
    requestExample: { email: 'demo@zunft.ch', password: 'Demo1234!' },
  }),
  'POST /api/auth/refresh': auth('Zugriffstoken mit dem Refresh-Cookie erneuern'),
  'POST /api/auth/logout': auth('Abmelden (Refresh-Token wird ungültig)'),
  'GET /api/auth/profile': auth('Eigenes Profil lesen'),
  'PUT /api/auth/profile': auth('Eigenes Profil ändern (Name, Sprache)'),
  'PUT /api/auth/change-password': auth('Eigenes Passwort ändern'),
  'POST /api/auth/superadmin-login': auth('Einmal-Link des Super-Admins einlösen', { errors: [429] }),
  'POST /api/auth/verify-email': auth('E-Mail-Adresse des Inhabers bestätigen'),
  'POST /api/auth/verify-email/resend': auth('Bestätigungs-Mail erneut senden', { errors: [409, 429] }),
  'GET /api/auth/companies': auth('Firmen, in die die angemeldete Person wechseln darf (Treuhänder)', {
    response: companiesResponseSchema,
  }),
  'POST /api/auth/switch-company': auth('In eine andere Firma wechseln: neues Token und Refresh-Cookie', {
    response: authResponseSchema,
    errors: [403, 404],
  }),
  'GET /api/auth/invitations/:token': auth('Einladung eines Treuhänders lesen (öffentlich, Link aus der E-Mail)', {
    response: invitationInfoSchema,
    errors: [410],
  }),
  'POST /api/auth/invitations/accept': auth('Einladung annehmen: neues Konto oder bestehendes Konto anmelden', {
    response: authResponseSchema,
    errors: [401, 403, 409, 410, 429],
  }),

  'GET /api/companies/profile': company('Firmenprofil lesen (Adresse, IBAN, MWST)'),
  'PUT /api/companies/profile': company('Firmenprofil ändern'),
  'GET /api/companies/settings': company('Einstellungen der Firma lesen'),
  'PUT /api/companies/settings': company('Einstellungen der Firma ändern'),
  'POST /api/companies/logo': company('Logo hochladen (PNG, JPEG, SVG; max. 5 MB)', {
    consumes: 'multipart/form-data',
    body: z.object({ logo: z.string().meta({ format: 'binary' }) }),
    errors: [413],
  }),
  'DELETE /api/companies/logo': company('Logo entfernen'),
  'GET /api/companies/logo/:file': company('Logo-Datei', { produces: 'image/*' }),
  'POST /api/companies/me/close': company(
    'Firmenkonto schliessen (Firmenname als Bestätigung; Daten nach den Aufbewahrungsfristen gelöscht)',
    {
      response: closeCompanyResponseSchema,
      example: {
        message:
          'Das Firmenkonto wurde geschlossen. Die Daten werden nach Ablauf der gesetzlichen Aufbewahrungsfristen gelöscht.',
        closedAt: '2026-11-28T21:00:00.000Z',
        graceEndsOn: '2027-02-26',
      },
      requestExample: { confirmName: 'Muster Elektro AG' },
      errors: [409],
    },
  ),

  'GET /api/subscriptions/status': subscription('Stand des Abonnements (Testphase, Plätze, Zahlungen)'),
  'POST /api/subscriptions/create': subscription('Abonnement abschliessen (Zahlung bei Stripe)', {
    errors: [409, 502],
  }),
  'POST /api/subscriptions/create-user-addition': subscription('Zusätzlichen Platz bezahlen', { errors: [409, 502] }),
  'POST /api/subscriptions/cancel': subscription('Abonnement kündigen', { errors: [409, 502] }),
  'POST /api/subscriptions/webhook': subscription('Stripe-Webhook (signiert, nur für Stripe)'),

  'GET /api/users/craftsman-categories': users('Berufsgattungen auflisten', {
    response: z.array(craftsmanCategoryDtoSchema),
    example: [CATEGORY_EXAMPLE],
  }),
  'POST /api/users/craftsman-categories': users('Berufsgattung hinzufügen', {
    response: craftsmanCategoryDtoSchema,
    example: CATEGORY_EXAMPLE,
    errors: [409],
  }),
  'GET /api/users': users('Benutzer der Firma auflisten'),
  'GET /api/audit-log': company('Protokoll der Support-Zugriffe (Beginn, Ende, Änderungen), neueste zuerst', {
    response: auditLogResponseSchema,
    errors: [400],
  }),
  'POST /api/users': users('Benutzer einladen oder anlegen', { errors: [409] }),
  'GET /api/users/invitations': users('Einladungen von Treuhändern auflisten', { response: invitationListSchema }),
  'POST /api/users/invitations': users('Treuhänder per E-Mail einladen (Link 7 Tage gültig)', {
    response: invitationDtoSchema,
    errors: [409],
  }),
  'DELETE /api/users/invitations/:id': users('Einladung zurückziehen', { response: invitationDtoSchema }),
  'PUT /api/users/:id': users('Benutzer ändern (Rolle, Name, Anstellung)', { errors: [409] }),
  'PUT /api/users/:id/deactivate': users('Benutzer deaktivieren', { errors: [409] }),
  'PUT /api/users/:id/activate': users('Benutzer wieder aktivieren', { errors: [409] }),
  'PUT /api/users/:id/activate-payment': users('Benutzer nach Zahlung des Platzes aktivieren', { errors: [409] }),
  'DELETE /api/users/:id/pending-payment': users('Benutzer mit offener Platz-Zahlung entfernen', { errors: [409] }),
  'DELETE /api/users/:id': users('Benutzer löschen', { errors: [409] }),
};

// Every JSON answer without a `response` above gets its handler's generated schema (npm run openapi:responses).
withGeneratedResponses(AUTH_OPENAPI, AUTH_RESPONSES);
