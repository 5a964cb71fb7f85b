// Issue 15: operations' errors in the user's language (token, else Accept-Language, else German),
// codes unchanged. Real API on a throw-away PostgreSQL database.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestMember } from '@zunft/nest-common/testing';
import { DirectoryService } from '../src/directory/directory.service.js';
import { bearer, createCompany, createCustomer, type Company, type Member } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let company: Company;

/** A member whose token carries a language claim, as auth issues it. */
function member(role: 'admin' | 'employee', language: 'fr' | 'it'): Promise<Member> {
  const directory = t.app.get(DirectoryService);
  return createTestMember(t, company.id, role, {
    firstName: language === 'fr' ? 'Joël' : 'Gianni',
    claims: { language },
    apply: (user) => t.dataSource.transaction((m) => directory.applyUser(m, company.id, user)),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  company = await createCompany(t);
}, 60_000);
afterAll(() => t?.close());

describe('operations answers in the user’s language', () => {
  it('a validation error in French and Italian (token), German by default, same code', async () => {
    const [fr, it_] = [await member('admin', 'fr'), await member('admin', 'it')];
    const body = { name: 'Muster AG', email: 'keine-adresse' };
    const de = await t.http().post('/api/customers').set(bearer(company.admin)).send(body);
    const frRes = await t.http().post('/api/customers').set(bearer(fr)).send(body);
    const itRes = await t.http().post('/api/customers').set(bearer(it_)).send(body);
    expect([de.status, frRes.status, itRes.status]).toEqual([400, 400, 400]);
    expect(de.body).toMatchObject({
      code: 'validation_failed',
      error: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
    });
    expect(frRes.body).toMatchObject({
      code: 'validation_failed',
      error: 'Veuillez saisir une adresse e-mail valable',
    });
    expect(itRes.body).toMatchObject({ code: 'validation_failed', error: 'Inserisca un indirizzo e-mail valido' });
  });

  it('a wrong date reads in the user’s language (field label translated too)', async () => {
    const fr = await member('admin', 'fr');
    const customer = await createCustomer(t, company.admin);
    const res = await t
      .http()
      .post('/api/projects')
      .set(bearer(fr))
      .send({ title: 'Façade', customerId: customer.id, startDate: '2026-02-30' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.error).toMatch(/^Date de début : /);
  });

  it('a 403 in French and Italian, code forbidden', async () => {
    const [fr, it_] = [await member('employee', 'fr'), await member('employee', 'it')];
    const frRes = await t.http().post('/api/customers').set(bearer(fr)).send({ name: 'X' });
    const itRes = await t.http().post('/api/customers').set(bearer(it_)).send({ name: 'X' });
    expect(frRes.status).toBe(403);
    expect(frRes.body).toMatchObject({
      code: 'forbidden',
      error: 'Vous n’avez pas l’autorisation d’effectuer cette action',
    });
    expect(itRes.status).toBe(403);
    expect(itRes.body).toMatchObject({ code: 'forbidden', error: 'Non ha l’autorizzazione per questa azione' });
    const de = await t.http().post('/api/customers').set(bearer(company.employee)).send({ name: 'X' });
    expect(de.body).toMatchObject({ code: 'forbidden', error: 'Keine Berechtigung für diese Aktion' });
  });

  it('Accept-Language when the token has no language; the token’s language wins over it', async () => {
    const missing = '/api/projects/00000000-0000-4000-8000-000000000000';
    const it_ = await t.http().get(missing).set(bearer(company.admin)).set('accept-language', 'it-CH, de;q=0.5');
    expect(it_.status).toBe(404);
    expect(it_.body).toMatchObject({ code: 'project_not_found', error: 'Progetto non trovato' });
    const fr = await member('admin', 'fr');
    const frWins = await t.http().get(missing).set(bearer(fr)).set('accept-language', 'it');
    expect(frWins.body).toMatchObject({ code: 'project_not_found', error: 'Projet introuvable' });
    const other = await t.http().get(missing).set(bearer(company.admin)).set('accept-language', 'en-US');
    expect(other.body).toMatchObject({ code: 'project_not_found', error: 'Projekt nicht gefunden' });
  });
});
