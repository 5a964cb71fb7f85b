import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CARD_DECLINED,
  CARD_OK,
  signStripePayload,
  startStripeStandin,
  type StandinEvent,
  type StripeStandin,
} from '../../../tools/stripe-standin/standin.mjs';
import { SubscriptionMaintenance } from '../src/subscriptions/subscription-maintenance.service.js';
import { bearer, createStaff, login, outboxTypes, registerCompany, type Session } from './support/factories.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const WEBHOOK_SECRET = 'whsec_int_test';
const DAY_MS = 86_400_000;
let t: TestApp;
let standin: StripeStandin;

beforeAll(async () => {
  standin = await startStripeStandin({ port: 0, secretKey: 'sk_test_int', webhookSecret: WEBHOOK_SECRET });
  t = await createTestApp({
    stripe: {
      secretKey: 'sk_test_int',
      webhookSecret: WEBHOOK_SECRET,
      publishableKey: 'pk_test_int',
      apiBase: standin.url,
    },
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await standin?.close();
});

/** Posts a webhook exactly as Stripe does (raw JSON body, Stripe-Signature header). */
function postWebhook(event: unknown, o: { secret?: string; timestamp?: number; tamper?: boolean } = {}) {
  const payload = typeof event === 'string' ? event : JSON.stringify(event, null, 2);
  const header = signStripePayload(payload, o.secret ?? WEBHOOK_SECRET, o.timestamp);
  return t
    .http()
    .post('/api/subscriptions/webhook')
    .set('content-type', 'application/json')
    .set('stripe-signature', header)
    .send(o.tamper ? payload.replace('"type"', '"type" ') : payload);
}

async function deliver(events: StandinEvent[]) {
  for (const event of events) {
    const res = await postWebhook(event);
    expect([res.status, res.body.received]).toEqual([200, true]);
  }
}

const eventsSince = (n: number) => standin.events.slice(n);

async function expireTrial(session: Session): Promise<Session> {
  await t.dataSource.query(`UPDATE companies SET trial_ends_at = now() - interval '1 day' WHERE id = $1`, [
    session.user.companyId,
  ]);
  return login(t, session.email, session.password);
}

async function refresh(session: Session): Promise<Session> {
  const res = await t.http().post('/api/auth/refresh').set('cookie', session.cookie!);
  expect(res.status).toBe(200);
  return { ...session, token: res.body.token, user: res.body.user ?? session.user };
}

const changes = async (companyId: string) =>
  (await outboxTypes(t, companyId)).filter((type) => type === 'auth.company.subscription-changed').length;

async function status(session: Session) {
  const res = await t.http().get('/api/subscriptions/status').set(bearer(session));
  expect(res.status).toBe(200);
  return res.body;
}

/** A company with admin + 2 employees whose trial ended, then paid monthly through the stand-in. */
async function payingCompany(): Promise<{ admin: Session; subscriptionId: string }> {
  const admin = await registerCompany(t);
  await createStaff(t, admin, 'employee');
  await createStaff(t, admin, 'employee');
  const expired = await expireTrial(admin);
  const created = await t
    .http()
    .post('/api/subscriptions/create')
    .set(bearer(expired))
    .send({ plan_id: 1, billing_cycle: 'monthly', payment_method: 'stripe', auto_renew: true });
  expect(created.status).toBe(201);
  const before = standin.events.length;
  expect(standin.pay(created.body.stripe.session_id, CARD_OK).ok).toBe(true);
  await deliver(eventsSince(before));
  const sub = [...standin.subscriptions.values()].find((s) => s.metadata.company_id === admin.user.companyId)!;
  return { admin: await refresh(expired), subscriptionId: sub.id };
}

describe('POST /api/subscriptions/webhook: signature', () => {
  it('the stand-in signs exactly like the published vector', () => {
    const vectors = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, 'fixtures/stripe/signature-vectors.json'), 'utf8'),
    );
    const v = vectors.full_scheme_vectors[0];
    expect(signStripePayload(v.payload, v.secret, v.timestamp)).toBe(v.header);
  });

  const event = {
    id: 'evt_sig_1',
    object: 'event',
    type: 'invoice.paid',
    created: 1,
    data: { object: { customer: 'cus_x' } },
  };

  it('accepts a valid signature and rejects tampered body, wrong secret, old timestamp, none (400)', async () => {
    expect((await postWebhook(event)).status).toBe(200);
    for (const res of [
      await postWebhook({ ...event, id: 'evt_sig_2' }, { tamper: true }),
      await postWebhook({ ...event, id: 'evt_sig_3' }, { secret: 'whsec_wrong' }),
      await postWebhook({ ...event, id: 'evt_sig_4' }, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
      await t
        .http()
        .post('/api/subscriptions/webhook')
        .set('content-type', 'application/json')
        .send(JSON.stringify(event)),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'invalid_signature', error: 'Ungültige Stripe-Signatur' });
    }
    const rows = await t.dataSource.query(`SELECT id FROM stripe_events WHERE id LIKE 'evt_sig_%' ORDER BY id`);
    expect(rows).toEqual([{ id: 'evt_sig_1' }]);
  });

  it('handles the published event samples (unknown customer: recorded, no effect)', async () => {
    const dir = path.resolve(import.meta.dirname, 'fixtures/stripe');
    const names = [
      'checkout.session.completed',
      'invoice.paid',
      'invoice.payment_failed',
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ];
    for (const name of names) {
      const sample = JSON.parse(readFileSync(path.join(dir, `${name}.json`), 'utf8'));
      const res = await postWebhook({ ...sample, id: `evt_sample_${name}` });
      expect([res.status, res.body.applied]).toEqual([200, false]);
    }
    expect(
      (await t.dataSource.query(`SELECT count(*)::int AS n FROM stripe_events WHERE id LIKE 'evt_sample_%'`))[0].n,
    ).toBe(5);
  });

  it('applies the samples to the company whose customer they name', async () => {
    const { admin, subscriptionId } = await payingCompany();
    const [{ stripe_customer_id: customer }] = await t.dataSource.query(
      `SELECT stripe_customer_id FROM company_subscriptions WHERE company_id = $1`,
      [admin.user.companyId],
    );
    const dir = path.resolve(import.meta.dirname, 'fixtures/stripe');
    const sample = (name: string) => JSON.parse(readFileSync(path.join(dir, `${name}.json`), 'utf8'));
    const failed = sample('invoice.payment_failed');
    failed.id = `evt_failed_${admin.user.companyId}`;
    failed.created = Math.floor(Date.now() / 1000);
    Object.assign(failed.data.object, { customer, subscription: subscriptionId });
    expect((await postWebhook(failed)).body.applied).toBe(true);
    expect((await status(admin)).subscription).toMatchObject({
      status: 'active',
      gracePeriodDaysRemaining: 7,
      reason: 'payment_failed',
    });

    const deleted = sample('customer.subscription.deleted');
    deleted.id = `evt_deleted_${admin.user.companyId}`;
    deleted.created = Math.floor(Date.now() / 1000);
    Object.assign(deleted.data.object, { id: subscriptionId, customer });
    expect((await postWebhook(deleted)).body.applied).toBe(true);
    const after = await refresh(admin);
    expect(after.user.requiresPayment).toBe(true);
    expect((await t.http().get('/api/users').set(bearer(after))).body).toMatchObject({
      code: 'requires_payment',
      subscription_status: 'cancelled',
    });
  });
});

