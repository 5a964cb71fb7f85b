import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_COMPANY_SETTINGS, type EventData } from '@zunft/contracts';
import { waitFor } from '@zunft/nest-common/testing';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { CompanyLogoService } from '../src/directory/company-logo.service.js';
import { addCustomer, bearer, createCompany, createQuote, quoteBody } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let logoServer: Server;
let logoRequests = 0;
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  // stands in for the auth service's public logo route
  logoServer = createServer((req, res) => {
    logoRequests++;
    if (req.url === '/api/companies/logo/known.png') res.writeHead(200, { 'content-type': 'image/png' }).end(LOGO_PNG);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => logoServer.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({ authUrl: `http://127.0.0.1:${(logoServer.address() as AddressInfo).port}` });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => logoServer.close(resolve));
});

const processed = async (consumer: string, eventId: string) =>
  (
    await t.dataSource.query(`SELECT 1 FROM processed_events WHERE consumer = $1 AND event_id = $2`, [
      consumer,
      eventId,
    ])
  ).length > 0;

const customerEvent = (customerId: string, over: Partial<EventData<'operations.customer.created'>> = {}) => ({
  customerId,
  name: 'Bäckerei Brot',
  customerNumber: 'K-0042',
  contactPerson: 'Bruno Brot',
  email: 'bruno@brot.test',
  phone: '031 000 00 00',
  address: 'Hauptgasse 1',
  zip: '3000',
  city: 'Bern',
  language: 'it' as const,
  ...over,
});

