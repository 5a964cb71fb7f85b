import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EVENT_TYPES, eventDataSchemas, eventEnvelopeSchema } from '@zunft/contracts';
import { EventsConnection, OutboxRelay } from '@zunft/nest-common';
import { DataSource } from 'typeorm';
import { authDataSourceOptions } from '../src/database/data-source.js';
import { DEMO_PASSWORD, seedDemo } from '../src/seed/demo-seed.js';
import { bearer, createStaff, login, outboxTypes, registerCompany } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('GET /health and GET /ready answer outside the /api prefix', async () => {
    expect((await t.http().get('/health')).body).toEqual({ status: 'ok' });
    const ready = await t.http().get('/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toEqual({ database: 'ok', nats: 'ok' });
    expect(ready.headers['x-request-id']).toBeDefined();
  });
});

describe('database schema', () => {
  it('the migrations produce exactly the schema the entities describe', async () => {
    const ds = new DataSource({ ...authDataSourceOptions(t.db.url, { migrationsRun: false }) });
    await ds.initialize();
    try {
      const pending = await ds.driver.createSchemaBuilder().log();
      expect(pending.upQueries.map((q) => q.query)).toEqual([]);
      expect(await ds.showMigrations()).toBe(false);
    } finally {
      await ds.destroy();
    }
  });
});

describe('demo seed', () => {
  it('creates the demo company through the services (with events) and is idempotent', async () => {
    const first = await seedDemo(t.app);
    expect(first.created).toEqual(['demo@zunft.ch', 'buero@zunft.ch', 'luca.meier@zunft.ch', 'sara.keller@zunft.ch']);
    const second = await seedDemo(t.app);
    expect(second).toEqual({ companyId: first.companyId, created: [] });

    const admin = await login(t, 'demo@zunft.ch', DEMO_PASSWORD);
    expect(admin.user).toMatchObject({
      role: 'admin',
      companyName: 'Muster Elektro AG',
      subscriptionStatus: 'trial',
      emailVerified: true,
    });
    expect((await login(t, 'buero@zunft.ch', DEMO_PASSWORD)).user.role).toBe('backoffice');
    expect((await login(t, 'luca.meier@zunft.ch', DEMO_PASSWORD)).user.role).toBe('employee');
    expect((await login(t, 'sara.keller@zunft.ch', DEMO_PASSWORD)).user.role).toBe('employee');
    const settings = await t.http().get('/api/companies/settings').set(bearer(admin));
    expect(settings.body).toMatchObject({ company_iban: 'CH9300762011623852957', vat_number: 'CHE-116.281.710 MWST' });
    expect((await t.http().get('/api/companies/profile').set(bearer(admin))).body.address).toMatch(/Zürich/);

    const types = new Set(await outboxTypes(t, first.companyId));
    for (const type of [
      'auth.company.registered',
      'auth.company.profile-updated',
      'auth.company.settings-updated',
      'auth.user.created',
      'auth.company.email-verified',
    ]) {
      expect(types).toContain(type);
    }
    // + auth.company.email-verification-requested, auth.company.email-verified, auth.company.closed and
    // auth.user.invited (issue 26)
    expect(EVENT_TYPES.filter((type) => type.startsWith('auth.')).length).toBe(14);
  });
});

describe('events end to end', () => {
  it('publishes outbox rows to the JetStream stream with the event id as message id', async () => {
    const admin = await registerCompany(t);
    const { user } = await createStaff(t, admin, 'employee', { firstName: 'Eva', craftsmanCategory: 'Maler' });
    await t.app.get(OutboxRelay).flush();
    const [row] = await t.dataSource.query(
      `SELECT id, published_at FROM outbox_events WHERE type = 'auth.user.created' AND data->>'userId' = $1`,
      [user.id],
    );
    expect(row.published_at).not.toBeNull();

    const events = t.app.get(EventsConnection);
    const message = await events.jsm.streams.getMessage(events.streamName, {
      last_by_subj: events.subjectFor('auth.user.created'),
    });
    expect(message).not.toBeNull();
    expect(message!.header?.get('Nats-Msg-Id')).toBe(row.id);
    const envelope = eventEnvelopeSchema.parse(message!.json());
    expect(envelope).toMatchObject({
      id: row.id,
      type: 'auth.user.created',
      companyId: admin.user.companyId,
      actorId: admin.user.id,
      version: 1,
    });
    expect(eventDataSchemas['auth.user.created'].parse(envelope.data)).toMatchObject({
      userId: user.id,
      firstName: 'Eva',
      craftsmanCategory: 'Maler',
      role: 'employee',
    });
    expect(typeof envelope.requestId).toBe('string');
  });
});
