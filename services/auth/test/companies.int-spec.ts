import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_COMPANY_SETTINGS, LOGO_ERRORS } from '@zunft/contracts';
import { zeroPng } from '@zunft/nest-common/testing';
import sharp from 'sharp';
import { bearer, createStaff, outboxTypes, registerCompany, type Session } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** The smallest valid GIF. */
const GIF = Buffer.from('R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==', 'base64');

let t: TestApp;
let admin: Session;
let backoffice: Session;
let employee: Session;
let foreignAdmin: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t, { companyName: 'Maler Frei GmbH' });
  backoffice = (await createStaff(t, admin, 'backoffice')).session;
  employee = (await createStaff(t, admin, 'employee')).session;
  foreignAdmin = await registerCompany(t, { companyName: 'Fremd AG' });
});
afterAll(() => t.close());

describe('GET/PUT /api/companies/profile', () => {
  it('reads the own company for every role', async () => {
    for (const session of [admin, backoffice, employee]) {
      const res = await t.http().get('/api/companies/profile').set(bearer(session));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        name: 'Maler Frei GmbH',
        email: admin.email,
        phone: null,
        website: null,
        address: null,
        street: null,
        house_number: null,
        zip: null,
        city: null,
        country: 'CH',
        logo_url: null,
      });
    }
    expect((await t.http().get('/api/companies/profile').set(bearer(foreignAdmin))).body.name).toBe('Fremd AG');
    expect((await t.http().get('/api/companies/profile')).status).toBe(401);
  });

  it('lets the admin update it and publishes auth.company.profile-updated', async () => {
    const res = await t.http().put('/api/companies/profile').set(bearer(admin)).send({
      name: 'Maler Frei & Co. GmbH',
      email: 'Info@Maler-Frei.ch',
      phone: '+41 31 123 45 67',
      website: 'https://maler-frei.ch',
      address: '',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      name: 'Maler Frei & Co. GmbH',
      email: 'info@maler-frei.ch',
      phone: '+41 31 123 45 67',
      website: 'https://maler-frei.ch',
      address: null,
      street: null,
      house_number: null,
      zip: null,
      city: null,
      country: 'CH',
      logo_url: null,
    });
    expect((await outboxTypes(t, admin.user.companyId)).at(-1)).toBe('auth.company.profile-updated');
    expect((await t.http().get('/api/auth/profile').set(bearer(employee))).body.user.companyName).toBe(
      'Maler Frei & Co. GmbH',
    );
    expect((await t.http().get('/api/companies/profile').set(bearer(foreignAdmin))).body.name).toBe('Fremd AG');
  });

  it('keeps the structured address for the QR bill and publishes it (address type S)', async () => {
    const res = await t.http().put('/api/companies/profile').set(bearer(admin)).send({
      name: 'Maler Frei & Co. GmbH',
      email: 'info@maler-frei.ch',
      address: 'Werkstrasse 1\n3000 Bern',
      street: ' Werkstrasse ',
      house_number: '1a',
      zip: '3000',
      city: 'Bern',
      country: 'li',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      street: 'Werkstrasse',
      house_number: '1a',
      zip: '3000',
      city: 'Bern',
      country: 'LI',
    });
    const [event] = await t.dataSource.query(
      `SELECT data FROM outbox_events WHERE company_id = $1 AND type = 'auth.company.profile-updated' ORDER BY occurred_at DESC LIMIT 1`,
      [admin.user.companyId],
    );
    expect(event.data).toMatchObject({
      street: 'Werkstrasse',
      houseNumber: '1a',
      zip: '3000',
      city: 'Bern',
      country: 'LI',
    });
    // a client that sends only the free address keeps the structured one
    const old = await t
      .http()
      .put('/api/companies/profile')
      .set(bearer(admin))
      .send({ name: 'Maler Frei & Co. GmbH', email: 'info@maler-frei.ch' });
    expect(old.body).toMatchObject({ street: 'Werkstrasse', city: 'Bern' });
    const bad = await t
      .http()
      .put('/api/companies/profile')
      .set(bearer(admin))
      .send({ name: 'X', email: 'a@b.ch', country: 'Schweiz' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Land: zweistelliger ISO-Code (z. B. CH)');
    await t
      .http()
      .put('/api/companies/profile')
      .set(bearer(admin))
      .send({ name: 'Maler Frei & Co. GmbH', email: 'info@maler-frei.ch', country: 'CH' });
  });

  it('validates and is admin only for writing', async () => {
    const noName = await t.http().put('/api/companies/profile').set(bearer(admin)).send({ email: 'a@b.ch' });
    expect(noName.status).toBe(400);
    expect(noName.body.error).toBe('Firmenname ist erforderlich');
    const badUrl = await t
      .http()
      .put('/api/companies/profile')
      .set(bearer(admin))
      .send({ name: 'X', email: 'a@b.ch', website: 'kein link' });
    expect(badUrl.body.error).toBe('Bitte geben Sie eine gültige Webadresse ein (z. B. https://beispiel.ch)');
    for (const session of [backoffice, employee]) {
      expect(
        (await t.http().put('/api/companies/profile').set(bearer(session)).send({ name: 'X', email: 'a@b.ch' })).status,
      ).toBe(403);
    }
  });
});

