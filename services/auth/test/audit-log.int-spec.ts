// The audit trail of support access (issue 25): a super-admin («Support») session's start and end
// and every change made in it (auth's own directly, operations' and billing's from their events)
// are listed for the company's admin; other roles 403, other companies see nothing of it.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type AuditEntryDto, type SupportActionEventData } from '@zunft/contracts';
import { EventsConnection } from '@zunft/nest-common';
import { waitFor } from '@zunft/nest-common/testing';
import { randomUUID } from 'node:crypto';
import { SuperAdminService } from '../src/auth/index.js';
import { SUPER_ADMIN_SESSION_SECONDS } from '../src/sessions/sessions.service.js';
import { bearer, createStaff, login, refreshCookieOf, registerCompany, type Session } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const auditLog = (s: Session, query = '') => t.http().get(`/api/audit-log${query}`).set(bearer(s));
const entries = async (s: Session): Promise<AuditEntryDto[]> => (await auditLog(s, '?limit=200')).body.entries;

/** A support session on the company's admin account, as the CLI token opens it. */
async function supportSession(admin: Session): Promise<{ token: string; cookie: string }> {
  const { token } = await t.app.get(SuperAdminService).issue(admin.user.companyId);
  const res = await t.http().post('/api/auth/superadmin-login').send({ token });
  expect(res.status).toBe(200);
  return { token: res.body.token, cookie: refreshCookieOf(res)! };
}

/** Publishes an event as operations' or billing's outbox relay would. */
async function publish(
  type: 'operations.support.action-performed' | 'billing.support.action-performed',
  companyId: string,
  data: SupportActionEventData,
  id = randomUUID(),
) {
  const events = t.app.get(EventsConnection);
  const envelope = {
    id,
    type,
    version: 1,
    occurredAt: data.occurredAt,
    companyId,
    actorId: null,
    requestId: null,
    data,
  };
  await events.js.publish(events.subjectFor(type), JSON.stringify(envelope), { msgID: `${id}-${randomUUID()}` });
  return id;
}

