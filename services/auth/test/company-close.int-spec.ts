// «Konto schliessen» (issue 26): the admin closes the company with its name as confirmation; nobody
// of it signs in any more (German 403), auth.company.closed goes out; the daily retention removes what
// is no record after the grace period and the company with its users once the business records of
// its last year have been kept 10 years (OR art. 958f para. 1). Dates are set by hand, no waiting.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectDocumentedResponse } from '@zunft/nest-common';
import {
  bearer,
  createStaff,
  login,
  outboxTypes,
  registerCompany,
  refreshCookieOf,
  type Session,
} from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { ClosedCompanyRetention } from '../src/retention/index.js';
import { AUTH_OPENAPI } from '../src/openapi.js';
import { SuperAdminService } from '../src/auth/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const close = (session: Session, confirmName: unknown, language?: string) => {
  const req = t.http().post('/api/companies/me/close').set(bearer(session));
  if (language) req.set('accept-language', language);
  return req.send(confirmName === undefined ? {} : { confirmName });
};

describe('POST /api/companies/me/close', () => {
  it('admin only, the name as confirmation, a renewing subscription first cancelled; then no sign-in', async () => {
    const admin = await registerCompany(t, { companyName: 'Schliess Elektro AG' });
    const companyId = admin.user.companyId;
    const backoffice = await createStaff(t, admin, 'backoffice');
    const employee = await createStaff(t, admin, 'employee');
    const other = await registerCompany(t, { companyName: 'Bleibt Offen GmbH' });

    expect((await t.http().post('/api/companies/me/close').send({ confirmName: 'Schliess Elektro AG' })).status).toBe(
      401,
    );
    for (const s of [backoffice.session, employee.session]) {
      const refused = await close(s, 'Schliess Elektro AG');
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatch(/Berechtigung|Administrator/);
    }
    const missing = await close(admin, undefined);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Firmenname ist erforderlich');
    const wrong = await close(admin, 'Schliess Elektro');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: 'company_close_name_mismatch',
      error:
        'Der eingegebene Name stimmt nicht mit dem Firmennamen überein. Geben Sie «Schliess Elektro AG» genau so ein, um das Konto zu schliessen.',
    });
    // Another company's name closes nothing.
    expect((await close(admin, 'Bleibt Offen GmbH')).status).toBe(400);

    // A paid subscription that still renews: cancel it first (409); cancelled at the period's end: allowed.
    await t.dataSource.query(`UPDATE companies SET subscription_status = 'active' WHERE id = $1`, [companyId]);
    await t.dataSource.query(
      `INSERT INTO company_subscriptions (company_id, stripe_subscription_id, cancel_at_period_end) VALUES ($1, 'sub_x', false)`,
      [companyId],
    );
    const renewing = await close(admin, 'Schliess Elektro AG');
    expect(renewing.status).toBe(409);
    expect(renewing.body.code).toBe('company_close_subscription_active');
    expect(renewing.body.error).toContain('Kündigen Sie es zuerst unter Einstellungen › Zahlungen');
    await t.dataSource.query(`UPDATE company_subscriptions SET cancel_at_period_end = true WHERE company_id = $1`, [
      companyId,
    ]);

    const closed = await close(admin, '  Schliess Elektro AG ');
    expect(closed.status).toBe(200);
    expectDocumentedResponse(AUTH_OPENAPI, closed);
    expect(closed.body.message).toBe(
      'Das Firmenkonto wurde geschlossen. Die Daten werden nach Ablauf der gesetzlichen Aufbewahrungsfristen gelöscht.',
    );
    const closedAt = new Date(closed.body.closedAt);
    const grace = new Date(closedAt.getTime() + 90 * 86_400_000).toISOString().slice(0, 10);
    expect(closed.body.graceEndsOn).toBe(grace);
    expect(await outboxTypes(t, companyId)).toContain('auth.company.closed');
    const [event] = await t.dataSource.query(
      `SELECT data, actor_id FROM outbox_events WHERE company_id = $1 AND type = 'auth.company.closed'`,
      [companyId],
    );
    expect(event).toEqual({ data: { closedAt: closed.body.closedAt }, actor_id: admin.user.id });

    // Nobody signs in, the right password gets the German 403, a wrong one stays 401.
    for (const s of [admin, backoffice.session, employee.session]) {
      const refused = await t.http().post('/api/auth/login').send({ email: s.email, password: s.password });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        code: 'company_closed',
        error: 'Dieses Firmenkonto wurde geschlossen. Eine Anmeldung ist nicht mehr möglich.',
      });
    }
    const french = await t
      .http()
      .post('/api/auth/login')
      .set('accept-language', 'fr')
      .send({ email: admin.email, password: admin.password });
    expect(french.body.error).toBe('Ce compte d’entreprise a été fermé. Il n’est plus possible de se connecter.');
    expect((await t.http().post('/api/auth/login').send({ email: admin.email, password: 'falsch123' })).status).toBe(
      401,
    );
    // Every session was revoked: the refresh cookie no longer gives a token.
    const refreshed = await t.http().post('/api/auth/refresh').set('cookie', admin.cookie!);
    expect(refreshed.status).toBeGreaterThanOrEqual(401);
    expect(refreshed.body.token).toBeUndefined();
    const [{ live }] = await t.dataSource.query(
      `SELECT count(*)::int AS live FROM refresh_tokens r JOIN users u ON u.id = r.user_id
        WHERE u.company_id = $1 AND r.revoked_at IS NULL`,
      [companyId],
    );
    expect(live).toBe(0);
    // A second close: 409.
    const again = await close(admin, 'Schliess Elektro AG');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('company_already_closed');

    // The other company is untouched.
    const otherLogin = await login(t, other.email);
    expect(otherLogin.token).toBeTruthy();
    const [{ closed_at }] = await t.dataSource.query(`SELECT closed_at FROM companies WHERE id = $1`, [
      other.user.companyId,
    ]);
    expect(closed_at).toBeNull();
  });

  it('a refresh after the closing answers the German 403', async () => {
    const res = await t
      .http()
      .post('/api/auth/register')
      .send({
        companyName: 'Refresh Test AG',
        firstName: 'Rita',
        lastName: 'Refresh',
        email: `refresh.${Date.now()}@test.ch`,
        password: 'geheim123',
        language: 'de',
      });
    const cookie = refreshCookieOf(res)!;
    // Closed by hand (as if by another browser) without revoking: the refresh itself refuses.
    await t.dataSource.query(`UPDATE companies SET closed_at = now() WHERE id = $1`, [res.body.user.companyId]);
    const refreshed = await t.http().post('/api/auth/refresh').set('cookie', cookie);
    expect(refreshed.status).toBe(403);
    expect(refreshed.body.code).toBe('company_closed');
  });

  it('support can still open a closed company with a super-admin link and refresh that session', async () => {
    const admin = await registerCompany(t, { companyName: 'Support Zu AG' });
    expect((await close(admin, 'Support Zu AG')).status).toBe(200);
    const { token } = await t.app.get(SuperAdminService).issue(admin.user.companyId);
    const support = await t.http().post('/api/auth/superadmin-login').send({ token });
    expect(support.status).toBe(200);
    expect(support.body.user.isSuperAdmin).toBe(true);
    const refreshed = await t.http().post('/api/auth/refresh').set('cookie', refreshCookieOf(support)!);
    expect(refreshed.status).toBe(200);
    // The owner's own sign-in stays refused.
    expect((await t.http().post('/api/auth/login').send({ email: admin.email, password: admin.password })).status).toBe(
      403,
    );
  });
});

