// The billing service's OpenAPI registry (issue 27): every route as `METHOD /api/path` → its
// group, one German line and the answer's schema where contracts has one. Request bodies and
// queries come from the routes' zod pipes; roles from `@Roles(...)`, public token routes from
// `@Public()`. test/openapi.int-spec.ts fails when a route has no entry here or an entry no route.
import {
  dataExportSchema,
  latestDataExportSchema,
  invoiceChartsResponseSchema,
  invoiceStatsDtoSchema,
  quoteStatsDtoSchema,
} from '@zunft/contracts';
import { withGeneratedResponses, type OpenApiRegistry, type OperationDoc } from '@zunft/nest-common';
import { z } from 'zod';
import { BILLING_RESPONSES } from './openapi.responses.js';

const group =
  (tag: string) =>
  (summary: string, more: Omit<OperationDoc, 'tag' | 'summary'> = {}): OperationDoc => ({ tag, summary, ...more });

const quotes = group('Angebote');
const acceptance = group('Angebotsannahme (öffentlich)');
const reports = group('Rapporte');
const signature = group('Unterschrift (öffentlich)');
const invoices = group('Rechnungen');
const payments = group('Zahlungen');
const reminders = group('Mahnungen');
const accounting = group('Buchhaltung');
const dataExport = group('Datenexport');

const PDF = { produces: 'application/pdf' } as const;
const IMAGE = { produces: 'image/*' } as const;
const UPLOAD = { consumes: 'multipart/form-data', body: z.object({ file: z.string().meta({ format: 'binary' }) }) };