describe('subscription checkout through the stand-in', () => {
  it('expired trial: 403 requires_payment, pays monthly, the token carries active at the next refresh', async () => {
    const admin = await registerCompany(t);
    const { session: employee } = await createStaff(t, admin, 'employee');
    await createStaff(t, admin, 'backoffice');
    const expired = await expireTrial(admin);
    expect((await t.http().get('/api/users').set(bearer(expired))).body.code).toBe('requires_payment');

    const twint = await t
      .http()
      .post('/api/subscriptions/create')
      .set(bearer(expired))
      .send({ plan_id: 1, billing_cycle: 'monthly', payment_method: 'twint' });
    expect([twint.status, twint.body.error]).toEqual([
      400,
      'TWINT ist derzeit nicht verfügbar. Bitte wählen Sie die Kartenzahlung.',
    ]);
    const mismatch = await t
      .http()
      .post('/api/subscriptions/create')
      .set(bearer(expired))
      .send({ plan_id: 2, billing_cycle: 'monthly', payment_method: 'stripe' });
    expect([mismatch.status, mismatch.body.error]).toEqual([
      400,
      'Plan und Abrechnungsintervall passen nicht zusammen',
    ]);
    const asEmployee = await t
      .http()
      .post('/api/subscriptions/create')
      .set(bearer(await login(t, employee.email)))
      .send({ plan_id: 1, billing_cycle: 'monthly', payment_method: 'stripe' });
    expect(asEmployee.status).toBe(403);
    expect((await t.http().post('/api/subscriptions/create').send({})).status).toBe(401);

    const created = await t
      .http()
      .post('/api/subscriptions/create')
      .set(bearer(expired))
      .send({ plan_id: 1, billing_cycle: 'monthly', payment_method: 'stripe', auto_renew: true });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      payment_provider: 'stripe',
      amount: 37.5,
      next_step: 'redirect_to_checkout',
      stripe: { public_key: 'pk_test_int' },
    });
    expect(created.body.stripe.checkout_url).toBe(`${standin.publicUrl}/c/pay/${created.body.stripe.session_id}`);
    const session = standin.sessions.get(created.body.stripe.session_id)!;
    expect(session).toMatchObject({ mode: 'subscription', amount_total: 3750, currency: 'chf' });

    // The declined card changes nothing.
    const before = standin.events.length;
    expect(standin.pay(session.id, CARD_DECLINED)).toMatchObject({ ok: false, code: 'card_declined' });
    expect(standin.events.length).toBe(before);
    expect((await status(expired)).subscription.status).toBe('trial');

    expect(standin.pay(session.id, CARD_OK).ok).toBe(true);
    const events = eventsSince(before);
    expect(events.map((e) => e.type)).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
    ]);
    // Same envelope as Stripe's samples.
    const sample = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, 'fixtures/stripe/invoice.paid.json'), 'utf8'),
    );
    expect(Object.keys(events[1]!).sort()).toEqual(Object.keys(sample).sort());

    // The browser's return proves nothing: still blocked before the webhook.
    expect((await refresh(expired)).user.requiresPayment).toBe(true);

    // invoice.paid before checkout.session.completed, each delivered three times.
    const [subCreated, invoicePaid, completed] = events as [StandinEvent, StandinEvent, StandinEvent];
    await deliver([invoicePaid, invoicePaid, completed, invoicePaid, completed, completed, subCreated, subCreated]);
    const active = await refresh(expired);
    expect(active.user.requiresPayment).toBe(false);
    expect((await t.http().get('/api/users').set(bearer(active))).status).toBe(200);
    expect(await changes(admin.user.companyId)).toBe(1);
    const body = await status(active);
    const item = standin.subscriptions.get(session.subscription)!.items.data[0];
    expect(body.subscription).toMatchObject({
      status: 'active',
      billing_cycle: 'monthly',
      paid_seats: 3,
      cancel_at_period_end: false,
      gracePeriodDaysRemaining: null,
      next_billing_date: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(
        new Date(item.current_period_end * 1000),
      ),
    });
    expect(body.subscription_info.requires_payment).toBe(false);
    const [{ status: paymentStatus }] = await t.dataSource.query(
      `SELECT status FROM subscription_payments WHERE id = $1`,
      [created.body.transaction_id],
    );
    expect(paymentStatus).toBe('paid');
    const again = await t
      .http()
      .post('/api/subscriptions/create')
      .set(bearer(active))
      .send({ plan_id: 1, billing_cycle: 'monthly', payment_method: 'stripe' });
    expect([again.status, again.body.code]).toEqual([409, 'subscription_active']);
  });

  it('failed renewal: 7 days of grace, then suspended by the daily job; a later payment reactivates', async () => {
    const { admin, subscriptionId } = await payingCompany();
    const before = standin.events.length;
    standin.renew(subscriptionId, true);
    await deliver(eventsSince(before));
    expect((await status(admin)).subscription).toMatchObject({ status: 'active', gracePeriodDaysRemaining: 7 });
    const maintenance = t.app.get(SubscriptionMaintenance);
    await maintenance.run(new Date(Date.now() + 6 * DAY_MS));
    expect((await status(admin)).subscription.status).toBe('active');
    await maintenance.run(new Date(Date.now() + 8 * DAY_MS));
    const suspended = await refresh(admin);
    expect((await t.http().get('/api/users').set(bearer(suspended))).body).toMatchObject({
      code: 'requires_payment',
      subscription_status: 'suspended',
    });
    const paidAgain = standin.events.length;
    standin.renew(subscriptionId, false);
    await deliver(eventsSince(paidAgain));
    expect(
      (
        await t
          .http()
          .get('/api/users')
          .set(bearer(await refresh(suspended)))
      ).status,
    ).toBe(200);
  });

  it('cancels at the end of the period', async () => {
    const { admin, subscriptionId } = await payingCompany();
    const before = standin.events.length;
    const res = await t.http().post('/api/subscriptions/cancel').set(bearer(admin));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      cancel_at_period_end: true,
      message: 'Ihr Abonnement endet zum Ende der laufenden Periode',
    });
    expect(standin.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(true);
    const count = await changes(admin.user.companyId);
    await deliver(eventsSince(before));
    expect(await changes(admin.user.companyId)).toBe(count);
    expect((await status(admin)).subscription).toMatchObject({ status: 'active', cancel_at_period_end: true });
  });
});

