import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ACCOUNT_DEACTIVATED_MESSAGE, type AccessTokenClaims, type EventData, type Role } from '@zunft/contracts';
import { randomUUID } from 'node:crypto';
import { bearer, createCompany, createCustomer, type Company } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let c: Company;

beforeAll(async () => {
  t = await createTestApp();
  c = await createCompany(t);
});
afterAll(() => t?.close());

async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting for the consumer');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const staffRow = async (userId: string) =>
  (await t.dataSource.query(`SELECT is_active, deleted_at FROM staff WHERE id = $1`, [userId]))[0] as
    { is_active: boolean; deleted_at: Date | null } | undefined;

const userData = (userId: string, role: Role, isActive = true): EventData<'auth.user.created'> => ({
  userId,
  email: `${userId}@test.ch`,
  firstName: 'Rita',
  lastName: 'Roth',
  role,
  craftsmanCategory: null,
  hourlyRate: null,
  isActive,
});

/** A token as auth issues it, for a user the test makes known (or not) through real events. */
async function tokenFor(companyId: string, userId: string, role: Role): Promise<{ authorization: string }> {
  const claims: AccessTokenClaims = {
    sub: userId,
    userId,
    companyId,
    role,
    subscriptionStatus: 'trial',
    trialEndsAt: new Date(Date.now() + 20 * 86_400_000).toISOString(),
  };
  return { authorization: `Bearer ${await t.sign(claims)}` };
}

describe('deactivated users’ access tokens (USER_STATUS_CHECK)', () => {
  it('auth.user.deactivated blocks the still valid token at once; re-activation lets it in again', async () => {
    const userId = randomUUID();
    await t.publish('auth.user.created', c.id, userData(userId, 'backoffice'));
    await waitFor(() => staffRow(userId));
    const auth = await tokenFor(c.id, userId, 'backoffice');
    const customer = await createCustomer(t, c.admin, { name: 'Bäckerei Brot' });
    expect((await t.http().get('/api/customers').set(auth)).status).toBe(200);

    await t.publish('auth.user.deactivated', c.id, { userId });
    await waitFor(async () => (await staffRow(userId))?.is_active === false);
    for (const res of [
      await t.http().get('/api/customers').set(auth),
      await t.http().get(`/api/customers/${customer.id}`).set(auth),
      await t.http().post('/api/customers').set(auth).send({ name: 'Neu' }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        error: 'Ihr Konto wurde deaktiviert. Bitte wenden Sie sich an Ihren Administrator.',
        code: 'account_deactivated',
      });
    }
    expect(ACCOUNT_DEACTIVATED_MESSAGE).toBe(
      'Ihr Konto wurde deaktiviert. Bitte wenden Sie sich an Ihren Administrator.',
    );
    // Nothing was written by the refused POST.
    expect(
      (await t.dataSource.query(`SELECT 1 FROM customers WHERE company_id = $1 AND name = 'Neu'`, [c.id])).length,
    ).toBe(0);
    // Colleagues are not affected.
    expect((await t.http().get('/api/customers').set(bearer(c.backoffice))).status).toBe(200);

    // auth activates with an `auth.user.updated` carrying isActive true
    await t.publish('auth.user.updated', c.id, userData(userId, 'backoffice', true));
    await waitFor(async () => (await staffRow(userId))?.is_active === true);
    const again = await t.http().get('/api/customers').set(auth);
    expect(again.status).toBe(200);
    expect(again.body.map((x: { id: string }) => x.id)).toContain(customer.id);
  });

  it('auth.user.updated with isActive false (sent with every deactivation) blocks too', async () => {
    const userId = randomUUID();
    await t.publish('auth.user.created', c.id, userData(userId, 'employee'));
    await waitFor(() => staffRow(userId));
    const auth = await tokenFor(c.id, userId, 'employee');
    expect((await t.http().get('/api/projects').set(auth)).status).toBe(200);
    await t.publish('auth.user.updated', c.id, userData(userId, 'employee', false));
    await waitFor(async () => (await staffRow(userId))?.is_active === false);
    const res = await t.http().get('/api/projects').set(auth);
    expect([res.status, res.body.code]).toEqual([401, 'account_deactivated']);
  });

  it('auth.user.deleted blocks for good: a late updated with isActive true does not bring the token back', async () => {
    const userId = randomUUID();
    await t.publish('auth.user.created', c.id, userData(userId, 'employee'));
    await waitFor(() => staffRow(userId));
    const auth = await tokenFor(c.id, userId, 'employee');
    expect((await t.http().get('/api/time-entries').set(auth)).status).toBe(200);

    await t.publish('auth.user.deleted', c.id, { userId, anonymizedName: 'Gelöschter Benutzer' });
    await waitFor(async () => (await staffRow(userId))?.deleted_at);
    expect((await t.http().get('/api/time-entries').set(auth)).body.code).toBe('account_deactivated');

    await t.publish('auth.user.updated', c.id, userData(userId, 'employee', true));
    const marker = randomUUID(); // consumed after the late update: then the late one is done too
    await t.publish('auth.user.created', c.id, userData(marker, 'employee'));
    await waitFor(() => staffRow(marker));
    const res = await t.http().get('/api/time-entries').set(auth);
    expect([res.status, res.body.code]).toEqual([401, 'account_deactivated']);
  });

  it('a user the directory does not know yet is let through, and still only sees their company', async () => {
    const other = await createCompany(t);
    const foreign = await createCustomer(t, other.admin, { name: 'Fremdkunde' });
    const own = await createCustomer(t, c.admin, { name: 'Eigenkunde' });
    const unknownUser = randomUUID(); // e.g. created a second ago, auth.user.created not consumed yet
    const auth = await tokenFor(c.id, unknownUser, 'admin');

    const list = await t.http().get('/api/customers').set(auth);
    expect(list.status).toBe(200);
    const ids = list.body.map((x: { id: string }) => x.id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(foreign.id);
    expect((await t.http().get(`/api/customers/${own.id}`).set(auth)).status).toBe(200);
    expect((await t.http().get(`/api/customers/${foreign.id}`).set(auth)).status).toBe(404);
  });

  it('a deactivated user of another company with the same id is not mixed up (lookup is per company)', async () => {
    const userId = randomUUID();
    const other = await createCompany(t);
    await t.publish('auth.user.created', other.id, userData(userId, 'admin', false));
    await waitFor(() => staffRow(userId));
    // The same id in a token of company c: the directory knows no such user in c.
    expect(
      (
        await t
          .http()
          .get('/api/customers')
          .set(await tokenFor(c.id, userId, 'admin'))
      ).status,
    ).toBe(200);
    const res = await t
      .http()
      .get('/api/customers')
      .set(await tokenFor(other.id, userId, 'admin'));
    expect([res.status, res.body.code]).toEqual([401, 'account_deactivated']);
  });

  it('public routes stay open, even with a blocked user’s token; no token is still the plain 401', async () => {
    const userId = randomUUID();
    await t.publish('auth.user.created', c.id, userData(userId, 'employee', false));
    await waitFor(() => staffRow(userId));
    const auth = await tokenFor(c.id, userId, 'employee');
    expect((await t.http().get('/api/projects').set(auth)).status).toBe(401);
    expect((await t.http().get('/health').set(auth)).status).toBe(200);
    const res = await t.http().get('/api/customers');
    expect([res.status, res.body.code]).toEqual([401, 'unauthenticated']);
  });
});