describe('GET/PUT /api/companies/settings', () => {
  it('answers the spec defaults with numbers to every role', async () => {
    const fresh = await registerCompany(t, { language: 'it' });
    const { session } = await createStaff(t, fresh, 'employee');
    const res = await t.http().get('/api/companies/settings').set(bearer(session));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...DEFAULT_COMPANY_SETTINGS, language: 'it' });
    expect((await t.http().get('/api/companies/settings')).status).toBe(401);
  });

  it('changes only the given fields, normalises the IBAN and publishes auth.company.settings-updated', async () => {
    const res = await t.http().put('/api/companies/settings').set(bearer(admin)).send({
      default_hourly_rate: '95.50',
      saturday_surcharge: 30.5,
      company_iban: 'ch93 0076 2011 6238 5295 7',
      vat_number: 'CHE-116.281.710 MWST',
      payment_terms: 45,
      language: 'fr',
      company_id: 'ignored-unknown-field',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      default_hourly_rate: 95.5,
      saturday_surcharge: 30.5,
      sunday_surcharge: 50,
      company_iban: 'CH9300762011623852957',
      vat_number: 'CHE-116.281.710 MWST',
      payment_terms: 45,
      language: 'fr',
      vat_rate: 8.1,
    });
    expect((await t.http().get('/api/companies/settings').set(bearer(employee))).body.default_hourly_rate).toBe(95.5);
    // The company's language is the default for new users; the admin keeps the language of their own profile.
    const profile = (await t.http().get('/api/auth/profile').set(bearer(admin))).body.user;
    expect(profile.companyLanguage).toBe('fr');
    expect(profile.language).toBe('de');
    const [event] = await t.dataSource.query(
      `SELECT data AS payload FROM outbox_events WHERE company_id = $1 AND type = 'auth.company.settings-updated' ORDER BY occurred_at DESC LIMIT 1`,
      [admin.user.companyId],
    );
    expect(event.payload.settings).toMatchObject({ default_hourly_rate: 95.5, company_iban: 'CH9300762011623852957' });
    const cleared = await t
      .http()
      .put('/api/companies/settings')
      .set(bearer(admin))
      .send({ company_iban: '', vat_number: null });
    expect(cleared.body).toMatchObject({ company_iban: null, vat_number: null, default_hourly_rate: 95.5 });
  });

  it('reminder settings: fees per level, default interest, automatic reminders (defaults 0, off, 5 %, off, 14 days)', async () => {
    const res = await t.http().put('/api/companies/settings').set(bearer(admin)).send({
      reminder_fee_level_2: '20',
      reminder_fee_level_4: 50.5,
      default_interest_enabled: true,
      default_interest_rate: 5.5,
      interest_from_due_date: true,
      auto_reminders_enabled: true,
      reminder_interval_days: 10,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      reminder_fee_level_1: 0,
      reminder_fee_level_2: 20,
      reminder_fee_level_3: 0,
      reminder_fee_level_4: 50.5,
      default_interest_enabled: true,
      default_interest_rate: 5.5,
      interest_from_due_date: true,
      auto_reminders_enabled: true,
      reminder_interval_days: 10,
    });
    const [event] = await t.dataSource.query(
      `SELECT data AS payload FROM outbox_events WHERE company_id = $1 AND type = 'auth.company.settings-updated' ORDER BY occurred_at DESC LIMIT 1`,
      [admin.user.companyId],
    );
    expect(event.payload.settings).toMatchObject({
      reminder_fee_level_2: 20,
      interest_from_due_date: true,
      auto_reminders_enabled: true,
      reminder_interval_days: 10,
    });
    for (const [body, message] of [
      [{ reminder_fee_level_1: -1 }, 'Gebühr Erinnerung darf nicht negativ sein'],
      [{ reminder_interval_days: 0 }, 'Mahnintervall muss zwischen 1 und 365 Tagen liegen'],
      [{ default_interest_rate: 101 }, 'Verzugszins muss zwischen 0 und 100 liegen'],
      [{ interest_from_due_date: 'ja' }, 'Ungültiger Wert für Verzugszins ab Fälligkeit'],
    ] as const) {
      const bad = await t.http().put('/api/companies/settings').set(bearer(admin)).send(body);
      expect({ status: bad.status, error: bad.body.error }).toEqual({ status: 400, error: message });
    }
    await t
      .http()
      .put('/api/companies/settings')
      .set(bearer(admin))
      .send({ auto_reminders_enabled: false, default_interest_enabled: false, interest_from_due_date: false });
  });

  it('position at timer start/stop (gps_enabled): off by default (privacy first), admin switches it on, the event carries it', async () => {
    const fresh = await registerCompany(t, { companyName: 'Standort Test AG' });
    const before = await t.http().get('/api/companies/settings').set(bearer(fresh));
    expect(before.body.gps_enabled).toBe(false);
    const { session: worker } = await createStaff(t, fresh, 'employee');
    expect((await t.http().put('/api/companies/settings').set(bearer(worker)).send({ gps_enabled: true })).status).toBe(
      403,
    );
    const on = await t.http().put('/api/companies/settings').set(bearer(fresh)).send({ gps_enabled: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ gps_enabled: true, vat_rate: 8.1 });
    expect((await t.http().get('/api/companies/settings').set(bearer(worker))).body.gps_enabled).toBe(true);
    const [event] = await t.dataSource.query(
      `SELECT data AS payload FROM outbox_events WHERE company_id = $1 AND type = 'auth.company.settings-updated' ORDER BY occurred_at DESC LIMIT 1`,
      [fresh.user.companyId],
    );
    expect(event.payload.settings.gps_enabled).toBe(true);
    const bad = await t.http().put('/api/companies/settings').set(bearer(fresh)).send({ gps_enabled: 'ja' });
    expect({ status: bad.status, error: bad.body.error }).toEqual({
      status: 400,
      error: 'Ungültiger Wert für Standorterfassung',
    });
    const off = await t.http().put('/api/companies/settings').set(bearer(fresh)).send({ gps_enabled: false });
    expect(off.body.gps_enabled).toBe(false);
    // Other companies are untouched.
    expect((await t.http().get('/api/companies/settings').set(bearer(foreignAdmin))).body.gps_enabled).toBe(false);
  });

  it('rejects invalid IBAN, VAT number, percentages and terms with German messages', async () => {
    const cases: Array<[object, string]> = [
      [
        { company_iban: 'CH93 0076 2011 6238 5295 8' },
        'Ungültige IBAN. Erwartet wird eine Schweizer oder Liechtensteiner IBAN bzw. QR-IBAN (z. B. CH93 0076 2011 6238 5295 7)',
      ],
      [
        { company_iban: 'DE89 3704 0044 0532 0130 00' },
        'Ungültige IBAN. Erwartet wird eine Schweizer oder Liechtensteiner IBAN bzw. QR-IBAN (z. B. CH93 0076 2011 6238 5295 7)',
      ],
      [{ vat_number: 'CHE-116.281.711 MWST' }, 'Ungültige MWST-Nummer. Format: CHE-123.456.789 MWST (oder TVA / IVA)'],
      [{ saturday_surcharge: 101 }, 'Samstagszuschlag muss zwischen 0 und 100 liegen'],
      [{ vat_rate: 8.15 }, 'MWST-Satz: höchstens eine Nachkommastelle'],
      [{ payment_terms: 0 }, 'Zahlungsfrist muss mindestens 1 Tag sein'],
      [{ currency: 'USD' }, 'Ungültige Währung. Erlaubt: CHF, EUR'],
    ];
    for (const [body, message] of cases) {
      const res = await t.http().put('/api/companies/settings').set(bearer(admin)).send(body);
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 400, error: message });
    }
  });

  it('is admin only for writing', async () => {
    for (const session of [backoffice, employee]) {
      const res = await t.http().put('/api/companies/settings').set(bearer(session)).send({ vat_rate: 7.7 });
      expect(res.status).toBe(403);
    }
    expect((await t.http().put('/api/companies/settings').send({ vat_rate: 7.7 })).status).toBe(401);
    expect((await t.http().get('/api/companies/settings').set(bearer(foreignAdmin))).body.vat_rate).toBe(8.1);
  });
});

