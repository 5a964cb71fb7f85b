import Stripe from 'stripe';
import type { StripeConfig } from '../config/auth.config.js';

export const STRIPE_CLIENT = Symbol('STRIPE_CLIENT');
export const STRIPE_SETTINGS = Symbol('STRIPE_SETTINGS');

/** Used when the config has none: the stand-in's keys (README: how to use Stripe test mode). */
export const STANDIN_STRIPE_CONFIG: StripeConfig = {
  secretKey: 'sk_test_zunft_standin',
  webhookSecret: 'whsec_zunft_standin',
  publishableKey: 'pk_test_zunft_standin',
};

/**
 * The official client. With `apiBase` it talks to that host instead of api.stripe.com (the local
 * stand-in); the product code cannot tell the difference.
 */
export function createStripeClient(config: StripeConfig): Stripe {
  const base = config.apiBase ? new URL(config.apiBase) : null;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    telemetry: false,
    appInfo: { name: 'Zunft' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/**
 * Stripe's own check (the official client's): v1 = HMAC-SHA256(secret, "<t>.<raw body>"), any v1
 * may match, the timestamp at most `toleranceSeconds` (300) old. Throws on a bad signature.
 */
export function verifyStripeSignature(
  rawBody: Buffer | string,
  signatureHeader: string | undefined,
  secret: string,
  options: { toleranceSeconds?: number; receivedAtMs?: number } = {},
): void {
  if (!signatureHeader) {
    throw new Stripe.errors.StripeSignatureVerificationError('', rawBody, { message: 'No stripe-signature header' });
  }
  Stripe.webhooks.signature!.verifyHeader(
    rawBody,
    signatureHeader,
    secret,
    options.toleranceSeconds ?? 300,
    undefined,
    options.receivedAtMs,
  );
}

/** The signature check, then the event envelope. */
export function verifyStripeWebhook(
  rawBody: Buffer | string,
  signatureHeader: string | undefined,
  secret: string,
  options: { toleranceSeconds?: number; receivedAtMs?: number } = {},
): StripeEventLike {
  verifyStripeSignature(rawBody, signatureHeader, secret, options);
  const event = JSON.parse(Buffer.isBuffer(rawBody) ? rawBody.toString('utf8') : rawBody) as StripeEventLike;
  if (typeof event?.id !== 'string' || typeof event.type !== 'string' || typeof event.data?.object !== 'object') {
    throw new Error('not a Stripe event');
  }
  return event;
}

/** The parts of an Event envelope we read (older and newer API versions alike). */
export interface StripeEventLike {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
}