describe('billing-auth-directory consumer', () => {
  it('company registered, settings and profile updated; redelivery of the same event is a no-op', async () => {
    const companyId = randomUUID();
    await t.publish('auth.company.registered', companyId, {
      companyId,
      name: 'Elektro Funk GmbH',
      email: 'info@funk.test',
      language: 'fr',
      trialEndsAt: null,
      adminUserId: randomUUID(),
      settings: {
        ...DEFAULT_COMPANY_SETTINGS,
        language: 'fr',
        default_hourly_rate: 110,
        vat_number: 'CHE-109.322.551 MWST',
      },
    });
    const row = await waitFor(
      async () => (await t.dataSource.query(`SELECT * FROM companies WHERE id = $1`, [companyId]))[0],
    );
    expect(row).toMatchObject({
      name: 'Elektro Funk GmbH',
      email: 'info@funk.test',
      language: 'fr',
      vat_number: 'CHE-109.322.551 MWST',
    });
    expect(Number(row.default_hourly_rate)).toBe(110);

    const profile = {
      name: 'Elektro Funk AG',
      email: 'office@funk.test',
      phone: '044 555 55 55',
      website: 'https://funk.test',
      address: 'Stromweg 2\n8000 Zürich',
      logoUrl: '/api/companies/logo/known.png',
    };
    const profileId = await t.publish('auth.company.profile-updated', companyId, profile);
    await waitFor(() => processed('billing-auth-directory', profileId));
    // the same event again (a redelivery after a crash): skipped by processed_events
    await t.dataSource.query(`UPDATE companies SET name = 'lokal geändert' WHERE id = $1`, [companyId]);
    await t.publish('auth.company.profile-updated', companyId, profile, profileId);
    const settingsId = await t.publish('auth.company.settings-updated', companyId, {
      settings: { ...DEFAULT_COMPANY_SETTINGS, vat_rate: 2.6, company_iban: 'CH9300762011623852957' },
    });
    await waitFor(() => processed('billing-auth-directory', settingsId));
    const after = (await t.dataSource.query(`SELECT * FROM companies WHERE id = $1`, [companyId]))[0];
    expect(after).toMatchObject({
      name: 'lokal geändert',
      logo_url: '/api/companies/logo/known.png',
      company_iban: 'CH9300762011623852957',
    });
    expect(Number(after.vat_rate)).toBe(2.6);
    const count = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM processed_events WHERE consumer = 'billing-auth-directory' AND event_id = $1`,
      [profileId],
    );
    expect(count[0].n).toBe(1);
  });

  it('staff: created, updated, deactivated, deleted (anonymised, never resurrected)', async () => {
    const companyId = randomUUID();
    const userId = randomUUID();
    const user = {
      userId,
      email: 'lea@test.ch',
      firstName: 'Lea',
      lastName: 'Lang',
      role: 'backoffice' as const,
      craftsmanCategory: null,
      hourlyRate: null,
      isActive: true,
    };
    await t.publish('auth.user.created', companyId, user);
    await waitFor(async () => (await t.dataSource.query(`SELECT 1 FROM staff WHERE id = $1`, [userId]))[0]);
    await t.publish('auth.user.deactivated', companyId, { userId });
    await waitFor(
      async () => (await t.dataSource.query(`SELECT 1 FROM staff WHERE id = $1 AND NOT is_active`, [userId]))[0],
    );
    await t.publish('auth.user.deleted', companyId, { userId, anonymizedName: 'Gelöschter Benutzer' });
    await waitFor(
      async () =>
        (await t.dataSource.query(`SELECT 1 FROM staff WHERE id = $1 AND deleted_at IS NOT NULL`, [userId]))[0],
    );
    const lateId = await t.publish('auth.user.updated', companyId, { ...user, firstName: 'Zurück' });
    await waitFor(() => processed('billing-auth-directory', lateId));
    const row = (await t.dataSource.query(`SELECT first_name, email FROM staff WHERE id = $1`, [userId]))[0];
    expect(row).toEqual({ first_name: 'Gelöschter Benutzer', email: null });
  });

  it('auth.user.sessions-revoked: tokens issued before validAfter get 401 token_expired', async () => {
    const c = await createCompany(t);
    expect((await t.http().get('/api/quotes').set(bearer(c.backoffice))).status).toBe(200);
    const validAfter = new Date((Math.floor(Date.now() / 1000) + 1) * 1000).toISOString();
    const id = await t.publish('auth.user.sessions-revoked', c.id, { userId: c.backoffice.id, validAfter });
    await waitFor(() => processed('billing-auth-directory', id));
    const refused = await t.http().get('/api/quotes').set(bearer(c.backoffice));
    expect([refused.status, refused.body.code]).toEqual([401, 'token_expired']);
    expect((await t.http().get('/api/quotes').set(bearer(c.admin))).status).toBe(200);
  });

  it('the logo is fetched from auth once for a document and cached; unreachable logo → no logo', async () => {
    const c = await createCompany(t, { logoUrl: '/api/companies/logo/known.png' });
    const logos = t.app.get(CompanyLogoService);
    const before = logoRequests;
    const url = await logos.dataUrl(c.id, '/api/companies/logo/known.png');
    // Re-encoded before a document gets it (issue 25): still the 1×1 PNG.
    expect(url).toMatch(/^data:image\/png;base64,/);
    const meta = await sharp(Buffer.from(url!.split(',')[1]!, 'base64')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1, 1]);
    expect(await logos.dataUrl(c.id, '/api/companies/logo/known.png')).toBe(url);
    expect(logoRequests - before).toBe(1);
    expect(await logos.dataUrl(c.id, '/api/companies/logo/missing.png')).toBeNull();
    expect(await logos.dataUrl(c.id, null)).toBeNull();
  });

  it('a logo URL naming another host or another path (a forged event) is never fetched', async () => {
    const c = await createCompany(t);
    const logos = t.app.get(CompanyLogoService);
    const { port } = logoServer.address() as AddressInfo;
    const before = logoRequests;
    for (const forged of [
      `http://127.0.0.1:${port}/api/companies/logo/known.png`,
      `http://169.254.169.254/latest/meta-data/`,
      '//127.0.0.1/api/companies/logo/known.png',
      '/api/companies/logo/../../internal/known.png',
      '/api/internal/known.png',
    ]) {
      expect(await logos.dataUrl(c.id, forged)).toBeNull();
    }
    expect(logoRequests - before).toBe(0);
  });
});