describe('POST/DELETE /api/companies/logo', () => {
  it('stores a PNG, serves it publicly with its type, and replaces it on the next upload', async () => {
    const res = await t
      .http()
      .post('/api/companies/logo')
      .set(bearer(admin))
      .attach('logo', PNG, { filename: 'logo.png', contentType: 'image/png' });
    expect(res.status).toBe(201);
    expect(res.body.logoUrl).toMatch(/^\/api\/companies\/logo\/[a-f0-9]{32}\.png$/);
    const image = await t.http().get(res.body.logoUrl);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const stored = await sharp(image.body as Buffer).metadata(); // re-encoded (issue 25), the same 1×1 picture
    expect([stored.format, stored.width, stored.height]).toEqual(['png', 1, 1]);
    expect((await t.http().get('/api/companies/profile').set(bearer(employee))).body.logo_url).toBe(res.body.logoUrl);
    expect((await outboxTypes(t, admin.user.companyId)).at(-1)).toBe('auth.company.profile-updated');

    // A GIF uploaded as "logo.jpg" is recognised by its content and re-encoded as PNG.
    const second = await t
      .http()
      .post('/api/companies/logo')
      .set(bearer(admin))
      .attach('logo', GIF, { filename: 'logo.jpg', contentType: 'image/jpeg' });
    expect(second.body.logoUrl).toMatch(/\.png$/);
    expect((await t.http().get(second.body.logoUrl)).headers['content-type']).toBe('image/png');
    expect((await t.http().get(res.body.logoUrl)).status).toBe(404);
    // The replaced file is gone from the FileStorage (stored_files), only the new one is left.
    const keys = (await t.dataSource.query(`SELECT key FROM stored_files WHERE company_id = $1`, [
      admin.user.companyId,
    ])) as { key: string }[];
    expect(keys.map((k) => k.key)).toEqual([`${admin.user.companyId}/logos/${second.body.logoUrl.split('/').pop()}`]);
  });

  it('checks the content, not the name, and the size', async () => {
    const text = await t
      .http()
      .post('/api/companies/logo')
      .set(bearer(admin))
      .attach('logo', Buffer.from('nur Text, kein Bild'), { filename: 'logo.png', contentType: 'image/png' });
    expect(text.status).toBe(400);
    expect(text.body.error).toBe(LOGO_ERRORS.badType);
    const huge = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const large = await t
      .http()
      .post('/api/companies/logo')
      .set(bearer(admin))
      .attach('logo', huge, { filename: 'gross.png', contentType: 'image/png' });
    expect(large.status).toBe(413);
    expect(large.body.error).toBe(LOGO_ERRORS.tooLarge);
    const missing = await t.http().post('/api/companies/logo').set(bearer(admin)).field('other', 'x');
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe(LOGO_ERRORS.missing);
    const noMultipart = await t.http().post('/api/companies/logo').set(bearer(admin)).send({});
    expect(noMultipart.body.error).toBe(LOGO_ERRORS.missing);
  });

  it('image bomb: an 8000×8000 PNG of 62 KB is refused by its header (German 400); a large logo is shrunk to 1000 px', async () => {
    const before = (await t.http().get('/api/companies/profile').set(bearer(admin))).body.logo_url;
    const bomb = await t
      .http()
      .post('/api/companies/logo')
      .set(bearer(admin))
      .attach('logo', zeroPng(8000, 8000), { filename: 'logo.png', contentType: 'image/png' });
    expect({ status: bomb.status, code: bomb.body.code, error: bomb.body.error }).toEqual({
      status: 400,
      code: 'image_too_many_pixels',
      error: 'Das Bild hat zu viele Pixel (höchstens 40 Megapixel).',
    });
    expect((await t.http().get('/api/companies/profile').set(bearer(admin))).body.logo_url).toBe(before);

    const photo = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#2a6f97' } })
      .jpeg()
      .toBuffer();
    const res = await t.http().post('/api/companies/logo').set(bearer(admin)).attach('logo', photo, 'logo.jpg');
    expect(res.status).toBe(201);
    expect(res.body.logoUrl).toMatch(/\.jpg$/);
    const meta = await sharp((await t.http().get(res.body.logoUrl)).body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1000, 500]);
  });

  it('removes the logo', async () => {
    const upload = await t.http().post('/api/companies/logo').set(bearer(admin)).attach('logo', PNG, 'logo.png');
    const res = await t.http().delete('/api/companies/logo').set(bearer(admin));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Logo wurde entfernt' });
    expect((await t.http().get('/api/companies/profile').set(bearer(admin))).body.logo_url).toBeNull();
    expect((await t.http().get(upload.body.logoUrl)).status).toBe(404);
    expect((await t.http().get('/api/companies/logo/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });

  it('is admin only', async () => {
    for (const session of [backoffice, employee]) {
      expect(
        (await t.http().post('/api/companies/logo').set(bearer(session)).attach('logo', PNG, 'logo.png')).status,
      ).toBe(403);
      expect((await t.http().delete('/api/companies/logo').set(bearer(session))).status).toBe(403);
    }
    expect((await t.http().post('/api/companies/logo').attach('logo', PNG, 'logo.png')).status).toBe(401);
    expect((await t.http().delete('/api/companies/logo')).status).toBe(401);
  });
});
