import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ACCOUNT_DEACTIVATED_MESSAGE, type Role } from '@zunft/contracts';
import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import type { ServiceTestApp } from './test-app.js';
import { testClaims, testUserData, waitFor, type AuthHeader } from './test-users.js';

/** A company the service knows, as the suite needs it (the service's own company type may carry more). */
export interface UserStatusTestCompany {
  id: string;
  /** A colleague who stays active (e.g. the company's back office member). */
  colleague: AuthHeader;
  /** Adds a record of the suite's resource to this company (through the API or the directory) and returns its id. */
  addRecord: () => Promise<string>;
}

/** A route anyone may call; `check` adds assertions on the answer given with a blocked user's token. */
export interface PublicTestRoute {
  path: string;
  check?: (res: Response) => void;
}

export interface UserStatusCheckSuite<A extends ServiceTestApp<unknown>, C extends UserStatusTestCompany> {
  /** Starts the real service (the spec's createTestApp). */
  start: () => Promise<A>;
  /** The service's staff directory filled by its auth.user.* consumer (columns id, is_active, deleted_at). */
  staffTable: string;
  /** A new company with its members (the service's factory). */
  createCompany: (t: A) => Promise<C>;
  /** A tenant resource the test users may read: `GET <path>` lists it, `GET <path>/<id>` reads one. */
  resource: { path: string; role: Role };
  /**
   * A write the blocked user tries on a record (it must be refused with 401 account_deactivated),
   * and what shows that it changed nothing besides the record still being there for colleagues.
   */
  blockedWrite: {
    send: (t: A, auth: AuthHeader, recordId: string) => PromiseLike<Response>;
    leftNoTrace?: (t: A, company: C) => Promise<void>;
  };
  /** Routes without login (besides /health) a blocked user's token must not close. */
  publicRoutes?: (t: A, company: C) => Promise<PublicTestRoute[]>;
}

/**
 * The integration tests of `USER_STATUS_CHECK` for a service that keeps a staff directory: a
 * deactivated or deleted user's still valid token is refused as soon as the service has consumed
 * the event, users it does not know yet are let through, and public routes stay open. The users
 * are made known through real events on the run's stream.
 */