describe('billing-operations-directory consumer', () => {
  it('customers: created (with contact data), updated, redelivered, deleted; a quote can use them', async () => {
    const c = await createCompany(t);
    const customerId = randomUUID();
    const createdId = await t.publish('operations.customer.created', c.id, customerEvent(customerId));
    await waitFor(() => processed('billing-operations-directory', createdId));
    const q = await createQuote(t, c.admin, customerId);
    expect(q).toMatchObject({
      customer_name: 'Bäckerei Brot',
      contact_person: 'Bruno Brot',
      customer_email: 'bruno@brot.test',
    });

    await t.publish(
      'operations.customer.updated',
      c.id,
      customerEvent(customerId, { name: 'Bäckerei Brot & Co', email: null }),
    );
    await waitFor(
      async () =>
        (await t.dataSource.query(`SELECT 1 FROM customers WHERE id = $1 AND email IS NULL`, [customerId]))[0],
    );
    expect((await t.http().get(`/api/quotes/${q.id}`).set(bearer(c.admin))).body.customer_name).toBe(
      'Bäckerei Brot & Co',
    );

    // an old-style event without contact fields keeps the stored contact data
    const oldStyle = await t.publish('operations.customer.updated', c.id, {
      customerId,
      name: 'Bäckerei Brot',
      customerNumber: 'K-0042',
    });
    await waitFor(() => processed('billing-operations-directory', oldStyle));
    expect(
      (await t.dataSource.query(`SELECT contact_person, city FROM customers WHERE id = $1`, [customerId]))[0],
    ).toEqual({
      contact_person: 'Bruno Brot',
      city: 'Bern',
    });

    // redelivery of the created event (same id) changes nothing
    await t.publish('operations.customer.created', c.id, customerEvent(customerId, { name: 'Alt' }), createdId);
    const deletedId = await t.publish('operations.customer.deleted', c.id, { customerId });
    await waitFor(() => processed('billing-operations-directory', deletedId));
    expect(
      (
        await t.dataSource.query(`SELECT name, deleted_at IS NOT NULL AS deleted FROM customers WHERE id = $1`, [
          customerId,
        ])
      )[0],
    ).toEqual({
      name: 'Bäckerei Brot',
      deleted: true,
    });
    // the quote keeps its customer's name; a new quote for the deleted customer is refused
    expect((await t.http().get(`/api/quotes/${q.id}`).set(bearer(c.admin))).body.customer_name).toBe('Bäckerei Brot');
    const refused = await t.http().post('/api/quotes').set(bearer(c.admin)).send(quoteBody(customerId));
    expect(refused.status).toBe(404);
    // a late update does not resurrect it
    const late = await t.publish('operations.customer.updated', c.id, customerEvent(customerId, { name: 'Zombie' }));
    await waitFor(() => processed('billing-operations-directory', late));
    expect((await t.dataSource.query(`SELECT name FROM customers WHERE id = $1`, [customerId]))[0].name).toBe(
      'Bäckerei Brot',
    );
  });

  it('a project created from a quote (sourceQuoteId) links the quote (quotes/consumers); delivered twice it stays one link', async () => {
    const c = await createCompany(t);
    const cust = await addCustomer(t, c.id);
    const q = await createQuote(t, c.admin, cust.customerId);
    const projectId = randomUUID();
    const project = {
      projectId,
      customerId: cust.customerId,
      title: q.title,
      projectNumber: 'P-2026-001',
      status: 'planned' as const,
      assignedUserIds: [],
      sourceQuoteId: q.id,
    };
    const id = await t.publish('operations.project.created', c.id, project);
    await t.publish('operations.project.created', c.id, project, id);
    await waitFor(
      async () => (await t.http().get(`/api/quotes/${q.id}`).set(bearer(c.admin))).body.project_id === projectId,
    );
    expect((await t.dataSource.query(`SELECT count(*)::int AS n FROM projects WHERE id = $1`, [projectId]))[0].n).toBe(
      1,
    );

    // a project of another company naming this quote changes nothing
    const foreign = await createCompany(t);
    const foreignId = await t.publish('operations.project.created', foreign.id, {
      ...project,
      projectId: randomUUID(),
    });
    await waitFor(() => processed('billing-quotes-project-link', foreignId));
    expect((await t.http().get(`/api/quotes/${q.id}`).set(bearer(c.admin))).body.project_id).toBe(projectId);

    const del = await t.publish('operations.project.deleted', c.id, { projectId });
    await waitFor(() => processed('billing-quotes-project-link', del));
    expect((await t.http().get(`/api/quotes/${q.id}`).set(bearer(c.admin))).body.project_id).toBeNull();
  });
});