describe('closed company retention (auth)', () => {
  const TODAY = '2026-11-28';

  async function company(name: string, closedAt: string | null) {
    const admin = await registerCompany(t, { companyName: name });
    await createStaff(t, admin, 'employee');
    const id = admin.user.companyId;
    await t.dataSource.query(`UPDATE companies SET closed_at = $2 WHERE id = $1`, [id, closedAt]);
    await t.dataSource.query(
      `INSERT INTO company_subscriptions (company_id, paid_seats) VALUES ($1, 2) ON CONFLICT DO NOTHING`,
      [id],
    );
    await t.dataSource.query(
      `INSERT INTO stored_files (key, company_id, content_type, size, sha256, data)
       VALUES ($1 || '/logos/abc.png', $2::uuid, 'image/png', 1, repeat('0', 64), '\\x00')`,
      [id, id],
    );
    return id;
  }

  /** Everything auth keeps of a company, as text: compared before and after a run. */
  async function snapshot(id: string): Promise<string> {
    const parts: unknown[] = [];
    for (const [table, where] of [
      ['companies', 'id = $1'],
      ['company_settings', 'company_id = $1'],
      ['users', 'company_id = $1'],
      ['craftsman_categories', 'company_id = $1'],
      ['company_subscriptions', 'company_id = $1'],
      ['stored_files', 'company_id = $1'],
      ['refresh_tokens', 'user_id IN (SELECT id FROM users WHERE company_id = $1)'],
    ] as const) {
      parts.push(
        await t.dataSource.query(`SELECT to_jsonb(x) AS row FROM ${table} x WHERE ${where} ORDER BY 1::text`, [id]),
      );
    }
    return JSON.stringify(parts);
  }

  const countOf = async (sql: string, id: string) => (await t.dataSource.query(sql, [id]))[0].n as number;

  it('open and just-closed companies keep everything; grace over clears non-records; after 10 years all goes', async () => {
    const open = await company('Offen AG', null);
    const yesterday = await company('Gestern Zu AG', '2026-11-27T09:00:00Z');
    const graceOver = await company('Grace Vorbei AG', '2026-08-20T09:00:00Z'); // grace ended 2026-11-18
    const graceNotYet = await company('Grace Noch AG', '2026-09-01T09:00:00Z'); // 90 days end 2026-11-30
    const closed2015 = await company('Alt 2015 AG', '2015-12-31T20:00:00Z'); // kept up to 2025-12-31
    const closed2016 = await company('Alt 2016 AG', '2016-01-02T09:00:00Z'); // kept up to 2026-12-31
    const before = {
      open: await snapshot(open),
      yesterday: await snapshot(yesterday),
      graceNotYet: await snapshot(graceNotYet),
    };

    const result = await t.app.get(ClosedCompanyRetention).run(TODAY);
    expect(result.removed).toEqual([closed2015]);
    expect(new Set(result.graceCleared)).toEqual(new Set([graceOver, closed2016]));

    expect(await snapshot(open)).toBe(before.open);
    expect(await snapshot(yesterday)).toBe(before.yesterday);
    expect(await snapshot(graceNotYet)).toBe(before.graceNotYet);

    for (const id of [graceOver, closed2016]) {
      expect(await countOf(`SELECT count(*)::int AS n FROM companies WHERE id = $1`, id)).toBe(1);
      expect(await countOf(`SELECT count(*)::int AS n FROM users WHERE company_id = $1`, id)).toBe(2);
      expect(
        await countOf(
          `SELECT count(*)::int AS n FROM refresh_tokens WHERE user_id IN (SELECT id FROM users WHERE company_id = $1)`,
          id,
        ),
      ).toBe(0);
      expect(await countOf(`SELECT count(*)::int AS n FROM stored_files WHERE company_id = $1`, id)).toBe(0);
      expect(await countOf(`SELECT count(*)::int AS n FROM craftsman_categories WHERE company_id = $1`, id)).toBe(0);
    }
    for (const sql of [
      `SELECT count(*)::int AS n FROM companies WHERE id = $1`,
      `SELECT count(*)::int AS n FROM users WHERE company_id = $1`,
      `SELECT count(*)::int AS n FROM company_settings WHERE company_id = $1`,
      `SELECT count(*)::int AS n FROM company_subscriptions WHERE company_id = $1`,
      `SELECT count(*)::int AS n FROM stored_files WHERE company_id = $1`,
    ]) {
      expect(await countOf(sql, closed2015)).toBe(0);
    }

    // A second run of the same day finds nothing more to do.
    const second = await t.app.get(ClosedCompanyRetention).run(TODAY);
    expect(second).toEqual({ graceCleared: [], removed: [] });
    // On 2027-01-01 the company closed in 2016 goes too, the others stay.
    const newYear = await t.app.get(ClosedCompanyRetention).run('2027-01-01');
    expect(newYear.removed).toEqual([closed2016]);
    expect(await snapshot(open)).toBe(before.open);
  });
});
