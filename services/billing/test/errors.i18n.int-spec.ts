// Issue 15: billing's errors in the user's language (token, else Accept-Language, else German) and,
// on the public token pages, in the customer's language. Real API, real PostgreSQL and NATS.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SERVER_MESSAGES } from '@zunft/contracts';
import { CAMT_MESSAGES } from '../src/payments/camt054.js';
import { MaterialOwnershipErrors } from '../src/quotes/material-ownership.js';
import {
  addCustomer,
  addMember,
  bearer,
  createCompany,
  createQuote,
  markSent,
  type Company,
  type Member,
} from './support/factories.js';
import { FakeOperations, projectFixture } from './reports/support.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let company: Company;
let french: { admin: Member; employee: Member };
let italian: { admin: Member; employee: Member };
const operations = new FakeOperations();

beforeAll(async () => {
  t = await createTestApp();
  await operations.start(t);
  company = await createCompany(t);
  french = {
    admin: await addMember(t, company.id, 'admin', 'Amélie', { language: 'fr' }),
    employee: await addMember(t, company.id, 'employee', 'Étienne', { language: 'fr' }),
  };
  italian = {
    admin: await addMember(t, company.id, 'admin', 'Alessia', { language: 'it' }),
    employee: await addMember(t, company.id, 'employee', 'Enzo', { language: 'it' }),
  };
}, 60_000);
afterAll(async () => {
  await operations.stop();
  await t?.close();
});

describe('billing answers in the signed-in user’s language', () => {
  it('a validation error: German by default, French and Italian from the token, same code', async () => {
    const de = await t.http().post('/api/quotes').set(bearer(company.admin)).send({});
    const fr = await t.http().post('/api/quotes').set(bearer(french.admin)).send({});
    const it_ = await t.http().post('/api/quotes').set(bearer(italian.admin)).send({});
    expect([de.status, fr.status, it_.status]).toEqual([400, 400, 400]);
    expect(de.body).toMatchObject({ code: 'validation_failed', error: 'Kunde ist erforderlich' });
    expect(fr.body).toMatchObject({ code: 'validation_failed', error: 'Client : saisie obligatoire' });
    expect(it_.body).toMatchObject({ code: 'validation_failed', error: 'Cliente: campo obbligatorio' });
    expect(fr.headers['content-language']).toBe('fr');
  });

  it('a 403 in French and Italian, code forbidden', async () => {
    const fr = await t.http().get('/api/quotes').set(bearer(french.employee));
    const it_ = await t.http().get('/api/quotes').set(bearer(italian.employee));
    expect(fr.status).toBe(403);
    expect(fr.body).toMatchObject({
      code: 'forbidden',
      error: 'Vous n’avez pas l’autorisation d’effectuer cette action',
    });
    expect(it_.status).toBe(403);
    expect(it_.body).toMatchObject({ code: 'forbidden', error: 'Non ha l’autorizzazione per questa azione' });
    const de = await t.http().get('/api/quotes').set(bearer(company.employee));
    expect(de.body).toMatchObject({ code: 'forbidden', error: 'Keine Berechtigung für diese Aktion' });
  });

  it('a domain error (404) from the catalogue; the token wins over Accept-Language, which wins over German', async () => {
    const missing = '/api/quotes/00000000-0000-4000-8000-000000000000';
    const fr = await t.http().get(missing).set(bearer(french.admin)).set('accept-language', 'it-CH,it');
    expect(fr.status).toBe(404);
    expect(fr.body).toMatchObject({ code: 'quote_not_found', error: 'Offre introuvable' });
    const byHeader = await t
      .http()
      .get(missing)
      .set(bearer(company.admin))
      .set('accept-language', 'it-CH,it;q=0.9,de;q=0.5');
    expect(byHeader.body).toMatchObject({ code: 'quote_not_found', error: 'Offerta non trovata' });
    const de = await t.http().get(missing).set(bearer(company.admin));
    expect(de.body).toMatchObject({ code: 'quote_not_found', error: 'Angebot nicht gefunden' });
  });

  it('no token: 401 in the Accept-Language', async () => {
    const res = await t.http().get('/api/quotes').set('accept-language', 'fr-CH');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'unauthenticated', error: 'Veuillez vous connecter' });
  });
});

describe('public pages answer in the customer’s language', () => {
  it('quote acceptance: an Italian customer’s page answers Italian whatever the browser sends', async () => {
    const customer = await addCustomer(t, company.id, { language: 'it' });
    const quote = await createQuote(t, company.admin, customer.customerId);
    const token = await markSent(t, quote.id);
    const res = await t.http().post(`/api/quote-acceptance/${token}/accept`).set('accept-language', 'de-CH').send({});
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.error).toBe('Inserisca il suo nome.');
    // A German customer's page stays German.
    const german = await addCustomer(t, company.id, { language: 'de' });
    const deToken = await markSent(t, (await createQuote(t, company.admin, german.customerId)).id);
    const de = await t.http().post(`/api/quote-acceptance/${deToken}/accept`).set('accept-language', 'fr').send({});
    expect(de.body.error).toBe('Bitte geben Sie Ihren Namen ein.');
  });

  it('quote acceptance: an unknown link answers in the browser’s language', async () => {
    const unknown = await t
      .http()
      .get(`/api/quote-acceptance/${'x'.repeat(43)}`)
      .set('accept-language', 'fr');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      code: 'acceptance_link_not_found',
      error: 'Offre introuvable ou lien expiré.',
    });
  });

  it('Rapport signature: a French customer’s link answers French', async () => {
    const p = projectFixture({ language: 'fr' });
    operations.projects.set(p.projectId, p.data);
    const generated = await t
      .http()
      .post('/api/reports/generate')
      .set(bearer(company.backoffice))
      .send({ projectId: p.projectId, periodStart: '2026-03-02', periodEnd: '2026-03-08' });
    expect(generated.status).toBe(201);
    const prep = await t
      .http()
      .post(`/api/reports/${generated.body.id}/prepare-signature`)
      .set(bearer(company.backoffice));
    expect(prep.status).toBe(200);
    const token = prep.body.signatureToken as string;
    // The customer's language wins over the browser's.
    for (const language of ['de', 'it', undefined]) {
      const request = t.http().post(`/api/signature/${token}`);
      const res = await (language ? request.set('accept-language', language) : request).send({});
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_failed', error: 'Veuillez saisir votre nom.' });
    }
  });
});

describe('one German source', () => {
  it('texts thrown outside the error files are the catalogue’s German, so they are translated too', () => {
    expect(CAMT_MESSAGES.malformed).toBe(SERVER_MESSAGES.camt_malformed.de);
    expect(CAMT_MESSAGES.wrongType).toBe(SERVER_MESSAGES.camt_wrong_type.de);
    expect(CAMT_MESSAGES.incomplete).toBe(SERVER_MESSAGES.camt_incomplete.de);
    expect(MaterialOwnershipErrors.operationsUnavailable().localizedMessage('it')).toBe(
      SERVER_MESSAGES.materials_unavailable.it,
    );
  });
});