export function describeUserStatusCheck<A extends ServiceTestApp<unknown>, C extends UserStatusTestCompany>(
  suite: UserStatusCheckSuite<A, C>,
): void {
  const { path, role } = suite.resource;
  let t: A;
  let c: C;

  beforeAll(async () => {
    t = await suite.start();
    c = await suite.createCompany(t);
  });
  afterAll(() => t?.close());

  const staffRow = async (userId: string) =>
    (await t.dataSource.query(`SELECT is_active, deleted_at FROM ${suite.staffTable} WHERE id = $1`, [userId]))[0] as
      { is_active: boolean; deleted_at: Date | null } | undefined;

  const roleOf = async (userId: string) =>
    (
      (await t.dataSource.query(`SELECT role FROM ${suite.staffTable} WHERE id = $1`, [userId]))[0] as
        { role: string } | undefined
    )?.role;

  /** A token as auth issues it, for a user the test makes known (or not) through real events. */
  const tokenFor = async (companyId: string, userId: string): Promise<AuthHeader> => ({
    authorization: `Bearer ${await t.sign(testClaims(companyId, userId, role))}`,
  });

  /** Publishes `auth.user.created` and waits until the service knows the user. */
  const userCreated = async (companyId: string, userId: string, isActive = true) => {
    await t.publish('auth.user.created', companyId, testUserData(userId, role, { isActive }));
    await waitFor(() => staffRow(userId));
  };

  describe('deactivated users’ access tokens (USER_STATUS_CHECK)', () => {
    it('auth.user.deactivated blocks the still valid token at once; re-activation lets it in again', async () => {
      const userId = randomUUID();
      await userCreated(c.id, userId);
      const auth = await tokenFor(c.id, userId);
      const recordId = await c.addRecord();
      expect((await t.http().get(path).set(auth)).status).toBe(200);

      await t.publish('auth.user.deactivated', c.id, { userId });
      await waitFor(async () => (await staffRow(userId))?.is_active === false);
      for (const res of [
        await t.http().get(path).set(auth),
        await t.http().get(`${path}/${recordId}`).set(auth),
        await suite.blockedWrite.send(t, auth, recordId),
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
      // The refused write changed nothing; colleagues are not affected.
      await suite.blockedWrite.leftNoTrace?.(t, c);
      expect((await t.http().get(`${path}/${recordId}`).set(c.colleague)).status).toBe(200);

      // auth activates with an `auth.user.updated` carrying isActive true
      await t.publish('auth.user.updated', c.id, testUserData(userId, role, { isActive: true }));
      await waitFor(async () => (await staffRow(userId))?.is_active === true);
      const again = await t.http().get(`${path}/${recordId}`).set(auth);
      expect([again.status, again.body.id]).toEqual([200, recordId]);
      const list = await t.http().get(path).set(auth);
      expect(list.status).toBe(200);
      expect(list.body.map((x: { id: string }) => x.id)).toContain(recordId);
    });

    it('auth.user.updated with isActive false (sent with every deactivation) blocks too', async () => {
      const userId = randomUUID();
      await userCreated(c.id, userId);
      const auth = await tokenFor(c.id, userId);
      expect((await t.http().get(path).set(auth)).status).toBe(200);
      await t.publish('auth.user.updated', c.id, testUserData(userId, role, { isActive: false }));
      await waitFor(async () => (await staffRow(userId))?.is_active === false);
      const res = await t.http().get(path).set(auth);
      expect([res.status, res.body.code]).toEqual([401, 'account_deactivated']);
    });

    it('auth.user.deleted blocks for good: a late updated with isActive true does not bring the token back', async () => {
      const userId = randomUUID();
      await userCreated(c.id, userId);
      const auth = await tokenFor(c.id, userId);
      expect((await t.http().get(path).set(auth)).status).toBe(200);

      await t.publish('auth.user.deleted', c.id, { userId, anonymizedName: 'Gelöschter Benutzer' });
      await waitFor(async () => (await staffRow(userId))?.deleted_at);
      expect((await t.http().get(path).set(auth)).body.code).toBe('account_deactivated');

      await t.publish('auth.user.updated', c.id, testUserData(userId, role, { isActive: true }));
      const marker = randomUUID(); // consumed after the late update: then the late one is done too
      await userCreated(c.id, marker);
      const res = await t.http().get(path).set(auth);
      expect([res.status, res.body.code]).toEqual([401, 'account_deactivated']);
    });

    it('a user the directory does not know yet is let through, and still only sees their company', async () => {
      const other = await suite.createCompany(t);
      const foreign = await other.addRecord();
      const own = await c.addRecord();
      const auth = await tokenFor(c.id, randomUUID()); // e.g. created a second ago, auth.user.created not consumed yet

      const list = await t.http().get(path).set(auth);
      expect(list.status).toBe(200);
      const ids = list.body.map((x: { id: string }) => x.id);
      expect(ids).toContain(own);
      expect(ids).not.toContain(foreign);
      expect((await t.http().get(`${path}/${own}`).set(auth)).status).toBe(200);
      expect((await t.http().get(`${path}/${foreign}`).set(auth)).status).toBe(404);
    });

    it('a deactivated user of another company with the same id is not mixed up (lookup is per company)', async () => {
      const userId = randomUUID();
      const other = await suite.createCompany(t);
      await userCreated(other.id, userId, false);
      // The same id in a token of company c: the directory knows no such user in c.
      expect(
        (
          await t
            .http()
            .get(path)
            .set(await tokenFor(c.id, userId))
        ).status,
      ).toBe(200);
      const res = await t
        .http()
        .get(path)
        .set(await tokenFor(other.id, userId));
      expect([res.status, res.body.code]).toEqual([401, 'account_deactivated']);
    });

    it('a role changed after the token was issued sends the client to refresh (401 token_outdated); a newer token is fine', async () => {
      const userId = randomUUID();
      await userCreated(c.id, userId);
      const auth = await tokenFor(c.id, userId);
      expect((await t.http().get(path).set(auth)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1100)); // the token's iat has whole seconds

      const newRole: Role = role === 'employee' ? 'backoffice' : 'employee';
      await t.publish('auth.user.updated', c.id, testUserData(userId, newRole));
      await waitFor(async () => (await roleOf(userId)) === newRole);
      const res = await t.http().get(path).set(auth);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        code: 'token_outdated',
        error: 'Ihre Berechtigungen wurden geändert. Bitte laden Sie die Seite neu.',
      });
      // what auth's refresh then issues: the current role, accepted (refused only by @Roles, if at all)
      const fresh = await t
        .http()
        .get(path)
        .set({ authorization: `Bearer ${await t.sign(testClaims(c.id, userId, newRole))}` });
      expect(fresh.status).not.toBe(401);
    });

    it('a directory that is behind (role changed in auth, event not consumed yet) accepts the newer token', async () => {
      const userId = randomUUID();
      await userCreated(c.id, userId);
      const newRole: Role = role === 'employee' ? 'backoffice' : 'employee';
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const res = await t
        .http()
        .get(path)
        .set({ authorization: `Bearer ${await t.sign(testClaims(c.id, userId, newRole))}` });
      expect(res.status).not.toBe(401);
    });

    it('public routes stay open, even with a blocked user’s token; no token is still the plain 401', async () => {
      const userId = randomUUID();
      await userCreated(c.id, userId, false);
      const auth = await tokenFor(c.id, userId);
      expect((await t.http().get(path).set(auth)).status).toBe(401);

      const routes = [{ path: '/health' }, ...((await suite.publicRoutes?.(t, c)) ?? [])];
      for (const route of routes) {
        expect([route.path, (await t.http().get(route.path)).status]).toEqual([route.path, 200]);
        const res = await t.http().get(route.path).set(auth);
        expect([route.path, res.status]).toEqual([route.path, 200]);
        route.check?.(res);
      }
      const res = await t.http().get(path);
      expect([res.status, res.body.code]).toEqual([401, 'unauthenticated']);
    });
  });
}
