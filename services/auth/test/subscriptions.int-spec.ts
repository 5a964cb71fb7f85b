import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, createStaff, login, registerCompany, type Session } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function expireTrial(session: Session): Promise<Session> {
  await t.dataSource.query(`UPDATE companies SET trial_ends_at = now() - interval '1 day' WHERE id = $1`, [
    session.user.companyId,
  ]);
  return login(t, session.email, session.password);
}

describe('GET /api/subscriptions/status', () => {
  it('answers the trial state and the number of active users', async () => {
    const admin = await registerCompany(t);
    await createStaff(t, admin, 'employee');
    const { user } = await createStaff(t, admin, 'employee');
    await t.http().put(`/api/users/${user.id}/deactivate`).set(bearer(admin)).expect(200);
    const res = await t.http().get('/api/subscriptions/status').set(bearer(admin));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      subscription: {
        status: 'trial',
        subscription_status: 'trial',
        trial_ends_at: admin.user.trialEndsAt,
        next_billing_date: null,
        billing_cycle: null,
        reason: null,
        gracePeriodDaysRemaining: null,
        cancel_at_period_end: false,
        paid_seats: 0,
      },
      subscription_info: { days_remaining: 30, requires_payment: false },
      pricing: { current_users: 2, price_per_user_monthly: 12.5, price_per_user_yearly: 120 },
    });
    expect((await t.http().get('/api/subscriptions/status')).status).toBe(401);
  });
});

describe('subscription gate', () => {
  it('answers 403 requires_payment once the trial has ended, except on the allowed routes', async () => {
    const admin = await registerCompany(t);
    const { session: employee } = await createStaff(t, admin, 'employee');
    const expired = await expireTrial(admin);
    expect(expired.user.requiresPayment).toBe(true);

    const blocked = await t.http().get('/api/users').set(bearer(expired));
    expect(blocked.status).toBe(403);
    expect(blocked.body).toMatchObject({
      error: 'Ihr Testzeitraum ist abgelaufen. Bitte wählen Sie ein Abonnement.',
      code: 'requires_payment',
      requires_payment: true,
      subscription_status: 'trial',
      trial_ends_at: expired.user.trialEndsAt,
    });
    expect((await t.http().get('/api/users/craftsman-categories').set(bearer(expired))).body.code).toBe(
      'requires_payment',
    );
    expect(
      (
        await t
          .http()
          .put('/api/auth/change-password')
          .set(bearer(expired))
          .send({ currentPassword: 'x', newPassword: 'abcdefg' })
      ).status,
    ).toBe(403);

    const profile = await t.http().get('/api/auth/profile').set(bearer(expired));
    expect(profile.status).toBe(200);
    expect(profile.body.user.requiresPayment).toBe(true);
    expect((await t.http().get('/api/companies/settings').set(bearer(expired))).status).toBe(200);
    expect((await t.http().get('/api/companies/profile').set(bearer(expired))).status).toBe(200);
    const status = await t.http().get('/api/subscriptions/status').set(bearer(expired));
    expect(status.body.subscription_info).toEqual({ days_remaining: 0, requires_payment: true });
    expect((await t.http().post('/api/auth/refresh').set('cookie', expired.cookie!)).status).toBe(200);

    // A token issued before the trial ended still carries its own (older) end date: the gate reads the token.
    // (Before the logout below: a logout ends every access token of the user issued before its second.)
    expect((await t.http().get('/api/users').set(bearer(admin))).status).toBe(200);
    expect((await t.http().post('/api/auth/logout').set('cookie', expired.cookie!)).status).toBe(200);
    // A wrong role is still a plain 403.
    const employeeExpired = await login(t, employee.email);
    expect((await t.http().get('/api/users').set(bearer(employeeExpired))).body.error).toBe(
      'Keine Berechtigung für diese Aktion',
    );
  });

  it('blocks suspended companies and lets active ones through', async () => {
    const admin = await registerCompany(t);
    await t.dataSource.query(`UPDATE companies SET subscription_status = 'suspended' WHERE id = $1`, [
      admin.user.companyId,
    ]);
    const suspended = await login(t, admin.email);
    const res = await t.http().get('/api/users').set(bearer(suspended));
    expect(res.body).toMatchObject({ code: 'requires_payment', subscription_status: 'suspended' });
    await t.dataSource.query(
      `UPDATE companies SET subscription_status = 'active', trial_ends_at = now() - interval '1 day' WHERE id = $1`,
      [admin.user.companyId],
    );
    const active = await login(t, admin.email);
    expect(active.user.requiresPayment).toBe(false);
    expect((await t.http().get('/api/users').set(bearer(active))).status).toBe(200);
  });
});