describe('extra employee beyond the paid seats', () => {
  it('creates the user inactive with the pro-rata calculation; the webhook activates and raises the seats', async () => {
    const { admin, subscriptionId } = await payingCompany();
    const res = await t
      .http()
      .post('/api/users')
      .set(bearer(admin))
      .send({
        firstName: 'Vera',
        lastName: 'Viert',
        email: `vier.${Date.now()}@test.ch`,
        password: 'geheim123',
        role: 'employee',
      });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ is_active: false, requires_payment: true, userId: res.body.id });
    const calc = res.body.payment_calculation;
    expect(calc).toMatchObject({ billing_cycle: 'monthly', price_per_user: 12.5 });
    expect(calc.prorata_amount).toBeGreaterThan(0);
    expect(Math.round(calc.prorata_amount * 20)).toBeCloseTo(calc.prorata_amount * 20, 6);

    const activate = await t.http().put(`/api/users/${res.body.id}`).set(bearer(admin)).send({ isActive: true });
    expect(activate.status).toBe(402);
    expect(activate.body).toMatchObject({ code: 'requires_payment', requires_payment: true, userId: res.body.id });

    const addition = await t.http().post('/api/subscriptions/create-user-addition').set(bearer(admin)).send({
      user_id: res.body.id,
      additional_users: 1,
      prorata_amount: 0.01,
      payment_method: 'stripe',
      auto_renew: true,
    });
    expect(addition.status).toBe(201);
    expect(addition.body.amount).toBe(Math.max(calc.prorata_amount, 0.5));
    expect(standin.sessions.get(addition.body.stripe.session_id)).toMatchObject({
      mode: 'payment',
      amount_total: Math.round(addition.body.amount * 100),
    });
    const early = await t
      .http()
      .put(`/api/users/${res.body.id}/activate-payment`)
      .set(bearer(admin))
      .send({ transaction_id: addition.body.transaction_id });
    expect([early.status, early.body.code]).toEqual([402, 'requires_payment']);

    const before = standin.events.length;
    expect(standin.pay(addition.body.stripe.session_id, CARD_OK).ok).toBe(true);
    const completed = eventsSince(before).find((e) => e.type === 'checkout.session.completed')!;
    const changesBefore = await changes(admin.user.companyId);
    await deliver([completed, completed, completed]);
    // The seat change reached Stripe (no proration: the pro-rata amount was paid at checkout).
    expect(standin.subscriptions.get(subscriptionId)!.items.data[0].quantity).toBe(4);
    await deliver(eventsSince(before).filter((e) => e.type !== 'checkout.session.completed'));
    expect(await changes(admin.user.companyId)).toBe(changesBefore + 1);
    expect((await status(admin)).subscription.paid_seats).toBe(4);
    const confirmed = await t
      .http()
      .put(`/api/users/${res.body.id}/activate-payment`)
      .set(bearer(admin))
      .send({ transaction_id: addition.body.transaction_id });
    expect([confirmed.status, confirmed.body.is_active]).toEqual([200, true]);

    // Another company's transaction id is unknown here.
    const other = await payingCompany();
    const foreign = await t
      .http()
      .put(`/api/users/${res.body.id}/activate-payment`)
      .set(bearer(other.admin))
      .send({ transaction_id: addition.body.transaction_id });
    expect(foreign.status).toBe(404);
  });

  it('pending-payment deletes the pending user; a bad transaction id is a German 400', async () => {
    const { admin } = await payingCompany();
    const res = await t
      .http()
      .post('/api/users')
      .set(bearer(admin))
      .send({
        firstName: 'Pia',
        lastName: 'Pending',
        email: `pending.${Date.now()}@test.ch`,
        password: 'geheim123',
        role: 'employee',
      });
    expect(res.body.requires_payment).toBe(true);
    const bad = await t
      .http()
      .put(`/api/users/${res.body.id}/activate-payment`)
      .set(bearer(admin))
      .send({ transaction_id: 'x' });
    expect([bad.status, bad.body.error]).toEqual([400, 'Ungültige Transaktions-ID']);
    // another company's user: 404 before the body is validated (issue 28)
    const other = await payingCompany();
    for (const body of [{ transaction_id: 'x' }, {}]) {
      const foreign = await t
        .http()
        .put(`/api/users/${res.body.id}/activate-payment`)
        .set(bearer(other.admin))
        .send(body);
      expect([foreign.status, foreign.body.code]).toEqual([404, 'user_not_found']);
    }
    const removed = await t.http().delete(`/api/users/${res.body.id}/pending-payment`).set(bearer(admin));
    expect(removed.status).toBe(200);
    const list = await t.http().get('/api/users').set(bearer(admin));
    expect(list.body.map((u: { id: string }) => u.id)).not.toContain(res.body.id);
  });

  it('a fiduciary (accountant) takes no paid seat: added, activated and counted without payment; made staff, it needs one', async () => {
    const { admin } = await payingCompany();
    // 3 seats paid, 3 staff active: an employee would need a payment now (test above)
    expect((await status(admin)).subscription.paid_seats).toBe(3);
    const res = await t
      .http()
      .post('/api/users')
      .set(bearer(admin))
      .send({
        firstName: 'Tina',
        lastName: 'Treuhand',
        email: `treuhand.${Date.now()}@test.ch`,
        password: 'geheim123',
        role: 'accountant',
      });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ is_active: true });
    expect(res.body.requires_payment).toBeFalsy();
    expect((await status(admin)).pricing.current_users).toBe(3);
    // deactivated and activated again: still no payment
    expect((await t.http().put(`/api/users/${res.body.id}`).set(bearer(admin)).send({ isActive: false })).status).toBe(
      200,
    );
    expect((await t.http().put(`/api/users/${res.body.id}`).set(bearer(admin)).send({ isActive: true })).status).toBe(
      200,
    );
    // turned into an employee it would take a fourth seat: 402 with the calculation, role unchanged
    const staff = await t.http().put(`/api/users/${res.body.id}`).set(bearer(admin)).send({ role: 'employee' });
    expect([staff.status, staff.body.code]).toEqual([402, 'requires_payment']);
    const list = await t.http().get('/api/users').set(bearer(admin));
    expect(list.body.find((u: { id: string }) => u.id === res.body.id).role).toBe('accountant');
  });

  it('trial companies add users freely', async () => {
    const admin = await registerCompany(t);
    for (let i = 0; i < 4; i++) {
      const { user } = await createStaff(t, admin, 'employee');
      expect(user.is_active).toBe(true);
    }
  });
});

