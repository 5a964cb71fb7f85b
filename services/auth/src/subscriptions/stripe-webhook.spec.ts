import { describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { verifyStripeSignature, verifyStripeWebhook } from './stripe.client.js';
import { readInvoice, readSubscription } from './stripe-webhook.service.js';

const fixtures = path.resolve(import.meta.dirname, '../../test/fixtures/stripe');
const fixture = <T = any>(name: string): T => JSON.parse(readFileSync(path.join(fixtures, name), 'utf8')) as T;

interface Vectors {
  full_scheme_vectors: Array<{
    secret: string;
    timestamp: number;
    payload: string;
    v1?: string;
    v1_list?: string[];
    header?: string;
    expected: string;
  }>;
  header_parse_vectors: Array<{ header: string; t: number; v1: string[] }>;
  hmac_primitive_vectors: Array<{ secret: string; payload: string; hmac_sha256_hex: string }>;
}
const vectors = fixture<Vectors>('signature-vectors.json');
const at = (t: number) => ({ receivedAtMs: t * 1000 });
/** Stripe's scheme: t=<unix>,v1=hex(HMAC-SHA256(secret, "<t>.<payload>")). */
const signStripePayload = (payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) =>
  `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex')}`;

describe('Stripe-Signature verification (published vectors)', () => {
  it('accepts the full-scheme vector and rejects the changed payload', () => {
    for (const v of vectors.full_scheme_vectors) {
      const header = v.header ?? `t=${v.timestamp},${(v.v1_list ?? [v.v1!]).map((s) => `v1=${s}`).join(',')}`;
      const check = () => verifyStripeSignature(v.payload, header, v.secret, at(v.timestamp));
      if (v.expected.startsWith('valid')) expect(check).not.toThrow();
      else expect(check).toThrow(/No signatures found/);
    }
    expect(vectors.full_scheme_vectors.filter((v) => v.expected.startsWith('valid'))).toHaveLength(2);
  });

  it('signs exactly like the vectors and uses plain HMAC-SHA256', () => {
    const v = vectors.full_scheme_vectors[0]!;
    expect(signStripePayload(v.payload, v.secret, v.timestamp)).toBe(v.header);
    for (const p of vectors.hmac_primitive_vectors) {
      expect(createHmac('sha256', p.secret).update(p.payload, 'utf8').digest('hex')).toBe(p.hmac_sha256_hex);
    }
  });

  it('ignores v0 and fails the docs header (no secret published) without crashing', () => {
    const v = vectors.header_parse_vectors[0]!;
    expect(() => verifyStripeSignature('{}', v.header, 'whsec_x', at(v.t))).toThrow(/No signatures found/);
  });

  it('rejects a tampered body, a wrong secret, an old timestamp and a missing header', () => {
    const body = JSON.stringify({ id: 'evt_1', type: 'invoice.paid', data: { object: {} } });
    const now = Math.floor(Date.now() / 1000);
    const header = signStripePayload(body, 'whsec_right', now);
    expect(verifyStripeWebhook(Buffer.from(body), header, 'whsec_right').id).toBe('evt_1');
    expect(() => verifyStripeWebhook(body.replace('evt_1', 'evt_2'), header, 'whsec_right')).toThrow();
    expect(() => verifyStripeWebhook(body, header, 'whsec_wrong')).toThrow();
    const old = signStripePayload(body, 'whsec_right', now - 301);
    expect(() => verifyStripeWebhook(body, old, 'whsec_right')).toThrow(/tolerance/);
    expect(() => verifyStripeWebhook(body, undefined, 'whsec_right')).toThrow();
    expect(() => verifyStripeWebhook(body, 'garbage', 'whsec_right')).toThrow();
  });
});

describe('reading the event samples', () => {
  it('reads invoices in the older layout (invoice.subscription, lines)', () => {
    const paid = readInvoice(fixture('invoice.paid.json').data.object);
    expect(paid).toMatchObject({
      customer: 'cus_00000000000000',
      subscription: null,
      quantity: 1,
      billingReason: 'manual',
    });
    expect(paid.periodEnd?.toISOString()).toBe(new Date(1648320011 * 1000).toISOString());
    const failed = readInvoice(fixture('invoice.payment_failed.json').data.object);
    expect(failed).toMatchObject({ customer: 'cus_00000000000000', quantity: 1 });
    const withSub = readInvoice({ ...fixture('invoice.paid.json').data.object, subscription: 'sub_1' });
    expect(withSub.subscription).toBe('sub_1');
  });

  it('reads invoices in the current layout (parent.subscription_details)', () => {
    const invoice = {
      customer: 'cus_1',
      billing_reason: 'subscription_create',
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: 'sub_9', metadata: { company_id: 'c1' } },
      },
      lines: { data: [{ quantity: 3, period: { start: 1767225600, end: 1798761600 } }] },
    };
    expect(readInvoice(invoice)).toMatchObject({
      subscription: 'sub_9',
      companyId: 'c1',
      quantity: 3,
      cycle: 'yearly',
    });
  });

  it('reads subscriptions in both layouts', () => {
    const updated = readSubscription(fixture('customer.subscription.updated.json').data.object);
    expect(updated).toMatchObject({
      customer: 'cus_00000000000000',
      status: 'active',
      quantity: 1,
      cycle: 'monthly',
      cancelAtPeriodEnd: false,
    });
    expect(updated.periodEnd?.getTime()).toBe(1650998505 * 1000);
    expect(readSubscription(fixture('customer.subscription.deleted.json').data.object).status).toBe('canceled');
    const current = readSubscription({
      id: 'sub_2',
      customer: { id: 'cus_2' },
      status: 'past_due',
      items: {
        data: [{ id: 'si_1', quantity: 4, current_period_end: 1798761600, price: { recurring: { interval: 'year' } } }],
      },
      metadata: { company_id: 'c2' },
    });
    expect(current).toMatchObject({
      id: 'sub_2',
      customer: 'cus_2',
      itemId: 'si_1',
      quantity: 4,
      cycle: 'yearly',
      companyId: 'c2',
    });
  });

  it('accepts the signed sample envelopes as events', () => {
    for (const name of [
      'checkout.session.completed',
      'invoice.paid',
      'invoice.payment_failed',
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ]) {
      const raw = readFileSync(path.join(fixtures, `${name}.json`));
      const event = verifyStripeWebhook(raw, signStripePayload(raw.toString('utf8'), 'whsec_s'), 'whsec_s');
      expect(event.type).toBe(name);
    }
  });
});