export const BILLING_OPENAPI: OpenApiRegistry = {
  'GET /api/quotes': quotes('Angebote auflisten (ganze Liste oder Seite)'),
  'GET /api/quotes/stats': quotes('Kennzahlen der Angebote', {
    response: quoteStatsDtoSchema,
    example: { total: 8, accepted: 3, pending: 4, totalValue: 48250.5 },
  }),
  'POST /api/quotes': quotes('Angebot anlegen (Entwurf)', { errors: [409] }),
  'GET /api/quotes/templates': quotes('Angebotsvorlagen auflisten'),
  'POST /api/quotes/templates': quotes('Angebot als Vorlage speichern', { errors: [409] }),
  'GET /api/quotes/templates/:id': quotes('Eine Angebotsvorlage lesen'),
  'DELETE /api/quotes/templates/:id': quotes('Angebotsvorlage löschen'),
  'GET /api/quotes/:id': quotes('Ein Angebot lesen'),
  'PUT /api/quotes/:id': quotes('Angebot ändern (nur Entwurf)', { errors: [409] }),
  'DELETE /api/quotes/:id': quotes('Angebot löschen', { errors: [409] }),
  'GET /api/quotes/:id/pdf': quotes('Angebot als PDF', { ...PDF, errors: [503] }),
  'GET /api/quotes/:id/signature': quotes('Unterschrift der Annahme (PNG)', IMAGE),
  'POST /api/quotes/:id/send': quotes('Angebot per E-Mail an den Kunden senden', { errors: [409, 503] }),
  'POST /api/quotes/:id/create-project': quotes('Aus dem angenommenen Angebot ein Projekt anlegen', { errors: [409] }),

  'GET /api/quote-acceptance/:token': acceptance('Angebot über den Link des Kunden ansehen', { errors: [404, 429] }),
  'POST /api/quote-acceptance/:token/accept': acceptance('Angebot annehmen (mit Unterschrift)', {
    errors: [404, 409, 429],
  }),
  'POST /api/quote-acceptance/:token/reject': acceptance('Angebot ablehnen', { errors: [404, 409, 429] }),

  'GET /api/reports': reports('Rapporte auflisten (ganze Liste oder Seite)'),
  'POST /api/reports/generate': reports('Rapport aus erfassten Stunden, Material und Spesen erzeugen', {
    errors: [409],
  }),
  'GET /api/reports/:id': reports('Einen Rapport lesen'),
  'DELETE /api/reports/:id': reports('Rapport löschen', { errors: [409] }),
  'PUT /api/reports/:id/status': reports('Status des Rapports setzen', { errors: [409] }),
  'GET /api/reports/:id/download': reports('Rapport als PDF', { ...PDF, errors: [503] }),
  'GET /api/reports/:id/images': reports('Fotos des Rapports auflisten'),
  'POST /api/reports/:id/images': reports('Foto zum Rapport hochladen (max. 15 MB)', { ...UPLOAD, errors: [409, 413] }),
  'DELETE /api/reports/:id/images/:imageId': reports('Foto entfernen', { errors: [409] }),
  'GET /api/reports/:id/images/:imageId/file': reports('Foto (Originalgrösse)', IMAGE),
  'GET /api/reports/:id/images/:imageId/thumbnail': reports('Foto (Vorschaubild)', IMAGE),
  'GET /api/reports/:id/signature-status': reports('Stand der Unterschrift des Kunden'),
  'POST /api/reports/:id/prepare-signature': reports('Unterschriften-Link vorbereiten', { errors: [409] }),
  'POST /api/reports/:id/send-to-customer': reports('Rapport zur Unterschrift an den Kunden senden', {
    errors: [409, 503],
  }),
  'POST /api/reports/:id/signature': reports('Rapport auf dem Gerät unterschreiben lassen', { errors: [409, 413] }),
  'POST /api/reports/:id/create-invoice': reports(
    'Rechnung aus dem unterschriebenen Rapport erstellen (optional mit früherem Rechnungsdatum)',
    {
      errors: [409],
    },
  ),

  'GET /api/signature/:token': signature('Rapport über den Link des Kunden ansehen', { errors: [404, 429] }),
  'POST /api/signature/:token': signature('Rapport unterschreiben', { errors: [404, 409, 413, 429] }),
  'GET /api/signature/:token/pdf': signature('Rapport als PDF (Link des Kunden)', { ...PDF, errors: [404, 429, 503] }),
  'GET /api/signature/:token/images/:imageId/file': signature('Foto des Rapports (Link des Kunden)', IMAGE),
  'GET /api/signature/:token/images/:imageId/thumbnail': signature('Vorschaubild (Link des Kunden)', IMAGE),

  'GET /api/invoices': invoices('Rechnungen auflisten (ganze Liste oder Seite)'),
  'GET /api/invoices/stats': invoices('Kennzahlen der Rechnungen', {
    response: invoiceStatsDtoSchema,
    example: { total: 14, paid: 9, pending: 4, totalAmount: 35120.45 },
  }),
  'POST /api/invoices': invoices('Rechnung anlegen (auch Akonto-, Teil- und Schlussrechnung: kind)', { errors: [409] }),
  'GET /api/invoices/charts': invoices(
    'Diagramme des Dashboards: verrechnet und bezahlt pro Monat, offene Forderungen nach Alter',
    {
      response: invoiceChartsResponseSchema,
    },
  ),
  'GET /api/invoices/stages': invoices(
    'Akonto-, Teil- und Schlussrechnungen eines Angebots oder Projekts: verrechnet und offen',
  ),
  'GET /api/invoices/number-log': invoices('Protokoll der vergebenen Rechnungsnummern'),
  'GET /api/invoices/credit-balances': invoices('Guthaben der Kunden aus Überzahlungen'),
  'GET /api/invoices/open-items': accounting('Offene Posten an einem Stichtag (JSON; format=csv oder pdf als Datei)'),
  'GET /api/invoices/:id': invoices('Eine Rechnung lesen (mit Hinweisen zum QR-Einzahlungsschein)'),
  'DELETE /api/invoices/:id': invoices('Rechnungsentwurf löschen (ausgestellte: 409)', { errors: [409] }),
  'GET /api/invoices/:id/download': invoices('Rechnung mit QR-Einzahlungsschein als PDF', { ...PDF, errors: [503] }),
  'POST /api/invoices/:id/send': invoices('Rechnung per E-Mail senden', { errors: [409, 503] }),
  'PUT /api/invoices/:id/status': invoices('Status der Rechnung setzen', { errors: [409] }),
  'PUT /api/invoices/:id/payment-method': invoices('Zahlungsart der Rechnung setzen', { errors: [409] }),
  'GET /api/invoices/:id/ledger': invoices('Kontoauszug der Rechnung (alle Buchungen)'),
  'POST /api/invoices/:id/refund': invoices('Guthaben zurückzahlen', { errors: [409] }),
  'GET /api/invoices/:id/credit-notes': invoices('Gutschriften der Rechnung'),
  'POST /api/invoices/:id/credit-notes': invoices('Gutschrift ausstellen', { errors: [409] }),
  'GET /api/invoices/:id/credit-notes/:cid/pdf': invoices('Gutschrift als PDF', { ...PDF, errors: [503] }),
  'POST /api/invoices/:id/cancel': invoices(
    'Rechnung stornieren (der unbezahlte Rest als Gutschrift, Status storniert)',
    {
      errors: [409],
    },
  ),
  'POST /api/invoices/:id/write-off': invoices('Offenen Betrag abschreiben (Verlust)', { errors: [409] }),
  'POST /api/invoices/:id/apply-credit': invoices('Guthaben auf eine andere offene Rechnung anrechnen', {
    errors: [409],
  }),

  'POST /api/invoices/payments/import': payments('Bankdatei einlesen (camt.054, camt.053, ZIP)', {
    ...UPLOAD,
    errors: [413],
  }),
  'GET /api/invoices/:id/payments': payments('Zahlungen der Rechnung'),
  'POST /api/invoices/:id/payments': payments('Zahlung erfassen', { errors: [409] }),
  'DELETE /api/invoices/:id/payments/:paymentId': payments('Zahlung stornieren (Gegenbuchung)', { errors: [409] }),
  'POST /api/invoices/:id/mark-paid': payments('Rechnung als bezahlt markieren', { errors: [409] }),
  'GET /api/invoices/payments/unmatched': payments('Nicht zugeordnete Zahlungseingänge'),
  'POST /api/invoices/payments/unmatched/:id/assign': payments('Zahlungseingang einer Rechnung zuordnen', {
    errors: [409],
  }),

  'POST /api/invoices/:id/send-reminder': reminders('Mahnung senden (Stufe 1–4, Gebühr und Verzugszins)', {
    errors: [409, 503],
  }),
  'GET /api/invoices/:id/reminders': reminders('Mahnungen der Rechnung'),
  'GET /api/invoices/:id/reminders/:reminderId/pdf': reminders('Mahnung als PDF', { ...PDF, errors: [503] }),

  'GET /api/accounting/settings': accounting('Kontenzuordnung und MWST-Codes lesen'),
  'PUT /api/accounting/settings': accounting('Kontenzuordnung, MWST-Codes und Abrechnungsart speichern'),
  'GET /api/accounting/journal': accounting(
    'Buchungsjournal eines Zeitraums (JSON; format=csv, banana, bexio oder abacus als Datei, als exportiert markiert)',
  ),
  'GET /api/accounting/vat': accounting('MWST-Zahlen eines Quartals oder Semesters'),

  'POST /api/data-exports': dataExport(
    'Export aller Daten der Firma starten (ZIP, im Hintergrund; nur Administrator)',
    {
      response: dataExportSchema,
      errors: [409],
    },
  ),
  'GET /api/data-exports/latest': dataExport('Stand des letzten Datenexports (Fortschritt, Grösse, Ablaufdatum)', {
    response: latestDataExportSchema,
  }),
  'GET /api/data-exports/:id/download': dataExport('Datenexport als ZIP herunterladen (7 Tage lang)', {
    produces: 'application/zip',
    errors: [409],
  }),
};

// Every JSON answer without a `response` above gets its handler's generated schema (npm run openapi:responses).
withGeneratedResponses(BILLING_OPENAPI, BILLING_RESPONSES);