describe('daily retention job', () => {
  it('flags companies 90 days after the trial without subscription, once', async () => {
    const old = await registerCompany(t);
    const recent = await registerCompany(t);
    await t.dataSource.query(`UPDATE companies SET trial_ends_at = now() - interval '91 days' WHERE id = $1`, [
      old.user.companyId,
    ]);
    await t.dataSource.query(`UPDATE companies SET trial_ends_at = now() - interval '89 days' WHERE id = $1`, [
      recent.user.companyId,
    ]);
    const maintenance = t.app.get(SubscriptionMaintenance);
    await maintenance.run();
    await maintenance.run();
    const flagged = await t.dataSource.query(
      `SELECT company_id FROM company_subscriptions WHERE marked_for_deletion_at IS NOT NULL AND company_id = ANY($1)`,
      [[old.user.companyId, recent.user.companyId]],
    );
    expect(flagged).toEqual([{ company_id: old.user.companyId }]);
    expect(
      (await outboxTypes(t, old.user.companyId)).filter((x) => x === 'auth.company.marked-for-deletion'),
    ).toHaveLength(1);
    expect(await outboxTypes(t, recent.user.companyId)).not.toContain('auth.company.marked-for-deletion');
  });
});

describe("Stripe's order, not arrival order (published samples replayed out of order)", () => {
  const dir = path.resolve(import.meta.dirname, 'fixtures/stripe');
  let n = 0;
  /** A published sample as an event of this company's subscription, at Stripe time `created`. */
  function sample(name: string, created: number, object: Record<string, unknown>, quantity?: number) {
    const event = JSON.parse(readFileSync(path.join(dir, `${name}.json`), 'utf8'));
    event.id = `evt_order_${Date.now()}_${++n}`;
    event.created = created;
    Object.assign(event.data.object, object);
    if (quantity !== undefined) {
      for (const line of event.data.object.lines?.data ?? []) line.quantity = quantity;
      for (const item of event.data.object.items?.data ?? []) item.quantity = quantity;
      if ('quantity' in event.data.object) event.data.object.quantity = quantity;
    }
    return event;
  }
  async function customerOf(companyId: string): Promise<string> {
    const [row] = await t.dataSource.query(
      `SELECT stripe_customer_id FROM company_subscriptions WHERE company_id = $1`,
      [companyId],
    );
    return row.stripe_customer_id;
  }

  it('a late invoice.paid, a late snapshot or a replayed checkout never revive a cancelled subscription', async () => {
    const { admin, subscriptionId } = await payingCompany();
    const companyId = admin.user.companyId;
    const customer = await customerOf(companyId);
    const checkout = standin.events.find(
      (e) => e.type === 'checkout.session.completed' && e.data.object.subscription === subscriptionId,
    )!;
    const before = await changes(companyId);

    // Stripe cancels the subscription (deleted at t); older events and the final invoice arrive after.
    const mark = standin.events.length;
    const cancelled = await fetch(`${standin.url}/v1/subscriptions/${subscriptionId}`, {
      method: 'DELETE',
      headers: { authorization: 'Bearer sk_test_int' },
    });
    expect(cancelled.status).toBe(200);
    const [deleted] = eventsSince(mark) as [StandinEvent];
    const at = deleted.created;
    const ofSub = { id: subscriptionId, customer, metadata: {} };
    const ofInvoice = { customer, subscription: subscriptionId, metadata: {} };
    await deliver([deleted]);
    expect((await status(admin)).subscription.status).toBe('cancelled');
    await deliver([
      sample('invoice.paid', at - 50, ofInvoice, 9),
      sample('customer.subscription.updated', at - 40, ofSub, 8),
      sample('customer.subscription.created', at - 60, ofSub, 7),
      sample('invoice.paid', at + 30, ofInvoice, 6),
      { ...checkout, id: `${checkout.id}_replayed` },
    ]);
    expect((await status(admin)).subscription).toMatchObject({ status: 'cancelled', paid_seats: 3 });
    expect(await changes(companyId)).toBe(before + 1);
    expect((await refresh(admin)).user.requiresPayment).toBe(true);
  });

  it('a late payment_failed or an older snapshot does not undo a newer payment or seat count', async () => {
    const { admin, subscriptionId } = await payingCompany();
    const companyId = admin.user.companyId;
    const customer = await customerOf(companyId);
    const t0 = Math.floor(Date.now() / 1000) + 100;
    const ofSub = { id: subscriptionId, customer, metadata: {} };
    const ofInvoice = { customer, subscription: subscriptionId, metadata: {} };

    // Stripe's order: payment_failed (t0+10), invoice.paid (t0+20), 7 seats (t0+25), 5 seats (t0+30).
    const failed = sample('invoice.payment_failed', t0 + 10, ofInvoice);
    const paid = sample('invoice.paid', t0 + 20, ofInvoice, 3);
    await deliver([paid, sample('customer.subscription.updated', t0 + 30, ofSub, 5), failed]);
    await deliver([sample('customer.subscription.updated', t0 + 25, ofSub, 7), paid, failed]);
    expect((await status(admin)).subscription).toMatchObject({
      status: 'active',
      paid_seats: 5,
      gracePeriodDaysRemaining: null,
    });

    // In order, the same failure does start the grace period.
    await deliver([sample('invoice.payment_failed', t0 + 40, ofInvoice)]);
    const [{ grace_ends_at: graceEndsAt }] = await t.dataSource.query(
      `SELECT grace_ends_at FROM company_subscriptions WHERE company_id = $1`,
      [companyId],
    );
    expect(graceEndsAt).toEqual(new Date((t0 + 40) * 1000 + 7 * DAY_MS));
  });

  it('a forged invoice.paid (signed with the public stand-in secret) is refused and activates nothing', async () => {
    const trial = await registerCompany(t);
    const forged = sample('invoice.paid', Math.floor(Date.now() / 1000), {
      customer: 'cus_forged',
      subscription: 'sub_forged',
      metadata: { company_id: trial.user.companyId },
    });
    const res = await postWebhook(forged, { secret: 'whsec_zunft_standin' });
    expect([res.status, res.body.code, res.body.error]).toEqual([
      400,
      'invalid_signature',
      'Ungültige Stripe-Signatur',
    ]);
    expect((await status(trial)).subscription.status).toBe('trial');
  });
});