describe('GET /api/audit-log (support access)', () => {
  it('records the support session’s start, its changes in auth (not its reads, not the admin’s own), and its end', async () => {
    const admin = await registerCompany(t);
    const before = Date.now();
    const support = await supportSession(admin);
    // a change as support, a read as support, a change by the admin in person
    const created = await t
      .http()
      .post('/api/users')
      .set(bearer(support))
      .send({
        email: `monteur-${randomUUID()}@example.ch`,
        password: 'Baustelle-77',
        firstName: 'Max',
        lastName: 'Muster',
        role: 'employee',
      });
    expect(created.status).toBe(201);
    expect((await t.http().get('/api/users').set(bearer(support))).status).toBe(200);
    await createStaff(t, admin, 'backoffice');
    const logout = await t.http().post('/api/auth/logout').set('cookie', support.cookie);
    expect(logout.status).toBe(200);

    // The support session runs on the admin's account, and a logout ends every access token of the
    // user issued before its second (sessions_valid_after): the admin's token from the registration
    // is refused once the logout falls into a later second (always on a loaded machine), so the
    // admin reads the trail signed in again.
    const reader = await login(t, admin.email);
    const list = await waitFor(async () => {
      const e = await entries(reader);
      return e.some((x) => x.action === 'support.change') ? e : undefined;
    });
    expect(list.map((e) => [e.action, e.service, e.method, e.path, e.status])).toEqual([
      ['support.session-ended', 'auth', null, null, null],
      ['support.change', 'auth', 'POST', '/api/users', 201],
      ['support.session-started', 'auth', null, null, null],
    ]);
    for (const e of list) expect([e.actor, e.userId]).toEqual(['support', admin.user.id]);
    const started = list[2]!;
    // the session ends after 8 hours at the latest
    const ends = new Date(started.expiresAt!).getTime();
    expect(ends).toBeGreaterThanOrEqual(before + SUPER_ADMIN_SESSION_SECONDS * 1000 - 1000);
    expect(ends).toBeLessThanOrEqual(Date.now() + SUPER_ADMIN_SESSION_SECONDS * 1000);
  });

  it('a support change in auth is recorded in the transaction that makes it; a refused write records nothing', async () => {
    const admin = await registerCompany(t);
    const support = await supportSession(admin);
    const email = `vorarbeiter-${randomUUID()}@example.ch`;
    const body = { email, password: 'Baustelle-77', firstName: 'Vera', lastName: 'Vogt', role: 'employee' };
    expect((await t.http().post('/api/users').set(bearer(support)).send(body)).status).toBe(201);
    // same PostgreSQL transaction id (xmin) on the new user and on its audit line: they commit
    // together, so a process dying after the change cannot lose the line
    const [user] = (await t.dataSource.query(`SELECT xmin::text AS tx FROM users WHERE email = $1`, [email])) as {
      tx: string;
    }[];
    const lines = (await t.dataSource.query(
      `SELECT xmin::text AS tx, status FROM audit_log WHERE company_id = $1 AND action = 'support.change'`,
      [admin.user.companyId],
    )) as { tx: string; status: number }[];
    expect(lines).toEqual([{ tx: user!.tx, status: 201 }]);
    // the same address again: German 409, rolled back, no second line
    const again = await t.http().post('/api/users').set(bearer(support)).send(body);
    expect(again.status).toBe(409);
    const after = (await t.dataSource.query(
      `SELECT count(*)::int AS n FROM audit_log WHERE company_id = $1 AND action = 'support.change'`,
      [admin.user.companyId],
    )) as { n: number }[];
    expect(after[0]!.n).toBe(1);
  });

  it('changes in operations and billing arrive by event, once even when delivered twice', async () => {
    const admin = await registerCompany(t);
    const companyId = admin.user.companyId;
    const change = (path: string, method: SupportActionEventData['method'], at: string): SupportActionEventData => ({
      userId: admin.user.id,
      method,
      path,
      status: 200,
      requestId: 'req-42',
      occurredAt: at,
    });
    const id = await publish(
      'operations.support.action-performed',
      companyId,
      change('/api/customers/1', 'PUT', '2026-11-28T09:00:00.000Z'),
    );
    await publish(
      'operations.support.action-performed',
      companyId,
      change('/api/customers/1', 'PUT', '2026-11-28T09:00:00.000Z'),
      id,
    );
    await publish(
      'billing.support.action-performed',
      companyId,
      change('/api/quotes', 'POST', '2026-11-28T09:05:00.000Z'),
    );
    const list = await waitFor(async () => {
      const e = await entries(admin);
      return e.length >= 2 ? e : undefined;
    });
    // give a second delivery of the same event the chance to show up wrongly
    await new Promise((r) => setTimeout(r, 300));
    expect((await entries(admin)).map((e) => [e.service, e.method, e.path, e.occurredAt, e.requestId])).toEqual([
      ['billing', 'POST', '/api/quotes', '2026-11-28T09:05:00.000Z', 'req-42'],
      ['operations', 'PUT', '/api/customers/1', '2026-11-28T09:00:00.000Z', 'req-42'],
    ]);
    expect(list.every((e) => e.actor === 'support')).toBe(true);
  });

  it('admin only; another company’s admin sees none of it; paging and a bad query (German 400)', async () => {
    const admin = await registerCompany(t);
    await supportSession(admin);
    await supportSession(admin);
    const { session: office } = await createStaff(t, admin, 'backoffice');
    const { session: employee } = await createStaff(t, admin, 'employee');
    expect((await auditLog(office)).status).toBe(403);
    expect((await auditLog(employee)).status).toBe(403);
    expect((await t.http().get('/api/audit-log')).status).toBe(401);

    const other = await registerCompany(t);
    expect((await auditLog(other)).body).toEqual({ entries: [], hasMore: false });

    const first = await auditLog(admin, '?limit=1');
    expect([first.status, first.body.entries.length, first.body.hasMore]).toEqual([200, 1, true]);
    const next = await auditLog(admin, `?limit=1&before=${encodeURIComponent(first.body.entries[0].occurredAt)}`);
    expect([next.body.entries.length, next.body.hasMore]).toEqual([1, false]);
    expect(next.body.entries[0].id).not.toBe(first.body.entries[0].id);

    const bad = await auditLog(admin, '?limit=0');
    expect([bad.status, bad.body.error]).toEqual([400, 'Anzahl muss zwischen 1 und 200 liegen']);
  });
});
