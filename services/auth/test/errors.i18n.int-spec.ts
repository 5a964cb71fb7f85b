// Issue 15: auth's errors in the user's language: the `language` claim of the token auth issues,
// else Accept-Language, else German; codes unchanged. Real API on a throw-away PostgreSQL database.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, createStaff, registerCompany, uniqueEmail, type Session } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let frAdmin: Session;
let itAdmin: Session;
let deAdmin: Session;

beforeAll(async () => {
  t = await createTestApp();
  frAdmin = await registerCompany(t, { companyName: 'Électricité Romande SA', language: 'fr' });
  itAdmin = await registerCompany(t, { companyName: 'Elettricità Ticino SA', language: 'it' });
  deAdmin = await registerCompany(t, { language: 'de' });
}, 60_000);
afterAll(() => t?.close());

describe('auth answers in the user’s language', () => {
  it('a validation error in French and Italian for users of French and Italian companies, same code', async () => {
    const body = {
      firstName: 'Luc',
      lastName: 'Favre',
      email: 'pas-une-adresse',
      password: 'geheim123',
      role: 'employee',
    };
    const de = await t.http().post('/api/users').set(bearer(deAdmin)).send(body);
    const fr = await t.http().post('/api/users').set(bearer(frAdmin)).send(body);
    const it_ = await t.http().post('/api/users').set(bearer(itAdmin)).send(body);
    expect([de.status, fr.status, it_.status]).toEqual([400, 400, 400]);
    expect(de.body).toMatchObject({
      code: 'validation_failed',
      error: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
    });
    expect(fr.body).toMatchObject({ code: 'validation_failed', error: 'Veuillez saisir une adresse e-mail valable' });
    expect(it_.body).toMatchObject({ code: 'validation_failed', error: 'Inserisca un indirizzo e-mail valido' });
  });

  it('a 403 in French and Italian for employees (who start with the company’s language)', async () => {
    const fr = (await createStaff(t, frAdmin, 'employee')).session;
    const it_ = (await createStaff(t, itAdmin, 'employee')).session;
    const frRes = await t.http().get('/api/users').set(bearer(fr));
    const itRes = await t.http().get('/api/users').set(bearer(it_));
    expect(frRes.status).toBe(403);
    expect(frRes.body).toMatchObject({
      code: 'forbidden',
      error: 'Vous n’avez pas l’autorisation d’effectuer cette action',
    });
    expect(itRes.status).toBe(403);
    expect(itRes.body).toMatchObject({ code: 'forbidden', error: 'Non ha l’autorizzazione per questa azione' });
    const de = (await createStaff(t, deAdmin, 'employee')).session;
    expect((await t.http().get('/api/users').set(bearer(de))).body).toMatchObject({
      code: 'forbidden',
      error: 'Keine Berechtigung für diese Aktion',
    });
  });

  it('a domain error from the catalogue (409 email_taken) in the user’s language', async () => {
    const body = { firstName: 'Luc', lastName: 'Favre', email: frAdmin.email, password: 'geheim123', role: 'employee' };
    const res = await t.http().post('/api/users').set(bearer(frAdmin)).send(body);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'email_taken', error: 'Cette adresse e-mail est déjà enregistrée' });
  });

  it('before login: Accept-Language decides (q-values), else German', async () => {
    const wrong = { email: uniqueEmail('nobody'), password: 'falsch123' };
    const it_ = await t.http().post('/api/auth/login').set('accept-language', 'en;q=1, it;q=0.8, fr;q=0.5').send(wrong);
    expect(it_.status).toBe(401);
    expect(it_.body).toMatchObject({ code: 'invalid_credentials', error: 'E-mail o password errata' });
    const fr = await t.http().post('/api/auth/login').set('accept-language', 'fr-CH').send({ email: 'x' });
    expect(fr.status).toBe(400);
    expect(fr.body.code).toBe('validation_failed');
    expect(fr.body.error).toBe('Veuillez saisir une adresse e-mail valable');
    const de = await t.http().post('/api/auth/login').send(wrong);
    expect(de.body).toMatchObject({ code: 'invalid_credentials', error: 'E-Mail oder Passwort ist falsch' });
  });

  it('a user who switches the profile to Italian gets Italian answers with the fresh token', async () => {
    const { session } = await createStaff(t, frAdmin, 'employee');
    const switched = await t
      .http()
      .put('/api/auth/profile')
      .set(bearer(session))
      .send({ firstName: 'Max', lastName: 'Muster', email: session.email, language: 'it' });
    expect(switched.status).toBe(200);
    const res = await t
      .http()
      .get('/api/users')
      .set(bearer({ token: switched.body.token as string }));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'forbidden', error: 'Non ha l’autorizzazione per questa azione' });
  });
});
